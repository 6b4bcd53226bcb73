// The journeys' `test`: @creator-market/mock-server/playwright's (a world per test, `mock`, `api`, `signIn`)
// with `ctx`, the helpers the journeys are written with: numbered screenshots of every screen visited
// (artifacts/screenshots/<journey>/<nn>-<screen>.png), named steps, and waits that fail with a sentence
// saying what was expected where. Notes become the test's annotations (artifacts/e2e.json lists them).
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as mockTest } from '@creator-market/mock-server/playwright';

export { expect };

/** How long one wait for something on screen may take (the CI machine is slow and shared): the config's actionTimeout. */
export const WAIT_MS = 15_000;

/** The phone the journeys run on: 390x844 (an iPhone 12-15 viewport). */
export const PHONE_VIEWPORT = { width: 390, height: 844 };
/** A small phone (iPhone SE/8), where the tour checks that nothing is cut off or overlaps. */
export const SMALL_PHONE_VIEWPORT = { width: 375, height: 667 };

/** A desktop browser, for the pages made for one (the native-shell simulator): `test.use(DESKTOP)`. */
export const DESKTOP = {
  viewport: { width: 1280, height: 900 },
  screen: { width: 1280, height: 900 },
  isMobile: false,
  hasTouch: false,
  userAgent: undefined,
};

export class JourneyFailure extends Error {}

/** The failure of a step the app does not offer yet (a screen being built, a missing control). */
export class MissingInApp extends JourneyFailure {}

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SHOTS_DIR = path.join(REPO_ROOT, 'artifacts', 'screenshots');

/** The journey's name: its spec file's name (`guest-to-paid.spec.mjs` → `guest-to-paid`). */
const journeyName = (/** @type {import('@playwright/test').TestInfo} */ testInfo) =>
  path.basename(testInfo.file).replace(/\.spec\.m?[jt]s$/, '');

/** @type {Map<string, number[]>} each spec file's lines where a test starts (`test(` opening a line) */
const testLines = new Map();

/**
 * The test's screenshot folder below the project's: its journey's name, and for a file of several tests the
 * test's place in it (`never-blank/02`). Tests run side by side: each replaces its own folder, never another's.
 * @param {import('@playwright/test').TestInfo} testInfo
 */
