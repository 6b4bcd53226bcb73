// Record and replay a real browser session (issue 28, docs/recording.md): a mock with `--seed 7` plays the
// real backend; a recorder (`--proxy URL --record DIR`) stands in front of it and the app's every API request
// goes through it (the app was built for the journeys' mock server, so the page's requests to that address
// are sent on to the recorder); the buyer signs in, opens a market and a product, adds it to the cart,
// orders and pays by virtual account, while Playwright records the session's HAR. Then, with no upstream:
// a third mock replays DIR over the default seed and answers the recorded market and product ids, and an
// order there takes the recorded stock; a fourth imports the browser's HAR and gives the same records (given
// the recording's stand-in key: DIR/.standin-key makes the same person the same stand-in in both folders).
// The tests run in order, in one worker: each reads what the one before it left.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createMockControl } from '@creator-market/sdk/control';
import { startMockCli } from '../../bench/processes.mjs';
import { REPO_ROOT, test } from '../lib/fixtures.mjs';

const WORK_DIR = path.join(REPO_ROOT, '.tmp', 'e2e-record-replay');
const RECORD_DIR = path.join(WORK_DIR, 'recording');
const HAR_FILE = path.join(WORK_DIR, 'journey.har');
const HAR_RECORD_DIR = path.join(WORK_DIR, 'from-har');
const MARKET_PATH = '/m/mallang_studio/4';
const MARKET_API = '/common/market/get/mallang_studio/4';
/** The journeys' mock server: the address the app was built for, whose requests the recorder takes here. */
const APP_API_BASE = process.env.E2E_API_BASE ?? '';
/** Small worlds: these four mocks start beside the other journeys. */
const SMALL = ['--scale', '0.2', '--journal', '200'];
const ENTITIES = ['accounts', 'sellers', 'markets', 'products', 'carts', 'rooms', 'receipts', 'notifications', 'addresses'];

test.describe.configure({ mode: 'serial' });

/** @type {Awaited<ReturnType<typeof startMockCli>>[]} */
const mocks = [];
/** What the browser's session ordered, for the replay to check: set by the first test. */
let recorded;

async function startMock(flags) {
  const mock = await startMockCli({ flags: [...SMALL, ...flags], timeoutMs: 90_000 });
  mocks.push(mock);
  return mock;
}

