// The route table of SPEC.md section 2, line for line with the sdk's ROUTES (paths and meta flags come
// from there; this file adds the screen of each route). Every screen is its own lazy chunk.
import { ROUTES, routeNamed, type RouteMeta, type RouteName } from '@creator-market/sdk/domain';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route } from 'wouter';

type Screen = LazyExoticComponent<ComponentType>;

export interface AppRoute {
  name: RouteName;
  /** wouter pattern; null for notFound (whatever nothing else matches). */
  path: string | null;
  meta: RouteMeta;
  Screen: Screen;
}

const NotFound = lazy(() => import('./screens/NotFound'));

function route(name: RouteName, Screen: Screen): AppRoute {
  const { path, meta } = routeNamed(name);
  return { name, path, meta, Screen };
}

export const APP_ROUTES: readonly AppRoute[] = [
  route('home', lazy(() => import('./screens/Home'))),
  route('auth', lazy(() => import('./screens/Login'))),
  route('profile', lazy(() => import('./screens/Profile'))),
  route('market', lazy(() => import('./screens/Market'))),
  route('product', lazy(() => import('./screens/Product'))),
  route('list', lazy(() => import('./screens/List'))),
  route('search', lazy(() => import('./screens/Search'))),
  route('search-result', lazy(() => import('./screens/SearchResult'))),
  route('my', lazy(() => import('./screens/My'))),
  route('editMyInfo', lazy(() => import('./screens/EditMyInfo'))),
  route('editAddr', lazy(() => import('./screens/EditAddress'))),
  route('cart', lazy(() => import('./screens/Cart'))),
  route('receipt', lazy(() => import('./screens/Receipt'))),
  route('pay', lazy(() => import('./screens/Receipt/Pay'))),
  route('editOrderInfo', lazy(() => import('./screens/Receipt/EditOrderInfo'))),
  route('editOrderAddr', lazy(() => import('./screens/Receipt/EditOrderAddr'))),
  route('message', lazy(() => import('./screens/Message'))),
  route('sellerPreview', lazy(() => import('./screens/SellerPreview'))),
  route('calendar', lazy(() => import('./screens/Calendar'))),
  route('subscribe', lazy(() => import('./screens/Subscribe'))),
  route('order', lazy(() => import('./screens/Order'))),
  route('orderDetail', lazy(() => import('./screens/OrderDetail'))),
  route('setting', lazy(() => import('./screens/Setting'))),
  route('download', lazy(() => import('./screens/Download'))),
  route('redirect', lazy(() => import('./screens/Redirect'))),
  route('notFound', NotFound),
];

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