function shotsFolderOf(testInfo) {
  let lines = testLines.get(testInfo.file);
  if (!lines) {
    lines = readFileSync(testInfo.file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (/^test\(/.test(line) ? [index + 1] : []));
    testLines.set(testInfo.file, lines);
  }
  if (lines.length <= 1) return journeyName(testInfo);
  const place = lines.indexOf(testInfo.line);
  return path.join(journeyName(testInfo), place >= 0 ? String(place + 1).padStart(2, '0') : `line-${testInfo.line}`);
}

/**
 * @typedef {object} JourneyContext
 * @property {string} name
 * @property {import('@playwright/test').Page} page
 * @property {import('@playwright/test').BrowserContext} context
 * @property {string} world
 * @property {'server' | 'static'} door
 * @property {string} appOrigin the app's origin
 * @property {string} appRoot the app's address, ending in '/' (a sub-path on a static host)
 * @property {string} apiBase where the product API is (the mock server, or `<appRoot>__api` in the page)
 * @property {(appPath: string) => string} appUrl an app path ('/m/x/4') as an address below appRoot
 * @property {(appPath: string) => (url: URL) => boolean} isAt a predicate for waitForURL: the app shows that path
 * @property {(url: string) => string} apiPath an API request's URL as the operation's path (the API base's path taken off)
 * @property {(url: URL) => string} appPath a URL's pathname as an app path (appRoot's path taken off)
 * @property {() => string} here
 * @property {(appPath: string) => Promise<void>} goto
 * @property {<T>(label: string, work: () => Promise<T>) => Promise<T>} step
 * @property {(screen: string, options?: {fullPage?: boolean, wait?: boolean, viewports?: {width: number, height: number}[] | null}) => Promise<string>} shot
 * @property {(text: string, options?: {within?: any, timeout?: number, exact?: boolean}) => Promise<import('@playwright/test').Locator>} see
 * @property {(title: string, options?: {timeout?: number}) => Promise<import('@playwright/test').Locator>} dialog
 * @property {(dialog: import('@playwright/test').Locator, label: string) => Promise<void>} answer
 * @property {(text: string, options?: {timeout?: number}) => Promise<import('@playwright/test').Locator>} toast
 * @property {(what: string) => never} missing
 * @property {(text: string) => void} note
 * @property {(text: string) => void} defect
 * @property {string[]} shots
 */

/**
 * @typedef {import('@playwright/test').PlaywrightTestArgs & import('@playwright/test').PlaywrightTestOptions
 *   & import('@creator-market/mock-server/playwright').MockFixtures & import('@creator-market/mock-server/playwright').MockOptions} MockTestArgs
 */

/**
 * What went wrong in the browser (console errors, page errors, HTTP errors), shown with a failure.
 * @param {import('@playwright/test').Page} page
 */
function collectBrowserErrors(page) {
  /** @type {string[]} */
  const browserErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') browserErrors.push(message.text().slice(0, 300));
  });
  page.on('pageerror', (error) => browserErrors.push(`page error: ${error.message.slice(0, 300)}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      browserErrors.push(`HTTP ${response.status()} ${response.request().method()} ${response.url().slice(0, 200)}`);
  });
  return browserErrors;
}

/**
 * The waits for what a screen shows (a text, a dialog, a toast), each failing with a sentence saying what
 * was expected where (`here`: the page's address).
 * @param {import('@playwright/test').Page} page
 * @param {() => string} here
 * @returns {Pick<JourneyContext, 'see' | 'dialog' | 'answer' | 'toast'>}
 */
function waitsOn(page, here) {
  return {
    /** Waits until `text` (exactly, the whole text of an element) is visible; `within` narrows the search. */
    async see(text, { within = page, timeout = WAIT_MS, exact = true } = {}) {
      // The first visible one: carousels and kept-alive pages hold hidden copies of the same text.
      const target = within.getByText(text, { exact }).filter({ visible: true }).first();
      try {
        await target.waitFor({ state: 'visible', timeout });
      } catch {
        throw new JourneyFailure(`expected to see '${text}' at ${here()}, it did not appear within ${timeout / 1000} s`);
      }
      return target;
    },

    /** The open dialog (confirm/alert) whose title is `title`. */
    async dialog(title, { timeout = WAIT_MS } = {}) {
      const dialog = page
        .getByRole('alertdialog')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
        .last();
      try {
        await dialog.waitFor({ state: 'visible', timeout });
      } catch {
        const open = await page
          .getByRole('alertdialog')
          .allInnerTexts()
          .catch(() => []);
        throw new JourneyFailure(
          `expected the dialog '${title}' at ${here()}; ${open.length ? `open instead: ${JSON.stringify(open.map((t) => t.replace(/\s+/g, ' ')))}` : 'no dialog opened'}`,
        );
      }
      return dialog;
    },

    /** Presses `label` in a dialog and waits for it to close. */
    async answer(dialog, label) {
      await dialog.getByRole('button', { name: label, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    },

    /** The toast that says `text`. */
    async toast(text, { timeout = WAIT_MS } = {}) {
      const toast = page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first();
      try {
        await toast.waitFor({ state: 'visible', timeout });
      } catch {
        throw new JourneyFailure(`expected the toast '${text}' at ${here()}`);
      }
      return toast;
    },
  };
}

/** @type {import('@playwright/test').Fixtures<{ctx: JourneyContext}, {}, MockTestArgs>} */
const journeyFixtures = {
  ctx: async ({ page, context, world, door, apiBase, baseURL }, use, testInfo) => {
    const name = journeyName(testInfo);
    const shotsDir = path.join(SHOTS_DIR, ...(door === 'static' ? ['static'] : []), shotsFolderOf(testInfo));
    rmSync(shotsDir, { recursive: true, force: true });
    mkdirSync(shotsDir, { recursive: true });
    const root = new URL(baseURL.endsWith('/') ? baseURL : `${baseURL}/`);
    const appOrigin = root.origin;
    const rootPath = root.pathname;
    const appUrl = (appPath) => new URL(appPath.replace(/^\//, ''), root).href;
    const appPath = (url) => (url.pathname.startsWith(rootPath) ? `/${url.pathname.slice(rootPath.length)}` : url.pathname);
    const isAt = (wanted) => (url) => url.origin === appOrigin && appPath(url) === wanted;

    const browserErrors = collectBrowserErrors(page);

    const shots = [];
    const defects = [];
    let shotNumber = 0;

    const here = () => {
      try {
        const url = new URL(page.url());
        return url.origin === appOrigin ? `${appPath(url)}${url.search}${url.hash}` : url.href;
      } catch {
        return page.url();
      }
    };

    async function settle(ms = 2500) {
      // Best effort: lazy images and late sections; a page that keeps polling still gets its screenshot.
      await page.waitForLoadState('networkidle', { timeout: ms }).catch(() => undefined);
      await page.evaluate(() => document.fonts.ready).catch(() => undefined);
    }

    /** Waits for the page to lay out and paint at a new size (two frames). */
    const relayout = () =>
      page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))).catch(() => undefined);

    async function take(file, fullPage) {
      // A whole-page picture starts at the top, or a sticky app bar lands in its middle.
      if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide' });
      shots.push(file);
      // Listed on the test (not copied), so the fixture's API journal names the screenshots (docs/api-coverage.md).
      testInfo.attachments.push({ name: path.basename(file), path: file, contentType: 'image/png' });
      return file;
    }

    /** @type {JourneyContext} */
    const ctx = {
      name,
      page,
      context,
      world,
      door,
      appOrigin,
      appRoot: root.href,
      apiBase: apiBase ?? new URL('__api', root).href,
      appUrl,
      isAt,
      apiPath: (url) => {
        const { pathname } = new URL(url);
        const basePath = new URL(apiBase ?? new URL('__api', root).href).pathname.replace(/\/+$/, '');
        return basePath && pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname;
      },
      appPath,
      here,
      shots,

      /** Opens an app path (full page load). */
      async goto(target) {
        await page.goto(appUrl(target), { waitUntil: 'domcontentloaded' });
      },

      /** Runs one named step (a step of the report); a failure names it. */
      step(label, work) {
        return test.step(label, async () => {
          try {
            return await work();
          } catch (error) {
            if (error instanceof JourneyFailure)
              throw new /** @type {typeof JourneyFailure} */ (error.constructor)(`${label}: ${error.message}`);
            const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
            throw new JourneyFailure(`${label}: ${message} (at ${here()})`, { cause: error });
          }
        });
      },

      /**
       * A screenshot of the screen as it is now: <shotsDir>/<nn>-<screen>.png. With `viewports`, one per
       * viewport, <nn>-<screen>-<w>x<h>.png, by resizing the page in place (no reload, so a second size costs
       * a re-layout, not a visit), and the page is left at its first viewport again.
       */
      async shot(screen, { fullPage = false, wait = true, viewports = null } = {}) {
        if (wait) await settle();
        shotNumber += 1;
        const file = path.join(shotsDir, `${String(shotNumber).padStart(2, '0')}-${screen}`);
        if (!viewports) return take(`${file}.png`, fullPage);
        const original = page.viewportSize();
        let first = null;
        for (const size of viewports) {
          const resized = original && (size.width !== original.width || size.height !== original.height);
          if (resized) await page.setViewportSize(size).then(relayout);
          const taken = await take(`${file}-${size.width}x${size.height}.png`, fullPage);
          first ??= taken;
          if (resized) await page.setViewportSize(original).then(relayout);
        }
        return first;
      },

      ...waitsOn(page, here),

      /** Fails the journey with a step the app does not offer yet. */
      missing(what) {
        throw new MissingInApp(what);
      },

      note(text) {
        testInfo.annotations.push({ type: 'note', description: text });
      },

      /**
       * Records a wrong behaviour that does not stop the journey; the journey fails at its end, naming all of
       * them, so one run shows every problem of a screen.
       */
      defect(text) {
        defects.push(`${text} (at ${here()})`);
      },
    };

    await use(ctx);

    const failed = testInfo.status !== testInfo.expectedStatus;
    if (failed) {
      await page.screenshot({ path: path.join(shotsDir, 'failure.png'), timeout: 10_000 }).catch(() => undefined);
      if (browserErrors.length)
        await testInfo.attach('browser-errors.txt', { body: browserErrors.slice(-20).join('\n'), contentType: 'text/plain' });
    }
    testInfo.annotations.push({ type: 'screenshots', description: String(shots.length + (failed ? 1 : 0)) });
    // Wrong behaviour recorded on the way fails the journey too.
    if (defects.length) throw new JourneyFailure(defects.join('; '));
  },
};

export const test = mockTest.extend(journeyFixtures);
