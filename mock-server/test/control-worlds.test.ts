// Personas, worlds (isolation under parallel use, LRU eviction), the world's clock and how it moves
// market states, reset, and export/import of a world.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas } from '@creator-market/fixtures';
import { availableQuantity } from '@creator-market/sdk/domain';
import { issueToken } from '../src/auth/tokens';
import type { MarketRow, ProductRow, Store } from '../src/world/store';
import { controlDocument } from '../src/control';
import { WorldRegistry } from '../src/world/registry';
import { stateOf } from '../src/world/views';
import { errorCode, startTestServer, TEST_NOW, type TestServer, errorMessage } from './support/harness';
import { control, uniqueWorld } from './support/control';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SELLER_SLUG = 'mallang_studio';
const OPEN_MARKET = '겨울 스티커 마켓';

/** The first item of a non-empty collection. */
function firstOf<T>(items: Iterable<T>): T {
  for (const item of items) return item;
  throw new Error('expected at least one item');
}

function sellerMarkets(store: Store): MarketRow[] {
  return store.markets.by('seller', store.accounts.one('persona', 'seller')!.uid);
}

/** Lines of one product of the market whose total reaches the market's minimum order price. */
function linesAboveMinimum(store: Store, market: MarketRow): { _id: string; option: string; amount: number }[] {
  for (const { product } of store.products.by('market', market.market._id)) {
    if (!product.useYN) continue;
    for (const option of product.option) {
      if (!option.useYN) continue;
      const amount = Math.max(1, Math.ceil(market.market.minPrice / option.price));
      if (amount <= availableQuantity(product.limitAmount, option.stock, option.order))
        return [{ _id: product._id, option: option.title, amount }];
    }
  }
  throw new Error(`no product of market ${market.market._id} reaches its minimum price`);
}

/** An order of buyer-new for the lines, shipped by parcel (no weight limit). */
function orderBody(market: MarketRow, lines: unknown[], cartId: string) {
  return {
    marketId: market.market._id,
    memo: '선물 포장 부탁드려요',
    productList: lines,
    delivery: {
      name: '이새봄',
      tel: '+821098765432',
      addr: '서울특별시 마포구 와우산로 94',
      addr2: '3층 301호',
      zip: '04066',
      msg: '문 앞에 놓아주세요',
      title: '택배',
    },
    sns: { type: 1, id: 'saebom_daily' },
    buyerAccount: { name: '이새봄', no: '1002345678901', type: '020' },
    payment: { option: 1, depositExpect: '' },
    cashReceipt: { useYN: false, isPersonal: true, no: '' },
    cartId,
  };
}

function addToCart(world: string, market: MarketRow, product: ProductRow) {
  const option = product.product.option.find((o) => o.useYN && (o.stock === -1 || o.stock - o.order > 0))!;
  return server.call('POST', '/cart/add/common', {
    token: server.token('buyer-new', world),
    headers: { 'X-Mock-World': world },
    body: {
      marketId: market.market._id,
      seller: SELLER_SLUG,
      productList: [{ _id: product.product._id, option: option.title, amount: 1 }],
    },
    unchecked: true,
  });
}

describe('the control plane', () => {
  it('serves its own OpenAPI document, and answers 404 not-found for paths it does not have', async () => {
    const doc = await server.call<{ info: { title: string }; paths: Record<string, unknown> }>('GET', '/__mock/openapi.json', {
      unchecked: true,
    });
    expect(doc.status).toBe(200);
    expect(doc.body.info.title).toBe('creator-market mock control plane');
    expect(Object.keys(doc.body.paths)).toContain('/scenarios');
    for (const [method, path] of [
      ['GET', '/__mock/nothing-here'],
      ['POST', '/__mock/personas'],
    ] as const) {
      const res = await server.call(method, path, { unchecked: true });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(errorCode(res.body)).toBe('not-found');
    }
  });
});

describe('GET /__mock', () => {
  it('lists every route of the control document, one line each, with or without the slash', async () => {
    const index = await control(server, 'GET', '/');
    expect(index.status).toBe(200);
    const operations = Object.values(controlDocument.paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>).flatMap((op) => (op.operationId ? [op.operationId] : [])),
    );
    expect(index.body.routes.map((r) => r.operationId).sort()).toEqual(operations.sort());
    const clock = index.body.routes.find((r) => r.operationId === 'getClock')!;
    expect(clock).toMatchObject({ method: 'GET', path: '/__mock/clock' });
    expect(clock.line).toMatch(/^GET +\/__mock\/clock {2}\S/);
    expect(index.body.routes.every((r) => !r.line.includes('\n'))).toBe(true);
    const bare = await server.call('GET', '/__mock', { unchecked: true });
    expect(bare.body).toEqual(index.body);
  });
});

