// The route table of SPEC.md section 2 as data, and the rules around it: matching and building paths, the
// /my and /message type guard, legacy and host redirects, ext/ and /app prefixes, and the navigation guard
// (the /go short links are go-links.ts, the search path search.ts: the start scripts need neither).
// Patterns use ':name' for a segment, ':name?' for an optional last segment and '*' for the rest of the
// path (the syntax wouter understands).

export type BottomTab = 'home' | 'my' | 'cart';

export interface RouteMeta {
  requiresAuth: boolean;
  gradientBg: boolean;
  keepAlive: boolean;
  goToTop: boolean;
  bottomTab: BottomTab | null;
}

export interface RouteDefinition {
  name: string;
  /** null for notFound, which matches whatever no other route matches. */
  path: string | null;
  meta: RouteMeta;
}

const plain: RouteMeta = { requiresAuth: false, gradientBg: false, keepAlive: false, goToTop: false, bottomTab: null };
const signedIn: RouteMeta = { ...plain, requiresAuth: true };

/** The route table, line for line with the spec. */
export const ROUTES = [
  { name: 'home', path: '/', meta: { ...plain, gradientBg: true, keepAlive: true, goToTop: true, bottomTab: 'home' } },
  { name: 'auth', path: '/auth/:provider?', meta: plain },
  { name: 'profile', path: '/profile/:sellerId', meta: plain },
  { name: 'market', path: '/m/:sellerId/:marketId', meta: { ...plain, keepAlive: true } },
  // The product id travels as the URL hash.
  { name: 'product', path: '/p/:sellerId/:marketId', meta: plain },
  { name: 'list', path: '/list/:category/:typeId?', meta: { ...plain, keepAlive: true } },
  { name: 'search', path: '/search', meta: plain },
  // The search term travels as the query parameter 'term'.
  { name: 'search-result', path: '/search/result', meta: plain },
  { name: 'my', path: '/my/:type?', meta: { ...signedIn, bottomTab: 'my' } },
  { name: 'editMyInfo', path: '/edit/myinfo', meta: signedIn },
  // Optional query _id: the address being edited.
  { name: 'editAddr', path: '/edit/address', meta: signedIn },
  { name: 'cart', path: '/cart/:marketId?', meta: { ...signedIn, bottomTab: 'cart' } },
  { name: 'receipt', path: '/r/:publicId', meta: signedIn },
  { name: 'pay', path: '/r/:publicId/pay', meta: signedIn },
  { name: 'editOrderInfo', path: '/r/:publicId/info', meta: signedIn },
  { name: 'editOrderAddr', path: '/r/:publicId/addr', meta: signedIn },
  { name: 'message', path: '/message/:type?', meta: signedIn },
  { name: 'sellerPreview', path: '/promo/preview', meta: signedIn },
  { name: 'calendar', path: '/calendar', meta: signedIn },
  { name: 'subscribe', path: '/subscribe', meta: signedIn },
  { name: 'order', path: '/order', meta: signedIn },
  { name: 'orderDetail', path: '/order/:roomId', meta: signedIn },
  { name: 'setting', path: '/setting', meta: plain },
  { name: 'download', path: '/download', meta: plain },
  { name: 'redirect', path: '/go/*', meta: plain },
  { name: 'notFound', path: null, meta: plain },
] as const satisfies readonly RouteDefinition[];

export type RouteName = (typeof ROUTES)[number]['name'];
export type Route = (typeof ROUTES)[number];
export type RouteParams = Record<string, string>;

export interface RouteMatch {
  route: Route;
  params: RouteParams;
}

const routeByName = new Map<string, Route>(ROUTES.map((route) => [route.name, route]));

export function routeNamed(name: RouteName): Route {
  return routeByName.get(name) as Route;
}

