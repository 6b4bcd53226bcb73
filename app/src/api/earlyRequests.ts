// The page's screen starts loading before the start scripts have arrived. A small script in index.html
// (written by vite.config.ts from earlyRequestsScript below) runs as the page is parsed and asks for the
// chunk and stylesheets of the route's screen (the route table's patterns, first match as matchRoute), and
// on the home path for the two lists its first screen shows (banner carousel, seller categories) and the
// leading banner's image: on a slow link they come in parallel with the start scripts instead of one after
// another once those have run. The first call for the same address takes each early answer (earlyAnswers.ts:
// the home's first lists read theirs before the API client has loaded, the client takes the others). Pure: no
// browser access when imported (vite.config.ts imports it in node).

/** The window property the early answers wait in: request URL -> the fetch started for it. */
export const EARLY_REQUESTS_GLOBAL = '__cmEarlyRequests';

/**
 * The window property holding the banner the early script chose to show first: a promise of {index, cover} in
 * the list as the server sent it (null when it chose none), whose image it already asked for: the banner image
 * is the home's largest paint. With `sorting: random` the choice is uniform, and homeData.ts shuffles the
 * others behind it. A promise, set as the script asks for the list: the app reads the same answer, and on a
 * busy phone it may read it before the script has; it must still lead with the image already on its way.
 */
export const FIRST_BANNER_GLOBAL = '__cmFirstBanner';

export interface FirstBanner {
  index: number;
  cover: string;
}

/**
 * The home's first lists (the banner carousel and the seller categories), by the address homeData.ts reads each
 * one's early answer from (earlyAnswers.ts firstScreenAnswer), and the API client asks for when there is none.
 */
export const HOME_FIRST_REQUESTS = {
  banner: '/common/v2/banner?from=top',
  categories: '/common/v2/seller-ctg?flag=news',
} as const;

/**
 * The first screen's lists of a route exactly as the API client asks for them (home: screens/Home/homeData.ts;
 * market and product: components/market-detail/marketDetail.ts and the screens' opened-markets list;
 * earlyRequests.test.tsx checks they agree), ':name' standing for the route's param: guests may call them
 * and the answers do not depend on who asks.
 */
export const FIRST_SCREEN_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  home: [HOME_FIRST_REQUESTS.banner, HOME_FIRST_REQUESTS.categories],
  market: ['/common/market/get/:sellerId/:marketId', '/common/v2/seller/opened-market/:sellerId'],
  product: ['/common/market/get/:sellerId/:marketId', '/common/v2/seller/opened-market/:sellerId'],
};

/**
 * Screens whose largest paint is an image of the market detail answer (their first early request): the
 * market's first cover (Market), the first cover of the product the page opens on (Product: the product of
 * the hash, else the first one shown, as its ScrollView and SingleView choose; shown: `useYN` true, as sdk
 * isInUse). earlyRequests.test.tsx checks the image asked for is the one the screen shows first.
 */
export const DETAIL_LEAD_IMAGE: Readonly<Record<string, 'market' | 'product'>> = { market: 'market', product: 'product' };

/**
 * localStorage keys that make the app's calls differ from a bare request (the identity token, a pinned mock
 * world): with either stored no early request is made (stores/session.ts TOKEN_STORAGE_KEY and
 * api/mockWorlds.ts MOCK_WORLD_STORAGE_KEY; earlyRequests.test.ts checks they agree).
 */
export const EARLY_REQUEST_SKIP_KEYS = ['cm.token', 'cm.mockWorld'] as const;

/** One route's screen as the early script sees it. */
export interface EarlyScreen {
  /** The route's pattern as a regular expression source (patternRegex). */
  pattern: string;
  /** The screen's chunk and those it imports beyond the start scripts (modulepreload), root-relative. */
  scripts: readonly string[];
  /** Their stylesheets (preload as style), root-relative. */
  stylesheets: readonly string[];
  /** Signed-in only: its chunk is asked for only when a token is stored (else the login opens). */
  requiresAuth: boolean;
  /** The route's params in the order of the pattern's groups (sdk patternParams). */
  params: readonly string[];
  /** The first screen's lists (FIRST_SCREEN_REQUESTS), asked for unless a token or pinned world is stored. */
  requests: readonly string[];
  /** The home: the leading banner's image is asked for too. */
  home: boolean;
  /** The image of the market detail answer the screen leads with (DETAIL_LEAD_IMAGE), asked for once it answers. */
  detailLead: 'market' | 'product' | null;
}

export interface EarlyRequestsPlan {
  /** In the route table's order: the first match is the page's route (as matchRoute decides). */
  screens: readonly EarlyScreen[];
  /**
   * The API client's chunk and those it imports beyond the start scripts (modulepreload), root-relative: asked
   * for when a token or pinned world is stored, since the session's and the first screen's calls then need
   * the client before anything shows (a guest's home shows its first view from the early answers).
   */
  apiClient: readonly string[];
  /** The API base the lists are asked from; null: no early requests (the in-browser mock answers later). */
  apiBase: string | null;
}

/**
 * A route pattern (':name', ':name?' last, '*' rest; sdk routing.ts matchPattern) as a regular expression
 * source over a pathname, one group per param; trailing slashes are ignored as there.
 */
