// `pnpm e2e`: the browser journeys on Playwright Test, over @creator-market/mock-server/playwright's fixture
// (every test in a mock world of its own; `mock`, the sdk's control client bound to it; `signIn`). Debian's
// chromium, an iPhone-sized 390x844 phone (a journey made for a desktop says so with test.use), ko-KR,
// Asia/Seoul. global-setup.mjs starts one mock server, one app build and one static host for all workers.
//   pnpm e2e                           every journey of both projects
//   pnpm e2e search errors             the journeys whose file names match
//   pnpm e2e --project static          the static-host project alone
// Projects:
//   server  every journey (journeys/*.spec.mjs) against the mock server
//   static  the journeys tagged @static against `pnpm build:static` served by python3 -m http.server, the
//           mock in the page (door 'static'), on a sub-path of the host
// Artifacts: artifacts/screenshots/<journey>/ (static: artifacts/screenshots/static/<journey>/), traces and
// the HTML report (artifacts/playwright-report/) of failures, artifacts/e2e.json (its `summary` goes into
// `pnpm test`'s table), with CM_API_JOURNAL_DIR each journey's API journal (docs/api-coverage.md).
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../lib/chromium.mjs';

const ARTIFACTS = new URL('../../artifacts/', import.meta.url).pathname;
const CI = Boolean(process.env.CI);
// With CM_API_JOURNAL_DIR set (pnpm test sets it), the fixture writes each journey's API journal under e2e/.
process.env.CM_API_JOURNAL_SUITE ??= 'e2e';

/** The phone: 390x844 (an iPhone 12-15 viewport), a phone's Chrome (the app's mobile checks see a phone). */
const PHONE = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  // 1x keeps 2 shared cores fast; the screenshots stay readable at 390 px.
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 7'].userAgent,
};

export default defineConfig({
  testDir: './journeys',
  testMatch: '*.spec.mjs',
  globalSetup: './global-setup.mjs',
  // Most of a journey's time is spent waiting on the page (a 29 s countdown, a slow answer past the client's
  // timeout, 1 s click throttles): four lanes keep two thirds of a core busy on average, so they fit the
  // 2-core machine, and 13 journeys take the two lanes' former time for 11; two lanes took twice that
  // (docs/decisions/e2e-playwright-test.md). E2E_WORKERS gives another number.
  workers: Number(process.env.E2E_WORKERS) || 4,
  fullyParallel: true,
  // A journey that fails fails the run: no retries (a flaky one is a defect to fix, not to hide).
  retries: 0,
  forbidOnly: CI,
  // A journey's own limit is set in it (test.setTimeout); this is for anything else.
  timeout: 120_000,
  outputDir: `${ARTIFACTS}test-results`,
  reporter: [
    ['list'],
    ['html', { outputFolder: `${ARTIFACTS}playwright-report`, open: 'never' }],
    ['./summary-reporter.mjs', { output: `${ARTIFACTS}e2e.json` }],
  ],
  use: {
    ...PHONE,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    launchOptions: CHROMIUM_LAUNCH,
    // How long one wait for something on screen may take (the CI machine is slow and shared).
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // DOM snapshots and sources, no screencast (a quarter of a journey's CPU); kept for failures only.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  // The static project first: its errors journey is the longest, and tests start in this order.
  projects: [
    {
      name: 'static',
      grep: /@static/,
      use: { baseURL: process.env.E2E_STATIC_URL, door: 'static' },
    },
    {
      name: 'server',
      use: { baseURL: process.env.E2E_APP_URL, apiBase: process.env.E2E_API_BASE, door: 'server' },
    },
  ],
});
