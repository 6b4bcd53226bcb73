// One journey's browser context and the helpers journeys are written with: its own mock world (the app is
// pinned to it through localStorage 'cm.mockWorld'), sign-in as a persona, numbered screenshots of every
// screen visited, and waits that fail with a sentence saying what was expected where.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { devices } from 'playwright-core';
import { controlPlane } from './control.mjs';

/** The phone the journeys run on: 390x844 (an iPhone 12-15 viewport), Korean locale, Seoul time. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  // 1x keeps 2 shared cores fast; the screenshots stay readable at 390 px.
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  locale: 'ko-KR',
  timezoneId: 'Asia/Seoul',
  // A phone's Chrome, so the app's mobile checks (app-open prompt, ...) see a phone.
  userAgent: devices['Pixel 7'].userAgent,
};

/** A small phone (iPhone SE/8), where the tour checks that nothing is cut off or overlaps. */
export const SMALL_PHONE_VIEWPORT = { width: 375, height: 667 };

/** A desktop browser, for the pages made for one (the native-shell simulator). */
export const DESKTOP = {
  viewport: { width: 1280, height: 900 },
  deviceScaleFactor: 1,
  locale: 'ko-KR',
  timezoneId: 'Asia/Seoul',
};

/** How long one wait for something on screen may take (the CI machine is slow and shared). */
export const WAIT_MS = 15_000;

export class JourneyFailure extends Error {}

/** The failure of a step the app does not offer yet (a screen being built, a missing control). */
export class MissingInApp extends JourneyFailure {}

/**
 * @param {{browser: import('playwright-core').Browser, name: string, appOrigin: string, apiBase: string,
 *   runId: string, shotsDir: string, device?: 'phone' | 'desktop'}} options
 */
export async function openJourney({ browser, name, appOrigin, apiBase, runId, shotsDir, device = 'phone' }) {
  const world = `e2e-${name}-${runId}`.slice(0, 64);
  const control = controlPlane(apiBase, world);
  const context = await browser.newContext(device === 'desktop' ? DESKTOP : PHONE);
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(30_000);
  // Before any script of the app: pin it to this journey's world. Only on the app's origin (the mock
  // server's sign-in and payment pages load in the same tab).
  await context.addInitScript(
    ({ origin, worldName }) => {
      if (window.location.origin === origin) window.localStorage.setItem('cm.mockWorld', worldName);
    },
    { origin: appOrigin, worldName: world },
  );
  const page = await context.newPage();

  // What went wrong in the browser (console errors, page errors, HTTP errors), shown with a failure.
  const browserErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') browserErrors.push(message.text().slice(0, 300));
  });
  page.on('pageerror', (error) => browserErrors.push(`page error: ${error.message.slice(0, 300)}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      browserErrors.push(`HTTP ${response.status()} ${response.request().method()} ${response.url().slice(0, 200)}`);
  });

  mkdirSync(shotsDir, { recursive: true });
  const shots = [];
  const steps = [];
  const notes = [];
  const defects = [];
  let shotNumber = 0;

  const here = () => {
    try {
      const url = new URL(page.url());
      return url.origin === appOrigin ? `${url.pathname}${url.search}${url.hash}` : url.href;
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
    return file;
  }

  const ctx = {
    name,
    page,
    context,
    world,
    control,
    appOrigin,
    apiBase,
    notes,
    steps,
    shots,
    browserErrors,
    here,

    /** Opens an app path (full page load). */
    async goto(appPath) {
      await page.goto(`${appOrigin}${appPath}`, { waitUntil: 'domcontentloaded' });
    },

    /** Runs one named step; a failure names it. */
    async step(label, work) {
      const started = Date.now();
      const record = { label, seconds: null };
      steps.push(record);
      try {
        return await work();
      } catch (error) {
        if (error instanceof JourneyFailure)
          throw new /** @type {typeof JourneyFailure} */ (error.constructor)(`${label}: ${error.message}`);
        throw new JourneyFailure(`${label}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)} (at ${here()})`);
      } finally {
        record.seconds = (Date.now() - started) / 1000;
      }
    },

    /**
     * A screenshot of the screen as it is now: <shotsDir>/<nn>-<screen>.png. With `viewports`, one per
     * viewport, <nn>-<screen>-<w>x<h>.png, by resizing the page in place (no reload, so a second size costs
     * a re-layout, not a visit), and the page is left at its first viewport again.
     */
    async shot(screen, { fullPage = false, wait = true, viewports = null } = {}) {
      if (wait) await settle();
      shotNumber += 1;
      const base = path.join(shotsDir, `${String(shotNumber).padStart(2, '0')}-${screen}`);
      if (!viewports) return take(`${base}.png`, fullPage);
      const original = page.viewportSize();
      let first = null;
      for (const size of viewports) {
        const resized = original && (size.width !== original.width || size.height !== original.height);
        if (resized) await page.setViewportSize(size).then(relayout);
        const file = await take(`${base}-${size.width}x${size.height}.png`, fullPage);
        first ??= file;
        if (resized) await page.setViewportSize(original).then(relayout);
      }
      return first;
    },

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

    /**
     * Signs in as a persona through the control plane (POST /__mock/login) and stores the token where the app
     * keeps it (localStorage 'cm.token'); the next page load starts signed in.
     */
    async signInAs(persona) {
      const { token } = await control.login(persona);
      // Any page of the app's origin gives access to its storage; the icon is the smallest.
      await page.goto(`${appOrigin}/favicon.svg`);
      await page.evaluate((value) => window.localStorage.setItem('cm.token', value), token);
      return token;
    },

    /** Fails the journey with a step the app does not offer yet. */
    missing(what) {
      throw new MissingInApp(what);
    },

    note(text) {
      notes.push(text);
    },

    /**
     * Records a wrong behaviour that does not stop the journey; the journey fails at its end, naming all of
     * them, so one run shows every problem of a screen.
     */
    defect(text) {
      defects.push(`${text} (at ${here()})`);
    },
    defects,

    async close() {
      await context.close().catch(() => undefined);
    },
  };
  return ctx;
}
