// History as users expect (issue 31 point 4): the sign-in and payment providers' pages leave no history
// entry behind (app/src/services/providerTrip.ts), in the two histories that defeat counting entries with
// history.length.
// - A guest on a market page signs in through the mock Kakao page, after leaving that page once with back
//   (its entry is then ahead of the login screen's); back from the market page, signed in, goes home (the
//   page before the market), never to the Kakao page.
// - The buyer, after a long session in the tab (Chromium keeps 50 entries, dropping the oldest: its
//   history.length stops growing), pays an order by card on the mock card page; back from the paid receipt
//   goes to the page before the receipt, never to the card page.
import { JourneyFailure, test } from '../lib/fixtures.mjs';

const MARKET_PATH = '/m/mallang_studio/4';
const MARKET_TITLE = '겨울 스티커 마켓';
/** The app's localStorage key of the identity token (app/src/stores/session.ts). */
const TOKEN_KEY = 'cm.token';

/** Every address the tab's page shows from now on. */
function addressesShown(page) {
  const shown = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown.push(frame.url());
  });
  return shown;
}

/** Fails when one of `shown` is a provider's page (on the mock server's origin). */
function neverShown(shown, providerOrigin, what) {
  const provider = shown.find((url) => new URL(url).origin === providerOrigin);
  if (provider) throw new JourneyFailure(`${what} came back (${provider}) after the return to the app`);
}

async function seeHome(ctx, page) {
  await page.getByRole('navigation', { name: '주요 메뉴' }).waitFor();
  await ctx.see('물품, 작가명 검색');
}

test('signed in through the Kakao page (left once with back): back from the market page goes home', async ({ ctx, page }) => {
  test.setTimeout(90_000);
  const providerOrigin = new URL(ctx.apiBase).origin;
  const onKakaoPage = (url) => url.origin === providerOrigin;
  const kakao = page.getByRole('button', { name: '카카오로 시작하기' });

  await ctx.step(`a guest opens home, then the market ${MARKET_PATH}`, async () => {
    await ctx.goto('/');
    await seeHome(ctx, page);
    await ctx.goto(MARKET_PATH);
    await ctx.see(MARKET_TITLE);
  });

  await ctx.step("'장바구니 담기' asks to sign in; '로그인' opens the login screen", async () => {
    await page.getByRole('button', { name: '장바구니 담기', exact: true }).click();
    await ctx.answer(await ctx.dialog('로그인 필요'), '로그인');
    await page.waitForURL(ctx.isAt('/auth'));
  });

  await ctx.step('the guest opens the Kakao page, goes back to the login screen, then opens it again', async () => {
    await kakao.click();
    await page.waitForURL(onKakaoPage);
    await page.goBack();
    await page.waitForURL(ctx.isAt('/auth'));
    await kakao.click();
    await page.waitForURL(onKakaoPage);
    await page.locator('a[data-persona="buyer"]').waitFor();
    await ctx.shot('kakao-page');
  });

  const shown = addressesShown(page);
  await ctx.step("the guest signs in as 'buyer': back on the market page, signed in", async () => {
    await page.locator('a[data-persona="buyer"]').click();
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, TOKEN_KEY);
    await page.waitForURL(ctx.isAt(MARKET_PATH));
    await ctx.see(MARKET_TITLE);
    await ctx.shot('market-signed-in');
  });

  await ctx.step('back goes home, the page before the market, and the Kakao page never shows', async () => {
    await page.goBack();
    await page.waitForURL(ctx.isAt('/'));
    await seeHome(ctx, page);
    neverShown(shown, providerOrigin, 'the Kakao page');
  });
});

test('paid by card after a long session (a full history): back from the paid receipt goes to the page before it', async ({
  ctx,
  page,
  api,
  signIn,
}) => {
  test.setTimeout(90_000);
  const providerOrigin = new URL(ctx.apiBase).origin;
  const token = await signIn('buyer');
  // The buyer's orders awaiting payment (status 0), as the order history lists them.
  const receipts = [];
  for (const room of await api.get('/room', { token })) {
    const { seller } = await api.get(`/room/info/${room._id}`, { token });
    for (const group of await api.get(`/room/receipt?seller=${encodeURIComponent(seller)}`, { token })) receipts.push(...group.receipt);
  }
  const unpaid = receipts.find((receipt) => receipt.status === 0);
  if (!unpaid) throw new Error("the buyer has no order awaiting payment in this world's seed");
  const receiptPath = `/r/${unpaid.receiptPublicId}`;

  await ctx.step('the buyer opens home and browses long: the tab keeps its 50 latest entries', async () => {
    await ctx.goto('/');
    await seeHome(ctx, page);
    // 60 in-app steps (the same page, to stay quick): history.length stops at Chromium's 50.
    const length = await page.evaluate(() => {
      for (let step = 0; step < 60; step += 1) window.history.pushState(null, '', window.location.href);
      return window.history.length;
    });
    if (length !== 50) throw new JourneyFailure(`history.length is ${length} after 60 more entries; the journey expects Chromium's 50`);
  });

  await ctx.step(`the receipt ${receiptPath}: '결제하기', then 신용카드`, async () => {
    await ctx.goto(receiptPath);
    await page.getByRole('button', { name: '결제하기', exact: true }).click();
    await page.waitForURL(ctx.isAt(`${receiptPath}/pay`));
    await page.getByRole('radio', { name: '신용카드' }).check();
    await page.getByRole('button', { name: /결제하기$/ }).click();
  });

  await ctx.step('the mock card page: a 카드사, then 결제하기', async () => {
    await page.waitForURL((url) => url.origin === providerOrigin);
    await page.getByLabel('카드사').selectOption('신한카드');
    await ctx.shot('card-page');
  });

  const shown = addressesShown(page);
  await ctx.step("back in the app: the receipt says '결제 완료'", async () => {
    await page.getByRole('button', { name: '결제하기', exact: true }).click();
    await ctx.toast('결제에 성공했어요');
    await page.waitForURL(ctx.isAt(receiptPath));
    await ctx.see('결제 완료', { within: page.locator('header[aria-label="주문 요약"]') });
    await ctx.shot('receipt-paid');
  });

  await ctx.step('back goes home, the page before the receipt, and the card page never shows', async () => {
    await page.goBack();
    await page.waitForURL(ctx.isAt('/'));
    await seeHome(ctx, page);
    neverShown(shown, providerOrigin, 'the card page');
  });
});
