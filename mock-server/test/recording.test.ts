// Record, replay, HAR import and diff mode (src/recording), end to end through the real CLI: a mock with
// --seed 7 plays the real backend; a recorder (--proxy --record DIR) in front of it records a browser's
// journey (sign-in, home, a seller, a market, add to cart, order, the receipt); a third mock replays DIR
// with no upstream and the default seed, and its rules hold for the recorded records (an order takes their
// stock); the same journey as a HAR imports to the same records; and an upstream with planted rule changes,
// seen through --diff, is reported with exactly those differences.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Account, CreatorProfile, MarketRow, ProductRow, ReceiptRow } from '@creator-market/fixtures';
import type { Schemas } from '@creator-market/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../src/core/core';
import { nodeListener } from '../src/doors/node';
import { handlers } from '../src/handlers';
import type { HandlerMap } from '../src/handlers/types';
import type { DiffFinding, DiffLog } from '../src/recording/diff';
import { ApiFailure } from '../src/http/failure';
import { BIN, MOCK_DIR } from './support/cli-run';
import { startTestServer, TEST_NOW, type TestServer } from './support/harness';

const START = new Date(TEST_NOW).toISOString();
const SCALE = '0.2';
/** Ports of this file's servers (4400-4499 is ours on shared machines). */
const PORTS = { upstream: 4451, recorder: 4452, replay: 4453, har: 4454, planted: 4455 };

interface Cli {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

const running: ChildProcess[] = [];

/** Starts `bin/mock.mjs --port P ...args` and waits until it serves (its "new worlds" line). */
function startCli(port: number, args: string[]): Promise<Cli> {
  const child = spawn(process.execPath, [BIN, '--port', String(port), '--scale', SCALE, '--start-at', START, '--journal', '100', ...args], {
    cwd: MOCK_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mock on ${port} did not start:\n${output}`)), 45_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/new worlds {5}ready/.test(output)) {
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${port}`,
          output: () => output,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mock on ${port} exited (${code}):\n${output}`));
    });
  });
}

interface HarEntry {
  request: { method: string; url: string; headers: { name: string; value: string }[]; postData?: { mimeType: string; text: string } };
  response: { status: number; headers: { name: string; value: string }[]; content: { mimeType: string; text: string } };
}

/** A client that also keeps a HAR of its traffic, written as if the session had gone to `harOrigin`. */
function client(base: string, harOrigin = base) {
  const entries: HarEntry[] = [];
  let token: string | undefined;
  async function call<T = { data: unknown }>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const sent: Record<string, string> = { ...headers };
    if (token && !path.startsWith('/__mock')) sent.authorization = `Bearer ${token}`;
    if (body !== undefined) sent['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!path.startsWith('/__mock')) {
      entries.push({
        request: {
          method,
          url: `${harOrigin}${path}`,
          headers: Object.entries(sent).map(([name, value]) => ({ name, value })),
          ...(body === undefined ? {} : { postData: { mimeType: 'application/json', text: JSON.stringify(body) } }),
        },
        response: {
          status: res.status,
          headers: [...(res.headers as unknown as Iterable<[string, string]>)].map(([name, value]) => ({ name, value })),
          content: { mimeType: res.headers.get('content-type') ?? '', text },
        },
      });
    }
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
  return {
    call,
    async login(persona: string) {
      const res = await call<{ token: string; uid: string }>('POST', '/__mock/login', { persona });
      token = res.body.token;
      return res.body.uid;
    },
    har: () => ({ log: { version: '1.2', creator: { name: 'recording.test', version: '1' }, entries } }),
  };
}

type Client = ReturnType<typeof client>;

/** A product of the market with an option a buyer may take `amount` of, with its option. */
type Detail = Schemas['MarketDetail'];
type Data<T> = { data: T };

function orderable(market: Detail, amount: number) {
  for (const product of market.product) {
    if (!product.useYN || (product.limitAmount !== 0 && product.limitAmount < amount)) continue;
    const option = product.option.find((o) => o.useYN && (o.stock === -1 || o.stock - o.order >= amount));
    if (option) return { product, option };
  }
  throw new Error('no orderable product');
}

/** Adds `amount` of a product of market 4 to the cart and orders it; the market detail before and after. */
async function order(c: Client, amount: number) {
  const before = (await c.call<Data<Detail>>('GET', '/common/market/get/mallang_studio/4')).body.data;
  const { product, option } = orderable(before, amount);
  const productList = [{ _id: product._id, option: option.title, amount }];
  const cart = await c.call<Data<Schemas['CartEntry']>>('POST', '/cart/add/common', {
    marketId: before.market._id,
    seller: 'mallang_studio',
    productList,
  });
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  await c.call('GET', '/cart/v2/get');
  const address = (await c.call<Data<Schemas['Address']>>('GET', '/address/get-primary')).body.data;
  const delivery = before.market.delivery.option.filter((o) => o.useYN).sort((a, b) => (b.weight ?? Infinity) - (a.weight ?? Infinity))[0]!;
  // The buyer's cart of the market may hold other lines: the order is the cart's orderable lines.
  const lines = cart.body.data.productList
    .filter(
      (l) =>
        l.useYN && l.amount > 0 && (l.stock === -1 || l.stock - l.order >= l.amount) && (l.limitAmount === 0 || l.amount <= l.limitAmount),
    )
    .map((l) => ({ _id: l._id, option: l.option, amount: l.amount }));
  const mine = lines.find((l) => l._id === product._id && l.option === option.title)!;
  const receipt = await c.call<Data<string>>('POST', '/receipt/insert', {
    marketId: before.market._id,
    memo: '조심히 보내주세요',
    productList: lines,
    delivery: {
      name: address.name,
      tel: address.tel,
      addr: address.addr,
      addr2: address.addr2,
      zip: address.zip,
      msg: '',
      title: delivery.title,
    },
    sns: { type: 1, id: 'haneul_daily' },
    buyerAccount: { name: address.name, no: '1002345678901', type: '020' },
    payment: { option: 1, depositExpect: '' },
    cashReceipt: { useYN: false, isPersonal: true, no: '' },
    cartId: cart.body.data._id,
  });
  expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
  const after = (await c.call<Data<Detail>>('GET', '/common/market/get/mallang_studio/4')).body.data;
  const taken = (detail: Detail) => detail.product.find((p) => p._id === product._id)!.option.find((o) => o.title === option.title)!.order;
  return {
    before,
    after,
    product,
    option,
    amount: mine.amount,
    publicId: receipt.body.data,
    orderedBefore: taken(before),
    orderedAfter: taken(after),
    address,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'cm-record-'));
const recordDir = join(dir, 'recording');
const harRecordDir = join(dir, 'from-har');
const harFile = join(dir, 'journey.har');
let upstream: Cli;
let recorder: Cli;
let journey: Awaited<ReturnType<typeof order>> & { me: Schemas['Me'] };

beforeAll(async () => {
  [upstream, recorder] = await Promise.all([
    startCli(PORTS.upstream, ['--seed', '7']),
    startCli(PORTS.recorder, ['--proxy', `http://127.0.0.1:${PORTS.upstream}`, '--record', recordDir]),
  ]);
  // The browser's journey, through the recorder; the HAR says it went to the upstream (the "real backend").
  const c = client(recorder.url, upstream.url);
  await c.login('buyer');
  const me = (await c.call<Data<Schemas['Me']>>('GET', '/user/me')).body.data;
  await c.call('GET', '/common/v2/opened-market');
  await c.call('GET', '/common/v2/product');
  await c.call('GET', '/common/v2/seller/mallang_studio');
  const ordered = await order(c, 2);
  await c.call('GET', `/receipt/get/${ordered.publicId}`);
  await c.call('GET', '/notification/message?msgCategory=buyer');
  await c.call('GET', '/room');
  journey = { ...ordered, me };
  writeFileSync(harFile, JSON.stringify(c.har()));
}, 60_000);

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

