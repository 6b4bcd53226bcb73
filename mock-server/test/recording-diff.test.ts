// Diff mode's comparison by meaning (src/recording/diff.ts) and its shadow worlds (src/recording/shadow.ts).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../src/core/core';
import { nodeListener } from '../src/doors/node';
import { diffAnswers, DiffLog } from '../src/recording/diff';
import { startTestServer, TEST_NOW, type TestServer } from './support/harness';

const ok = (body: unknown) => ({ status: 200, body });

describe('diffAnswers', () => {
  it('finds nothing in two answers that differ only in times, texts and generated ids', () => {
    const up = { data: { _id: 'a1', timestamp: '2026-12-10T03:00:00.000Z', memo: '빨리요', useYN: true, price: 1000 } };
    const mine = { data: { _id: 'b2', timestamp: '2026-12-10T03:00:01.000Z', memo: '천천히', useYN: false, price: 1000 } };
    expect(diffAnswers(ok(up), ok(mine))).toEqual([]);
  });

  it('reports a status and an error code, plain or a list error’s, and nothing of the bodies beyond', () => {
    expect(diffAnswers({ status: 404, body: { data: 'not-found', message: '없어요' } }, ok({ data: { a: 1 } }))).toEqual([
      { kind: 'status', path: '', upstream: 404, mock: 200 },
      { kind: 'error-code', path: 'data', upstream: 'not-found', mock: null },
    ]);
    const schedule = { status: 400, body: { data: { code: 'market-schedule', list: [] }, message: '' } };
    expect(diffAnswers(schedule, { status: 400, body: { data: 'amount-exceeded', message: '' } })).toEqual([
      { kind: 'error-code', path: 'data', upstream: 'market-schedule', mock: 'amount-exceeded' },
    ]);
    expect(diffAnswers(schedule, schedule)).toEqual([]);
  });

  it('matches list elements by id: the ids only one side has, their order, and the differences inside', () => {
    const list = (...items: [string, number][]) => ({ data: items.map(([_id, stock]) => ({ _id, stock })) });
    expect(diffAnswers(ok(list(['a', 1], ['b', 2], ['x', 0])), ok(list(['b', 2], ['a', 1], ['y', 0])))).toEqual([
      { kind: 'list-ids', path: 'data', upstream: ['x'], mock: ['y'] },
      { kind: 'list-order', path: 'data', upstream: ['a', 'b'], mock: ['b', 'a'] },
    ]);
    expect(diffAnswers(ok(list(['a', 5])), ok(list(['a', 3])))).toEqual([
      { kind: 'number', path: 'data[_id=a].stock', upstream: 5, mock: 3 },
    ]);
    // options have no _id: their title names them
    const options = (stock: number) => ({ data: { option: [{ title: '핑크', stock }] } });
    expect(diffAnswers(ok(options(9)), ok(options(8)))).toEqual([
      { kind: 'number', path: 'data.option[title=핑크].stock', upstream: 9, mock: 8 },
    ]);
  });

  it('compares lists without unique ids by place, and lists of values as a whole', () => {
    const dup = (n: number) => ({
      data: [
        { _id: 'same', n },
        { _id: 'same', n: 1 },
      ],
    });
    expect(diffAnswers(ok(dup(2)), ok(dup(3)))).toEqual([{ kind: 'number', path: 'data[0].n', upstream: 2, mock: 3 }]);
    expect(diffAnswers(ok({ data: [{ n: 1 }] }), ok({ data: [{ n: 1 }, { n: 2 }] }))).toEqual([
      { kind: 'list-ids', path: 'data', upstream: 1, mock: 2 },
    ]);
    expect(diffAnswers(ok({ data: ['a', 'b'] }), ok({ data: ['b', 'a'] }))).toEqual([
      { kind: 'list-order', path: 'data', upstream: ['a', 'b'], mock: ['b', 'a'] },
    ]);
    expect(diffAnswers(ok({ data: ['a', 'b'] }), ok({ data: ['a', 'c'] }))).toEqual([
      { kind: 'list-ids', path: 'data', upstream: ['a', 'b'], mock: ['a', 'c'] },
    ]);
  });

  it('reports a field present on one side only, with its value', () => {
    expect(diffAnswers(ok({ data: { grade: 'VIP', a: 1 } }), ok({ data: { a: 1, _ttl: 'x' } }))).toEqual([
      { kind: 'only-upstream', path: 'data.grade', upstream: 'VIP' },
      { kind: 'only-mock', path: 'data._ttl', mock: 'x' },
    ]);
  });

  it('keeps at most 50 findings of one answer', () => {
    const many = (base: number) => ({ data: Array.from({ length: 80 }, (_, i) => ({ _id: `p${i}`, price: base + i })) });
    expect(diffAnswers(ok(many(0)), ok(many(1)))).toHaveLength(50);
  });

  it('sums the findings up per operation and place, ids inside paths counted as one place', () => {
    const log = new DiffLog();
    log.add('getMarket', [{ kind: 'number', path: 'data.product[_id=a].price', upstream: 2, mock: 1 }]);
    log.add('getMarket', [{ kind: 'number', path: 'data.product[_id=b].price', upstream: 3, mock: 1 }]);
    log.add('getMarket', []);
    expect(log.summary()).toMatchObject({
      compared: 3,
      differing: 2,
      operations: [
        {
          operationId: 'getMarket',
          compared: 3,
          differing: 2,
          kinds: { number: 2 },
          paths: [{ kind: 'number', path: 'data.product[_id=*].price', count: 2 }],
        },
      ],
    });
  });
});

