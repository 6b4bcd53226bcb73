// subscribe: the buyer's subscriptions and the sellers' subscriber counts, against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonaId } from '@creator-market/fixtures';
import { errorCode, startTestServer, type TestServer, errorMessage } from './support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const BUYER_UID = '65f0c0de0000000000000001';
const NO_SUCH_SELLER = 'ffffffffffffffffffffffff';

/** A fresh, isolated world for one test, and calls into it as a persona (null = guest). */
function freshWorld() {
  const { name, headers, world } = server.freshWorld('subscribe');
  const as = (persona: PersonaId | null) => {
    const token = persona ? server.token(persona, name) : null;
    return {
      get: <P extends string>(path: P, query?: Record<string, string>) => server.call('GET', path, { token, headers, query }),
      post: <P extends string>(path: P, body: unknown) => server.call('POST', path, { token, headers, body }),
    };
  };
  const store = world.store;
  /** Sellers the account does not subscribe to, in a stable order. */
  const unsubscribedSellers = (uid: string) => {
    const subscribed = new Set(store.subscriptions.by('owner', uid).map((r) => r.subscription.sellerId));
    return [...store.sellers.all()].filter((s) => !subscribed.has(s._id) && s._id !== uid);
  };
  const subscriberCount = (sellerId: string) => store.sellers.get(sellerId)?.subscribe;
  return { store, as, unsubscribedSellers, subscriberCount };
}

