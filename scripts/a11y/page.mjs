// One browser context of the accessibility run: its own mock world (the app is pinned to it as
// `?mockWorld=NAME` does, localStorage 'cm.mockWorld', before any script of the app), the sdk's control
// client bound to it, product API reads in it, sign-in through the app's sign-in return route
// (/auth/kakao?token=...), and a toast wait that names what was expected. With CM_API_JOURNAL_DIR set, closing
// it writes its world's API journal to <dir>/a11y/ for `pnpm coverage:api` (docs/api-coverage.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_JOURNAL_DIR_ENV, apiJournalFile, createMockControl, journalFileName, journalRequestOf } from '@creator-market/sdk/control';
import { devices } from 'playwright-core';

/** Every wait of the run (the CI machine is slow and shared). */
const WAIT_MS = 15_000;

/** The phone: 390x844, Korean locale, Seoul time. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  locale: 'ko-KR',
  timezoneId: 'Asia/Seoul',
  // A phone's Chrome, so the app's mobile checks see a phone.
  userAgent: devices['Pixel 7'].userAgent,
};

/**
 * @param {{browser: import('playwright-core').Browser, name: string, appOrigin: string, apiBase: string, runId: string}} options
 */
export async function openPage({ browser, name, appOrigin, apiBase, runId }) {
  const world = `${name}-${runId}`.slice(0, 64);
  const mock = createMockControl({ baseUrl: apiBase, world });
  const context = await browser.newContext(PHONE);
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(30_000);
  await context.addInitScript(
    ({ origin, worldName }) => {
      if (window.location.origin === origin) window.localStorage.setItem('cm.mockWorld', worldName);
    },
    { origin: appOrigin, worldName: world },
  );
  const page = await context.newPage();
  const here = () => {
    try {
      const url = new URL(page.url());
      return url.origin === appOrigin ? `${url.pathname}${url.search}${url.hash}` : url.href;
    } catch {
      return page.url();
    }
  };

  /** A product API read in this world (state the UI does not show, such as a receipt's status). */
  async function api(/** @type {string} */ method, /** @type {string} */ path, { token = null } = {}) {
    const response = await fetch(`${apiBase}${path}`, {
      method,
      headers: { 'X-Mock-World': world, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} (world ${world}) answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text).data;
  }

  return {
    page,
    context,
    world,
    mock,
    api,
    here,
    /** Opens an app path (full page load). */
    goto: (/** @type {string} */ appPath) => page.goto(`${appOrigin}${appPath}`, { waitUntil: 'domcontentloaded' }),
    /** Signs in as a persona: its token (POST /__mock/login), then the app's sign-in return route. */
    async signInAs(/** @type {import('@creator-market/sdk/control').PersonaId} */ persona) {
      const { token } = await mock.login(persona);
      await page.goto(`${appOrigin}/auth/kakao?token=${encodeURIComponent(token)}`, { waitUntil: 'domcontentloaded' });
      await page.waitForURL((url) => !url.pathname.startsWith('/auth/kakao'), { timeout: 30_000 });
      return token;
    },
    /** The toast that says `text`. */
    async toast(/** @type {string} */ text) {
      const toast = page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first();
      await toast.waitFor({ state: 'visible' }).catch(() => {
        throw new Error(`expected the toast '${text}' at ${here()}`);
      });
      return toast;
    },
    async close() {
      await context.close().catch(() => undefined);
      await writeApiJournal(mock, name);
    },
  };
}

/** The world's API journal as one file of the a11y suite (CM_API_JOURNAL_DIR set), its test named after the page. */
async function writeApiJournal(/** @type {ReturnType<typeof createMockControl>} */ mock, /** @type {string} */ name) {
  const dir = process.env[API_JOURNAL_DIR_ENV];
  if (!dir) return;
  // The latest 1,000 requests of the world (the server's --journal), the most a listing gives.
  const { requests } = await mock.journal.list({ limit: 1000 });
  const tests = [{ test: `${name} page`, requests: requests.map(journalRequestOf).filter((request) => request !== null) }];
  mkdirSync(path.join(dir, 'a11y'), { recursive: true });
  writeFileSync(path.join(dir, 'a11y', journalFileName(name)), JSON.stringify(apiJournalFile('a11y', `a11y ${name}`, tests)));
}
