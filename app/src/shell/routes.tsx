// The route table of SPEC.md section 2, line for line with the sdk's ROUTES (paths and meta flags come
// from there; this file adds the screen of each route). Every screen is its own lazy chunk.
import { matchRoute, ROUTES, routeNamed, type RouteMeta, type RouteName } from '@creator-market/sdk/domain';
import { Route } from 'wouter';
import { lazyScreen, type LoadScreen, type Screen } from './lazyScreen';

export interface AppRoute {
  name: RouteName;
  /** wouter pattern; null for notFound (whatever nothing else matches). */
  path: string | null;
  meta: RouteMeta;
  Screen: Screen;
  /** Fetches the screen's chunk without rendering it (the same import the lazy Screen makes). */
  load: LoadScreen;
}

const notFound = lazyScreen(() => import('../screens/NotFound'));
const NotFound = notFound.Screen;

function route(name: RouteName, importScreen: LoadScreen, screen = lazyScreen(importScreen)): AppRoute {
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

/**
 * Fetches the screen of the page being opened (main.tsx, before the first render), so that the router finds
 * it loaded. Resolves when it is there, or failed: a failure shows when the router imports it itself.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const { name } = matchRoute(pathname).route;
  await APP_ROUTES.find((entry) => entry.name === name)
    ?.load()
    .catch(() => undefined);
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
  r.path === null ? <Route key={r.name} component={r.Screen} /> : <Route key={r.name} path={r.path} component={r.Screen} />,
);
