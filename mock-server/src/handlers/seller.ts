// seller: a seller's public profile, open and scheduled markets, and the profile's recommendations.
import type { components } from '@creator-market/sdk/generated/api';
import { notFound } from '../http/failure';
import { categoryBySubscribers } from '../world/home-lists';
import type { Store } from '../world/store';
import { byMarketStart, calendarEvent, compareIds, isOrderableOrScheduled, publicProfile, sellerSummary } from '../world/views';
import type { HandlerMap } from './types';

type CreatorProfile = components['schemas']['CreatorProfile'];

/** At most this many recommendations (our decision, in the operation's description). */
const RECOMMENDATIONS = 20;
/** Co-subscriptions are counted over this many of the seller's subscribers, so a popular seller costs the same. */
const FANS_SAMPLED = 200;

function sellerByPublicId(store: Store, publicId: string): CreatorProfile {
  const seller = store.sellers.one('publicId', publicId);
  if (!seller) throw notFound('작가님');
  return seller;
}

/** Sellers co-subscribed by the seller's subscribers, the most shared subscribers first. */
function coSubscribed(store: Store, seller: CreatorProfile): CreatorProfile[] {
  const shared = new Map<string, number>();
  for (const fan of store.subscriptions.by('seller', seller._id).slice(0, FANS_SAMPLED)) {
    for (const { subscription } of store.subscriptions.by('owner', fan.ownerUid)) {
      if (subscription.sellerId !== seller._id) shared.set(subscription.sellerId, (shared.get(subscription.sellerId) ?? 0) + 1);
    }
  }
  return [...shared]
    .map(([id, count]) => ({ profile: store.sellers.get(id), count }))
    .filter((s): s is { profile: CreatorProfile; count: number } => s.profile !== undefined)
    .sort((a, b) => b.count - a.count || b.profile.subscribe - a.profile.subscribe || compareIds(a.profile._id, b.profile._id))
    .slice(0, RECOMMENDATIONS)
    .map((s) => s.profile);
}

export const sellerHandlers = {
  getSeller({ params }, { world, now }) {
    return { data: publicProfile(sellerByPublicId(world.store, params.sellerPID), now) };
  },

  listSellerOpenedMarkets({ params }, { world, now }) {
    const { store } = world;
    const seller = sellerByPublicId(store, params.sellerPID);
    const markets = store.markets
      .by('seller', seller._id)
      .filter((row) => isOrderableOrScheduled(row, now))
      .sort(byMarketStart);
    return { data: markets.map((row) => calendarEvent(store, row)) };
  },

  listRecommendedSellers({ query }, { world }) {
    const { store } = world;
    const seller = sellerByPublicId(store, query.sellerPID);
    if (query.type === 'prs') return { data: coSubscribed(store, seller).map((s) => sellerSummary(s)) };

    // ctg: the first sellers of each shared category's subscriber ranking are enough to find the top ones.
    const candidates = new Map<string, CreatorProfile>();
    for (const category of seller.category) {
      let taken = 0;
      for (const other of categoryBySubscribers(world, category)) {
        if (taken === RECOMMENDATIONS) break;
        if (other._id === seller._id) continue;
        candidates.set(other._id, other);
        taken += 1;
      }
    }
    const ranked = [...candidates.values()].sort((a, b) => b.subscribe - a.subscribe || compareIds(a._id, b._id)).slice(0, RECOMMENDATIONS);
    return { data: ranked.map((s) => sellerSummary(s)) };
  },
} satisfies Partial<HandlerMap>;
