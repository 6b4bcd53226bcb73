#!/usr/bin/env node
// `pnpm a11y`: accessibility of every route of SPEC.md section 2, as a guest and as the buyer persona, and of
// each drawer and dialog of the order flow, in Debian's chromium (390x844, ko-KR). One mock server, one app
// build, one browser. On each screen: axe-core (WCAG 2.x A/AA + best practices), images without alt text,
// controls a keyboard cannot reach, and a Tab walk asking each stop for a visible focus ring; on each
// drawer and dialog, opened from the keyboard: axe within it, focus moved in, Tab/Shift+Tab kept inside,
// Escape closes it and focus returns to its opener. Fails on any axe violation, whatever its impact, and on
// any keyboard, focus or image problem. Results in artifacts/a11y.json (its `summary` goes into CI's table).
//   pnpm a11y            everything
//   pnpm a11y cart pay   only the screens whose name contains one of the words
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../lib/chromium.mjs';
import { openPage } from './page.mjs';
import { buildApp, serveBuild } from '../lib/app-site.mjs';
import { freePort, HOST, REPO_ROOT, startMockCli } from '../bench/processes.mjs';
import { dialogChecks, IMPACTS, ringOf, runAxe, staticChecks, tabWalk } from './checks.mjs';

const BUILD_DIR = path.join(REPO_ROOT, '.tmp', 'a11y-app');
const ARTIFACTS = path.join(REPO_ROOT, 'artifacts');
const SELLER = 'mallang_studio';
const MARKET = 4;
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const chosen = (name) => wanted.length === 0 || wanted.some((word) => name.includes(word));
const log = (line) => console.log(`[a11y] ${line}`);
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

/** The open sheet's panel, and the open confirm/alert dialog. */
const SHEET = '[data-state="open"] > [role="dialog"]';
const ALERT = '[role="alertdialog"]';

/** The buyer persona's orders: a room and receipts, read through the API (as the tour journey does). */
async function buyerOrders(ctx, token) {
  const rooms = await ctx.api('GET', '/room', { token });
  const receipts = [];
  for (const room of rooms) {
    const info = await ctx.api('GET', `/room/info/${room._id}`, { token });
    for (const group of await ctx.api('GET', `/room/receipt?seller=${encodeURIComponent(info.seller)}`, { token }))
      receipts.push(...group.receipt);
  }
  const withStatus = (status) => receipts.find((receipt) => receipt.status === status);
  return { roomId: rooms[0]?._id, paid: withStatus(1) ?? receipts[0], unpaid: withStatus(0) };
}

/** The route table of SPEC.md section 2 (app/src/shell/routes.tsx), each with a path that shows it. */
function routePaths({ productId, receiptId, unpaidId, roomId }) {
  return [
    ['home', '/'],
    ['auth', '/auth'],
    ['profile', `/profile/${SELLER}`],
    ['market', `/m/${SELLER}/${MARKET}`],
    ['product', `/p/${SELLER}/${MARKET}#${productId}`],
    ['list', '/list/topSeller'],
    ['search', '/search'],
    ['search-result', `/search/result?term=${encodeURIComponent('키링')}`],
    ['my', '/my/user'],
    ['editMyInfo', '/edit/myinfo'],
    ['editAddr', '/edit/address'],
    ['cart', '/cart'],
    ['receipt', `/r/${receiptId}`],
    ['pay', `/r/${unpaidId}/pay`],
    ['editOrderInfo', `/r/${receiptId}/info`],
    ['editOrderAddr', `/r/${receiptId}/addr`],
    ['message', '/message/user'],
    ['sellerPreview', '/promo/preview'],
    ['calendar', '/calendar'],
    ['subscribe', '/subscribe'],
    ['order', '/order'],
    ['orderDetail', `/order/${roomId}`],
    ['setting', '/setting'],
    ['download', '/download'],
    ['redirect', `/go/${SELLER}/${MARKET}`],
    ['notFound', '/no/such/page'],
  ];
}

/**
 * Waits for the screen to be still: no pending requests for 500 ms (bounded), its level-one heading there, no
 * skeletons, fonts loaded. The heading and skeleton waits are long (15 s) because they end as soon as the screen
 * is ready and a loaded CI machine can take seconds to get there: with 3 s, axe once checked a product page still
 * loading and reported it without a heading. A screen that never gets there is checked as it is, and fails.
 */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 2500 }).catch(() => undefined);
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'attached', timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
}

