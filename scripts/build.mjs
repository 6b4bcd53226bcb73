#!/usr/bin/env node
// `pnpm build`: every package's build (`pnpm -r build`), the app's with the flags of lib/app-flags.mjs (its API
// base and test modes; `pnpm build --help`). The app is built last, by lib/app-site.mjs's buildApp (the one
// app build the journeys and the static site use too).
//   pnpm build                                       as before: the app for the mock at 127.0.0.1:4010
//   pnpm build --api-base http://x --test-mode       an app for the API at http://x that honours ?mockWorld
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { appEnv, BUILD_HELP, flagsOrExit, parseBuildFlags } from './lib/app-flags.mjs';
import { buildApp } from './lib/app-site.mjs';
import { REPO_ROOT } from './bench/processes.mjs';

const flags = flagsOrExit(parseBuildFlags, BUILD_HELP);
const outDir = flags.outDir ?? path.join(REPO_ROOT, 'app', 'dist');

const others = spawnSync('pnpm', ['-r', '--if-present', '--filter', '!@creator-market/app', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
if (others.status !== 0) process.exit(others.status ?? 1);

const env = appEnv(flags);
await buildApp({ outDir, apiBase: flags.apiBase, env });
const modes = [flags.testMode && 'test mode (?mockWorld)', flags.mockInBrowser && 'mock in the page'].filter(Boolean);
console.log(
  `[build] app: ${path.relative(process.cwd(), outDir) || '.'}/, ${flags.mockInBrowser ? 'API in the page' : `API ${flags.apiBase}`}${modes.length ? `, ${modes.join(', ')}` : ''}`,
);
