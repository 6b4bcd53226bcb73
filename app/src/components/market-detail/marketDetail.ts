// The market detail (GET /common/market/get/{sellerId}/{marketId}) shared by the market and product screens:
// the last 10 markets are kept briefly (SPEC.md section 9, market detail history cache 10), so going from a
// market to its products and back does not wait for the network again.
import type { Schemas } from '@creator-market/sdk';
import { MARKET_DETAIL_HISTORY_CACHE } from '@creator-market/sdk/domain';
import { api } from '../../api/client';

export type MarketDetail = Schemas['MarketDetail'];
export type Market = Schemas['Market'];
export type Product = Schemas['Product'];

/** How long a kept answer is used without asking again (stock changes; the server checks it anyway). */
const FRESH_MS = 60_000;
const kept = new Map<string, { at: number; request: Promise<MarketDetail> }>();

export function loadMarketDetail(sellerId: string, marketId: string): Promise<MarketDetail> {
  const key = `${sellerId}/${marketId}`;
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < FRESH_MS) {
    kept.delete(key);
    kept.set(key, hit); // most recently used last
    return hit.request;
  }
  const request = api.get('/common/market/get/{sellerId}/{marketId}', { params: { path: { sellerId, marketId } } });
  kept.set(key, { at: Date.now(), request });
  request.catch(() => {
    if (kept.get(key)?.request === request) kept.delete(key);
  });
  while (kept.size > MARKET_DETAIL_HISTORY_CACHE) kept.delete(kept.keys().next().value as string);
  return request;
}

export function forgetMarketDetails(): void {
  kept.clear();
}
