// Finding data of the seeded mock world for a test through the API itself (no copy of the fixtures).
import { marketState, type MarketState } from '@creator-market/sdk/domain';
import { api } from '../api/client';
import type { MarketDetail } from '../components/market-detail/marketDetail';

/**
 * The first market (of sellers with an orderable or scheduled market, by their public numbers 1-10) whose
 * state and detail match; its seller id and public number are the route's params.
 */
export async function findMarket(
  state: MarketState,
  matches: (detail: MarketDetail) => boolean = () => true,
): Promise<{ detail: MarketDetail; sellerId: string; marketId: string }> {
  const sellers = [...new Set((await api.get('/common/v2/opened-market')).map((event) => event.sellerPublicId))];
  for (const sellerId of sellers.slice(0, 40)) {
    for (let number = 1; number <= 10; number += 1) {
      const marketId = String(number);
      let detail: MarketDetail;
      try {
        detail = await api.get('/common/market/get/{sellerId}/{marketId}', { params: { path: { sellerId, marketId } } });
      } catch {
        break; // the seller has no market with this number
      }
      if (marketState(detail.market, Date.now()) === state && matches(detail)) return { detail, sellerId, marketId };
    }
  }
  throw new Error(`no ${state} market matches`);
}
