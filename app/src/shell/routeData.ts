// What a tap starts (the listeners are shell/preload.ts): on the link a finger comes down on, the screen's
// chunk; on the navigation, the chunk and the screen's first data, in parallel, rather than the data once the
// chunk has come and the screen has rendered and run its effects. Data waits for the navigation because a
// finger that scrolls also comes down on links first; a chunk asked for in vain costs nothing the browser does
// not keep.
// Each line makes exactly the call the screen makes first (routeData.test.tsx renders each screen after its
// line ran and checks the screen asked for nothing of it again): the screens' shared loaders where they have
// one, else the same api.get marked PREFETCH, whose answer the screen's call then takes (api/prefetch.ts).
// Only what the screen shows first: lists below the fold and later pages wait for the screen.
import { matchRoute, normalizeSearchTerm, type RouteName } from '@creator-market/sdk/domain';
import { api } from '../api/client';
import { PREFETCH } from '../api/prefetch';
import { loadOpenedMarkets } from '../components/market-card/loadOpenedMarkets';
import { loadMarketDetail } from '../components/market-detail/marketDetail';
import { appPathname, ROUTER_BASE } from '../config/appBase';
import { isListCategory, LIST_CONFIG, PRODUCT_SOURCE, SELLER_SOURCE, shownSellerCategory } from '../screens/List/listConfig';
import { session } from '../stores/session';
import { keptPages } from './keptPages';
import { APP_ROUTES } from './routes';

type Params = Readonly<Record<string, string | undefined>>;
type FirstData = (params: Params, query: URLSearchParams) => Promise<unknown>[];

/** An order room's id as the order detail screen accepts it (any other shows Not found, asking nothing). */
const ROOM_ID = /^[0-9a-f]{24}$/;

const openedMarkets = (sellerPID: string) =>
  api.get('/common/v2/seller/opened-market/{sellerPID}', { params: { path: { sellerPID } }, ...PREFETCH });

const marketAndSeller: FirstData = ({ sellerId = '', marketId = '' }) => [loadMarketDetail(sellerId, marketId), openedMarkets(sellerId)];

/** The first page of each list (screens/List): the one request its body makes at mount. */
const listFirstPage: FirstData = ({ category, typeId }) => {
  if (!isListCategory(category)) return [];
  const { shape } = LIST_CONFIG[category];
  if (shape === 'category') {
    const query = { category: shownSellerCategory(typeId) };
    return [
      api.get('/common/v2/seller-ctg', { params: { query: { flag: 'news' } }, ...PREFETCH }),
      api.get('/common/v2/seller-ctg', { params: { query }, ...PREFETCH }),
    ];
  }
  if (shape === 'sellers')
    return [api.get('/common/v2/seller', { params: { query: { from: SELLER_SOURCE[category] ?? 'top' } }, ...PREFETCH })];
  if (shape === 'products') {
    const from = PRODUCT_SOURCE[category];
    return [
      from
        ? api.get('/common/v2/product', { params: { query: { from } }, ...PREFETCH })
        : api.get('/common/v2/new-product', { params: { query: {} }, ...PREFETCH }),
    ];
  }
  if (shape === 'previews') return [api.get('/common/v2/preview', { params: { query: {} }, ...PREFETCH })];
  return [loadOpenedMarkets()];
};

export const ROUTE_DATA: Partial<Record<RouteName, FirstData>> = {
  home: () => [
    api.get('/common/v2/banner', { params: { query: { from: 'top' } }, ...PREFETCH }),
    api.get('/common/v2/seller-ctg', { params: { query: { flag: 'news' } }, ...PREFETCH }),
  ],
  market: marketAndSeller,
  product: marketAndSeller,
  // The seller, and the open markets below the header (the section waits for the seller otherwise).
  profile: ({ sellerId = '' }) => [
    api.get('/common/v2/seller/{sellerPID}', { params: { path: { sellerPID: sellerId } }, ...PREFETCH }),
    openedMarkets(sellerId),
  ],
  list: listFirstPage,
  search: () => [
    api.get('/common/v2/search-keyword', PREFETCH),
    api.get('/common/v2/product', { params: { query: { from: 'lucky' } }, ...PREFETCH }),
  ],
  'search-result': (_, query) => {
    const keyword = normalizeSearchTerm(query.get('term'));
    if (keyword === null) return [];
    return [
      api.get('/common/v2/search-seller', { params: { query: { keyword, page: 1 } }, ...PREFETCH }),
      api.get('/common/v2/search-product', { params: { query: { keyword, page: 1 } }, ...PREFETCH }),
    ];
  },
  my: ({ type }) =>
    type === 'seller'
      ? []
      : [
          loadOpenedMarkets(),
          api.get('/address/get-primary', PREFETCH),
          // notificationPage({ type: 'user' }) (features/notification/notifications.ts, not a start module).
          api.get('/notification/message', { params: { query: { msgCategory: 'buyer', msgType: 'all' } }, ...PREFETCH }),
          api.get('/room', PREFETCH),
        ],
  // The cart's own loader (the whole cart the first time, else only the entries marked stale), from the
  // screen's chunk the tap fetches anyway: imported here, its store and rules would add ~30 KB to this chunk.
  cart: () => [import('../screens/Cart').then(({ prepareCart }) => prepareCart(session.me?.user.uid ?? null))],
  calendar: () => [loadOpenedMarkets(), api.get('/subscribe/list', { params: { query: {} }, ...PREFETCH })],
  order: () => [api.get('/room', { params: { query: {} }, ...PREFETCH })],
  orderDetail: ({ roomId = '' }) =>
    ROOM_ID.test(roomId) ? [api.get('/room/info/{roomId}', { params: { path: { roomId } }, ...PREFETCH })] : [],
};

/**
 * Starts loading the screen of `url` (an address of the app) and, with `data`, its first data; resolves when
 * all of it has settled (tests). No data for a kept page (it is on screen already), nor for a signed-in
 * route without a token (the login opens instead). A failure shows when the screen asks itself (the chunk:
 * the error boundary; the data: the screen's error).
 */
export async function preloadRoute(url: URL, { data }: { data: boolean }): Promise<void> {
  const pathname = appPathname(url.pathname);
  const { route, params } = matchRoute(pathname);
  const work: Promise<unknown>[] = [APP_ROUTES.find((entry) => entry.name === route.name)?.load() ?? Promise.resolve()];
  const wanted = data && !keptPages.has(`${pathname}${url.search}`) && (!route.meta.requiresAuth || session.token !== null);
  if (wanted) work.push(...(ROUTE_DATA[route.name]?.(params, url.searchParams) ?? []));
  await Promise.allSettled(work);
}

/** A finger or button down: the chunk of the in-app link under it (not another site, a new tab, a download). */
export function pointerDown(event: Event): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
  const url = new URL(link.href);
  const inApp = url.origin === window.location.origin && (url.pathname === ROUTER_BASE || url.pathname.startsWith(`${ROUTER_BASE}/`));
  if (inApp) void preloadRoute(url, { data: false });
}

/** The app has navigated: the new page's chunk and first data. */
export function navigated(): void {
  void preloadRoute(new URL(window.location.href), { data: true });
}
