// The QA team's suite: each test runs in a mock world of its own (the fixture's `world`, the page pinned to
// it), drives the app as a buyer does, and sets up or checks what it needs through the typed clients:
// `mock` (the control plane, bound to the world) and the sdk's product API client (support.ts).
import { expect, test } from '@creator-market/mock-server/playwright';
import {
  appPath,
  cartWithOneLine,
  deliveryFor,
  lineInEmptyCart,
  lineInStock,
  MARKET,
  orderButton,
  productApi,
  readyToOrder,
} from './support.ts';

const PAY_PAGE = /^\/r\/\d{12}\/pay$/;

test('order happy path: the buyer adds from the market page and orders; the pay page opens', async ({ page, mock, signIn }) => {
  const token = await signIn('buyer');
  const { product, option, detail } = await lineInEmptyCart(productApi(mock, token));
  await page.goto(`m/${MARKET.sellerId}/${MARKET.marketId}`);
  await expect(page.getByText(MARKET.title).first()).toBeVisible();
  await page.getByRole('button', { name: '장바구니 담기', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: '장바구니 담기' });
  await drawer
    .getByRole('group', { name: `${product.title} ${option.title}`, exact: true })
    .getByRole('button', { name: '수량 늘리기' })
    .click();
  await drawer.getByRole('button', { name: '장바구니 담기', exact: true }).click();
  await page.getByRole('button', { name: '장바구니 보기' }).click();
  await page.waitForURL((url) => url.pathname === `/cart/${detail.market._id}`);
  await readyToOrder(page, deliveryFor(detail));
  await orderButton(page).click();
  await page.waitForURL((url) => PAY_PAGE.test(url.pathname));
  await expect(page.getByText('결제하기').first()).toBeVisible();
});

test("an out-of-stock order shows '품절된 물품이 있어요'", async ({ page, mock, signIn }) => {
  const token = await signIn('buyer');
  const cart = await cartWithOneLine(productApi(mock, token));
  await page.goto(cart.path);
  await readyToOrder(page, cart.delivery);
  await mock.scenarios.force('out-of-stock', { operationId: 'insertReceipt', times: 1 });
  await orderButton(page).click();
  await expect(page.getByText('품절된 물품이 있어요')).toBeVisible();
  expect(await mock.journal.count({ operationId: 'insertReceipt', status: 400 })).toBe(1);
});

test('latency shows the loading states, then the content', async ({ page, mock, signIn }) => {
  const token = await signIn('buyer');
  const cart = await cartWithOneLine(productApi(mock, token));
  await mock.latency.set(1500);
  await page.goto(cart.path);
  const loading = page.getByRole('status', { name: '불러오는 중' }).first();
  const content = page.getByRole('region', { name: MARKET.title });
  await expect(loading).toBeVisible();
  await expect(content).toBeHidden();
  await expect(content).toBeVisible();
  await expect(loading).toBeHidden();
  // The cart's answer did come late: the world's latency, as the journal measured it.
  const { requests } = await mock.journal.list({ operationId: 'listCarts' });
  expect(requests.at(-1)?.durationMs).toBeGreaterThanOrEqual(1500);
});

test('a 500 on the cart shows the error; 다시 시도 loads it', async ({ page, mock, signIn }) => {
  const token = await signIn('buyer');
  const cart = await cartWithOneLine(productApi(mock, token));
  await mock.scenarios.force('http-500', { operationId: 'listCarts', times: 1 });
  await page.goto(cart.path);
  const alert = page.getByRole('alertdialog', { name: '일시적인 오류가 발생했어요' });
  await expect(alert).toContainText('상태: 500');
  await alert.getByRole('button', { name: '다음에' }).click();
  await expect(page.getByText('장바구니를 불러오지 못했어요')).toBeVisible();
  await page.getByRole('button', { name: '다시 시도' }).click();
  await expect(page.getByRole('region', { name: MARKET.title })).toBeVisible();
  expect(await mock.journal.count({ operationId: 'listCarts', status: 500 })).toBe(1);
});

test('a double tap on the order button sends exactly one order (the journal)', async ({ page, mock, signIn }) => {
  const token = await signIn('buyer');
  const cart = await cartWithOneLine(productApi(mock, token));
  await page.goto(cart.path);
  await readyToOrder(page, cart.delivery);
  await orderButton(page).dblclick();
  await page.waitForURL((url) => PAY_PAGE.test(url.pathname));
  expect(await mock.journal.count({ operationId: 'insertReceipt' })).toBe(1);
});

test("the clock past the market's end closes it: '주문 종료'", async ({ page, mock }) => {
  const { detail } = await lineInStock(productApi(mock));
  await page.goto(`m/${MARKET.sellerId}/${MARKET.marketId}`);
  const timer = page.getByRole('timer');
  await expect(timer).toContainText('마감까지');
  await mock.clock.set(new Date(Date.parse(detail.market.marketED) + 60_000));
  await page.reload();
  await expect(timer).toHaveText('주문 종료');
  await expect(page.getByRole('button', { name: '주문 종료된 마켓이에요' })).toBeDisabled();
});

test("the deposit helper pays a virtual-account order: the receipt says '결제 완료'", async ({ page, mock, signIn }) => {
  const token = await signIn('buyer');
  const cart = await cartWithOneLine(productApi(mock, token));
  await page.goto(cart.path);
  await readyToOrder(page, cart.delivery);
  await orderButton(page).click();
  await page.waitForURL((url) => PAY_PAGE.test(url.pathname));
  const publicId = appPath(page).split('/')[2] ?? '';
  await page.getByRole('radio', { name: /가상계좌/ }).check();
  await page.getByRole('button', { name: /결제하기$/ }).click();
  await expect(page.getByRole('region', { name: '입금 계좌' })).toBeVisible();
  const receipt = await mock.receipts.deposit(publicId);
  expect(receipt.status.at(-1)?.status).toBe(1);
  await page.getByRole('button', { name: '입금 확인' }).click();
  await page.waitForURL((url) => url.pathname === `/r/${publicId}`);
  await expect(page.locator('header[aria-label="주문 요약"]')).toContainText('결제 완료');
});

test("a typed sdk call: the signed-in buyer's profile, as the contract types it", async ({ mock }) => {
  const [buyer] = (await mock.personas()).filter((persona) => persona.id === 'buyer');
  const { token, uid } = await mock.login('buyer');
  const me = await productApi(mock, token).get('/user/me');
  const email: string | null = me.auth.email;
  expect(me.user.uid).toBe(uid);
  expect(email).toBe(buyer?.email);
  // The compiler checks the path and the answer (`tsc --noEmit` under NodeNext is part of the suite).
  // @ts-expect-error no such path in the contract
  await expect(productApi(mock, token).get('/user/not-a-path')).rejects.toThrow();
});
