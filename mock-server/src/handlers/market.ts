// market: one market with its seller and all its products (the market and product screens).
import { notFound } from '../http/failure';
import { marketKey } from '../world/store';
import { publicProfile } from '../world/views';
import type { HandlerMap } from './types';

export const marketHandlers = {
  getMarket({ params }, { world }) {
    const { store } = world;
    const seller = store.sellers.one('publicId', params.sellerId);
    if (!seller) throw notFound('작가님');
    // `marketId` is the market's public number written in decimal ('012' is market 12); 0 means no market.
    const publicId = Number(params.marketId);
    const row = publicId === 0 ? undefined : store.markets.one('sellerMarket', marketKey(seller.publicId, publicId));
    if (!row || row.sellerUID !== seller._id || !row.market.public) throw notFound('마켓');
    // Every product, including those not on sale: the app hides them (SPEC.md section 5).
    const product = store.products.by('market', row.market._id).map((r) => r.product);
    return { data: { market: row.market, seller: publicProfile(seller), product } };
  },
} satisfies Partial<HandlerMap>;