export function patternRegex(pattern: string): string {
  const parts = pattern
    .replace(/\/+$/, '')
    .replace(/^\//, '')
    .split('/')
    .filter((part) => part !== '');
  const body = parts
    .map((part) => {
      if (part === '*') return '(?:/(.*))?';
      if (part.startsWith(':')) return part.endsWith('?') ? '(?:/([^/]+))?' : '/([^/]+)';
      return `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return `^${body}/*$`;
}

/** The source of index.html's early script (a classic script: it runs while the page is parsed). */
export function earlyRequestsScript(plan: EarlyRequestsPlan): string {
  const screens = plan.screens.map((screen) => [
    screen.pattern,
    screen.scripts,
    screen.stylesheets,
    screen.requiresAuth,
    screen.home,
    screen.params,
    plan.apiBase === null ? [] : screen.requests,
    screen.detailLead,
  ]);
  const [tokenKey, worldKey] = EARLY_REQUEST_SKIP_KEYS;
  return [
    `{`,
    `  let token = false;`,
    `  let bare = true;`,
    `  try {`,
    `    token = localStorage.getItem(${JSON.stringify(tokenKey)}) !== null;`,
    `    bare = !token && localStorage.getItem(${JSON.stringify(worldKey)}) === null;`,
    `  } catch {}`,
    `  let match = null;`,
    `  const screen = ${JSON.stringify(screens)}.find(([pattern]) => (match = new RegExp(pattern).exec(location.pathname)));`,
    `  const shown = screen && (token || !screen[3]) ? screen : null;`,
    `  const scripts = [...new Set([...(shown ? shown[1] : []), ...(bare ? [] : ${JSON.stringify(plan.apiClient)})])];`,
    `  const stylesheets = shown ? shown[2] : [];`,
    `  for (const [rel, href, as] of [...scripts.map((href) => ['modulepreload', href, '']), ...stylesheets.map((href) => ['preload', href, 'style'])]) {`,
    `    const link = document.createElement('link');`,
    `    link.rel = rel;`,
    `    link.href = href;`,
    `    if (as) link.setAttribute('as', as);`,
    `    link.setAttribute('crossorigin', '');`,
    `    document.head.append(link);`,
    `  }`,
    `  if (screen && bare) {`,
    `    const params = Object.fromEntries(screen[5].map((name, index) => [name, match[index + 1]]));`,
    `    const paths = screen[6].map((path) => path.replace(/:(\\w+)/g, (_, name) => params[name] ?? ':'));`,
    `    const urls = paths.filter((path) => !path.includes('/:')).map((path) => ${JSON.stringify(plan.apiBase ?? '')} + path);`,
    `    const early = Object.fromEntries(`,
    `      urls.map((url) => {`,
    `        const answer = fetch(url);`,
    `        answer.catch(() => {}); // the call that takes it sees the failure (and asks again)`,
    `        return [url, answer];`,
    `      }),`,
    `    );`,
    `    window.${EARLY_REQUESTS_GLOBAL} = early;`,
    `    // The image the screen leads with, asked for at high priority once the answer naming it comes.`,
    `    const leadImage = (answer, choose) =>`,
    `      answer`,
    `        .then((response) => (response.ok ? response.clone().json() : null))`,
    `        .then((body) => {`,
    `          const cover = body ? choose(body.data) : null;`,
    `          if (typeof cover !== 'string') return;`,
    `          // As lib/media/imageUrl.ts makes it: API paths on the API host, absolute addresses as they are.`,
    `          const src = /^\\/(?!\\/)/.test(cover) ? ${JSON.stringify(plan.apiBase ?? '')} + cover : /^https?:/i.test(cover) ? cover : null;`,
    `          if (src === null) return;`,
    `          const link = document.createElement('link');`,
    `          link.rel = 'preload';`,
    `          link.setAttribute('as', 'image');`,
    `          link.setAttribute('fetchpriority', 'high');`,
    `          link.href = src;`,
    `          document.head.append(link);`,
    `        })`,
    `        .catch(() => {});`,
    `    const banners = screen[4] ? early[${JSON.stringify(`${plan.apiBase}${HOME_FIRST_REQUESTS.banner}`)}] : undefined;`,
    `    if (banners) {`,
    `      let chosen = null;`,
    `      window.${FIRST_BANNER_GLOBAL} = leadImage(banners, (data) => {`,
    `        const list = data?.bannerList;`,
    `        if (!Array.isArray(list) || list.length === 0) return null;`,
    `        const index = data.sorting === 'random' ? Math.floor(Math.random() * list.length) : 0;`,
    `        const cover = list[index]?.bannerCover;`,
    `        if (typeof cover === 'string') chosen = { index, cover };`,
    `        return cover;`,
    `      }).then(() => chosen);`,
    `    }`,
    `    const detail = screen[7] ? early[urls[0]] : undefined;`,
    `    if (detail)`,
    `      leadImage(detail, (data) => {`,
    `        if (screen[7] === 'market') return data?.market?.cover?.[0];`,
    `        const shown = (Array.isArray(data?.product) ? data.product : []).filter((product) => product?.useYN === true);`,
    `        let id = '';`,
    `        try {`,
    `          id = decodeURIComponent(location.hash.slice(1));`,
    `        } catch {}`,
    `        return (shown.find((product) => product._id === id) ?? shown[0])?.cover?.[0];`,
    `      });`,
    `  }`,
    `}`,
  ].join('\n');
}
