import { buildPath } from '@creator-market/sdk/domain';
import type { MarketEvent } from './openedMarkets';

/** The market screen of a market card (or banner): /m/{sellerPublicId}/{marketPublicId}. */
export function marketPath(event: Pick<MarketEvent, 'sellerPublicId' | 'marketPublicId'>): string {
  return buildPath('market', { sellerId: event.sellerPublicId, marketId: event.marketPublicId });
}
