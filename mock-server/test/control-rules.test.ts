// Sticky rules that match like WireMock's: by operationId, query, headers and body fields (JSON pointer
// equals, contains), each with an id to delete it by; latency drawn from a distribution; and a probability
// drawn from the rule's seeded stream, so a flaky run replays exactly in a world of the same name.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drawLatency, RuleRandom } from '../src/control/rules';
import { errorCode, startTestServer, type TestServer } from './support/harness';
import { control, uniqueWorld } from './support/control';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const BANNERS = '/common/v2/banner';

function setup(label: string, on: TestServer = server, world = uniqueWorld(label)) {
  const headers = { 'X-Mock-World': world };
  const rule = async (body: unknown) => {
    const res = await control(on, 'POST', '/scenarios', { headers, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.rule;
  };
  const banners = (extra: Record<string, string> = {}) =>
    on.call('GET', BANNERS, { query: { from: 'top' }, headers: { ...headers, ...extra }, unchecked: true });
  return { world, headers, rule, banners };
}

/** The open market of the seller persona and a product of it on sale, for cart bodies. */
function cartLine(world: string) {
  const store = server.mock.worlds.fromRequest(world).store;
  const sellerUid = store.accounts.one('persona', 'seller')!.uid;
  const market = store.markets.by('seller', sellerUid).find((r) => r.market.title === '겨울 스티커 마켓')!;
  const product = store.products.by('market', market.market._id).find((r) => r.product.useYN && r.product.option[0]!.stock === -1)!;
  return {
    marketId: market.market._id,
    seller: 'mallang_studio',
    productId: product.product._id,
    option: product.product.option[0]!.title,
  };
}

describe('sticky rules match like WireMock', () => {
  it('by operationId: only that operation answers the scenario', async () => {
    const t = setup('by-op');
    await t.rule({ name: 'http-504', operationId: 'getBanners' });
    expect((await t.banners()).status).toBe(504);
    expect((await server.call('GET', '/common/v2/seller-category', { headers: t.headers, unchecked: true })).status).not.toBe(504);
  });

  it('by query and by header (names in any case)', async () => {
    const t = setup('by-query');
    await t.rule({ name: 'http-504', operationId: 'getBanners', query: { from: 'bottom' } });
    expect((await t.banners()).status).toBe(200);
    await t.rule({ name: 'http-420', operationId: 'getBanners', query: { from: 'top' }, headers: { 'X-App-Version': '1.2.0' } });
    expect((await t.banners()).status).toBe(200);
    expect((await t.banners({ 'x-app-version': '1.2.0' })).status).toBe(420);
    expect((await t.banners({ 'x-app-version': '1.3.0' })).status).toBe(200);
  });

  it('by body fields: a JSON pointer that equals a value, or contains one', async () => {
    const t = setup('by-body');
    const line = cartLine(t.world);
    const token = server.token('buyer-new', t.world);
    const add = (amount: number, seller = line.seller) =>
      server.call('POST', '/cart/add/common', {
        token,
        headers: t.headers,
        unchecked: true,
        body: { marketId: line.marketId, seller, productList: [{ _id: line.productId, option: line.option, amount }] },
      });
    await t.rule({ name: 'amount-exceeded', operationId: 'addToCart', body: [{ pointer: '/productList/0/amount', equals: 3 }] });
    await t.rule({ name: 'limit-cart', operationId: 'addToCart', body: [{ pointer: '/seller', contains: 'studio' }], times: 1 });
    const three = await add(3);
    expect(errorCode(three.body)).toBe('amount-exceeded');
    // amount 1: the first rule passes over it, the second (seller contains 'studio') takes it, once.
    expect(errorCode((await add(1)).body)).toBe('limit-cart');
    expect((await add(1)).status).toBe(200);
    expect(errorCode((await add(3)).body)).toBe('amount-exceeded');
  });

  it('has an id to be deleted by, one by one; an unknown id is a 404', async () => {
    const t = setup('delete');
    const first = await t.rule({ name: 'http-504', operationId: 'getBanners' });
    const second = await t.rule({ name: 'http-420', operationId: 'getBanners' });
    expect((await t.banners()).status).toBe(504);
    const deleted = await control(server, 'DELETE', `/scenarios/${first.id}`, { headers: t.headers });
    expect(deleted.body).toEqual({ cleared: 1 });
    expect((await t.banners()).status).toBe(420);
    const listed = await control(server, 'GET', '/scenarios', { headers: t.headers });
    expect(listed.body.rules.map((r) => r.id)).toEqual([second.id]);
    const again = await control(server, 'DELETE', `/scenarios/${first.id}`, { headers: t.headers });
    expect(again.status).toBe(404);
    expect(errorCode(again.body)).toBe('not-found');
  });

  it('refuses an operationId that does not exist, a rule that neither forces nor waits, and a backwards uniform range', async () => {
    const t = setup('refused');
    for (const body of [
      { name: 'http-504', operationId: 'noSuchOperation' },
      { operationId: 'getBanners' },
      { latency: { distribution: 'uniform', min: 300, max: 100 } },
      { latency: { distribution: 'lognormal', median: 100 } },
      { name: 'http-504', probability: 0 },
      { name: 'http-504', body: [{ pointer: 'no-slash', equals: 1 }] },
    ]) {
      const res = await control(server, 'POST', '/scenarios', { headers: t.headers, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await control(server, 'GET', '/scenarios', { headers: t.headers })).body.rules).toEqual([]);
  });

  it('lists the names an operation offers when a rule names no scenario', async () => {
    const t = setup('misspelt');
    const res = await control(server, 'POST', '/scenarios', {
      headers: t.headers,
      body: { name: 'out-of-stok', operationId: 'addToCart' },
    });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('unknown-scenario');
    expect((res.body as unknown as { scenarios: string[] }).scenarios).toContain('out-of-stock');
  });
});

describe('latency and probability', () => {
  it('a rule with only a latency waits at least its draw and forces nothing; the journal shows the wait', async () => {
    const t = setup('latency');
    await t.rule({ operationId: 'getBanners', latency: { distribution: 'uniform', min: 150, max: 200 } });
    const res = await t.banners();
    expect(res.status).toBe(200);
    const journal = await control(server, 'GET', '/requests', { headers: t.headers, query: { operationId: 'getBanners' } });
    expect(journal.body.requests[0]!.durationMs).toBeGreaterThanOrEqual(150);
    expect(journal.body.requests[0]!.scenario).toBeNull();
  });

  it('a latency is a floor by the journal clock, even when a timer fires before its time', async () => {
    const t = setup('early-timer');
    // The world is made by its first request (which the journal's duration would count): made before.
    expect((await t.banners()).status).toBe(200);
    await t.rule({ operationId: 'getBanners', latency: { distribution: 'fixed', ms: 40 } });
    const realSetTimeout = globalThis.setTimeout;
    // Node's timers can fire a fraction of a millisecond before performance.now() has moved by their delay;
    // this one fires 20 ms early (an exaggeration, so the test is certain): a wait that trusts one timer is short.
    const early = vi
      .spyOn(globalThis, 'setTimeout')
      .mockImplementation((callback, ms = 0) => realSetTimeout(callback, Math.max(0, ms - 20)));
    let calls = 0;
    try {
      expect((await t.banners()).status).toBe(200);
    } finally {
      calls = early.mock.calls.filter(([, ms]) => ms === 40).length;
      early.mockRestore();
    }
    const journal = await control(server, 'GET', '/requests', { headers: t.headers, query: { operationId: 'getBanners' } });
    expect(calls).toBe(1);
    // Oldest first: the second request is the one that waited.
    expect(journal.body.requests[1]!.durationMs).toBeGreaterThanOrEqual(40);
  });

  it('applies with its probability from a seeded stream: the same world name on another server answers the same sequence', async () => {
    const other = await startTestServer();
    try {
      const sequence = async (on: TestServer) => {
        const t = setup('flaky', on, 'flaky-network-replay');
        await t.rule({ name: 'http-504', operationId: 'getBanners', probability: 0.4 });
        const statuses: number[] = [];
        for (let i = 0; i < 40; i++) statuses.push((await t.banners()).status);
        return statuses;
      };
      const first = await sequence(server);
      const second = await sequence(other);
      expect(second).toEqual(first);
      const forced = first.filter((status) => status === 504).length;
      // 40 draws at 0.4: neither none nor all (the stream is fixed, so this count is too).
      expect(forced).toBeGreaterThan(5);
      expect(forced).toBeLessThan(35);
      expect(first.every((status) => status === 504 || status === 200)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('the seeded stream and the distributions', () => {
  it('the same seed draws the same numbers; uniform stays within its bounds; fixed is its value', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (seed, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const one = new RuleRandom(seed);
        const two = new RuleRandom(seed);
        for (let i = 0; i < 20; i++) {
          const x = drawLatency({ distribution: 'uniform', min, max }, one);
          expect(drawLatency({ distribution: 'uniform', min, max }, two)).toBe(x);
          expect(x).toBeGreaterThanOrEqual(min);
          expect(x).toBeLessThanOrEqual(max);
        }
        expect(drawLatency({ distribution: 'fixed', ms: a }, one)).toBe(a);
      }),
    );
  });

  it('lognormal draws centre on their median', () => {
    const random = new RuleRandom('lognormal');
    const draws = Array.from({ length: 2001 }, () => drawLatency({ distribution: 'lognormal', median: 120, sigma: 0.6 }, random)).sort(
      (x, y) => x - y,
    );
    const median = draws[1000]!;
    expect(median).toBeGreaterThan(105);
    expect(median).toBeLessThan(135);
    expect(draws[0]!).toBeGreaterThanOrEqual(0);
  });
});
