// What each of the home's lists below its first view asks for (SPEC.md section 7). A chunk of its own, with the
// API client it imports: homeData.ts loads it once the first view is shown, when the client is loaded anyway
// for these lists, so their requests wait for no more than they did (docs/decisions/home-js-start-chunk.md).
import { HOME_PREVIEW_MAX_ITEMS } from '@creator-market/sdk/domain';
import { api } from '../../api/client';
import { loadOpenedMarkets } from '../../components/market-card/loadOpenedMarkets';

export const BELOW_FOLD_LISTS = {
  topSellers: (signal: AbortSignal) => api.get('/common/v2/seller', { params: { query: { from: 'top' } }, signal }),
  newSellers: (signal: AbortSignal) => api.get('/common/v2/seller', { params: { query: { from: 'new' } }, signal }),
  markets: () => loadOpenedMarkets(),
  topCart: (signal: AbortSignal) => api.get('/common/v2/product', { params: { query: { from: 'topcart' } }, signal }),
  special: (signal: AbortSignal) => api.get('/common/v2/product', { params: { query: { from: 'special' } }, signal }),
  previews: async (signal: AbortSignal) => (await api.get('/common/v2/preview', { signal })).slice(0, HOME_PREVIEW_MAX_ITEMS),
  hotKeywords: (signal: AbortSignal) => api.get('/common/v2/search-keyword', { signal }),
  topSold: (signal: AbortSignal) => api.get('/common/v2/product', { params: { query: { from: 'topsold' } }, signal }),
  newProducts: (signal: AbortSignal) => api.get('/common/v2/new-product', { signal }),
  luckySellers: (signal: AbortSignal) => api.get('/common/v2/seller', { params: { query: { from: 'lucky' } }, signal }),
};

export type BelowFoldList = keyof typeof BELOW_FOLD_LISTS;