const read = <T = unknown>(folder: string, kind: string) => JSON.parse(readFileSync(join(folder, `${kind}.json`), 'utf8')) as T[];

describe('record', () => {
  it('turns the journey’s answers into records of the world, personal data replaced', () => {
    const markets = read<MarketRow>(recordDir, 'markets');
    const products = read<ProductRow>(recordDir, 'products');
    const market = markets.find((r) => r.market._id === journey.before.market._id)!;
    expect(market.sellerUID).toBe(journey.before.seller._id);
    const product = products.find((r) => r.product._id === journey.product._id)!;
    expect(product.marketUID).toBe(journey.before.market._id);
    // The latest answer wins: the stock as the market showed it after the order.
    expect(product.product.option.find((o) => o.title === journey.option.title)!.order).toBe(journey.orderedAfter);
    expect(read<CreatorProfile>(recordDir, 'sellers').some((s) => s.publicId === 'mallang_studio')).toBe(true);
    const receipts = read<ReceiptRow>(recordDir, 'receipts');
    expect(receipts.map((r) => r.receipt.publicId)).toContain(journey.publicId);
    // the order took its cart: the recording does not keep it
    expect(read<{ cart: Schemas['CartEntry'] }>(recordDir, 'carts').filter((r) => r.cart.market._id === journey.before.market._id)).toEqual(
      [],
    );
    expect(read(recordDir, 'notifications').length).toBeGreaterThan(0);
    expect(read(recordDir, 'rooms').length).toBeGreaterThan(0);

    const account = read<Account>(recordDir, 'accounts')[0]!;
    expect(account.uid).toBe(journey.me.user.uid);
    expect(account.user.name).not.toBe(journey.me.user.name);
    expect(account.user.name).toMatch(/^[가-힣]{2,5}$/);
    expect(account.user.phone).not.toBe(journey.me.user.phone);
    expect(account.user.phone).toMatch(/^\+8210\d{8}$/);
    expect(account.auth.email).not.toBe(journey.me.auth.email);
    // The same person gets the same stand-in: the receipt's buyer is the address' person.
    const receipt = receipts.find((r) => r.receipt.publicId === journey.publicId)!.receipt;
    expect(receipt.delivery.name).not.toBe(journey.address.name);
    expect(receipt.delivery.tel).not.toBe(journey.address.tel);
    expect(receipt.buyerAccount.name).toBe(receipt.delivery.name);
    expect(receipt.sns.id).not.toBe('haneul_daily');
    const text = JSON.stringify(read(recordDir, 'receipts')) + JSON.stringify(read(recordDir, 'accounts'));
    for (const secret of [journey.address.tel, journey.address.addr, journey.me.user.phone, 'haneul_daily', '1002345678901'])
      expect(text).not.toContain(secret);
  });
});