describe('getSubscribedSellerIds', () => {
  it('lists the ids of every seller the buyer subscribes to, newest subscription first', async () => {
    const { store, as } = freshWorld();
    const res = await as('buyer').get('/subscribe/getsubscriberlist');
    expect(res.status).toBe(200);
    const expected = store.subscriptions
      .by('owner', BUYER_UID)
      .map((r) => r.subscription)
      .sort((a, b) => (a._id < b._id ? 1 : -1))
      .map((s) => s.sellerId);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.body.data).toEqual(expected);
  });

  it('is empty for an account without subscriptions', async () => {
    const { as } = freshWorld();
    const res = await as('buyer-new').get('/subscribe/getsubscriberlist');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('is 401 for a guest', async () => {
    const { as } = freshWorld();
    const res = await as(null).get('/subscribe/getsubscriberlist');
    expect(res.status).toBe(401);
    expect(errorCode(res.body)).toBe('unauthorized');
  });
});

describe('listSubscriptions', () => {
  it('pages 20 at a time, newest first, with offset and flag=before, and ends with an empty page', async () => {
    const { as, unsubscribedSellers } = freshWorld();
    const buyer = as('buyer-new');
    const sellers = unsubscribedSellers('65f0c0de0000000000000002').slice(0, 25);
    expect(sellers).toHaveLength(25);
    for (const seller of sellers) expect((await buyer.post('/subscribe/add', { sellerId: seller._id })).status).toBe(200);

    const first = await buyer.get('/subscribe/list');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    const newestFirst = [...sellers].reverse();
    expect(first.body.data.map((s: { sellerId: string }) => s.sellerId)).toEqual(newestFirst.slice(0, 20).map((s) => s._id));
    expect(first.body.data[0]).toMatchObject({ sellerPublicId: newestFirst[0]!.publicId, sellerName: newestFirst[0]!.info.name });

    const second = await buyer.get('/subscribe/list', { offset: first.body.data[19]!._id, flag: 'before' });
    expect(second.body.data.map((s: { sellerId: string }) => s.sellerId)).toEqual(newestFirst.slice(20).map((s) => s._id));

    const end = await buyer.get('/subscribe/list', { offset: second.body.data[4]!._id, flag: 'before' });
    expect(end.body.data).toEqual([]);
  });

  it('rejects an unknown flag', async () => {
    const { as } = freshWorld();
    const res = await as('buyer').get('/subscribe/list', { flag: 'after' });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });

  it('is 401 for a guest', async () => {
    const { as } = freshWorld();
    expect((await as(null).get('/subscribe/list')).status).toBe(401);
  });
});

describe('addSubscription', () => {
  it('subscribes, lists the seller first and adds one to its subscriber count', async () => {
    const { as, unsubscribedSellers, subscriberCount } = freshWorld();
    const buyer = as('buyer');
    const seller = unsubscribedSellers(BUYER_UID)[0]!;
    const countBefore = subscriberCount(seller._id)!;

    const res = await buyer.post('/subscribe/add', { sellerId: seller._id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      sellerId: seller._id,
      sellerPublicId: seller.publicId,
      sellerName: seller.info.name,
      sellerProfile: seller.info.profile,
    });

    expect((await buyer.get('/subscribe/getsubscriberlist')).body.data[0]).toBe(seller._id);
    expect((await buyer.get('/subscribe/list')).body.data[0]).toEqual(res.body.data);
    expect(subscriberCount(seller._id)).toBe(countBefore + 1);
  });

  it('refuses a seller subscribing to themself (bad-request), and nothing changes', async () => {
    const { as, store, subscriberCount } = freshWorld();
    const seller = store.accounts.one('persona', 'seller')!;
    const count = subscriberCount(seller.uid);
    const res = await as('seller').post('/subscribe/add', { sellerId: seller.uid });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
    expect(errorMessage(res.body)).toBe('내 작가 페이지는 구독할 수 없어요.');
    expect(subscriberCount(seller.uid)).toBe(count);
    expect((await as('seller').get('/subscribe/getsubscriberlist')).body.data).not.toContain(seller.uid);
  });

  it('is already-subscribed the second time, and nothing changes', async () => {
    const { as, unsubscribedSellers, subscriberCount } = freshWorld();
    const buyer = as('buyer');
    const seller = unsubscribedSellers(BUYER_UID)[0]!;
    await buyer.post('/subscribe/add', { sellerId: seller._id });
    const count = subscriberCount(seller._id);
    const ids = (await buyer.get('/subscribe/getsubscriberlist')).body.data;

    const again = await buyer.post('/subscribe/add', { sellerId: seller._id });
    expect(again.status).toBe(400);
    expect(errorCode(again.body)).toBe('already-subscribed');
    expect(subscriberCount(seller._id)).toBe(count);
    expect((await buyer.get('/subscribe/getsubscriberlist')).body.data).toEqual(ids);
  });

  it('is 404 for an unknown seller', async () => {
    const { as } = freshWorld();
    const res = await as('buyer').post('/subscribe/add', { sellerId: NO_SUCH_SELLER });
    expect(res.status).toBe(404);
    expect(errorCode(res.body)).toBe('not-found');
  });

  it('rejects a seller publicId in place of its uid', async () => {
    const { as } = freshWorld();
    const res = await as('buyer').post('/subscribe/add', { sellerId: 'mallang_studio' });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });

  it('is 401 for a guest', async () => {
    const { as, unsubscribedSellers } = freshWorld();
    const res = await as(null).post('/subscribe/add', { sellerId: unsubscribedSellers(BUYER_UID)[0]!._id });
    expect(res.status).toBe(401);
  });
});

describe('cancelSubscription', () => {
  it('ends the subscription and takes one from the subscriber count', async () => {
    const { store, as, subscriberCount } = freshWorld();
    const buyer = as('buyer');
    const sellerId = store.subscriptions.by('owner', BUYER_UID)[0]!.subscription.sellerId;
    const countBefore = subscriberCount(sellerId)!;

    const res = await buyer.post('/subscribe/cancel', { sellerId });
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(true);
    expect((await buyer.get('/subscribe/getsubscriberlist')).body.data).not.toContain(sellerId);
    expect((await buyer.get('/subscribe/list')).body.data.map((s: { sellerId: string }) => s.sellerId)).not.toContain(sellerId);
    expect(subscriberCount(sellerId)).toBe(countBefore - 1);
  });

  it('is already-canceled when not subscribed, and nothing changes', async () => {
    const { as, unsubscribedSellers, subscriberCount } = freshWorld();
    const buyer = as('buyer');
    const seller = unsubscribedSellers(BUYER_UID)[0]!;
    const count = subscriberCount(seller._id);
    const res = await buyer.post('/subscribe/cancel', { sellerId: seller._id });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('already-canceled');
    expect(subscriberCount(seller._id)).toBe(count);
  });

  it('is already-canceled the second time', async () => {
    const { store, as } = freshWorld();
    const buyer = as('buyer');
    const sellerId = store.subscriptions.by('owner', BUYER_UID)[0]!.subscription.sellerId;
    expect((await buyer.post('/subscribe/cancel', { sellerId })).status).toBe(200);
    const again = await buyer.post('/subscribe/cancel', { sellerId });
    expect(again.status).toBe(400);
    expect(errorCode(again.body)).toBe('already-canceled');
  });

  it('is 404 for an unknown seller', async () => {
    const { as } = freshWorld();
    const res = await as('buyer').post('/subscribe/cancel', { sellerId: NO_SUCH_SELLER });
    expect(res.status).toBe(404);
    expect(errorCode(res.body)).toBe('not-found');
  });

  it('is 401 for a guest', async () => {
    const { store, as } = freshWorld();
    const sellerId = store.subscriptions.by('owner', BUYER_UID)[0]!.subscription.sellerId;
    expect((await as(null).post('/subscribe/cancel', { sellerId })).status).toBe(401);
  });
});
