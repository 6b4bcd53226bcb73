// New worlds (X-Mock-World): copy-on-write over the records of a live world of the same seed and start, or,
// when none is left to share, generated in slices (the server answers other clients meanwhile); a name
// asked for twice at once is made once, and one client may make only so many worlds a minute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedMarkets, productSearch, sellerSearch, topSellers } from '../src/world/home-lists';
import { World } from '../src/world/world';
import { WorldRegistry } from '../src/world/registry';
import { startTestServer, TEST_NOW, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ maxNewWorldsPerMinute: 6, maxWorlds: 32 });
});
afterAll(() => srv.close());

const OPENED = '/common/v2/opened-market';

describe('making a world', () => {
  it('generated, does not hold the server: a request to the default world, sent after, is answered first', async () => {
    // The default world restored from a file (as with --state) shares no records: the first named world's
    // records are generated (seed 4711 at this start: no other world of this process has them).
    const restored = World.create({ name: 'default', seed: 4710, scale: 0.2, startAt: TEST_NOW }).snapshot();
    const fresh = await startTestServer({
      worlds: new WorldRegistry({ seed: 4711, scale: 0.2, startAt: TEST_NOW, restoreDefault: () => restored }),
    });
    try {
      const order: string[] = [];
      const making = fresh.call('GET', OPENED, { headers: { 'X-Mock-World': 'slices-1' } }).then((res) => {
        order.push('new world');
        return res;
      });
      // Sent once the new world's request is under way (the server has started making the world).
      await new Promise((resolve) => setTimeout(resolve, 5));
      const other = fresh.call('GET', OPENED).then((res) => {
        order.push('default world');
        return res;
      });
      const [made, answered] = await Promise.all([making, other]);
      expect(made.status).toBe(200);
      expect(made.headers.get('x-mock-world-status')).toBe('created');
      expect(answered.status).toBe(200);
      expect(order).toEqual(['default world', 'new world']);
    } finally {
      await fresh.close();
    }
  });

  it('shares the records and indexes of a live world of its seed and start: fifty new worlds add no records of their own', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `cow-${i}`);
    const big = await startTestServer({ maxWorlds: 64, maxNewWorldsPerMinute: 64 });
    try {
      for (const name of names) expect((await big.call('GET', OPENED, { headers: { 'X-Mock-World': name } })).status).toBe(200);
      const home = big.mock.worlds.defaultWorld.store;
      const [product] = [...home.products.all()];
      if (!product) throw new Error('the seeded world has no products');
      for (const name of names) {
        const store = big.mock.worlds.fromRequest(name).store;
        expect(store.products.get(product.product._id)).toBe(product);
        expect(store.products.by('market', product.marketUID)).toEqual(home.products.by('market', product.marketUID));
        expect(store.search).toBe(home.search);
        expect(store.products.size).toBe(home.products.size);
      }
    } finally {
      await big.close();
    }
  });

  it('makes a name asked for twice at once only once', async () => {
    const [a, b] = await Promise.all([
      srv.call('GET', OPENED, { headers: { 'X-Mock-World': 'slices-twice' } }),
      srv.call('GET', OPENED, { headers: { 'X-Mock-World': 'slices-twice' } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.headers.get('x-mock-world-status'), b.headers.get('x-mock-world-status')].sort()).toEqual(['created', null]);
    expect(srv.mock.worlds.list().filter((w) => w.name === 'slices-twice')).toHaveLength(1);
  });

  it('worlds that have changed nothing share the lists derived from their records; a world that writes gets its own', async () => {
    const lists = await startTestServer();
    try {
      const [a, b] = ['lists-a', 'lists-b'].map((name) => lists.mock.worlds.fromRequest(name)) as [World, World];
      const now = a.clock.now();
      expect(listedMarkets(a, now)).toBe(listedMarkets(b, now));
      expect(topSellers(a)).toBe(topSellers(b));
      const sellerId = topSellers(a)[0]!.profile._id;
      const subscribed = await lists.call('POST', '/subscribe/add', {
        token: lists.token('buyer-new', 'lists-a'),
        headers: { 'X-Mock-World': 'lists-a' },
        body: { sellerId },
      });
      expect(subscribed.status).toBe(200);
      // a's seller now counts one more subscriber in a's own list; b still shares the untouched one.
      expect(topSellers(a)).not.toBe(topSellers(b));
      expect(topSellers(a).find((s) => s.profile._id === sellerId)!.profile.subscribe).toBe(
        topSellers(b).find((s) => s.profile._id === sellerId)!.profile.subscribe + 1,
      );
      expect(listedMarkets(a, now)).toEqual(listedMarkets(b, now));
    } finally {
      await lists.close();
    }
  });

  it('bounds the new worlds a client of another host makes in a minute: past it a 429 in the catalogue shape, and existing worlds still answer', async () => {
    // As the node door hands it over: the socket's remote address, here not a loopback one (loopback
    // clients are not bounded, see world-bounds.test.ts).
    const from = (world: string) =>
      srv.mock.core.handle({
        method: 'GET',
        pathname: OPENED,
        search: '',
        header: (name) => ({ host: '127.0.0.1', 'x-mock-world': world })[name],
        headerEntries: () => [],
        hasBody: false,
        body: () => Promise.resolve(new Uint8Array()),
        origin: 'http://127.0.0.1',
        clientAddress: '192.0.2.9',
      });
    for (let i = 0; i < 6; i++) expect((await from(`quota-${i}`)).status).toBe(200);
    const refused = await from('quota-over');
    expect(refused.status).toBe(429);
    expect(JSON.parse(String(refused.body))).toMatchObject({ data: 'too-many-requests' });
    expect(Number(refused.headers['Retry-After'])).toBeGreaterThan(0);
    expect(srv.mock.worlds.list().some((w) => w.name === 'quota-over')).toBe(false);
    expect((await from('quota-0')).status).toBe(200);
  });

  it('restored from a snapshot, a world searches its records as they are now: the index of its snapshot, its own changes beside', () => {
    const original = World.create({ name: 'to-restore', seed: 4712, scale: 0.2, startAt: TEST_NOW });
    const world = World.fromSnapshot(original.snapshot());
    const store = world.store;
    const [seller] = sellerSearch(world, 'a');
    if (!seller) throw new Error('the seeded world has no seller with an a');
    expect(sellerSearch(world, seller.publicId).map((s) => s._id)).toContain(seller._id);

    // Searched once (the index is built), then changed: a new author, a renamed one, a renamed product.
    store.sellers.insert({ ...seller, _id: 'new-seller', publicId: 'saebom_studio', info: { ...seller.info, name: '새봄공방' } });
    store.sellers.update(seller._id, (s) => ({ ...s, info: { ...s.info, name: '이름바뀐공방' } }));
    const [product] = productSearch(world, '키링');
    if (!product) throw new Error('the seeded world sells no keyring');
    store.products.update(product.product._id, (row) => ({ ...row, product: { ...row.product, title: '반짝이는 새 제목 키링' } }));
    world.touched();

    expect(sellerSearch(world, '새봄').map((s) => s._id)).toEqual(['new-seller']);
    expect(sellerSearch(world, '이름바뀐').map((s) => s._id)).toEqual([seller._id]);
    expect(sellerSearch(world, seller.info.name).map((s) => s._id)).not.toContain(seller._id);
    expect(productSearch(world, '반짝이는새제목').map((row) => row.product._id)).toEqual([product.product._id]);
  });
});
