// subscribe: the buyer's subscriptions to sellers, and the sellers' subscriber counts kept in step.
import type { components } from '@creator-market/sdk/generated/api';
import { ApiFailure, badRequest, notFound } from '../http/failure';
import { pairKey, type Store, type SubscriptionRow } from '../world/store';
import { countSubscriber, pageAfter, sellerName, sellerProfileImage } from '../world/views';
import type { HandlerMap } from './types';
import { signedIn } from './types';

type Subscription = components['schemas']['Subscription'];

/** The account's subscriptions, newest first (ids start with their creation time, so the larger id is newer). */
function subscriptionsOf(store: Store, uid: string): Subscription[] {
  return store.subscriptions
    .by('owner', uid)
    .map((row) => row.subscription)
    .sort((a, b) => (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));
}

function knownSeller(store: Store, sellerId: string) {
  const seller = store.sellers.get(sellerId);
  if (!seller) throw notFound('작가님');
  return seller;
}

/** Moves the seller's public subscriber count by `delta`, never below 0. */

export const subscribeHandlers = {
  getSubscribedSellerIds({ user }, { world }) {
    return { data: subscriptionsOf(world.store, signedIn(user).uid).map((s) => s.sellerId) };
  },

  listSubscriptions({ user, query }, { world }) {
    const all = subscriptionsOf(world.store, signedIn(user).uid);
    return { data: pageAfter(all, (s) => s._id, query.offset) };
  },

  addSubscription({ user, body }, { world, now }) {
    const { store } = world;
    const uid = signedIn(user).uid;
    const seller = knownSeller(store, body.sellerId);
    // The app shows no subscribe button on one's own page; a direct call is refused the same way.
    if (seller._id === uid) throw new ApiFailure(400, 'bad-request', { message: '내 작가 페이지는 구독할 수 없어요.' });
    if (store.subscriptions.one('ownerSeller', pairKey(uid, seller._id))) throw badRequest('already-subscribed');

    const row: SubscriptionRow = {
      ownerUid: uid,
      subscription: {
        _id: store.newId(now),
        sellerId: seller._id,
        sellerPublicId: seller.publicId,
        sellerProfile: sellerProfileImage(seller),
        sellerName: sellerName(seller),
      },
    };
    store.subscriptions.insert(row);
    countSubscriber(store, seller._id, 1);
    return { data: row.subscription };
  },

  cancelSubscription({ user, body }, { world }) {
    const { store } = world;
    const uid = signedIn(user).uid;
    const seller = knownSeller(store, body.sellerId);
    const row = store.subscriptions.one('ownerSeller', pairKey(uid, seller._id));
    if (!row) throw badRequest('already-canceled');

    store.subscriptions.remove(row.subscription._id);
    countSubscriber(store, seller._id, -1);
    return { data: true as const };
  },
} satisfies Partial<HandlerMap>;
