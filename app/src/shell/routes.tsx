// The route table of SPEC.md section 2, line for line with the sdk's ROUTES (paths and meta flags come
// from there; this file adds the screen of each route). Every screen is its own lazy chunk; the imports of
// all but home's and Not found's are a chunk of their own too (screenImports.ts).
import { matchRoute, ROUTES, routeNamed, type RouteMeta, type RouteName } from '@creator-market/sdk/domain';
import { Route } from 'wouter';
import { importOnce } from '../lib/importOnce';
import { lazyChunk, type LazyChunk } from '../ui/lazyChunk';
import type { OtherRouteName } from './screenImports';

/** A route of the table with its screen, a lazy chunk (its component, load and loaded). */
export interface AppRoute extends LazyChunk {
  name: RouteName;
  /** wouter pattern; null for notFound (whatever nothing else matches). */
  path: string | null;
  meta: RouteMeta;
}

const home = lazyChunk(() => import('../screens/Home'));
const notFound = lazyChunk(() => import('../screens/NotFound'));
const NotFound = notFound.Component;

/** The other screens' imports (screenImports.ts). */
export const loadScreenImports = importOnce(() => import('./screenImports'));

function route(name: RouteName, screen: LazyChunk): AppRoute {
  const { path, meta } = routeNamed(name);
  return { name, path, meta, ...screen };
}

/** A route whose screen is imported through screenImports.ts. */
function other(name: OtherRouteName): AppRoute {
  return route(
    name,
    lazyChunk(() => loadScreenImports().then(({ SCREEN_IMPORTS }) => SCREEN_IMPORTS[name]())),
  );
}

export const APP_ROUTES: readonly AppRoute[] = [
  route('home', home),
  other('auth'),
  other('profile'),
  other('market'),
  other('product'),
  other('list'),
  other('search'),
  other('search-result'),
  other('my'),
  other('editMyInfo'),
  other('editAddr'),
  other('cart'),
  other('receipt'),
  other('pay'),
  other('editOrderInfo'),
  other('editOrderAddr'),
  other('message'),
  other('sellerPreview'),
  other('calendar'),
  other('subscribe'),
  other('order'),
  other('orderDetail'),
  other('setting'),
  other('download'),
  other('redirect'),
  route('notFound', notFound),
];

const routeOf = (pathname: string) => {
  const { name } = matchRoute(pathname).route;
  return APP_ROUTES.find((entry) => entry.name === name);
};

/**
 * Fetches the screen of `pathname`: of the page being opened (main.tsx, before the first render) and of the
 * page navigated to (RouterView keeps the last page meanwhile). Resolves when it is there, or failed: a
 * failure shows when the router renders it.
 */
export async function loadScreen(pathname: string): Promise<void> {
  await routeOf(pathname)
    ?.load()
    .catch(() => undefined);
}

/** Whether the screen of `pathname` renders at once (its chunk loaded). */
export function screenLoaded(pathname: string): boolean {
  return routeOf(pathname)?.loaded() ?? false;
}

if (import.meta.env.DEV && APP_ROUTES.map((r) => r.name).join() !== ROUTES.map((r) => r.name).join()) {
  throw new Error('routes.tsx is out of step with the sdk route table');
}

export { NotFound as NotFoundScreen };

/**
 * The route table as wouter routes, for a `<Switch location>`: the first match wins, notFound (no path)
 * last. Screens read their params with wouter's useParams().
 */
export const ROUTE_ELEMENTS = APP_ROUTES.map((r) =>
  r.path === null ? <Route key={r.name} component={r.Component} /> : <Route key={r.name} path={r.path} component={r.Component} />,
);
