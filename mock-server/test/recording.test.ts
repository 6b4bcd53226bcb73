// Record, replay, HAR import and diff mode (src/recording, docs/recording.md), end to end through the real CLI:
// a mock with --seed 7 plays the real backend; a recorder (--proxy --record DIR) in front of it records a
// buyer's session (home, a seller, an open and a pre-open market, add to cart, order, the receipt) and a
// seller's; a third mock replays DIR with no upstream and the default seed, and its rules hold for the recorded
// records (an order takes their stock, their per-buyer limits and the recorded orders count, the clock opens
// the recorded pre-open market); --replay-only has the recording alone; the session as a HAR, and as Chrome
// exports it (no Authorization, the API under /api, other hosts), imports to the same records; an upstream
// with planted rule changes, seen through --diff, is reported with exactly those differences. Beside them, in
// process: a recorder in front of an upstream that breaks the contract keeps those answers out.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  generateWorld,
  type Account,
  type CreatorProfile,
  type MarketRow,
  type NotificationRow,
  type ProductRow,
  type ReceiptRow,
} from '@creator-market/fixtures';
import type { Schemas } from '@creator-market/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../src/core/core';
import { nodeListener } from '../src/doors/node';
import { handlers } from '../src/handlers';
import type { HandlerMap } from '../src/handlers/types';
import { ApiFailure } from '../src/http/failure';
import type { DiffFinding, DiffLog } from '../src/recording/diff';
import { importHar } from '../src/recording/har';
import { Recording } from '../src/recording/recording';
import { KEY_FILE, phoneDigits } from '../src/recording/standins';
import {
  addToCart,
  chromeHar,
  client,
  codeOf,
  expectNoOriginals,
  limitedProduct,
  liveUnitsOf,
  orderCart,
  ordered,
  personalValuesOfMe,
  stockedProduct,
  type Data,
  type Detail,
} from './support/recording';
import { BIN, MOCK_DIR } from './support/cli-run';
import { startTestServer, TEST_NOW } from './support/harness';

const START = new Date(TEST_NOW).toISOString();
const SCALE = '0.2';
/** Ports of this file's servers (4400-4499 is ours on shared machines). */
const PORTS = { upstream: 4451, recorder: 4452, replay: 4453, replayOnly: 4454, planted: 4455, chrome: 4456, diff: 4457 };
/** The recordings' stand-in key, fixed: which stand-ins a run draws does not depend on a random key. */
const TEST_KEY = '5eed'.repeat(16);
const OPEN_MARKET = '/common/market/get/mallang_studio/4';
const PRE_OPEN_MARKET = '/common/market/get/mallang_studio/6';
const KINDS = ['accounts', 'sellers', 'markets', 'products', 'carts', 'rooms', 'receipts', 'notifications', 'addresses'];