describe('replay', () => {
  let replay: Cli;
  beforeAll(async () => {
    replay = await startCli(PORTS.replay, ['--replay', recordDir]);
  }, 60_000);
  afterAll(() => replay.stop());

  it('answers the recorded market and products with no upstream and the default seed, and an order takes their stock', async () => {
    expect(replay.output()).toMatch(/replay {9}.*imported over the seed/);
    const c = client(replay.url);
    const detail = (await c.call<Data<Detail>>('GET', '/common/market/get/mallang_studio/4')).body.data;
    expect(detail.market._id).toBe(journey.before.market._id);
    expect(detail.product.map((p) => p._id)).toEqual(journey.after.product.map((p) => p._id));
    await c.login('buyer');
    const again = await order(c, 1);
    expect(again.orderedBefore).toBe(journey.orderedAfter);
    expect(again.orderedAfter).toBe(journey.orderedAfter + again.amount);
    // a limit holds for recorded products as for seeded ones: more than the stock left is refused
    const left = again.option.stock === -1 ? null : again.option.stock - again.orderedAfter;
    if (left !== null) {
      const tooMany = await c.call('POST', '/cart/add/common', {
        marketId: detail.market._id,
        seller: 'mallang_studio',
        productList: [{ _id: again.product._id, option: again.option.title, amount: left + 1 }],
      });
      expect(tooMany.status).toBe(400);
    }
  });

  it('starts X-Mock-World worlds from the recording too', async () => {
    const c = client(replay.url);
    const detail = (
      await c.call<Data<Detail>>('GET', '/common/market/get/mallang_studio/4', undefined, { 'X-Mock-World': 'replayed-copy' })
    ).body.data;
    expect(detail.market._id).toBe(journey.before.market._id);
    const option = detail.product.find((p) => p._id === journey.product._id)!.option.find((o) => o.title === journey.option.title)!;
    expect(option.order).toBe(journey.orderedAfter);
  });

  it('moves the recorded market through its states with the clock', async () => {
    const c = client(replay.url);
    const world = { 'X-Mock-World': 'replayed-clock' };
    const detail = (await c.call<Data<Detail>>('GET', '/common/market/get/mallang_studio/4', undefined, world)).body.data;
    await c.call('PUT', '/__mock/clock', { now: new Date(Date.parse(detail.market.marketED) + 60_000).toISOString() }, world);
    await c.login('buyer');
    const late = await c.call(
      'POST',
      '/cart/add/common',
      {
        marketId: detail.market._id,
        seller: 'mallang_studio',
        productList: [{ _id: journey.product._id, option: journey.option.title, amount: 1 }],
      },
      world,
    );
    expect(late.status).toBe(400);
  });
});

describe('HAR import', () => {
  it('gives the same records as the recording of the same session', async () => {
    const har = await startCli(PORTS.har, ['--har', harFile, '--record', harRecordDir]);
    try {
      expect(har.output()).toMatch(/HAR: \d+ entries/);
      for (const kind of ['accounts', 'sellers', 'markets', 'products', 'carts', 'rooms', 'receipts', 'notifications', 'addresses']) {
        const fromProxy = existsSync(join(recordDir, `${kind}.json`)) ? read(recordDir, kind) : [];
        const fromHar = existsSync(join(harRecordDir, `${kind}.json`)) ? read(harRecordDir, kind) : [];
        expect(fromHar, kind).toEqual(fromProxy);
      }
      const detail = (await client(har.url).call<Data<Detail>>('GET', '/common/market/get/mallang_studio/4')).body.data;
      expect(detail.market._id).toBe(journey.before.market._id);
    } finally {
      await har.stop();
    }
  });
});