function segmentsOf(path: string): string[] {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.replace(/^\//, '').split('/');
}

/** The names of a pattern's params, in order ('/m/:sellerId/:marketId' -> sellerId, marketId; '*' -> '*'). */
export function patternParams(pattern: string): string[] {
  return segmentsOf(pattern).flatMap((part) => (part === '*' ? ['*'] : part.startsWith(':') ? [part.slice(1).replace(/\?$/, '')] : []));
}

/**
 * The params of `pathname` under `pattern`, or null when it does not match (or holds a malformed escape).
 * The one matcher of the route table: matchRoute (the login guard, redirects) and the app's renderer
 * (wouter, through its `parser`) both decide with it.
 */
export function matchPattern(pattern: string, pathname: string): RouteParams | null {
  const expected = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  const params: RouteParams = {};
  try {
    for (const [index, part] of expected.entries()) {
      const segment = actual[index];
      if (part === '*') {
        params['*'] = actual.slice(index).join('/');
        return params;
      }
      if (part.startsWith(':') && part.endsWith('?')) {
        if (segment === undefined) continue;
        if (segment === '') return null;
        params[part.slice(1, -1)] = decodeURIComponent(segment);
      } else if (part.startsWith(':')) {
        if (!segment) return null;
        params[part.slice(1)] = decodeURIComponent(segment);
      } else if (segment !== part) {
        return null;
      }
    }
  } catch {
    return null; // a malformed percent escape is no page of ours
  }
  return actual.length <= expected.length ? params : null;
}

/** The route a pathname (without query or hash) shows; notFound when none matches. */
export function matchRoute(pathname: string): RouteMatch {
  for (const route of ROUTES) {
    if (route.path === null) continue;
    const params = matchPattern(route.path, pathname);
    if (params) return { route, params };
  }
  return { route: routeNamed('notFound'), params: {} };
}

export interface BuildPathOptions {
  query?: Record<string, string | number | null | undefined>;
  hash?: string | null;
}

/** The path of a route with its params (encoded), query and hash. Throws when a required param is missing. */
export function buildPath(
  name: RouteName,
  params: Record<string, string | number | null | undefined> = {},
  options: BuildPathOptions = {},
): string {
  const route = routeNamed(name);
  if (route.path === null) throw new Error('notFound has no path of its own');
  const parts: string[] = [];
  for (const part of segmentsOf(route.path)) {
    if (part === '*') {
      const rest = String(params['*'] ?? '').replace(/^\/+/, '');
      if (rest !== '') parts.push(rest);
      continue;
    }
    if (!part.startsWith(':')) {
      parts.push(part);
      continue;
    }
    const optional = part.endsWith('?');
    const key = optional ? part.slice(1, -1) : part.slice(1);
    const value = params[key];
    if (value === undefined || value === null || value === '') {
      if (optional) continue;
      throw new Error(`route ${name} needs the param ${key}`);
    }
    parts.push(encodeURIComponent(String(value)));
  }
  let path = `/${parts.join('/')}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const queryString = query.toString();
  if (queryString !== '') path += `?${queryString}`;
  if (options.hash) path += `#${encodeURIComponent(options.hash)}`;
  return path;
}

/** Path without its hash: the key scroll positions are saved under. */
export function scrollPositionKey(fullPath: string): string {
  const hashAt = fullPath.indexOf('#');
  return hashAt === -1 ? fullPath : fullPath.slice(0, hashAt);
}

// ---------------------------------------------------------------- guards and redirects

export const USER_TYPES = ['user', 'seller'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** /my and /message take only user or seller; anything else (or nothing) goes to the user type. */
export function userTypeRedirect(match: RouteMatch): string | null {
  if (match.route.name !== 'my' && match.route.name !== 'message') return null;
  const type = match.params.type;
  return type === 'user' || type === 'seller' ? null : buildPath(match.route.name, { type: 'user' });
}

/** Old addresses that still reach the app: /market?sellerId&marketId and /my/message?type. */
export function legacyRedirect(pathname: string, search: string | URLSearchParams = ''): string | null {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const path = pathname.replace(/\/+$/, '');
  if (path === '/market') {
    const sellerId = query.get('sellerId');
    const marketId = query.get('marketId');
    return sellerId && marketId ? buildPath('market', { sellerId, marketId }) : null;
  }
  if (path === '/my/message') return buildPath('message', { type: query.get('type') === 'seller' ? 'seller' : 'user' });
  return null;
}

export interface HostRules {
  /** The staging web-app host, redirected to the production host. */
  stagingHost: string;
  productionHost: string;
}

/** The address to go to instead when the host is a www host or the staging host; null when it is fine. */
export function hostRedirect(href: string, hosts: HostRules): string | null {
  const url = new URL(href);
  let host = url.host.replace(/^www\./, '');
  if (host === hosts.stagingHost) host = hosts.productionHost;
  if (host === url.host) return null;
  url.host = host;
  return url.toString();
}

export type NavigationTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string; newTab: true };

/** Where an in-app link goes: ext/ opens an https page in a new tab, a leading /app is dropped. */
export function navigationTarget(target: string): NavigationTarget {
  const external = /^\/?ext\/(.*)$/.exec(target);
  if (external) return { kind: 'external', url: `https://${(external[1] as string).replace(/^https?:\/\//, '')}`, newTab: true };
  return { kind: 'internal', path: stripAppPrefix(target) };
}

export function stripAppPrefix(path: string): string {
  if (!/^\/app(?=$|[/?#])/.test(path)) return path;
  const rest = path.slice('/app'.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The redirect a path needs before it is shown (legacy addresses, then the /my and /message type guard). */
export function routeRedirect(pathname: string, search: string | URLSearchParams = ''): string | null {
  return legacyRedirect(pathname, search) ?? userTypeRedirect(matchRoute(pathname));
}

/** On notFound, a path whose first part is 'app' offers to open the app; the web version is the rest. */
export function appOpenWebPath(pathname: string): string | null {
  const [first] = segmentsOf(pathname);
  return first === 'app' ? stripAppPrefix(pathname.replace(/^\/*/, '/')) : null;
}

export type NavigationDecision = { allowed: true } | { allowed: false; login: { redirectPath: string; direct: boolean } };

/** A signed-in-only route without a signed-in user is cancelled and the login flow opens, remembering the path. */
export function guardNavigation(input: {
  match: RouteMatch;
  signedIn: boolean;
  fullPath: string;
  firstNavigation: boolean;
}): NavigationDecision {
  if (!input.match.route.meta.requiresAuth || input.signedIn) return { allowed: true };
  return { allowed: false, login: { redirectPath: input.fullPath, direct: input.firstNavigation } };
}