/** Every check of one screen; the result row of the report. */
/** @param {any} page @param {string} name @param {{scope?: string, dialog?: string, opener?: string}} [options] @returns {Promise<any>} */
async function checkScreen(page, name, { scope, dialog, opener } = {}) {
  const t = Date.now();
  const axe = await runAxe(page, scope);
  /** @type {any} */
  const row = { name, url: new URL(page.url()).pathname, ...axe, axeMs: Date.now() - t };
  if (dialog) {
    row.images = (await staticChecks(page)).images;
    row.keyboard = await dialogChecks(page, dialog, { opener });
  } else {
    const statics = await staticChecks(page);
    row.images = statics.images;
    const walk = await tabWalk(page);
    row.tabStops = walk.stops;
    row.focusable = walk.focusable;
    row.keyboard = [...statics.unreachable.map((label) => `not reachable by keyboard: ${label}`), ...walk.noRing];
  }
  return row;
}

/** Focuses the control `locator` names, marks it as the opener, and presses `key` on it (keyboard use). */
async function pressWithKeyboard(locator, key = 'Enter') {
  await locator.evaluate((element) => {
    document.querySelectorAll('[data-a11y-opener]').forEach((old) => old.removeAttribute('data-a11y-opener'));
    element.setAttribute('data-a11y-opener', '');
  });
  await locator.focus();
  await locator.press(key);
}

async function scanRoutes(ctx, persona, ids, rows) {
  if (persona !== 'guest') await ctx.signInAs(persona);
  for (const [route, appPath] of routePaths(ids)) {
    const name = `${persona} ${route}`;
    if (!chosen(name)) continue;
    const t0 = Date.now();
    await ctx.goto(appPath);
    await settle(ctx.page);
    if (route === 'redirect') await ctx.page.waitForURL((url) => url.pathname === `/m/${SELLER}/${MARKET}`).catch(() => undefined);
    const t1 = Date.now();
    // A guest on a sign-in route gets the login prompt over home (SPEC §2 navigation guard): the prompt is checked.
    const prompt = persona === 'guest' && (await ctx.page.locator(ALERT).count()) > 0;
    // A sheet the screen opens by itself (the product page's first-visit question) is checked, closed with
    // Escape, and then the screen under it.
    if (!prompt && (await ctx.page.locator(SHEET).count()) > 0) {
      rows.push(await checkScreen(ctx.page, `${name} (sheet on arrival)`, { scope: SHEET, dialog: SHEET }));
    }
    const row = await checkScreen(ctx.page, prompt ? `${name} (login prompt)` : name, prompt ? { scope: ALERT, dialog: ALERT } : {});
    row.url = ctx.here();
    row.ms = { load: t1 - t0, checks: Date.now() - t1 };
    rows.push(row);
  }
}

/**
 * The order flow's drawers and dialogs, opened from the keyboard as the buyer persona 'buyer-new' (no buyer
 * info yet, so ordering asks for it): the product page's view question, the add-to-cart drawer, the delivery
 * option sheet, the '주문 정보 입력' confirm.
 */
async function orderFlowNewBuyer(ctx, ids, rows) {
  const { page } = ctx;
  await ctx.signInAs('buyer-new');
  const overlay = async (name, selector, options = {}) => {
    if (!chosen(name)) return;
    await page.locator(selector).last().waitFor();
    await settle(page);
    rows.push({ ...(await checkScreen(page, name, { scope: selector, dialog: selector, opener: '[data-a11y-opener]', ...options })) });
  };

  await ctx.goto(`/p/${SELLER}/${MARKET}#${ids.productId}`);
  // First visit: '물품을 어떻게 볼까요?' (Escape chooses one at a time).
  await overlay('sheet: product view question', SHEET, { opener: undefined });

  const addButton = page.getByRole('button', { name: '장바구니 담기', exact: true }).first();
  await pressWithKeyboard(addButton);
  await overlay('drawer: add to cart', SHEET);
  // Again, now adding one of the first option, all by keyboard.
  await pressWithKeyboard(addButton);
  const drawer = page.getByRole('dialog', { name: '장바구니 담기' });
  await drawer.getByRole('button', { name: '수량 늘리기' }).first().press('Enter');
  await drawer.getByText('총 1개', { exact: true }).waitFor();
  await drawer.getByRole('button', { name: '장바구니 담기', exact: true }).press('Enter');
  const toast = await ctx.toast('장바구니에 담았어요');
  if (chosen('toast')) {
    // The toast's action on its dark background: axe within it, and the ring of its button.
    const ring = await ringOf(page, toast.getByRole('button', { name: '장바구니 보기' }));
    const axe = await runAxe(page, '[role="status"]');
    rows.push({
      name: "toast: '장바구니에 담았어요'",
      url: ctx.here(),
      ...axe,
      images: [],
      keyboard: ring.ok ? [] : [`'장바구니 보기': ${ring.why}`],
    });
  }

  await ctx.goto(`/cart/${ids.marketId}`);
  const card = page.getByRole('region', { name: ids.marketTitle });
  await card.waitFor();
  const deliveryButton = card.getByRole('button', { name: /배송 옵션/ });
  await pressWithKeyboard(deliveryButton);
  await overlay('drawer: delivery option', SHEET);
  await pressWithKeyboard(deliveryButton);
  const sheet = page.getByRole('dialog', { name: '배송 옵션 선택' });
  await sheet.getByRole('radio', { name: new RegExp(ids.deliveryTitle) }).press('Space');
  await card.getByRole('button', { name: new RegExp(ids.deliveryTitle) }).waitFor();
  await card.getByPlaceholder('작가님께 전할 요청 사항을 적어주세요').fill('접근성 확인용 주문이에요');
  await pressWithKeyboard(page.getByRole('button', { name: /^(주문 시작|품절 제외 후 주문)$/ }));
  await overlay("dialog: order confirm '주문 정보 입력'", ALERT);
}

