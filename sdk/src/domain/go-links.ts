// The /go short links of SPEC.md section 2: where a /go link leads, and the share link the app makes for a
// page. Apart from routing.ts because only the /go page and the share buttons use them, not the start scripts.
import { TIMING } from './constants.js';
import { buildPath, type RouteParams } from './routing.js';

/** The app's own URL scheme ({product}: in the spec). */
export const APP_URL_SCHEME = 'creatormarket';

export type GoLinkTarget =
  | { page: 'profile'; sellerId: string }
  | { page: 'market'; sellerId: string; marketId: string | number }
  | { page: 'product'; sellerId: string; marketId: string | number; productId: string }
  | { page: 'receipt'; publicId: string };

export type GoDestination =
  | { kind: 'route'; name: 'home' | 'profile' | 'market' | 'product' | 'receipt'; params: RouteParams; hash?: string; path: string }
  | { kind: 'external'; url: string }
  /** Opens the app by its scheme; if the page is still here after `delayMs`, go to `fallbackPath`. */
  | { kind: 'app-scheme'; url: string; fallbackPath: string; delayMs: number };

function routeDestination(name: 'home' | 'profile' | 'market' | 'product' | 'receipt', params: RouteParams, hash?: string): GoDestination {
  return { kind: 'route', name, params, ...(hash === undefined ? {} : { hash }), path: buildPath(name, params, { hash: hash ?? null }) };
}

/**
 * Where a /go link leads. `rest` is what follows '/go/' (query and hash may follow). https:, http: and the
 * app scheme lead outside; otherwise by the number of parts: 1 profile, 2 receipt (first part r) or market,
 * 3 product (third part as hash), anything else home.
 */
export function parseGoPath(rest: string, appScheme: string = APP_URL_SCHEME): GoDestination {
  const trimmed = rest.replace(/^\/+/, '');
  const first = (trimmed.split('/')[0] ?? '').toLowerCase();
  if (first === 'https:' || first === 'http:') return { kind: 'external', url: trimmed };
  if (first === `${appScheme.toLowerCase()}:`) {
    const remaining = trimmed.slice(first.length).replace(/^\/+/, '');
    const fallbackPath = remaining === '' || remaining.startsWith('ext/') ? '/' : `/${remaining}`;
    return { kind: 'app-scheme', url: trimmed, fallbackPath, delayMs: TIMING.redirectDelayMs };
  }
  try {
    const parts = trimmed
      .split(/[?#]/, 1)[0]!
      .split('/')
      .filter((part) => part !== '')
      .map((part) => decodeURIComponent(part));
    const [a, b, c] = parts as [string, string, string];
    if (parts.length === 1) return routeDestination('profile', { sellerId: a });
    if (parts.length === 2)
      return a === 'r' ? routeDestination('receipt', { publicId: b }) : routeDestination('market', { sellerId: a, marketId: b });
    if (parts.length === 3) return routeDestination('product', { sellerId: a, marketId: b }, c);
  } catch {
    // a malformed escape (or text that cannot be a URL) is no page of ours
  }
  return routeDestination('home', {});
}

function directPath(target: GoLinkTarget): string {
  switch (target.page) {
    case 'profile':
      return buildPath('profile', { sellerId: target.sellerId });
    case 'market':
      return buildPath('market', { sellerId: target.sellerId, marketId: target.marketId });
    case 'product':
      return buildPath('product', { sellerId: target.sellerId, marketId: target.marketId }, { hash: target.productId });
    case 'receipt':
      return buildPath('receipt', { publicId: target.publicId });
  }
}

/**
 * The share link the app makes for a page: {origin}/go/... When the short form would read back as another
 * page (a seller whose id is 'r' looks like a receipt), the page's own path is used instead.
 */
export function goLink(target: GoLinkTarget, origin = ''): string {
  const direct = directPath(target);
  const ids =
    target.page === 'receipt'
      ? ['r', target.publicId]
      : target.page === 'profile'
        ? [target.sellerId]
        : target.page === 'market'
          ? [target.sellerId, String(target.marketId)]
          : [target.sellerId, String(target.marketId), target.productId];
  const rest = ids.map((id) => encodeURIComponent(id)).join('/');
  const readBack = parseGoPath(rest);
  const short = readBack.kind === 'route' && readBack.path === direct ? `/go/${rest}` : direct;
  return `${origin}${short}`;
}