interface Cli {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** What a CLI logged of its unexpected errors (a 500's stack): the message of a check that got a 500. */
function unexpectedErrorsOf(cli: Cli): string {
  const at = cli.output().indexOf('[mock] unexpected error');
  return at < 0 ? '' : `\n${cli.output().slice(at, at + 3000)}`;
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

/** A recording folder with the test's stand-in key (a second folder given the same key gets the same stand-ins). */
function keyedFolder(path: string): string {
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, KEY_FILE), `${TEST_KEY}\n`);
  return path;
}

const dir = mkdtempSync(join(tmpdir(), 'cm-record-'));
const recordDir = keyedFolder(join(dir, 'recording'));
const harFile = join(dir, 'journey.har');
const chromeFile = join(dir, 'chrome.har');
let upstream: Cli;
let recorder: Cli;

/** What the recorded session did and saw, for the tests to check the recording against. */
const journey = {} as {
  me: Schemas['Me'];
  sellerMe: Schemas['Me'];
  addresses: Schemas['Address'][];
  tokens: string[];
  /** The open market before and after the order, the pre-open market. */
  before: Detail;
  after: Detail;
  preOpen: Detail;
  limited: ReturnType<typeof limitedProduct>;
  publicId: string;
  order: Awaited<ReturnType<typeof orderCart>>;
};

beforeAll(async () => {
  [upstream, recorder] = await Promise.all([
    startCli(PORTS.upstream, ['--seed', '7']),
    startCli(PORTS.recorder, ['--proxy', `http://127.0.0.1:${PORTS.upstream}`, '--record', recordDir]),
  ]);
  // A buyer's session, through the recorder; the HAR says it went to the upstream (the "real backend").
  const c = client(recorder.url, upstream.url);
  await c.login('buyer');
  journey.me = await c.data<Schemas['Me']>('GET', '/user/me');
  await c.call('GET', '/common/v2/opened-market');
  await c.call('GET', '/common/v2/product?from=topcart');
  await c.call('GET', '/common/v2/seller/mallang_studio');
  journey.before = await c.data<Detail>('GET', OPEN_MARKET);
  journey.preOpen = await c.data<Detail>('GET', PRE_OPEN_MARKET);
  journey.addresses = await c.data<Schemas['Address'][]>('GET', '/address/list');
  // The upstream's own records (seed 7, generated for the same instant): the buyer's live orders count towards limits.
  const upstreamWorld = generateWorld({ seed: 7, scale: Number(SCALE), now: TEST_NOW });
  journey.limited = limitedProduct(journey.before, liveUnitsOf(upstreamWorld, journey.me.user.uid));
  const cart = await addToCart(c, journey.before, [{ _id: journey.limited.product._id, option: journey.limited.option.title, amount: 1 }]);
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  await c.call('GET', '/cart/v2/get');
  journey.order = await orderCart(c, journey.before, cart.body.data);
  expect(journey.order.status, JSON.stringify(journey.order.body)).toBe(200);
  journey.publicId = journey.order.body.data;
  await c.call('GET', `/receipt/get/${journey.publicId}`);
  await c.call('GET', '/notification/message?msgCategory=buyer');
  await c.call('GET', '/room');
  journey.after = await c.data<Detail>('GET', OPEN_MARKET);
  // Then the seller's, through the same recorder: their own profile carries their bank account.
  await c.login('seller');
  journey.sellerMe = await c.data<Schemas['Me']>('GET', '/user/me');
  await c.call('GET', '/notification/message?msgCategory=seller');
  journey.tokens = c.tokens;
  writeFileSync(harFile, JSON.stringify(c.har()));
  // Another person's profile from another host, for the Chrome HAR: a host the page also called.
  const other = client(upstream.url);
  await other.login('buyer-new');
  const foreign = await other.call('GET', '/user/me');
  writeFileSync(
    chromeFile,
    JSON.stringify(
      chromeHar(c.har().log.entries, upstream.url, {
        api: 'https://api.creator-market.example/api',
        app: 'https://creator-market.example',
        foreign: { url: 'https://old-api.creator-market.example/api/user/me', text: JSON.stringify(foreign.body) },
        early: '/notification/message?msgCategory=buyer',
      }),
    ),
  );
}, 90_000);

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

const read = <T = unknown>(folder: string, kind: string) => JSON.parse(readFileSync(join(folder, `${kind}.json`), 'utf8')) as T[];
const readOrNone = (folder: string, kind: string) => (existsSync(join(folder, `${kind}.json`)) ? read(folder, kind) : []);
const detailPath = (detail: Detail) => `/common/market/get/${detail.seller.publicId}/${detail.market.publicId}`;

/** The personal values the session's answers carried and the values it sent, which no recorded file may hold. */
function sessionOriginals() {
  const buyer = personalValuesOfMe(journey.me);
  const seller = personalValuesOfMe(journey.sellerMe);
  const addresses = journey.addresses.flatMap((a) => [a.name, a.addr, a.addr2, a.zip]);
  return {
    text: [...buyer.text, ...seller.text, ...addresses, 'haneul_daily', '1002345678901', ...journey.tokens],
    phones: [...buyer.phones, ...seller.phones, ...journey.addresses.map((a) => a.tel)],
  };
}

describe('record', () => {
  it('turns the session’s answers into records of the world', () => {
    const { before, after, limited } = journey;
    const market = read<MarketRow>(recordDir, 'markets').find((r) => r.market._id === before.market._id)!;
    expect(market.sellerUID).toBe(before.seller._id);
    expect(read<MarketRow>(recordDir, 'markets').map((r) => r.market._id)).toContain(journey.preOpen.market._id);
    const product = read<ProductRow>(recordDir, 'products').find((r) => r.product._id === limited.product._id)!;
    expect(product.marketUID).toBe(before.market._id);
    // The latest answer wins: the stock as the market showed it after the order.
    expect(product.product.option.find((o) => o.title === limited.option.title)!.order).toBe(
      ordered(after, limited.product._id, limited.option.title),
    );
    expect(ordered(after, limited.product._id, limited.option.title)).toBe(limited.option.order + 1);
    expect(read<CreatorProfile>(recordDir, 'sellers').some((s) => s.publicId === 'mallang_studio')).toBe(true);
    const receipt = read<ReceiptRow>(recordDir, 'receipts').find((r) => r.receipt.publicId === journey.publicId)!;
    expect(receipt.ownerUid).toBe(journey.me.user.uid);
    // the order took its cart: the recording does not keep it
    expect(read<{ cart: Schemas['CartEntry'] }>(recordDir, 'carts').filter((r) => r.cart.market._id === before.market._id)).toEqual([]);
    const recipients = new Set(read<NotificationRow>(recordDir, 'notifications').map((n) => `${n.recipientUid} ${n.category}`));
    expect(recipients).toEqual(new Set([`${journey.me.user.uid} buyer`, `${journey.sellerMe.user.uid} seller`]));
    expect(read(recordDir, 'rooms').length).toBeGreaterThan(0);
    expect(
      read<Account>(recordDir, 'accounts')
        .map((a) => a.uid)
        .sort(),
    ).toEqual([journey.me.user.uid, journey.sellerMe.user.uid].sort());
  });

  it('keeps no original personal value in any file it writes', () => {
    const files = expectNoOriginals(recordDir, sessionOriginals());
    expect(files.sort()).toEqual(KINDS.map((k) => `${k}.json`).sort());
    // What the scan looks for is there to find: the originals the recorder saw.
    const seen = readFileSync(harFile, 'utf8');
    for (const original of [journey.sellerMe.seller!.bank!.name, journey.me.user.name, journey.addresses[0]!.addr])
      expect(seen).toContain(original);
  });

  it('gives one person one stand-in however their number is written, and realistic handles', () => {
    const accounts = read<Account>(recordDir, 'accounts');
    const buyer = accounts.find((a) => a.uid === journey.me.user.uid)!;
    // '+8210...' (the profile), '+8210...' (the sign-in) and '010...' (the cash receipt) are one number.
    expect(journey.me.user.phone).toMatch(/^\+82/);
    expect(journey.me.user.cashReceipt!.no).toMatch(/^010/);
    expect(buyer.user.phone).toMatch(/^\+8210\d{8}$/);
    expect(phoneDigits(buyer.user.phone!)).toBe(buyer.user.cashReceipt!.no);
    expect(buyer.auth.phoneNumber).toBe(buyer.user.phone);
    expect(buyer.user.name).toMatch(/^[가-힣]{2,5}$/);
    // The account holder is the person of the profile; the seller's bank account is the CEO's.
    expect(buyer.user.account!.name).toBe(buyer.user.name);
    const seller = accounts.find((a) => a.uid === journey.sellerMe.user.uid)!.seller!;
    expect(journey.sellerMe.seller!.bank!.name).toBe(journey.sellerMe.seller!.business!.ceo);
    expect(seller.bank!.name).toMatch(/^[가-힣]{2,5}$/);
    expect(seller.bank!.name).toBe(seller.business!.ceo);
    // The receipt's buyer is the address' person.
    const receipt = read<ReceiptRow>(recordDir, 'receipts').find((r) => r.receipt.publicId === journey.publicId)!.receipt;
    const address = read<{ address: Schemas['Address'] }>(recordDir, 'addresses').find(
      (r) => r.address._id === journey.order.address._id,
    )!.address;
    expect(receipt.delivery.name).toBe(address.name);
    expect(receipt.delivery.tel).toBe(address.tel);
    expect(receipt.buyerAccount.name).toBe(receipt.delivery.name);
    // 'haneul_daily' is the profile's SNS id and the order's: one handle, as people write them.
    expect(receipt.sns.id).toBe(buyer.user.sns!.id);
    expect(receipt.sns.id).toMatch(/^[a-z]{2,}([._][a-z]+|\d{2})$|^[a-z]+_[a-z]{2,}$/);
    expect(buyer.auth.email).toMatch(/^[a-z]+\.[a-z]+\d{2}@example\.(com|net|org)$/);
  });
});

describe('a recorder in front of an upstream that breaks the contract', () => {
  const folder = join(dir, 'violations');
  let planted: Server;
  let me: Schemas['Me'];
  let devices: unknown;
  let brokenMarket: Detail;
  beforeAll(async () => {
    keyedFolder(folder);
    // The upstream: seed 7's world, three of whose answers break the contract.
    const broken: Partial<HandlerMap> = {
      getMarket: (req, ctx) => {
        const out = JSON.parse(new TextDecoder().decode((handlers.getMarket(req, ctx) as { body: Uint8Array }).body)) as Data<Detail>;
        if (req.params.marketId !== '5') return out;
        // a price sent as text
        (out.data.product[0]!.option[0] as { price: unknown }).price = String(out.data.product[0]!.option[0]!.price);
        return out;
      },
      getMe: (req, ctx) => {
        const out = structuredClone(handlers.getMe(req, ctx)) as Data<Schemas['Me']>;
        // a field the contract does not have, beside the seller's bank account
        (out.data.seller!.bank as Record<string, unknown>).holderBirth = '19900101';
        return out;
      },
      listDevices: (req, ctx) => {
        const out = structuredClone(handlers.listDevices(req, ctx)) as Data<Record<string, unknown>[]>;
        for (const device of out.data) device.pushEnabled = true;
        return out as never;
      },
    };
    const core = createCore({ seed: 7, scale: 0.2, startAt: TEST_NOW }, { handlers: broken });
    planted = createServer(nodeListener(core));
    await new Promise<void>((resolve) => planted.listen(0, '127.0.0.1', resolve));
    const port = (planted.address() as { port: number }).port;
    const proxy = await startTestServer({
      seed: 7,
      proxy: {
        upstream: new URL(`http://127.0.0.1:${port}`),
        only: null,
        timeoutMs: 5000,
        recording: new Recording(folder),
        log: () => {},
      },
    });
    try {
      const c = client(proxy.baseUrl);
      await c.login('seller');
      me = (await c.call<Data<Schemas['Me']>>('GET', '/user/me')).body.data;
      devices = (await c.call('GET', '/device')).body;
      brokenMarket = (await c.call<Data<Detail>>('GET', '/common/market/get/mallang_studio/5')).body.data;
      await c.data('GET', OPEN_MARKET);
    } finally {
      await proxy.close();
    }
  });
  afterAll(async () => {
    planted.closeAllConnections();
    await new Promise((resolve) => planted.close(resolve));
  });

  it('keeps the violating answers in violations.jsonl with their violations, never in the entity files', () => {
    const lines = readFileSync(join(folder, 'violations.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { operationId: string; path: string; status: number; violations: string[]; body: unknown });
    expect(lines.map((l) => [l.operationId, l.path, l.status])).toEqual([
      ['getMe', '/user/me', 200],
      ['listDevices', '/device', 200],
      ['getMarket', '/common/market/get/mallang_studio/5', 200],
    ]);
    const [getMe, listDevices, getMarket] = lines;
    // Where and what, never the value (the body has it, in its place, personal data replaced)
    expect(getMe!.violations).toContain("/data/seller/bank/holderBirth: body.data.seller.bank has unexpected property 'holderBirth'");
    expect(listDevices!.violations).toEqual(["/data/0/pushEnabled: body.data[0] has unexpected property 'pushEnabled'"]);
    expect(getMarket!.violations).toEqual(['/data/product/0/option/0/price: body.data.product[0].option[0].price must be integer']);
    expect((getMarket!.body as Data<Detail>).data.product[0]!.option[0]!.price).toBe(String(brokenMarket.product[0]!.option[0]!.price));
    // The conforming answer went in; none of the violating ones did.
    expect(read<MarketRow>(folder, 'markets').map((r) => r.market.publicId)).toEqual([4]);
    const products = new Set(read<ProductRow>(folder, 'products').map((r) => r.product._id));
    for (const product of brokenMarket.product) expect(products.has(product._id)).toBe(false);
    expect(existsSync(join(folder, 'accounts.json'))).toBe(false);
  });

  it('replaces the personal data of what it keeps there as well', () => {
    const tokens = (devices as Data<{ deviceToken: string }[]>).data.map((d) => d.deviceToken);
    expect(tokens.length).toBeGreaterThan(0);
    const originals = personalValuesOfMe(me);
    // '19900101' is the holder's birth date in a field the contract does not know: no stand-in recognises it.
    const files = expectNoOriginals(folder, { text: [...originals.text, ...tokens, '19900101'], phones: originals.phones });
    expect(files).toContain('violations.jsonl');
    expect(readFileSync(join(folder, 'violations.jsonl'), 'utf8')).toContain('holderBirth');
  });
});

describe('replay', () => {
  let replay: Cli;
  let only: Cli;
  beforeAll(async () => {
    [replay, only] = await Promise.all([
      startCli(PORTS.replay, ['--replay', recordDir]),
      startCli(PORTS.replayOnly, ['--replay', recordDir, '--replay-only']),
    ]);
  }, 60_000);
  afterAll(() => Promise.all([replay.stop(), only.stop()]));

  it('answers the recorded markets and products with no upstream and the default seed', async () => {
    expect(replay.output()).toMatch(
      /replay {9}.*imported over the seed.* in \d+ ms, \d+ ms of CPU \(the seed's records apart: generated in \d+ ms\)/,
    );
    const c = client(replay.url);
    const detail = await c.data<Detail>('GET', OPEN_MARKET);
    expect(detail.market._id).toBe(journey.before.market._id);
    expect(detail.product.map((p) => p._id)).toEqual(journey.after.product.map((p) => p._id));
    expect((await c.data<Detail>('GET', PRE_OPEN_MARKET)).market._id).toBe(journey.preOpen.market._id);
  });

  it('takes the recorded stock with an order, and refuses more than is left', async () => {
    const c = client(replay.url);
    const world = { 'X-Mock-World': 'replay-stock' };
    await c.login('buyer', world);
    const detail = await c.data<Detail>('GET', OPEN_MARKET, undefined, world);
    const { product, option, left } = stockedProduct(detail);
    expect(option.order).toBe(ordered(journey.after, product._id, option.title));
    const line = (amount: number) => [{ _id: product._id, option: option.title, amount }];
    const tooMany = await addToCart(c, detail, line(left + 1), world);
    expect([tooMany.status, codeOf(tooMany.body)]).toEqual([400, 'amount-exceeded']);
    const cart = await addToCart(c, detail, line(left), world);
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const order = await orderCart(c, detail, cart.body.data, world);
    expect(order.status, JSON.stringify(order.body) + unexpectedErrorsOf(replay)).toBe(200);
    const after = await c.data<Detail>('GET', OPEN_MARKET, undefined, world);
    expect(ordered(after, product._id, option.title)).toBe(option.stock);
    const soldOut = await addToCart(c, after, line(1), world);
    expect([soldOut.status, codeOf(soldOut.body)]).toEqual([400, 'out-of-stock']);
  });

  it('holds the per-buyer limit, counting the recorded order', async () => {
    const c = client(replay.url);
    const world = { 'X-Mock-World': 'replay-limit' };
    await c.login('buyer', world);
    const detail = await c.data<Detail>('GET', OPEN_MARKET, undefined, world);
    const { product, option } = journey.limited;
    const limit = product.limitAmount;
    const line = (amount: number) => [{ _id: product._id, option: option.title, amount }];
    const overLimit = await addToCart(c, detail, line(limit + 1), world);
    expect([overLimit.status, codeOf(overLimit.body)]).toEqual([400, 'amount-exceeded']);
    // The recorded order holds 1 of the limit: the cart may hold the whole limit, an order only the rest.
    const recorded = read<ReceiptRow>(recordDir, 'receipts')
      .filter((r) => r.ownerUid === journey.me.user.uid)
      .flatMap((r) => r.receipt.productList)
      .filter((l) => l._id === product._id)
      .reduce((sum, l) => sum + l.amount, 0);
    expect(recorded).toBe(1);
    const cart = await addToCart(c, detail, line(limit), world);
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const refused = await orderCart(c, detail, cart.body.data, world);
    expect([refused.status, codeOf(refused.body)]).toEqual([400, 'amount-exceeded']);
    const lowered = await c.call<Data<Schemas['CartEntry']>>(
      'POST',
      '/cart/update',
      { cartId: cart.body.data._id, productList: line(limit - recorded) },
      world,
    );
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    const accepted = await orderCart(c, detail, lowered.body.data, world);
    expect(accepted.status, JSON.stringify(accepted.body) + unexpectedErrorsOf(replay)).toBe(200);
  });

  it('opens the recorded pre-open market as the mock’s clock moves, and closes it', async () => {
    const c = client(replay.url);
    const world = { 'X-Mock-World': 'replay-clock' };
    await c.login('buyer', world);
    const detail = await c.data<Detail>('GET', PRE_OPEN_MARKET, undefined, world);
    expect(Date.parse(detail.market.marketST)).toBeGreaterThan(TEST_NOW);
    const product = detail.product.find((p) => p.useYN && p.limitAmount === 0 && p.option.some((o) => o.useYN && o.stock > 0))!;
    const option = product.option.find((o) => o.useYN && o.stock > 0)!;
    const cart = await addToCart(c, detail, [{ _id: product._id, option: option.title, amount: 1 }], world);
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    // The buyer's recorded cart of this market may hold more of it: the order takes the entry's lines.
    const amount = cart.body.data.productList.find((l) => l._id === product._id && l.option === option.title)!.amount;
    const early = await orderCart(c, detail, cart.body.data, world);
    expect([early.status, codeOf(early.body)]).toEqual([400, 'market-schedule']);
    const clock = (at: number) => c.call('PUT', '/__mock/clock', { now: new Date(at).toISOString() }, world);
    expect((await clock(Date.parse(detail.market.marketST) + 60_000)).status).toBe(200);
    const opened = await orderCart(c, detail, cart.body.data, world);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const after = await c.data<Detail>('GET', PRE_OPEN_MARKET, undefined, world);
    expect(ordered(after, product._id, option.title)).toBe(option.order + amount);
    expect((await clock(Date.parse(detail.market.marketED) + 60_000)).status).toBe(200);
    const late = await addToCart(c, detail, [{ _id: product._id, option: option.title, amount: 1 }], world);
    expect([late.status, codeOf(late.body)]).toEqual([400, 'market-schedule']);
  });

  it('keeps the seed beside the recording; --replay-only has the recording alone, with the personas', async () => {
    expect(only.output()).toMatch(/replay {9}.*imported alone \(with the personas\)/);
    const recordedSellers = new Set(read<CreatorProfile>(recordDir, 'sellers').map((s) => s.publicId));
    const seeded = (await client(replay.url).data<{ sellerPublicId: string }[]>('GET', '/common/v2/opened-market')).find(
      (m) => !recordedSellers.has(m.sellerPublicId),
    )!;
    expect((await client(replay.url).call('GET', `/common/v2/seller/${seeded.sellerPublicId}`)).status).toBe(200);
    const c = client(only.url);
    expect((await c.call('GET', `/common/v2/seller/${seeded.sellerPublicId}`)).status).toBe(404);
    const opened = await c.data<{ marketUID: string }[]>('GET', '/common/v2/opened-market');
    const recordedMarkets = new Set(read<MarketRow>(recordDir, 'markets').map((r) => r.market._id));
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.filter((m) => !recordedMarkets.has(m.marketUID))).toEqual([]);
    expect((await c.data<Detail>('GET', OPEN_MARKET)).market._id).toBe(journey.before.market._id);
    await c.login('buyer');
    const me = await c.data<Schemas['Me']>('GET', '/user/me');
    expect(me.user.name).toBe(read<Account>(recordDir, 'accounts').find((a) => a.uid === journey.me.user.uid)!.user.name);
  });
});

describe('HAR import', () => {
  it('gives the same records as the recording of the same session', () => {
    const harRecordDir = keyedFolder(join(dir, 'from-har'));
    const imported = importHar(harFile, new Recording(harRecordDir));
    expect(imported).toMatchObject({ origin: upstream.url, otherOrigins: 0, violations: 0 });
    expect(imported.imported).toBe(imported.matched);
    for (const kind of KINDS) expect(readOrNone(harRecordDir, kind), kind).toEqual(read(recordDir, kind));
  });

  it('reads Chrome’s export: no Authorization, the API under a base path, other hosts skipped (--replay FILE.har)', async () => {
    const chromeDir = join(dir, 'from-chrome');
    mkdirSync(chromeDir);
    copyFileSync(join(recordDir, KEY_FILE), join(chromeDir, KEY_FILE));
    const chrome = await startCli(PORTS.chrome, ['--replay', chromeFile, '--har-base-path', '/api', '--record', chromeDir]);
    try {
      // The carts, receipts, rooms, notifications and addresses are the session's people's, as with the headers
      // (the buyer's notifications asked for before their profile came included).
      for (const kind of KINDS) expect(readOrNone(chromeDir, kind), kind).toEqual(read(recordDir, kind));
      expect(chrome.output()).toMatch(
        /HAR: \d+ entries, \d+ API calls at https:\/\/api\.creator-market\.example\/api, \d+ imported, 0 violating kept out, 1 calls to other origins skipped/,
      );
      expect(existsSync(join(chromeDir, 'violations.jsonl'))).toBe(false);
      const detail = await client(chrome.url).data<Detail>('GET', detailPath(journey.before));
      expect(detail.market._id).toBe(journey.before.market._id);
    } finally {
      await chrome.stop();
    }
  });
});

describe('diff mode', () => {
  let planted: Server;
  let diff: Cli;
  const pick: { price?: { productId: string; option: string }; stock?: { productId: string; option: string }; dropped?: string } = {};
  beforeAll(async () => {
    // The "real backend": our handlers with planted rule changes.
    const changed: Partial<HandlerMap> = {
      getMarket: (req, ctx) => {
        const out = JSON.parse(new TextDecoder().decode((handlers.getMarket(req, ctx) as { body: Uint8Array }).body)) as Data<Detail>;
        const first = out.data.product[0]!;
        pick.price = { productId: first._id, option: first.option[0]!.title };
        first.option[0]!.price += 1000;
        // a stock the spec's rules would not have: five more of the first option of finite stock
        const stocked = out.data.product.find((p) => p.option.some((o) => o.stock !== -1))!;
        const option = stocked.option.find((o) => o.stock !== -1)!;
        pick.stock = { productId: stocked._id, option: option.title };
        option.stock += 5;
        return out;
      },
      listOpenedMarkets: (req, ctx) => {
        const out = structuredClone(handlers.listOpenedMarkets(req, ctx));
        if (!('raw' in out)) out.data.reverse();
        return out;
      },
      listHomeProducts: (req, ctx) => {
        const out = structuredClone(handlers.listHomeProducts(req, ctx));
        // one product the real backend leaves out of the section
        if (!('raw' in out)) pick.dropped = out.data.pop()!.productUID;
        return out;
      },
      getSeller: (req, ctx) => {
        if (req.params.sellerPID === 'monggeul_shop') throw new ApiFailure(404, 'not-found', { message: '없는 작가예요.' });
        // a field our profile has that the real one leaves out
        const { _ttl, ...data } = structuredClone(handlers.getSeller(req, ctx) as Data<CreatorProfile>).data;
        return { data: data };
      },
      getMe: (req, ctx) => {
        // a field the real one has that the contract (and our profile) does not
        const out = structuredClone(handlers.getMe(req, ctx)) as Data<Schemas['Me']>;
        (out.data.user as Record<string, unknown>).grade = 'VIP';
        return out;
      },
    };
    const core = createCore({ seed: 1, scale: 0.2, startAt: TEST_NOW }, { handlers: changed });
    planted = createServer(nodeListener(core));
    await new Promise<void>((resolve) => planted.listen(PORTS.planted, '127.0.0.1', resolve));
    diff = await startCli(PORTS.diff, ['--proxy', `http://127.0.0.1:${PORTS.planted}`, '--diff']);
  }, 60_000);
  afterAll(async () => {
    await diff.stop();
    planted.closeAllConnections();
    await new Promise((resolve) => planted.close(resolve));
  });

  it('reports exactly the planted differences, per request and per operation (pnpm mock --proxy URL --diff)', async () => {
    expect(diff.output()).toMatch(/diff {11}each forwarded request also answered in a shadow world/);
    const c = client(diff.url);
    await c.login('buyer');
    await c.call('GET', '/user/me');
    await c.call('GET', '/common/v2/opened-market');
    await c.call('GET', '/common/v2/product?from=topcart');
    await c.call('GET', '/common/v2/seller/mallang_studio');
    await c.call('GET', '/common/v2/seller/monggeul_shop');
    const market = await c.data<Detail>('GET', OPEN_MARKET);
    // (not one of finite stock: the upstream's answer shows five more of it than there are)
    const product = market.product.find((p) => p.useYN && p.limitAmount === 0 && p.option.some((o) => o.useYN && o.stock === -1))!;
    const option = product.option.find((o) => o.useYN && o.stock === -1)!;
    const added = await addToCart(c, market, [{ _id: product._id, option: option.title, amount: 1 }]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await c.call('GET', '/cart/v2/get');

    const report = (await c.call<ReturnType<DiffLog['summary']> & { enabled: boolean }>('GET', '/__mock/diff')).body;
    expect(report.enabled).toBe(true);
    const byOp = Object.fromEntries(report.operations.map((o) => [o.operationId, o]));
    const found = report.operations.flatMap((o) => o.paths.map((p) => `${o.operationId} ${p.kind} ${p.path}`)).sort();
    expect(found).toEqual(
      [
        'getMarket number data.product[_id=*].option[title=*].price',
        'getMarket number data.product[_id=*].option[title=*].stock',
        'getMe only-upstream data.user.grade',
        'getSeller error-code data',
        'getSeller only-mock data._ttl',
        'getSeller status ',
        'listHomeProducts list-ids data',
        'listOpenedMarkets list-order data',
      ].sort(),
    );
    const at = (p: { productId: string; option: string }) => `data.product[_id=${p.productId}].option[title=${p.option}]`;
    const mine = (p: { productId: string; option: string }) =>
      market.product.find((x) => x._id === p.productId)!.option.find((o) => o.title === p.option)!;
    expect(byOp.getMarket!.latest).toEqual([
      { kind: 'number', path: `${at(pick.price!)}.price`, upstream: mine(pick.price!).price, mock: mine(pick.price!).price - 1000 },
      { kind: 'number', path: `${at(pick.stock!)}.stock`, upstream: mine(pick.stock!).stock, mock: mine(pick.stock!).stock - 5 },
    ]);
    expect(byOp.listHomeProducts!.latest).toEqual([{ kind: 'list-ids', path: 'data', upstream: [], mock: [pick.dropped] }]);
    expect(byOp.getSeller).toMatchObject({ compared: 2, differing: 2 });
    for (const op of ['addToCart', 'listCarts']) expect(byOp[op], op).toMatchObject({ compared: 1, differing: 0 });

    // each request's own findings are in its journal entry, beside the contract's violations
    const entries = (await c.call<{ requests: { diff: DiffFinding[] | null }[] }>('GET', '/__mock/requests?operationId=getSeller')).body
      .requests;
    expect(entries.map((e) => (e.diff ?? []).map((d) => d.kind).sort())).toEqual([['only-mock'], ['error-code', 'status']]);
    const me = (
      await c.call<{ requests: { diff: DiffFinding[] | null; violations: string[] }[] }>('GET', '/__mock/requests?operationId=getMe')
    ).body.requests[0]!;
    expect(me.diff).toEqual([{ kind: 'only-upstream', path: 'data.user.grade', upstream: 'VIP' }]);
    expect(me.violations).toEqual(['/data/user/grade: body.data.user has unexpected property \'grade\' (got "VIP")']);
  });
});