/**
 * The pay page as the buyer persona: payment methods chosen with the arrow keys, and the error dialog a
 * failed card payment shows (the control plane's 'card-payment-failed'), opened with Enter.
 */
async function payFlow(ctx, ids, rows) {
  const { page } = ctx;
  await ctx.signInAs('buyer');
  await ctx.goto(`/r/${ids.unpaidId}/pay`);
  const methods = page.getByRole('radiogroup');
  await methods.waitFor();
  await settle(page);
  if (chosen('payment method')) {
    const first = methods.getByRole('radio').first();
    await first.focus();
    await page.keyboard.press('ArrowDown');
    const moved = await methods.getByRole('radio').nth(1).isChecked();
    const row = await checkScreen(page, 'payment method (radio group)', { scope: '[role="radiogroup"]' });
    if (!moved) row.keyboard.unshift('ArrowDown in the payment methods did not choose the next one');
    rows.push(row);
  }
  if (!chosen('error dialog')) return;
  await methods.getByRole('radio', { name: /신용카드/ }).check();
  await ctx.mock.scenarios.force('card-payment-failed', { method: 'POST', path: '/payple/pay/v2/appcard' });
  await pressWithKeyboard(page.getByRole('button', { name: /결제하기$/ }));
  await page.locator(ALERT).waitFor();
  await settle(page);
  rows.push(await checkScreen(page, 'dialog: error (card payment failed)', { scope: ALERT, dialog: ALERT, opener: '[data-a11y-opener]' }));
}

async function main() {
  log('starting the mock server and building the app for it, side by side');
  // The port first, so the build (for that address) and the server start together.
  const port = await freePort();
  const building = buildApp({ outDir: BUILD_DIR, apiBase: `http://${HOST}:${port}`, env: { VITE_MOCK_WORLDS: '1' } });
  const mock = await startMockCli({ port, timeoutMs: 180_000 }).catch(async (error) => {
    await building.catch(() => undefined);
    throw error;
  });
  let server = null;
  let browser = null;
  const lanes = { guest: [], buyer: [], flow: [], pay: [] };
  try {
    await building;
    server = await serveBuild(BUILD_DIR);
    log(`app built and served at ${server.origin} (${seconds()} s)`);
    browser = await launchChromium();
    const runId = Date.now().toString(36);
    const open = (name) =>
      openPage({ browser, name: `a11y-${name}`, appOrigin: server.origin, apiBase: mock.baseUrl, runId }).then(async (ctx) => {
        // Still screens: axe's contrast check reads colours mid-transition otherwise.
        await ctx.page.emulateMedia({ reducedMotion: 'reduce' });
        return ctx;
      });
    const guest = await open('guest');
    const buyer = await open('buyer');
    // The ids the routes need, from the buyer's world (the guest's world is generated the same way).
    const { token } = await buyer.mock.login('buyer');
    const orders = await buyerOrders(buyer, token);
    const detail = await buyer.api('GET', `/common/market/get/${SELLER}/${MARKET}`);
    const delivery =
      detail.market.delivery.option.find((o) => o.useYN && o.weight === undefined) ?? detail.market.delivery.option.find((o) => o.useYN);
    const ids = {
      productId: detail.product[0]._id,
      marketId: detail.market._id,
      marketTitle: detail.market.title,
      deliveryTitle: delivery.title,
      receiptId: orders.paid.receiptPublicId,
      unpaidId: orders.unpaid.receiptPublicId,
      roomId: orders.roomId,
    };
    // Two lanes on the 2-core machine: the guest's and the buyer's routes side by side, then the two flows.
    await Promise.all([scanRoutes(guest, 'guest', ids, lanes.guest), scanRoutes(buyer, 'buyer', ids, lanes.buyer)]);
    await Promise.all([guest.close(), buyer.close()]);
    log(`routes checked (${seconds()} s)`);
    const flow = await open('flow');
    const pay = await open('pay');
    const failures = [];
    await Promise.all([
      orderFlowNewBuyer(flow, ids, lanes.flow).catch((error) =>
        failures.push(`order flow: ${error.message.split('\n')[0]} (at ${flow.here()})`),
      ),
      payFlow(pay, ids, lanes.pay).catch((error) => failures.push(`pay flow: ${error.message.split('\n')[0]} (at ${pay.here()})`)),
    ]);
    await Promise.all([flow.close(), pay.close()]);
    return { rows: [...lanes.guest, ...lanes.buyer, ...lanes.flow, ...lanes.pay], failures };
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.close();
    await mock.stop();
  }
}

