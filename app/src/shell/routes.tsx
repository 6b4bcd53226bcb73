// The route table of SPEC.md section 2, line for line with the sdk's ROUTES (paths and meta flags come
// from there; this file adds the screen of each route). Every screen is its own lazy chunk.
import { matchRoute, ROUTES, routeNamed, type RouteMeta, type RouteName } from '@creator-market/sdk/domain';
import { Route } from 'wouter';
import { lazyChunk, type LazyChunk, type LoadChunk } from '../ui/lazyChunk';

/** A route of the table with its screen, a lazy chunk (its component, load and loaded). */
export interface AppRoute extends LazyChunk {
  name: RouteName;
  /** wouter pattern; null for notFound (whatever nothing else matches). */
  path: string | null;
  meta: RouteMeta;
}

const notFound = lazyChunk(() => import('../screens/NotFound'));
const NotFound = notFound.Component;

function route(name: RouteName, importScreen: LoadChunk, screen: LazyChunk = lazyChunk(importScreen)): AppRoute {
  const { path, meta } = routeNamed(name);
  return { name, path, meta, ...screen };
}

export const APP_ROUTES: readonly AppRoute[] = [
  route('home', () => import('../screens/Home')),
  route('auth', () => import('../screens/Login')),
  route('profile', () => import('../screens/Profile')),
  route('market', () => import('../screens/Market')),
  route('product', () => import('../screens/Product')),
  route('list', () => import('../screens/List')),
  route('search', () => import('../screens/Search')),
  route('search-result', () => import('../screens/SearchResult')),
  route('my', () => import('../screens/My')),
  route('editMyInfo', () => import('../screens/EditMyInfo')),
  route('editAddr', () => import('../screens/EditAddress')),
  route('cart', () => import('../screens/Cart')),
  route('receipt', () => import('../screens/Receipt')),
  route('pay', () => import('../screens/Receipt/Pay')),
  route('editOrderInfo', () => import('../screens/Receipt/EditOrderInfo')),
  route('editOrderAddr', () => import('../screens/Receipt/EditOrderAddr')),
  route('message', () => import('../screens/Message')),
  route('sellerPreview', () => import('../screens/SellerPreview')),
  route('calendar', () => import('../screens/Calendar')),
  route('subscribe', () => import('../screens/Subscribe')),
  route('order', () => import('../screens/Order')),
  route('orderDetail', () => import('../screens/OrderDetail')),
  route('setting', () => import('../screens/Setting')),
  route('download', () => import('../screens/Download')),
  route('redirect', () => import('../screens/Redirect')),
  route('notFound', () => import('../screens/NotFound'), notFound),
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
