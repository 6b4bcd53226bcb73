// The page's screen starts loading before the start scripts have arrived. A small script in index.html
// (written by vite.config.ts from earlyRequestsScript below) runs as the page is parsed and asks for the
// chunk and stylesheets of the route's screen (the route table's patterns, first match as matchRoute), and
// on the home path for the two lists its first screen shows (banner carousel, seller categories) and the
// leading banner's image: on a slow link they come in parallel with the start scripts instead of one after
// another once those have run. The API client (api/client.ts) hands each early answer to the first call for
// the same address. Pure: no browser access when imported (vite.config.ts imports it in node).

/** The window property the early answers wait in: request URL -> the fetch started for it. */
export const EARLY_REQUESTS_GLOBAL = '__cmEarlyRequests';

/**
 * The window property naming the banner the early script chose to show first ({index, cover} in the list as
 * the server sent it) and whose image it already asked for: the banner image is the home's largest paint.
 * With `sorting: random` the choice is uniform, and homeData.ts shuffles the others behind it.
 */
export const FIRST_BANNER_GLOBAL = '__cmFirstBanner';

export interface FirstBanner {
  index: number;
  cover: string;
}

/**
 * The home's first-screen lists exactly as the API client asks for them (screens/Home/homeData.ts; its
 * test checks the two agree): guests may call both and the answers do not depend on who asks.
 */
export const HOME_FIRST_SCREEN_REQUESTS = ['/common/v2/banner?from=top', '/common/v2/seller-ctg?flag=news'] as const;
const BANNER_REQUEST = HOME_FIRST_SCREEN_REQUESTS[0];

/**
 * localStorage keys that make the app's calls differ from a bare request (the identity token, a pinned mock
 * world): with either stored no early request is made (stores/session.ts TOKEN_STORAGE_KEY and
 * api/client.ts MOCK_WORLD_STORAGE_KEY; earlyRequests.test.ts checks they agree).
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
  /** The home: its first screen's lists and leading banner image are asked for too. */
  home: boolean;
}

export interface EarlyRequestsPlan {
  /** In the route table's order: the first match is the page's route (as matchRoute decides). */
  screens: readonly EarlyScreen[];
  /** The API base the lists are asked from; null: no early requests (the in-browser mock answers later). */
  apiBase: string | null;
}

/**
 * A route pattern (':name', ':name?' last, '*' rest; sdk routing.ts matchPattern) as a regular expression
 * source over a pathname; trailing slashes are ignored as there.
 */
export function patternRegex(pattern: string): string {
  const parts = pattern
    .replace(/\/+$/, '')
    .replace(/^\//, '')
    .split('/')
    .filter((part) => part !== '');
  const body = parts
    .map((part) => {
      if (part === '*') return '(?:/.*)?';
      if (part.startsWith(':')) return part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return `^${body}/*$`;
}

/** The source of index.html's early script (a classic script: it runs while the page is parsed). */
export function earlyRequestsScript(plan: EarlyRequestsPlan): string {
  const screens = plan.screens.map((screen) => [screen.pattern, screen.scripts, screen.stylesheets, screen.requiresAuth, screen.home]);
  const urls = plan.apiBase === null ? [] : HOME_FIRST_SCREEN_REQUESTS.map((path) => `${plan.apiBase}${path}`);
  const [tokenKey, worldKey] = EARLY_REQUEST_SKIP_KEYS;
  return [
    `{`,
    `  let token = false;`,
    `  let bare = true;`,
    `  try {`,
    `    token = localStorage.getItem(${JSON.stringify(tokenKey)}) !== null;`,
    `    bare = !token && localStorage.getItem(${JSON.stringify(worldKey)}) === null;`,
    `  } catch {}`,
    `  const screen = ${JSON.stringify(screens)}.find(([pattern]) => new RegExp(pattern).test(location.pathname));`,
    `  if (screen && (token || !screen[3])) {`,
    `    for (const [rel, href, as] of [...screen[1].map((href) => ['modulepreload', href, '']), ...screen[2].map((href) => ['preload', href, 'style'])]) {`,
    `      const link = document.createElement('link');`,
    `      link.rel = rel;`,
    `      link.href = href;`,
    `      if (as) link.setAttribute('as', as);`,
    `      link.setAttribute('crossorigin', '');`,
    `      document.head.append(link);`,
    `    }`,
    `  }`,
    `  if (screen && screen[4] && bare) {`,
    `    const early = Object.fromEntries(`,
    `      ${JSON.stringify(urls)}.map((url) => {`,
    `        const answer = fetch(url);`,
    `        answer.catch(() => {}); // the call that takes it sees the failure (and asks again)`,
    `        return [url, answer];`,
    `      }),`,
    `    );`,
    `    window.${EARLY_REQUESTS_GLOBAL} = early;`,
    `    const banners = early[${JSON.stringify(`${plan.apiBase}${BANNER_REQUEST}`)}];`,
    `    if (banners) {`,
    `      banners`,
    `        .then((answer) => (answer.ok ? answer.clone().json() : null))`,
    `        .then((body) => {`,
    `          const list = body?.data?.bannerList;`,
    `          if (!Array.isArray(list) || list.length === 0) return;`,
    `          const index = body.data.sorting === 'random' ? Math.floor(Math.random() * list.length) : 0;`,
    `          const cover = list[index]?.bannerCover;`,
    `          if (typeof cover !== 'string') return;`,
    `          // As lib/media/imageUrl.ts makes it: API paths on the API host, absolute addresses as they are.`,
    `          const src = /^\\/(?!\\/)/.test(cover) ? ${JSON.stringify(plan.apiBase ?? '')} + cover : /^https?:/i.test(cover) ? cover : null;`,
    `          if (src === null) return;`,
    `          window.${FIRST_BANNER_GLOBAL} = { index, cover };`,
    `          const link = document.createElement('link');`,
    `          link.rel = 'preload';`,
    `          link.setAttribute('as', 'image');`,
    `          link.setAttribute('fetchpriority', 'high');`,
    `          link.href = src;`,
    `          document.head.append(link);`,
    `        })`,
    `        .catch(() => {});`,
    `    }`,
    `  }`,
    `}`,
  ].join('\n');
}