let result = { rows: [], failures: [] };
let fatal = null;
try {
  result = await main();
} catch (error) {
  fatal = error;
  console.error(`[a11y] could not run: ${error instanceof Error ? error.stack : error}`);
}
const { rows, failures } = result;
const totalSeconds = Number(seconds());
const totals = Object.fromEntries(IMPACTS.map((impact) => [impact, rows.reduce((sum, row) => sum + row.counts[impact], 0)]));
const problems = (row) => row.keyboard.length + row.images.length;
const failed = rows.filter((row) => row.violations.length > 0 || problems(row) > 0);

if (rows.length) {
  const width = Math.max(...rows.map((row) => row.name.length));
  console.log(`\n━━ Accessibility (axe-core, chromium 390x844): violations by impact (nodes), keyboard/focus and image problems`);
  // tabs: stops of the Tab walk; focusable: every Tab stop whose focus ring was checked.
  console.log(`${'screen'.padEnd(width)}  crit  seri  mod  min  keyb  img  tabs  focusable`);
  for (const row of rows) {
    const c = row.counts;
    console.log(
      `${row.name.padEnd(width)}  ${String(c.critical).padStart(4)}  ${String(c.serious).padStart(4)}  ${String(c.moderate).padStart(3)}  ${String(c.minor).padStart(3)}  ${String(row.keyboard.length).padStart(4)}  ${String(row.images.length).padStart(3)}  ${String(row.tabStops ?? '-').padStart(4)}  ${String(row.focusable ?? '-').padStart(9)}`,
    );
  }
  for (const row of failed) {
    console.log(`\n${row.name} (${row.url})`);
    for (const v of row.violations)
      console.log(`  axe ${v.impact} ${v.id} ×${v.nodes}: ${v.help}\n    ${v.targets.slice(0, 3).join('\n    ')}`);
    for (const line of row.keyboard) console.log(`  keyboard: ${line}`);
    for (const line of row.images) console.log(`  image without alt: ${line}`);
  }
}
for (const line of failures) console.log(`\nFAILED ${line}`);

const screens = rows.length;
const keyboardTotal = rows.reduce((sum, row) => sum + row.keyboard.length, 0);
const imageTotal = rows.reduce((sum, row) => sum + row.images.length, 0);
const summary = fatal
  ? `did not run: ${String(fatal.message ?? fatal).split('\n')[0]}`
  : `${screens} screens: axe ${totals.critical} critical, ${totals.serious} serious (${totals.moderate} moderate, ${totals.minor} minor); ${keyboardTotal} keyboard/focus, ${imageTotal} image problems${failures.length ? `; ${failures.length} flow(s) broke` : ''}; ${totalSeconds} s`;
console.log(`\n${summary}`);
mkdirSync(ARTIFACTS, { recursive: true });
writeFileSync(
  path.join(ARTIFACTS, 'a11y.json'),
  JSON.stringify({ summary, seconds: totalSeconds, totals, screens: rows, failures }, null, 2),
);
// A run that checked nothing (a filter matching no screen) is no pass.
if (!fatal && rows.length === 0) console.log('No screen was checked.');
process.exit(fatal || failed.length || failures.length || rows.length === 0 ? 1 : 0);
