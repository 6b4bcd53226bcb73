// What the browser journeys run against (global-setup.mjs starts it once for every worker): the mock server
// (its CLI on a free port) and the app built once for that server (served by ../../lib/app-site.mjs's
// serveBuild, like the real host); and Debian's chromium, for the journeys (playwright.config.mjs) and the
// accessibility run (../a11y/run.mjs).
import path from 'node:path';
import { HOST, REPO_ROOT, startMockCli } from '../../bench/processes.mjs';
import { buildApp as buildAppInto } from '../../lib/app-site.mjs';

export { HOST, REPO_ROOT };

/** The build directory (`.tmp/` is git-ignored); a directory of its own so `pnpm build`'s app/dist stays. */
export const BUILD_DIR = path.join(REPO_ROOT, '.tmp', 'e2e-app');

/**
 * Starts the mock server. Every journey makes its own world, so it keeps more worlds than the default 16
 * (an evicted world would be re-seeded under a journey's feet). E2E_MOCK_FLAGS adds flags of `pnpm mock`,
 * e.g. `--proxy http://127.0.0.1:4011 --proxy-only home,market --start-at 2026-12-10T03:00:00Z` to run the
 * journeys through proxy mode.
 */
export async function startMockServer() {
  const extra = (process.env.E2E_MOCK_FLAGS ?? '').split(/\s+/).filter(Boolean);
  return startMockCli({ flags: ['--max-worlds', '64', ...extra], timeoutMs: 180_000 });
}

/**
 * Builds the app for `apiBase` into BUILD_DIR. VITE_MOCK_WORLDS=1 lets the build pin itself to a mock world
 * (app/src/api/client.ts sends localStorage 'cm.mockWorld' as X-Mock-World); a normal production build
 * never sends that header.
 */
export function buildApp(apiBase) {
  return buildAppInto({ outDir: BUILD_DIR, apiBase, env: { VITE_MOCK_WORLDS: '1' } });
}

export { CHROMIUM_LAUNCH, CHROMIUM_PATH, launchChromium } from '../../lib/chromium.mjs';