describe('personas', () => {
  it('GET /__mock/personas lists the four personas', async () => {
    const res = await control(server, 'GET', '/personas');
    expect(res.body.personas).toEqual(personas.map(({ id, uid, label, email }) => ({ id, uid, label, email })));
  });

  it("POST /__mock/login gives a token for the persona's account in the caller's world", async () => {
    const world = uniqueWorld('login');
    const headers = { 'X-Mock-World': world };
    const res = await control(server, 'POST', '/login', { headers, body: { persona: 'seller' } });
    expect(res.status).toBe(200);
    expect(res.body.uid).toBe(personas.find((p) => p.id === 'seller')!.uid);
    const me = await server.call('GET', '/user/me', { token: res.body.token, headers });
    expect(me.status).toBe(200);
    expect(me.body.data.user.uid).toBe(res.body.uid);
    expect(me.body.data.seller?.publicId).toBe(SELLER_SLUG);

    for (const body of [{ persona: 'admin' }, {}, { persona: 'buyer', extra: 1 }]) {
      const bad = await control(server, 'POST', '/login', { headers, body });
      expect(bad.status).toBe(400);
      expect(errorCode(bad.body)).toBe('bad-request');
    }
  });

  it('answers 404 for a persona that withdrew in this world, until the world is reset', async () => {
    const world = uniqueWorld('withdrawn');
    const headers = { 'X-Mock-World': world };
    const { token, uid } = (await control(server, 'POST', '/login', { headers, body: { persona: 'buyer-new' } })).body;
    const gone = await server.call('POST', '/auth/unregister/user', { token, headers, body: { userId: uid } });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const refused = await control(server, 'POST', '/login', { headers, body: { persona: 'buyer-new' } });
    expect(refused.status).toBe(404);
    expect(errorMessage(refused.body)).toContain('/__mock/reset');
    // Other worlds still have the account.
    expect(
      (await control(server, 'POST', '/login', { headers: { 'X-Mock-World': uniqueWorld('still-there') }, body: { persona: 'buyer-new' } }))
        .status,
    ).toBe(200);

    expect((await control(server, 'POST', '/reset', { headers })).status).toBe(200);
    expect((await control(server, 'POST', '/login', { headers, body: { persona: 'buyer-new' } })).status).toBe(200);
  });
});

