// index.html's early script (earlyRequests.ts): it asks for the route's screen chunks and stylesheets, and on
// the home path for the first screen's two lists (unless a token or a pinned world is stored) and the leading
// banner's image; the API client hands each early answer to the first call for its address when that call
// is a bare GET, and asks again otherwise.
import { runInThisContext } from 'node:vm';
import { matchPattern, patternParams, ROUTES } from '@creator-market/sdk/domain';
import { screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MOCK_WORLD_STORAGE_KEY } from '../api/mockWorlds';
import { API_BASE } from '../config/hosts';
import { resetAppState, signInAs } from '../testing/appHarness';
import { setupMockApi } from '../testing/testServer';
import Home from '../screens/Home';
import Market from '../screens/Market';
import Product from '../screens/Product';
import { TOKEN_STORAGE_KEY } from '../stores/session';
import { renderScreen, resetScreenState } from '../testing/screenHarness';
import { imageUrl } from '../lib/media/imageUrl';
import { shuffled } from '../screens/Home/homeData';
import {
  DETAIL_LEAD_IMAGE,
  EARLY_REQUEST_SKIP_KEYS,
  EARLY_REQUESTS_GLOBAL,
  earlyRequestsScript,
  FIRST_BANNER_GLOBAL,
  FIRST_SCREEN_REQUESTS,
  patternRegex,
  type FirstBanner,
} from '../api/earlyRequests';

const server = setupMockApi();

type EarlyWindow = Partial<Record<string, Record<string, Promise<Response>>>> & { [FIRST_BANNER_GLOBAL]?: Promise<FirstBanner | null> };
const earlyWindow = window as unknown as EarlyWindow;

/** Every product API address asked for from the mock, in order. */
function recordRequests(): string[] {
  const urls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    urls.push(request.url);
  });
  return urls;
}

/** The mock's own banner list with the first banner's cover replaced, as an early answer. */
async function earlyBannerAnswer(cover: string, sorting = 'order'): Promise<Response> {
  const real = (await (await fetch(`${API_BASE}/common/v2/banner?from=top`)).json()) as {
    data: { sorting: string; bannerList: { bannerCover: string }[] };
  };
  const [first, ...rest] = real.data.bannerList;
  const data = { sorting, bannerList: [{ ...first, bannerCover: cover }, ...rest] };
  return new Response(JSON.stringify({ data }), { headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  resetScreenState();
});

afterEach(() => {
  delete earlyWindow[EARLY_REQUESTS_GLOBAL];
  delete earlyWindow[FIRST_BANNER_GLOBAL];
  server.events.removeAllListeners();
  for (const link of document.head.querySelectorAll('link[rel="preload"][as="image"]')) link.remove();
});

/** A route's screen as vite.config.ts describes it to the early script. */
const earlyScreen = (path: string, name: string, scripts: string[], stylesheets: string[], requiresAuth = false) => ({
  pattern: patternRegex(path),
  scripts,
  stylesheets,
  requiresAuth,
  params: patternParams(path),
  requests: FIRST_SCREEN_REQUESTS[name] ?? [],
  home: name === 'home',
  detailLead: DETAIL_LEAD_IMAGE[name] ?? null,
});

/** The images the page was told to preload: [href, fetchpriority]. */
const imagePreloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => [
    link.getAttribute('href'),
    link.getAttribute('fetchpriority'),
  ]);

