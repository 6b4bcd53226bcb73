// Each route's screen module, by route name, as a path below src/: the route table of module ids the build
// reads (app/vite.config.ts finds each screen's chunk by it for index.html's early script). The router's lazy
// imports are in routes.tsx and screenImports.ts, which must name the same modules: screenModules.test.ts
// loads both and checks.
import type { RouteName } from '@creator-market/sdk/domain';

export const SCREEN_MODULES = {
  home: 'screens/Home/index.tsx',
  auth: 'screens/Login/index.tsx',
  profile: 'screens/Profile/index.tsx',
  market: 'screens/Market/index.tsx',
  product: 'screens/Product/index.tsx',
  list: 'screens/List/index.tsx',
  search: 'screens/Search/index.tsx',
  'search-result': 'screens/SearchResult/index.tsx',
  my: 'screens/My/index.tsx',
  editMyInfo: 'screens/EditMyInfo/index.tsx',
  editAddr: 'screens/EditAddress/index.tsx',
  cart: 'screens/Cart/index.tsx',
  receipt: 'screens/Receipt/index.tsx',
  pay: 'screens/Receipt/Pay.tsx',
  editOrderInfo: 'screens/Receipt/EditOrderInfo.tsx',
  editOrderAddr: 'screens/Receipt/EditOrderAddr.tsx',
  message: 'screens/Message/index.tsx',
  sellerPreview: 'screens/SellerPreview/index.tsx',
  calendar: 'screens/Calendar/index.tsx',
  subscribe: 'screens/Subscribe/index.tsx',
  order: 'screens/Order/index.tsx',
  orderDetail: 'screens/OrderDetail/index.tsx',
  setting: 'screens/Setting/index.tsx',
  download: 'screens/Download/index.tsx',
  redirect: 'screens/Redirect/index.tsx',
  notFound: 'screens/NotFound/index.tsx',
} as const satisfies Record<RouteName, string>;