describe('worlds', () => {
  it('stay isolated under parallel use: 10 worlds add to carts at once, each sees only its own', async () => {
    const names = Array.from({ length: 10 }, () => uniqueWorld('parallel'));
    const picks = names.map((name, i) => {
      const { store } = server.mock.worlds.fromRequest(name);
      const market = sellerMarkets(store).find((r) => r.market.title === OPEN_MARKET)!;
      const products = store.products
        .by('market', market.market._id)
        .filter((r) => r.product.useYN && r.product.option.some((o) => o.useYN && (o.stock === -1 || o.stock - o.order > 0)));
      return { name, market, product: products[i % products.length]! };
    });
    const added = await Promise.all(picks.map(({ name, market, product }) => addToCart(name, market, product)));
    added.forEach((res) => expect(res.status, JSON.stringify(res.body)).toBe(200));

    const carts = await Promise.all(
      names.map((name) =>
        server.call('GET', '/cart/v2/get', { token: server.token('buyer-new', name), headers: { 'X-Mock-World': name } }),
      ),
    );
    carts.forEach((res, i) => {
      expect(res.body.data, names[i]).toHaveLength(1);
      expect(res.body.data[0]!.productList.map((p: { _id: string }) => p._id)).toEqual([picks[i]!.product.product._id]);
    });
    // The default world saw none of it.
    const defaultCarts = await server.call('GET', '/cart/v2/get', { token: server.token('buyer-new') });
    expect(defaultCarts.body.data).toEqual([]);
  });

  it('made together share their seeded records, frozen, and a change to a shared record stays in its world', async () => {
    const [first, second] = [uniqueWorld('shared'), uniqueWorld('shared')].map((name) => ({
      name,
      world: server.mock.worlds.fromRequest(name),
    }));
    // buyer-new is a new buyer: no subscriptions yet, and no seller of its own.
    const seller = firstOf(first!.world.store.sellers.all());
    // One object in both worlds, which nothing can change in place.
    expect(second!.world.store.sellers.get(seller._id)).toBe(seller);
    expect(Object.isFrozen(seller)).toBe(true);
    const product = firstOf(first!.world.store.products.all());
    expect(Object.isFrozen(product.product.option[0])).toBe(true);

    const added = await server.call('POST', '/subscribe/add', {
      token: server.token('buyer-new', first!.name),
      headers: { 'X-Mock-World': first!.name },
      body: { sellerId: seller._id },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(first!.world.store.sellers.get(seller._id)?.subscribe).toBe(seller.subscribe + 1);
    expect(second!.world.store.sellers.get(seller._id)).toBe(seller);
    expect(server.mock.worlds.defaultWorld.store.sellers.get(seller._id)?.subscribe).toBe(seller.subscribe);
  });

  it('are bounded: the least recently used idle one is evicted, and X-Mock-World-Status says created or recreated-after-eviction', async () => {
    // idleMs 0: every world counts as idle at once (world-bounds.test.ts tests the 10 minutes of the server).
    const small = await startTestServer({
      worlds: new WorldRegistry({ seed: 1, scale: 0.2, startAt: TEST_NOW, maxWorlds: 2, idleMs: 0 }),
    });
    try {
      const status = async (name: string) =>
        (await small.call('GET', '/common/v2/banner', { query: { from: 'top' }, headers: { 'X-Mock-World': name } })).headers.get(
          'x-mock-world-status',
        );
      expect(await status('a')).toBe('created');
      expect(await status('b')).toBe('created');
      expect(await status('a')).toBeNull(); // a is now the most recently used
      expect(await status('c')).toBe('created'); // evicts b
      const listed = await control(small, 'GET', '/worlds', { headers: { 'X-Mock-World': 'a' } });
      expect(listed.body).toEqual({
        current: 'a',
        capacity: 2,
        worlds: [
          { name: 'default', seed: 1 },
          { name: 'c', seed: 1 },
          { name: 'a', seed: 1 },
        ],
      });

      // A change in b is lost with b: b comes back freshly seeded.
      const token = issueToken(personas.find((p) => p.id === 'buyer-new')!.uid);
      expect(await status('b')).toBe('recreated-after-eviction'); // evicts c
      const sellerId = small.mock.worlds.fromRequest('b').store.sellers.one('publicId', SELLER_SLUG)!._id;
      expect((await small.call('POST', '/subscribe/add', { token, headers: { 'X-Mock-World': 'b' }, body: { sellerId } })).status).toBe(
        200,
      );
      expect(await status('a')).toBeNull();
      expect(await status('c')).toBe('recreated-after-eviction'); // evicts b
      expect(await status('b')).toBe('recreated-after-eviction');
      const subscribed = await small.call('GET', '/subscribe/getsubscriberlist', { token, headers: { 'X-Mock-World': 'b' } });
      expect(subscribed.body.data).toEqual([]);

      const invalid = await small.call('GET', '/__mock/worlds', { headers: { 'X-Mock-World': 'bad name!' }, unchecked: true });
      expect(invalid.status).toBe(400);
    } finally {
      await small.close();
    }
  });
});

describe('clock', () => {
  it('GET, PUT (ISO, epoch ms, offsetMs), advance and DELETE act on the caller world only', async () => {
    const world = uniqueWorld('clock');
    const headers = { 'X-Mock-World': world };
    // A test world starts at the pinned instant (harness TEST_NOW): its offset from real time says so.
    const initial = await control(server, 'GET', '/clock', { headers });
    expect(Math.abs(Date.parse(initial.body.now) - TEST_NOW)).toBeLessThan(5000);
    expect(Math.abs(Date.now() + initial.body.offsetMs - Date.parse(initial.body.now))).toBeLessThan(5000);

    const set = await control(server, 'PUT', '/clock', { headers, body: { now: '2030-01-02T03:04:05.000Z' } });
    expect(Math.abs(Date.parse(set.body.now) - Date.parse('2030-01-02T03:04:05.000Z'))).toBeLessThan(1000);
    expect(set.headers.get('x-mock-now')).toBe(set.body.now);
    const epoch = await control(server, 'PUT', '/clock', { headers, body: { now: Date.parse('2031-05-06T00:00:00.000Z') } });
    expect(epoch.body.now.slice(0, 16)).toBe('2031-05-06T00:00');
    const offset = await control(server, 'PUT', '/clock', { headers, body: { offsetMs: -86_400_000 } });
    expect(offset.body.offsetMs).toBe(-86_400_000);
    const advanced = await control(server, 'POST', '/clock/advance', { headers, body: { ms: 3_600_000 } });
    expect(advanced.body.offsetMs).toBe(-82_800_000);
    // Every response of the world carries its clock.
    const api = await server.call('GET', '/common/v2/banner', { query: { from: 'top' }, headers });
    expect(Math.abs(Date.parse(api.headers.get('x-mock-now')!) - (Date.now() - 82_800_000))).toBeLessThan(5000);
    // Another world keeps its own clock, at the pinned start.
    const other = await control(server, 'GET', '/clock', { headers: { 'X-Mock-World': uniqueWorld('clock-other') } });
    expect(Math.abs(Date.parse(other.body.now) - TEST_NOW)).toBeLessThan(5000);

    const reset = await control(server, 'DELETE', '/clock', { headers });
    expect(reset.body.offsetMs).toBe(0);
  });

  it('refuses malformed times with 400 and leaves the clock', async () => {
    const world = uniqueWorld('clock-bad');
    const headers = { 'X-Mock-World': world };
    await control(server, 'PUT', '/clock', { headers, body: { offsetMs: 1000 } });
    for (const body of [{}, { now: 'tomorrow' }, { now: '2030-01-01T00:00:00Z', offsetMs: 0 }, { offsetMs: 1.5 }, { later: 1 }]) {
      const res = await control(server, 'PUT', '/clock', { headers, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await control(server, 'POST', '/clock/advance', { headers, body: { ms: 'soon' } })).status).toBe(400);
    expect((await control(server, 'GET', '/clock', { headers })).body.offsetMs).toBe(1000);
  });

  it('moves market states: an order in an upcoming market is accepted once the clock reaches its start', async () => {
    const world = uniqueWorld('clock-market');
    const headers = { 'X-Mock-World': world };
    const { store, clock } = server.mock.worlds.fromRequest(world);
    const upcoming = sellerMarkets(store).find((r) => r.market.public && stateOf(r, clock.now()) === 'pre-open');
    expect(upcoming, 'the seller persona has an upcoming market').toBeDefined();
    const lines = linesAboveMinimum(store, upcoming!);
    const token = server.token('buyer-new', world);
    // A cart may be filled before the start (the app shows '{time} 후 주문 시작'); the order waits for it.
    const cart = await server.call('POST', '/cart/add/common', {
      token,
      headers,
      body: { marketId: upcoming!.market._id, seller: SELLER_SLUG, productList: lines },
    });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const order = orderBody(upcoming!, lines, cart.body.data._id);

    const early = await server.call('POST', '/receipt/insert', { token, headers, body: order });
    expect(early.status).toBe(400);
    expect(errorCode(early.body)).toBe('market-schedule');

    await control(server, 'PUT', '/clock', { headers, body: { now: Date.parse(upcoming!.market.marketST) + 60_000 } });
    const open = await server.call('POST', '/receipt/insert', { token, headers, body: order });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.data).toMatch(/^[0-9]{12}$/);
  });
});

describe('reset', () => {
  it("POST /__mock/reset regenerates the caller's world, from a new seed when given, keeping its rules", async () => {
    const world = uniqueWorld('reset');
    const headers = { 'X-Mock-World': world };
    const token = server.token('buyer-new', world);
    const sellerId = server.mock.worlds.fromRequest(world).store.sellers.one('publicId', SELLER_SLUG)!._id;
    expect((await server.call('POST', '/subscribe/add', { token, headers, body: { sellerId } })).status).toBe(200);
    await control(server, 'POST', '/scenarios', { headers, body: { name: 'http-504', path: '/room' } });
    const otherWorld = uniqueWorld('reset-other');
    expect(
      (await server.call('POST', '/subscribe/add', { token, headers: { 'X-Mock-World': otherWorld }, body: { sellerId } })).status,
    ).toBe(200);

    const reset = await control(server, 'POST', '/reset', { headers });
    expect(reset.body).toEqual({ world, seed: 1, scale: 0.2 });
    expect((await server.call('GET', '/subscribe/getsubscriberlist', { token, headers })).body.data).toEqual([]);
    expect(
      (await server.call('GET', '/subscribe/getsubscriberlist', { token, headers: { 'X-Mock-World': otherWorld } })).body.data,
    ).toEqual([sellerId]);
    expect((await control(server, 'GET', '/scenarios', { headers })).body.rules.map((r: { name?: string }) => r.name)).toEqual([
      'http-504',
    ]);

    const seeded = await control(server, 'POST', '/reset', { headers, body: { seed: 7 } });
    expect(seeded.body).toEqual({ world, seed: 7, scale: 0.2 });
    const worlds = await control(server, 'GET', '/worlds', { headers });
    expect(worlds.body.worlds.find((w) => w.name === world)?.seed).toBe(7);
    // A different seed is a different crowd of sellers (the personas stay).
    const crowd = (store: Store) =>
      [...store.sellers.all()]
        .map((s) => s.publicId)
        .sort()
        .join();
    const seven = crowd(server.mock.worlds.fromRequest(world).store);
    expect(seven).not.toBe(crowd(server.mock.worlds.fromRequest(otherWorld).store));
    expect(server.mock.worlds.fromRequest(world).store.sellers.one('publicId', SELLER_SLUG)).toBeDefined();

    for (const body of [{ seed: -1 }, { seed: 'x' }, { seed: 1, more: 2 }])
      expect((await control(server, 'POST', '/reset', { headers, body })).status).toBe(400);
    expect(crowd(server.mock.worlds.fromRequest(world).store)).toBe(seven);
  });
});

describe('export and import', () => {
  it('GET /__mock/state exports a world that PUT /__mock/state imports into another, changes and clock included', async () => {
    const source = uniqueWorld('export');
    const target = uniqueWorld('import');
    const token = server.token('buyer-new', source);
    const sellerId = server.mock.worlds.fromRequest(source).store.sellers.one('publicId', SELLER_SLUG)!._id;
    expect((await server.call('POST', '/subscribe/add', { token, headers: { 'X-Mock-World': source }, body: { sellerId } })).status).toBe(
      200,
    );
    await control(server, 'PUT', '/clock', { headers: { 'X-Mock-World': source }, body: { offsetMs: 7_200_000 } });

    const exported = await control(server, 'GET', '/state', { headers: { 'X-Mock-World': source } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain(`creator-market-world-${source}.json`);
    expect(exported.body).toMatchObject({ format: 'creator-market-world@1', name: source, seed: 1, scale: 0.2, clockOffsetMs: 7_200_000 });

    const imported = await control(server, 'PUT', '/state', { headers: { 'X-Mock-World': target }, body: exported.body });
    expect(imported.body).toEqual({ world: target, seed: 1, scale: 0.2 });
    expect((await server.call('GET', '/subscribe/getsubscriberlist', { token, headers: { 'X-Mock-World': target } })).body.data).toEqual([
      sellerId,
    ]);
    expect((await control(server, 'GET', '/clock', { headers: { 'X-Mock-World': target } })).body.offsetMs).toBe(7_200_000);

    // The round trip is exact: exporting the imported world gives the same data.
    const again = await control(server, 'GET', '/state', { headers: { 'X-Mock-World': target } });
    // Every export's world carries `now`, its clock when exported: not compared.
    const {
      name: _a,
      world: { now: _n1, ...first },
      ...restFirst
    } = exported.body;
    const {
      name: _b,
      world: { now: _n2, ...second },
      ...restSecond
    } = again.body;
    expect(second).toEqual(first);
    expect(restSecond).toEqual(restFirst);
  });

  it('refuses a file that is not a world with 400 and changes nothing', async () => {
    const source = uniqueWorld('export-good');
    const target = uniqueWorld('import-bad');
    const good = (await control(server, 'GET', '/state', { headers: { 'X-Mock-World': source } })).body;
    const live = server.mock.worlds.fromRequest(target);
    const token = server.token('buyer-new', target);
    const sellerId = live.store.sellers.one('publicId', SELLER_SLUG)!._id;
    expect((await server.call('POST', '/subscribe/add', { token, headers: { 'X-Mock-World': target }, body: { sellerId } })).status).toBe(
      200,
    );
    const version = live.version;

    const duplicate = structuredClone(good);
    duplicate.world.products.push(duplicate.world.products[0]!);
    const broken = [
      { ...good, format: 'creator-market-world@0' },
      { ...good, world: { ...good.world, products: 'many' } },
      { ...good, world: { ...good.world, markets: [{ sellerUID: 'x' }] } },
      { ...good, state: { ...good.state, counters: { id: 'one', receipt: 0 } } },
      { ...good, extra: true },
      duplicate,
      [],
    ];
    for (const body of broken) {
      const res = await control(server, 'PUT', '/state', { headers: { 'X-Mock-World': target }, body });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('bad-request');
    }
    const notJson = await control(server, 'PUT', '/state', {
      headers: { 'X-Mock-World': target, 'content-type': 'application/json' },
      rawBody: '{"format": "creator-market-world@1", "world": ',
    });
    expect(notJson.status).toBe(400);

    expect(server.mock.worlds.fromRequest(target)).toBe(live);
    expect(live.version).toBe(version);
    expect((await server.call('GET', '/subscribe/getsubscriberlist', { token, headers: { 'X-Mock-World': target } })).body.data).toEqual([
      sellerId,
    ]);
  });
});