describe('the early script', () => {
  const screen = earlyScreen;
  const plan = {
    screens: [
      screen('/', 'home', ['/assets/Home-x.js'], ['/assets/Home-x.css']),
      screen('/m/:sellerId/:marketId', 'market', ['/assets/Market-x.js'], []),
      screen('/p/:sellerId/:marketId', 'product', ['/assets/Product-x.js'], []),
      screen('/cart/:marketId?', 'cart', ['/assets/Cart-x.js', '/assets/shared-x.js'], [], true),
      screen('/search', 'search', ['/assets/Search-x.js'], ['/assets/Search-x.css']),
    ],
    apiClient: ['/assets/client-x.js', '/assets/shared-x.js'],
    apiBase: 'http://api.test:4010',
  };

  function runScriptAt(path: string, answer = () => new Response('{}')): ReturnType<typeof vi.fn> {
    window.history.replaceState(null, '', path);
    const fetchSpy = vi.fn(() => Promise.resolve(answer()));
    vi.stubGlobal('fetch', fetchSpy);
    try {
      // The page's globals (window, location, localStorage, fetch) are this context's under jsdom.
      runInThisContext(earlyRequestsScript(plan));
    } finally {
      vi.unstubAllGlobals();
    }
    return fetchSpy;
  }

  const hints = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[href^="/assets/"]')].map((link) => [
      link.rel,
      link.getAttribute('href'),
      link.getAttribute('as'),
      link.getAttribute('crossorigin'),
    ]);

  afterEach(() => {
    for (const link of document.head.querySelectorAll('link[href^="/assets/"]')) link.remove();
  });

  test("on the home path it asks for the Home chunk, its stylesheet and the first screen's lists", () => {
    resetAppState();
    const fetchSpy = runScriptAt('/');
    expect(hints()).toEqual([
      ['modulepreload', '/assets/Home-x.js', null, ''],
      ['preload', '/assets/Home-x.css', 'style', ''],
    ]);
    const urls = (FIRST_SCREEN_REQUESTS.home ?? []).map((path) => `http://api.test:4010${path}`);
    expect(fetchSpy.mock.calls.map(([url]: unknown[]) => url)).toEqual(urls);
    expect(Object.keys(earlyWindow[EARLY_REQUESTS_GLOBAL] ?? {})).toEqual(urls);
  });

  test("on a market page it asks for the market's lists with the page's params filled in", () => {
    resetAppState();
    const fetchSpy = runScriptAt('/m/mallang_studio/4');
    expect(fetchSpy.mock.calls.map(([url]: unknown[]) => url)).toEqual([
      'http://api.test:4010/common/market/get/mallang_studio/4',
      'http://api.test:4010/common/v2/seller/opened-market/mallang_studio',
    ]);
    expect(hints().map(([rel, href]) => [rel, href])).toEqual([['modulepreload', '/assets/Market-x.js']]);
  });

  test("elsewhere it asks for that route's screen chunks only; a signed-in route's only with a token stored", () => {
    resetAppState();
    expect(runScriptAt('/search/')).not.toHaveBeenCalled();
    expect(hints()).toEqual([
      ['modulepreload', '/assets/Search-x.js', null, ''],
      ['preload', '/assets/Search-x.css', 'style', ''],
    ]);
    for (const link of document.head.querySelectorAll('link[href^="/assets/"]')) link.remove();
    runScriptAt('/cart/12');
    expect(hints()).toEqual([]);
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    runScriptAt('/cart/12');
    // With the token, the API client's chunk too (the session's first calls need it), each file once.
    expect(hints().map(([rel, href]) => [rel, href])).toEqual([
      ['modulepreload', '/assets/Cart-x.js'],
      ['modulepreload', '/assets/shared-x.js'],
      ['modulepreload', '/assets/client-x.js'],
    ]);
    for (const link of document.head.querySelectorAll('link[href^="/assets/"]')) link.remove();
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    expect(runScriptAt('/nowhere/at/all')).not.toHaveBeenCalled();
    expect(hints()).toEqual([]);
  });

  test("with a stored token or pinned world it asks for the Home chunk and the API client's, but not the lists", () => {
    for (const key of EARLY_REQUEST_SKIP_KEYS) {
      resetAppState();
      localStorage.setItem(key, 'x');
      expect(runScriptAt('/')).not.toHaveBeenCalled();
      expect(hints().map(([rel, href]) => [rel, href])).toEqual([
        ['modulepreload', '/assets/Home-x.js'],
        ['modulepreload', '/assets/client-x.js'],
        ['modulepreload', '/assets/shared-x.js'],
        ['preload', '/assets/Home-x.css'],
      ]);
      expect(earlyWindow[EARLY_REQUESTS_GLOBAL]).toBeUndefined();
      for (const link of document.head.querySelectorAll('link[href^="/assets/"]')) link.remove();
    }
  });

  test("once the banner list answers it asks for the image of the banner it chose to lead (as the app's imageUrl makes it)", async () => {
    resetAppState();
    const bannerList = ['/img/banner/a.svg', '/img/banner/b.svg', '/img/banner/c.svg'].map((bannerCover) => ({ bannerCover }));
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    runScriptAt('/', () => new Response(JSON.stringify({ data: { sorting: 'random', bannerList } })));
    await expect(earlyWindow[FIRST_BANNER_GLOBAL]).resolves.toEqual({ index: 1, cover: '/img/banner/b.svg' });
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    expect(preload?.getAttribute('href')).toBe('http://api.test:4010/img/banner/b.svg');
    expect(imageUrl('/img/banner/b.svg')).toBe(`${API_BASE}/img/banner/b.svg`);
  });

  test('once the market detail answers it asks for the image the market or product page leads with', async () => {
    const detail = {
      market: { cover: ['/img/cover/m-1.svg', '/img/cover/m-2.svg'] },
      product: [
        { _id: 'hidden', useYN: false, cover: ['/img/product/hidden-1.svg'] },
        { _id: 'first', useYN: true, cover: ['/img/product/first-1.svg', '/img/product/first-2.svg'] },
        { _id: 'second', useYN: true, cover: ['/img/product/second-1.svg'] },
      ],
    };
    for (const [path, image] of [
      ['/m/mallang_studio/4', '/img/cover/m-1.svg'],
      ['/p/mallang_studio/4', '/img/product/first-1.svg'],
      ['/p/mallang_studio/4#second', '/img/product/second-1.svg'],
      ['/p/mallang_studio/4#hidden', '/img/product/first-1.svg'],
    ] as const) {
      resetAppState();
      runScriptAt(path, () => new Response(JSON.stringify({ data: detail })));
      await waitFor(() => expect(imagePreloads()).toEqual([[`http://api.test:4010${image}`, 'high']]));
      for (const link of document.head.querySelectorAll('link[rel="preload"][as="image"]')) link.remove();
      for (const link of document.head.querySelectorAll('link[href^="/assets/"]')) link.remove();
    }
  });

  test('skips on the storage keys the session and the world pinning use', () => {
    expect(EARLY_REQUEST_SKIP_KEYS).toEqual([TOKEN_STORAGE_KEY, MOCK_WORLD_STORAGE_KEY]);
  });

  test("a pattern's expression matches exactly the paths matchPattern matches", () => {
    const segment = fc.stringMatching(/^[a-z0-9_-]{0,6}$/);
    const path = fc.tuple(
      fc.array(fc.oneof(segment, fc.constantFrom('m', 'p', 'r', 'my', 'cart', 'go', 'search')), { maxLength: 4 }),
      fc.boolean(),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...ROUTES.flatMap((route) => (route.path === null ? [] : [route.path]))),
        path,
        (pattern, [parts, slash]) => {
          const pathname = `/${parts.join('/')}${slash ? '/' : ''}`;
          expect(new RegExp(patternRegex(pattern)).test(pathname)).toBe(matchPattern(pattern, pathname) !== null);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the API client', () => {
  test("the home's first calls take the early answers instead of asking again", async () => {
    earlyWindow[EARLY_REQUESTS_GLOBAL] = {
      [`${API_BASE}/common/v2/banner?from=top`]: earlyBannerAnswer('/img/banner/early.svg'),
      [`${API_BASE}/common/v2/seller-ctg?flag=news`]: fetch(`${API_BASE}/common/v2/seller-ctg?flag=news`),
    };
    const asked = recordRequests();
    renderScreen('/', '/', Home);
    const banner = await screen.findByRole('img', { name: '배너 1' }, { timeout: 10_000 });
    expect(banner).toHaveAttribute('src', expect.stringContaining('/img/banner/early.svg'));
    expect(await screen.findByRole('navigation', { name: '작가 카테고리' })).toBeInTheDocument();
    expect(asked.filter((url) => url.includes('/common/v2/banner') || url.includes('/common/v2/seller-ctg'))).toEqual([]);
    expect(earlyWindow[EARLY_REQUESTS_GLOBAL]).toEqual({});
  });

  test("the home, market and product screens' first calls are the ones the early script makes for them", async () => {
    for (const [name, path, Screen] of [
      ['home', '/', Home],
      ['market', '/m/:sellerId/:marketId', Market],
      ['product', '/p/:sellerId/:marketId', Product],
    ] as const) {
      resetScreenState();
      const asked = recordRequests();
      const view = renderScreen(path.replace(':sellerId', 'mallang_studio').replace(':marketId', '4'), path, Screen);
      const expected = (FIRST_SCREEN_REQUESTS[name] ?? []).map(
        (request) => `${API_BASE}${request.replace(':sellerId', 'mallang_studio').replace(':marketId', '4')}`,
      );
      await waitFor(() => expect(asked).toEqual(expect.arrayContaining(expected)), { timeout: 10_000 });
      view.unmount();
      server.events.removeAllListeners();
    }
  });

  test('the image the early script asks for is the one the market and product screens show first, at high priority', async () => {
    const { data } = (await (await fetch(`${API_BASE}/common/market/get/mallang_studio/4`)).json()) as {
      data: { product: { _id: string; useYN: boolean }[] };
    };
    const shown = data.product.filter((product) => product.useYN);
    expect(shown.length).toBeGreaterThan(1);
    const plan = {
      screens: [earlyScreen('/m/:sellerId/:marketId', 'market', [], []), earlyScreen('/p/:sellerId/:marketId', 'product', [], [])],
      apiClient: [],
      apiBase: API_BASE,
    };
    for (const [path, pattern, Screen] of [
      ['/m/mallang_studio/4', '/m/:sellerId/:marketId', Market],
      ['/p/mallang_studio/4', '/p/:sellerId/:marketId', Product],
      [`/p/mallang_studio/4#${shown[1]!._id}`, '/p/:sellerId/:marketId', Product],
    ] as const) {
      resetScreenState();
      window.history.replaceState(null, '', path);
      runInThisContext(earlyRequestsScript(plan));
      await waitFor(() => expect(imagePreloads()).toHaveLength(1), { timeout: 10_000 });
      const [[preloaded]] = imagePreloads() as [[string, string]];
      const view = renderScreen(path, pattern, Screen);
      await waitFor(() => expect(document.querySelector('img[fetchpriority="high"]')?.getAttribute('src')).toBe(preloaded), {
        timeout: 10_000,
      });
      view.unmount();
      for (const link of document.head.querySelectorAll('link[rel="preload"][as="image"]')) link.remove();
    }
  });

  test('a signed-in call asks the server itself, and the early answer is dropped', async () => {
    await signInAs('buyer');
    earlyWindow[EARLY_REQUESTS_GLOBAL] = {
      [`${API_BASE}/common/v2/banner?from=top`]: earlyBannerAnswer('/img/banner/early.svg'),
    };
    const asked = recordRequests();
    renderScreen('/', '/', Home);
    const banner = await screen.findByRole('img', { name: '배너 1' }, { timeout: 10_000 });
    expect(banner.getAttribute('src')).not.toContain('early.svg');
    expect(asked).toContain(`${API_BASE}/common/v2/banner?from=top`);
    await waitFor(() => expect(earlyWindow[EARLY_REQUESTS_GLOBAL]).toEqual({}));
  });

  test('the banner the early script chose leads (the others are shuffled behind it)', async () => {
    const answer = await earlyBannerAnswer('/img/banner/early.svg', 'random');
    const { bannerList } = ((await answer.clone().json()) as { data: { bannerList: { bannerCover: string }[] } }).data;
    expect(bannerList.length).toBeGreaterThan(1);
    const index = bannerList.length - 1;
    const cover = bannerList[index]!.bannerCover;
    earlyWindow[EARLY_REQUESTS_GLOBAL] = { [`${API_BASE}/common/v2/banner?from=top`]: Promise.resolve(answer) };
    earlyWindow[FIRST_BANNER_GLOBAL] = Promise.resolve({ index, cover });
    // A shuffle that leaves the list as it is: without the early choice the server's first banner would lead.
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    renderScreen('/', '/', Home);
    const banner = await screen.findByRole('img', { name: '배너 1' }, { timeout: 10_000 });
    expect(banner).toHaveAttribute('src', expect.stringContaining(cover));
    expect(earlyWindow[FIRST_BANNER_GLOBAL]).toBeUndefined();
  });

  test('the chosen banner leads when the app reads the list before the early script has chosen (a busy phone)', async () => {
    const answer = await earlyBannerAnswer('/img/banner/early.svg', 'random');
    const { bannerList } = ((await answer.clone().json()) as { data: { bannerList: { bannerCover: string }[] } }).data;
    const index = bannerList.length - 1;
    const cover = bannerList[index]!.bannerCover;
    earlyWindow[EARLY_REQUESTS_GLOBAL] = { [`${API_BASE}/common/v2/banner?from=top`]: Promise.resolve(answer) };
    let choose: (choice: FirstBanner) => void = () => undefined;
    earlyWindow[FIRST_BANNER_GLOBAL] = new Promise((resolve) => (choose = resolve));
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    renderScreen('/', '/', Home);
    // The app has taken the early answer; only then does the script make its choice.
    await waitFor(() => expect(earlyWindow[EARLY_REQUESTS_GLOBAL]).toEqual({}));
    choose({ index, cover });
    const banner = await screen.findByRole('img', { name: '배너 1' }, { timeout: 10_000 });
    expect(banner).toHaveAttribute('src', expect.stringContaining(cover));
  });

  test('a failed early request is asked again', async () => {
    earlyWindow[EARLY_REQUESTS_GLOBAL] = {
      [`${API_BASE}/common/v2/banner?from=top`]: Promise.reject(new TypeError('Failed to fetch')),
    };
    const asked = recordRequests();
    renderScreen('/', '/', Home);
    expect(await screen.findByRole('img', { name: '배너 1' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(asked).toContain(`${API_BASE}/common/v2/banner?from=top`);
  });
});

describe('shuffled', () => {
  test('with a first index, that item leads and the rest is a permutation of the others', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    for (const first of [0, 2, 4]) {
      const order = shuffled(items, () => 0.99, first);
      expect(order[0]).toBe(items[first]);
      expect([...order].sort()).toEqual(items);
    }
  });

  test('every order of three items is reachable with the first one fixed by the early script', () => {
    const seen = new Set<string>();
    for (const first of [0, 1, 2]) for (const r of [0, 0.5, 0.99]) seen.add(shuffled(['a', 'b', 'c'], () => r, first).join(''));
    expect(seen.size).toBe(6);
  });
});
