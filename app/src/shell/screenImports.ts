// The lazy imports of every screen but home's and Not found's (routes.tsx keeps those two, which the start
// scripts render themselves). A chunk of its own: each import carries its chunk's file names (the screen's
// script and stylesheets, for Vite's preload helper), about 1 KB gzip the home route would otherwise load
// before its first render (docs/decisions/home-js-start-chunk.md). Loaded at the first other screen, or once
// the page is idle (preload.ts), and with the screen's chunk by index.html's early script (app/vite.config.ts).
import type { RouteName } from '@creator-market/sdk/domain';
import type { LoadChunk } from '../ui/lazyChunk';

/** The routes whose screen is imported from here. */
export type OtherRouteName = Exclude<RouteName, 'home' | 'notFound'>;

export const SCREEN_IMPORTS: Record<OtherRouteName, LoadChunk> = {
  auth: () => import('../screens/Login'),
  profile: () => import('../screens/Profile'),
  market: () => import('../screens/Market'),
  product: () => import('../screens/Product'),
  list: () => import('../screens/List'),
  search: () => import('../screens/Search'),
  'search-result': () => import('../screens/SearchResult'),
  my: () => import('../screens/My'),
  editMyInfo: () => import('../screens/EditMyInfo'),
  editAddr: () => import('../screens/EditAddress'),
  cart: () => import('../screens/Cart'),
  receipt: () => import('../screens/Receipt'),
  pay: () => import('../screens/Receipt/Pay'),
  editOrderInfo: () => import('../screens/Receipt/EditOrderInfo'),
  editOrderAddr: () => import('../screens/Receipt/EditOrderAddr'),
  message: () => import('../screens/Message'),
  sellerPreview: () => import('../screens/SellerPreview'),
  calendar: () => import('../screens/Calendar'),
  subscribe: () => import('../screens/Subscribe'),
  order: () => import('../screens/Order'),
  orderDetail: () => import('../screens/OrderDetail'),
  setting: () => import('../screens/Setting'),
  download: () => import('../screens/Download'),
  redirect: () => import('../screens/Redirect'),
};
