// The QA suite's Playwright Test config: Debian's chromium (no browser download), an iPhone-sized phone,
// Korean locale and Seoul time as the app's users have them, two workers, no retries (a flaky test is a
// defect to fix). global-setup.ts starts the mock server from its package's bin and serves the app build.
import { defineConfig, devices } from '@playwright/test';
import type { MockOptions } from '@creator-market/mock-server/playwright';

/** Where the mock server listens: the API base the app build was made for (README.md, "The app"). */
export const MOCK_PORT = Number(process.env.QA_MOCK_PORT ?? 4310);

export default defineConfig<MockOptions>({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: Number(process.env.QA_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    // 390x844, an iPhone 12-15 viewport, touch and a phone's user agent (chromium's: the app's mobile checks
    // see a phone); 1x pixels keep a shared CI machine's cores free.
    viewport: { width: 390, height: 844 },
    screen: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    userAgent: devices['Pixel 7'].userAgent,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] },
    actionTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The fixture's options: the app (global-setup.ts serves it) and the mock server it talks to.
    baseURL: process.env.QA_APP_URL,
    apiBase: `http://127.0.0.1:${MOCK_PORT}`,
    door: 'server',
  },
});