describe('shadow worlds', () => {
  let upstream: Server;
  let proxy: TestServer;
  beforeAll(async () => {
    // The "real backend": our own handlers and records, so the shadow world should agree with it everywhere.
    upstream = createServer(nodeListener(createCore({ seed: 1, scale: 0.2, startAt: TEST_NOW })));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as { port: number }).port;
    proxy = await startTestServer({
      maxWorlds: 1,
      proxy: { upstream: new URL(`http://127.0.0.1:${port}`), only: null, timeoutMs: 5000, diff: true },
    });
  });
  afterAll(async () => {
    await proxy.close();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('take no --max-worlds slot, are not listed, and keep the state the session made in them', async () => {
    const world = { 'X-Mock-World': 'only-one' };
    const token = proxy.token('buyer', 'only-one');
    const market = await proxy.call('GET', '/common/market/get/mallang_studio/4', { headers: world });
    expect(market.status).toBe(200);
    const { data } = market.body as {
      data: {
        market: { _id: string };
        product: { _id: string; useYN: boolean; limitAmount: number; option: { title: string; useYN: boolean; stock: number }[] }[];
      };
    };
    const product = data.product.find((p) => p.useYN && p.limitAmount === 0 && p.option.some((o) => o.useYN && o.stock === -1))!;
    const option = product.option.find((o) => o.useYN && o.stock === -1)!;
    const body = {
      marketId: data.market._id,
      seller: 'mallang_studio',
      productList: [{ _id: product._id, option: option.title, amount: 2 }],
    };
    expect((await proxy.call('POST', '/cart/add/common', { token, headers: world, body })).status).toBe(200);
    expect((await proxy.call('GET', '/cart/v2/get', { token, headers: world })).status).toBe(200);

    const journal = await proxy.call('GET', '/__mock/requests', { headers: world });
    const entries = (journal.body as { requests: { operationId: string; diff: unknown }[] }).requests;
    // each was compared (a shadow world taking the only slot would have been refused: no comparison, null)
    expect(entries.map((e) => [e.operationId, e.diff])).toEqual([
      ['getMarket', []],
      ['addToCart', []],
      // the cart the session made is in the shadow too
      ['listCarts', []],
    ]);
    const worlds = await proxy.call('GET', '/__mock/worlds', { headers: world });
    expect((worlds.body as { worlds: { name: string }[] }).worlds.map((w) => w.name)).toEqual(['default', 'only-one']);
  });

  it('follow their world’s clock', async () => {
    const world = { 'X-Mock-World': 'only-one' };
    const ahead = new Date(TEST_NOW + 30 * 86_400_000).toISOString();
    await proxy.call('GET', '/common/v2/opened-market', { headers: world });
    expect((await proxy.call('PUT', '/__mock/clock', { headers: world, body: { now: ahead } })).status).toBe(200);
    await proxy.call('GET', '/common/v2/opened-market', { headers: world });
    // The upstream's clock did not move (only the mock's world's did): its open markets are today's, the
    // shadow's those of a month on.
    const diffs = (await proxy.call('GET', '/__mock/diff')).body as {
      operations: { operationId: string; compared: number; differing: number }[];
    };
    expect(diffs.operations.find((o) => o.operationId === 'listOpenedMarkets')).toMatchObject({ compared: 2, differing: 1 });
  });
});