const readRecords = (dir, kind) => {
  try {
    return JSON.parse(readFileSync(path.join(dir, `${kind}.json`), 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
};

/**
 * A product API read of `base` (the `data` of the envelope), in `world` when given.
 * @param {string} base
 * @param {string} apiPath
 * @param {{world?: string, token?: string}} [options]
 */
async function apiGet(base, apiPath, { world, token } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (world) headers['X-Mock-World'] = world;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${apiPath}`, { headers });
  if (!response.ok) throw new Error(`GET ${apiPath} on ${base}: ${response.status} ${await response.text()}`);
  return (await response.json()).data;
}

const orderedOf = (detail, productId, optionTitle) =>
  detail.product.find((p) => p._id === productId)?.option.find((o) => o.title === optionTitle)?.order;

let upstream;
let recorder;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(WORK_DIR, { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });
  upstream = await startMock(['--seed', '7']);
  recorder = await startMock(['--proxy', upstream.baseUrl, '--record', RECORD_DIR]);
});

test.afterAll(async () => {
  await Promise.all(mocks.map((mock) => mock.stop()));
});

test.describe('through the recorder', () => {
  // The fixture's world, personas and helpers are the recorder's (its control plane); the app's requests are
  // forwarded by the recorder to the upstream, in the same world.
  test.use({
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    apiBase: async ({}, use) => use(recorder.baseUrl),
    contextOptions: { recordHar: { path: HAR_FILE, urlFilter: `${APP_API_BASE}/**` } },
  });

  test('a buyer’s session in Chromium is recorded into the world’s entities', async ({ ctx, page, context, mock, signIn, world }) => {
    test.setTimeout(150_000);
    if (!APP_API_BASE) throw new Error('E2E_API_BASE is not set: run this journey through `pnpm e2e` (its global setup)');
    // Every request the page makes to the app's API goes through the recorder instead, as sent.
    await context.route(`${APP_API_BASE}/**`, async (route) => {
      const url = recorder.baseUrl + route.request().url().slice(APP_API_BASE.length);
      // A reused keep-alive connection the recorder has just closed fails with ECONNRESET before the request
      // reaches it; the browser itself sends such a request again, and so does this (once).
      await route.fulfill({ response: await route.fetch({ url, maxRetries: 1 }) });
    });

    const before = await apiGet(upstream.baseUrl, MARKET_API, { world });
    const inStock = (option) => option.useYN && (option.stock === -1 || option.stock - option.order >= 1);
    const product = before.product.find((p) => p.useYN && (p.limitAmount === 0 || p.limitAmount >= 1) && p.option.some(inStock));
    if (!product) throw new Error(`${MARKET_PATH} has no product in stock in the upstream's world`);
    const option = product.option.find(inStock);

    await ctx.step('the buyer signs in; the app reads who they are through the recorder', async () => {
      await signIn('buyer');
      await page.getByRole('navigation', { name: '주요 메뉴' }).waitFor();
    });

    await ctx.step(`the buyer opens ${MARKET_PATH} and '${product.title}'`, async () => {
      await ctx.goto(MARKET_PATH);
      await ctx.see(before.market.title);
      await ctx.shot('market');
      await page.getByRole('link', { name: product.title }).first().click();
      await page.waitForURL((url) => ctx.appPath(url) === '/p/mallang_studio/4');
      await page.getByRole('checkbox', { name: '다시 묻지 않기' }).check();
      await page.getByRole('button', { name: '하나씩 보기' }).click();
      await ctx.see(product.title);
    });

    await ctx.step(`the buyer adds one '${option.title}' and opens the cart`, async () => {
      await page.getByRole('button', { name: '장바구니 담기', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: '장바구니 담기' });
      await drawer
        .getByRole('group', { name: `${product.title} ${option.title}`, exact: true })
        .getByRole('button', { name: '수량 늘리기' })
        .click();
      await drawer.getByRole('button', { name: '장바구니 담기', exact: true }).click();
      const toast = await ctx.toast('장바구니에 담았어요');
      await toast.getByRole('button', { name: '장바구니 보기' }).click();
      await page.waitForURL((url) => ctx.appPath(url) === `/cart/${before.market._id}`);
      const card = page.getByRole('region', { name: before.market.title });
      await card.waitFor();
      await card.getByPlaceholder('작가님께 전할 요청 사항을 적어주세요').fill('녹화된 주문이에요');
      await ctx.shot('cart');
    });

    let publicId;
    await ctx.step('the buyer orders and pays by virtual account', async () => {
      const button = page.getByRole('button', { name: /^(주문 시작|품절 제외 후 주문)$/ });
      await button.click();
      await page.waitForURL((url) => /^\/r\/\d{12}\/pay$/.test(ctx.appPath(url)), { timeout: 30_000 });
      publicId = ctx.appPath(new URL(page.url())).split('/')[2];
      await page.getByRole('radio', { name: /가상계좌/ }).check();
      await page.getByRole('button', { name: /결제하기$/ }).click();
      await page.getByRole('region', { name: '입금 계좌' }).waitFor();
      await ctx.shot('virtual-account');
    });

    await ctx.step('the buyer goes back to the market: the recording sees the stock the order took', async () => {
      await ctx.goto(MARKET_PATH);
      await ctx.see(before.market.title);
    });

    await ctx.step('the recorder forwarded the session: its journal holds the order, as the upstream answered it', async () => {
      const orders = await mock.journal.list({ operationId: 'insertReceipt' });
      test.expect(orders.requests.map((entry) => entry.status)).toEqual([200]);
    });

    // The market as the session last saw it: what the recording must hold.
    const after = await apiGet(upstream.baseUrl, MARKET_API, { world });
    recorded = { world, publicId, market: after, productId: product._id, optionTitle: option.title };
    // The buyer's cart of the market held this option already: the order took one or more.
    test.expect(orderedOf(after, product._id, option.title)).toBeGreaterThan(option.order);
  });
});

test('the recording holds the session’s market, products and order, personal data replaced', async () => {
  const markets = readRecords(RECORD_DIR, 'markets');
  test.expect(markets.map((row) => row.market._id)).toContain(recorded.market.market._id);
  const product = readRecords(RECORD_DIR, 'products').find((row) => row.product._id === recorded.productId);
  test
    .expect(product?.product.option.find((o) => o.title === recorded.optionTitle)?.order)
    .toBe(orderedOf(recorded.market, recorded.productId, recorded.optionTitle));
  const receipts = readRecords(RECORD_DIR, 'receipts');
  test.expect(receipts.map((row) => row.receipt.publicId)).toContain(recorded.publicId);
  const upstreamMe = await apiGet(upstream.baseUrl, '/user/me', {
    world: recorded.world,
    token: (await createMockControl({ baseUrl: upstream.baseUrl, world: recorded.world }).login('buyer')).token,
  });
  const account = readRecords(RECORD_DIR, 'accounts').find((row) => row.uid === upstreamMe.user.uid);
  test.expect(account, 'the signed-in buyer is recorded').toBeTruthy();
  test.expect(account.user.name).not.toBe(upstreamMe.user.name);
  test.expect(account.user.phone).not.toBe(upstreamMe.user.phone);
});

test('a mock replaying the recording, with no upstream, answers its ids and an order takes its stock', async () => {
  const replay = await startMock(['--replay', RECORD_DIR]);
  const detail = await apiGet(replay.baseUrl, MARKET_API);
  test.expect(detail.market._id).toBe(recorded.market.market._id);
  test.expect(detail.product.map((p) => p._id)).toEqual(recorded.market.product.map((p) => p._id));
  const orderedBefore = orderedOf(detail, recorded.productId, recorded.optionTitle);
  test.expect(orderedBefore).toBe(orderedOf(recorded.market, recorded.productId, recorded.optionTitle));

  // An order on the replayed world: the buyer's cart, then the receipt, through the product API.
  const control = createMockControl({ baseUrl: replay.baseUrl });
  const { token } = await control.login('buyer');
  const send = async (method, apiPath, body) => {
    const response = await fetch(`${replay.baseUrl}${apiPath}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const productList = [{ _id: recorded.productId, option: recorded.optionTitle, amount: 1 }];
  const cart = await send('POST', '/cart/add/common', { marketId: detail.market._id, seller: 'mallang_studio', productList });
  const address = await apiGet(replay.baseUrl, '/address/get-primary', { token });
  const delivery = detail.market.delivery.option.filter((o) => o.useYN).sort((a, b) => (b.weight ?? Infinity) - (a.weight ?? Infinity))[0];
  const lines = cart.productList.filter((line) => line._id === recorded.productId && line.option === recorded.optionTitle);
  await send('POST', '/receipt/insert', {
    marketId: detail.market._id,
    memo: '조심히 보내주세요',
    productList: lines.map((line) => ({ _id: line._id, option: line.option, amount: line.amount })),
    delivery: {
      name: address.name,
      tel: address.tel,
      addr: address.addr,
      addr2: address.addr2,
      zip: address.zip,
      msg: '',
      title: delivery.title,
    },
    sns: { type: 1, id: 'replay_buyer' },
    buyerAccount: { name: address.name, no: '1002345678901', type: '020' },
    payment: { option: 1, depositExpect: '' },
    cashReceipt: { useYN: false, isPersonal: true, no: '' },
    cartId: cart._id,
  });
  const after = await apiGet(replay.baseUrl, MARKET_API);
  test.expect(orderedOf(after, recorded.productId, recorded.optionTitle)).toBe(orderedBefore + lines[0].amount);
});

test('the browser’s HAR of the session imports to the same records', async () => {
  const har = JSON.parse(readFileSync(HAR_FILE, 'utf8'));
  test.expect(har.log.entries.length, 'Playwright recorded the session’s API requests').toBeGreaterThan(5);
  mkdirSync(HAR_RECORD_DIR, { recursive: true });
  copyFileSync(path.join(RECORD_DIR, '.standin-key'), path.join(HAR_RECORD_DIR, '.standin-key'));
  await startMock(['--har', HAR_FILE, '--record', HAR_RECORD_DIR]);
  for (const kind of ENTITIES) test.expect(readRecords(HAR_RECORD_DIR, kind), kind).toEqual(readRecords(RECORD_DIR, kind));
});