describe('diff mode', () => {
  let planted: Server;
  let proxy: TestServer;
  const pick: { productId?: string; option?: string } = {};
  beforeAll(async () => {
    // The "real backend": our handlers with four planted rule changes.
    const changed: Partial<HandlerMap> = {
      getMarket: (req, ctx) => {
        const raw = handlers.getMarket(req, ctx) as { body: Uint8Array };
        const out = JSON.parse(new TextDecoder().decode(raw.body)) as Data<Detail>;
        const product = out.data.product[0]!;
        pick.productId = product._id;
        pick.option = product.option[0]!.title;
        product.option[0]!.price += 1000;
        return out;
      },
      listOpenedMarkets: (req, ctx) => {
        const out = structuredClone(handlers.listOpenedMarkets(req, ctx));
        if (!('raw' in out)) out.data.reverse();
        return out;
      },
      getSeller: (req, ctx) => {
        if (req.params.sellerPID === 'monggeul_shop') throw new ApiFailure(404, 'not-found', { message: '없는 작가예요.' });
        // a field our profile has that the real one leaves out
        const { _ttl, ...data } = structuredClone(handlers.getSeller(req, ctx) as Data<CreatorProfile>).data;
        return { data: data };
      },
    };
    const core = createCore({ seed: 1, scale: 0.2, startAt: TEST_NOW }, { handlers: changed });
    planted = createServer(nodeListener(core));
    await new Promise<void>((resolve) => planted.listen(PORTS.planted, '127.0.0.1', resolve));
    proxy = await startTestServer({
      proxy: { upstream: new URL(`http://127.0.0.1:${PORTS.planted}`), only: null, timeoutMs: 5000, diff: true },
    });
  });
  afterAll(async () => {
    await proxy.close();
    planted.closeAllConnections();
    await new Promise((resolve) => planted.close(resolve));
  });

  it('reports exactly the planted differences, per request and per operation', async () => {
    const c = client(proxy.baseUrl);
    await c.login('buyer');
    await c.call('GET', '/user/me');
    await c.call('GET', '/common/v2/opened-market');
    await c.call('GET', '/common/v2/product');
    await c.call('GET', '/common/v2/seller/mallang_studio');
    await c.call('GET', '/common/v2/seller/monggeul_shop');
    const market = (await c.call<Data<Detail>>('GET', '/common/market/get/mallang_studio/4')).body.data;
    const { product, option } = orderable(market, 1);
    await c.call('POST', '/cart/add/common', {
      marketId: market.market._id,
      seller: 'mallang_studio',
      productList: [{ _id: product._id, option: option.title, amount: 1 }],
    });
    await c.call('GET', '/cart/v2/get');

    const report = (await c.call<ReturnType<DiffLog['summary']> & { enabled: boolean }>('GET', '/__mock/diff')).body;
    expect(report.enabled).toBe(true);
    const byOp = Object.fromEntries(report.operations.map((o) => [o.operationId, o]));
    const found = report.operations.flatMap((o) => o.paths.map((p) => `${o.operationId} ${p.kind} ${p.path}`)).sort();
    expect(found).toEqual(
      [
        'getMarket number data.product[_id=*].option[title=*].price',
        'getSeller error-code data',
        'getSeller only-mock data._ttl',
        'getSeller status ',
        'listOpenedMarkets list-order data',
      ].sort(),
    );
    expect(byOp.getMarket!.latest).toEqual([
      {
        kind: 'number',
        path: `data.product[_id=${pick.productId}].option[title=${pick.option}].price`,
        upstream: market.product.find((p) => p._id === pick.productId)!.option[0]!.price,
        mock: market.product.find((p) => p._id === pick.productId)!.option[0]!.price - 1000,
      },
    ]);
    expect(byOp.getSeller).toMatchObject({ compared: 2, differing: 2 });
    for (const op of ['getMe', 'listHomeProducts', 'addToCart', 'listCarts'])
      expect(byOp[op], op).toMatchObject({ compared: 1, differing: 0 });

    // each request's own findings are in its journal entry
    const entries = (await c.call<{ requests: { diff: DiffFinding[] | null }[] }>('GET', '/__mock/requests?operationId=getSeller')).body
      .requests;
    expect(entries.map((e) => (e.diff ?? []).map((d) => d.kind).sort())).toEqual([['only-mock'], ['error-code', 'status']]);
  });
});
