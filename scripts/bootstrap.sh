#!/usr/bin/env bash
# Makes a fresh machine of ours ready: pnpm 10 (corepack does not work here), the workspace's
# dependencies from the lockfile and, with --browser, Debian's chromium, CJK and emoji fonts for browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v pnpm >/dev/null 2>&1 || [[ "$(pnpm --version 2>/dev/null)" != 10.* ]]; then
  echo "› installing pnpm 10"
  npm install --global --no-fund --no-audit pnpm@10 >/dev/null
fi

echo "› pnpm install --frozen-lockfile"
pnpm install --frozen-lockfile --reporter=append-only

# The mock server's bundle, built now so that no start pays it (mock-server/bin/bundle.mjs).
echo "› bundling the mock server"
node mock-server/bin/bundle.mjs

if [[ "${1:-}" == "--browser" ]] && ! { [[ -x /usr/bin/chromium ]] && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' && fc-list 2>/dev/null | grep -qi 'Noto Color Emoji'; }; then
  echo "› installing Debian's chromium, fonts-noto-cjk and fonts-noto-color-emoji"
  sudo_cmd=""; [[ "$(id -u)" == 0 ]] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk fonts-noto-color-emoji >/dev/null
fi

# Python 3 for the journeys' static host (`python3 -m http.server` serving `pnpm build:static`, scripts/e2e/), the same way.
if [[ "${1:-}" == "--browser" ]] && ! command -v python3 >/dev/null 2>&1; then
  echo "› installing Debian's python3"
  sudo_cmd=""; [[ "$(id -u)" == 0 ]] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends python3 >/dev/null
fi

# HAProxy for the shared QA host and its test (docs/shared-host.md, scripts/shared-host/), the same way.
if [[ "${1:-}" == "--browser" ]] && ! command -v haproxy >/dev/null 2>&1 && ! [[ -x /usr/sbin/haproxy ]]; then
  echo "› installing Debian's haproxy"
  sudo_cmd=""; [[ "$(id -u)" == 0 ]] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends haproxy >/dev/null
fi
