// Debian's chromium, as every browser run of the scripts launches it: the journeys (e2e/playwright.config.mjs)
// and the accessibility run (a11y/run.mjs).
import { chromium } from 'playwright-core';

/** Debian's chromium; the CHROMIUM_PATH environment variable names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Headless, with nothing of its own running beside the pages. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Playwright's launch options for CHROMIUM_PATH (`use: { launchOptions }` in a Playwright Test config). */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/** CHROMIUM_PATH, headless (playwright-core, for scripts that drive the browser themselves). */
export function launchChromium() {
  return chromium.launch(CHROMIUM_LAUNCH);
}
