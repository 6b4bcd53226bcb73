// The walk of issue 31's taps and what each looks like from the page, for the taps bench (../../bench/taps.mjs)
// and the journey that holds the app bar to staying (../journeys/taps.spec.mjs). A tap is measured from
// its pointerdown (or the keydown of a key pressed) to the first animation frame in which a new, visible
// element of the next screen's content exists (one matching `content` that was not in the page at the tap,
// so the previous screen, kept on screen while the next loads, never counts), with the frames in between
// that had no app bar (a `main header`) while the previous screen had one, or no bottom tab bar while both
// screens have one.
import { sellerPersonaMarketWithStock } from '../../bench/world.mjs';

/** Runs in the page before the app (`context.addInitScript(installTapProbe)`): defines window.__tapProbe. */
export function installTapProbe() {
  const visible = (element) => element.getClientRects().length > 0 && element.checkVisibility({ visibilityProperty: true });
  const shown = (selector) => [...document.querySelectorAll(selector)].some(visible);
  /** @type {any} */ (window).__tapProbe = (/** @type {string} */ selector, /** @type {string} */ startEvent) =>
    new Promise((resolve) => {
      const before = new Set(document.querySelectorAll(selector));
      const hadBar = shown('main header');
      const hadTabs = shown('[data-bottom-tab]');
      let start = null;
      let noBar = 0;
      let noTabs = 0;
      window.addEventListener(
        startEvent,
        () => {
          start = performance.now();
        },
        { capture: true, once: true },
      );
      const frame = () => {
        if (start !== null) {
          const fresh = [...document.querySelectorAll(selector)].find((element) => !before.has(element) && visible(element));
          // Frames without a tab bar count only when the next screen has one (most screens have none).
          if (fresh) return resolve({ ms: performance.now() - start, noBar, noTabs: shown('[data-bottom-tab]') ? noTabs : 0 });
          if (hadBar && !shown('main header')) noBar += 1;
          if (hadTabs && !shown('[data-bottom-tab]')) noTabs += 1;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
}

/**
 * Taps `target` (a Playwright locator; with `key`, presses that key in it) and resolves with what the probe
 * saw: {ms, noBar, noTabs}. The page must have been opened with installTapProbe.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} target
 * @param {{content: string, key?: string}} tap
 */
export async function measureTap(page, target, { content, key }) {
  const probe = page.evaluate(
    ([selector, event]) => /** @type {any} */ (window).__tapProbe(selector, event),
    [content, key ? 'keydown' : 'pointerdown'],
  );
  probe.catch(() => undefined); // a failed tap is the error reported
  // Let the probe take its snapshot of the page before the tap.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  if (key) await target.press(key);
  else await target.click();
  return probe;
}

/**
 * The walk: where each tap starts (`from`, signed in as the buyer unless `guest`), what gets it ready
 * (`ready`: the tapped control visible, the page's requests settled), the tap itself and the next screen's
 * content (a CSS selector of its first data).
 * @type {{name: string, from: (w: any) => string, ready?: (page: any, w: any) => Promise<void>, target: (page: any, w: any) => any, content: string, key?: string}[]}
 */
export const TAPS = [
  {
    name: 'home → market',
    from: () => '/',
    // A market card of the home's sections (the banner's slides move).
    target: (page) => page.locator('main a[href^="/m/"][class*="_rail_"]').first(),
    // The market's own title (the app bar's h1 shows before the data).
    content: 'main h1:not(header h1)',
  },
  {
    name: 'market → product',
    from: (w) => w.marketPath,
    target: (page) => page.locator('main a[href^="/p/"]').first(),
    content: 'main article[id^="product-"] h2',
  },
  {
    name: 'order list → order detail',
    from: () => '/order',
    target: (page) => page.locator('main a[href^="/order/"]').first(),
    content: 'main a[href^="/r/"]',
  },
  {
    name: '마이 → calendar',
    from: () => '/my/user',
    target: (page) => page.locator('main a[href="/calendar"]').first(),
    // The selected day's schedule once the markets came: a day section's title, or '마켓 일정이 없어요' on a
    // day with nothing left (late in a Seoul day; an error state has role=alert). The month grid's section,
    // with its title, renders before the markets.
    content: 'main section:not([aria-label]) h2, main [class*="_schedule_"] > div:not([role]) > p',
  },
  {
    name: 'add-to-cart toast → cart',
    from: (w) => w.marketPath,
    ready: async (page, w) => {
      await page.getByRole('button', { name: '장바구니 담기', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: '장바구니 담기' });
      await drawer
        .getByRole('group', { name: `${w.product.title} ${w.option.title}`, exact: true })
        .getByRole('button', { name: '수량 늘리기' })
        .click();
      await drawer.getByRole('button', { name: '장바구니 담기', exact: true }).click();
    },
    target: (page) => page.locator('[role="status"], [role="alert"]').getByRole('button', { name: '장바구니 보기' }),
    content: 'main section[aria-label] li[aria-label]',
  },
  {
    name: 'tab 홈 → 마이',
    from: () => '/',
    target: (page) => page.locator('[data-bottom-tab]').getByRole('button', { name: '마이' }),
    // The calendar card's counts of today (the card itself renders before them).
    content: 'main a[href="/calendar"] [class*="_scheduleCounts_"] span',
  },
  {
    name: 'tab 마이 → 장바구니',
    from: () => '/my/user',
    target: (page) => page.locator('[data-bottom-tab]').getByRole('button', { name: '장바구니' }),
    content: 'main section[aria-label] li[aria-label]',
  },
  {
    name: 'tab 장바구니 → 홈',
    from: () => '/cart',
    target: (page) => page.locator('[data-bottom-tab]').getByRole('button', { name: '홈' }),
    content: 'main nav[aria-label="작가 카테고리"] a',
  },
  {
    name: 'home → search',
    from: () => '/',
    target: (page) => page.getByText('물품, 작가명 검색').first(),
    // A suggested keyword (the search field renders before its data).
    content: 'main a[href^="/search/result"]',
  },
  {
    name: 'search → results',
    from: () => '/search',
    ready: async (page) => {
      await page.getByRole('searchbox', { name: '물품, 작가명 검색' }).fill('키링');
    },
    target: (page) => page.getByRole('searchbox', { name: '물품, 작가명 검색' }),
    key: 'Enter',
    content: 'main section[aria-labelledby="result-products"] a',
  },
];

/**
 * What the walk needs of a mock world (`world` undefined: the default one): the seller persona's open market
 * with a line to add to the cart (enough left for many runs).
 * @param {ReturnType<typeof import('../../bench/http.mjs').createClient>} client
 * @param {string} [world]
 */
export async function walkWorld(client, world) {
  const market = await sellerPersonaMarketWithStock(client, world, 10);
  const { product, option } = market.lines[0];
  return { marketPath: market.path.replace('/common/market/get/', '/m/'), product, option };
}
