// A guest browses home, the seller persona's open market '겨울 스티커 마켓' (/m/mallang_studio/4) and a
// product; adding to the cart asks to sign in ('로그인 필요'); the guest signs in through the mock Kakao
// page as the buyer persona, comes back to the product, adds two options, picks a delivery option, orders,
// pays by virtual account; the bank's deposit is confirmed through the control plane and the receipt says
// '결제 완료'.
import { test } from '../lib/fixtures.mjs';

const MARKET_PATH = '/m/mallang_studio/4';
const MARKET_TITLE = '겨울 스티커 마켓';

test('guest browses, signs in with Kakao, orders two options and pays by virtual account @static', async ({ ctx, page, mock, api }) => {
  test.setTimeout(150_000);
  const market = await api.get('/common/market/get/mallang_studio/4');
  // The first product on sale with two options that are not sold out.
  const inStock = (option) => option.useYN && (option.stock === -1 || option.stock - option.order >= 1);
  const product = market.product.find((p) => p.useYN && p.option.filter(inStock).length >= 2);
  if (!product) throw new Error(`${MARKET_TITLE} has no product with two options in stock in this world`);
  const [first, second] = product.option.filter(inStock);
  const delivery =
    market.market.delivery.option.find((o) => o.useYN && o.weight === undefined) ?? market.market.delivery.option.find((o) => o.useYN);

  await ctx.step('a guest opens home', async () => {
    await ctx.goto('/');
    await page.getByRole('navigation', { name: '주요 메뉴' }).waitFor();
    await ctx.see('물품, 작가명 검색');
    await ctx.shot('home');
  });

  await ctx.step(`the guest opens the market ${MARKET_PATH}`, async () => {
    await ctx.goto(MARKET_PATH);
    await ctx.see(MARKET_TITLE);
    await ctx.see('주문 가능');
    await ctx.shot('market');
  });

  await ctx.step(`the guest opens the product '${product.title}' from the market's grid`, async () => {
    await page.getByRole('link', { name: product.title }).first().click();
    await page.waitForURL((url) => ctx.appPath(url) === '/p/mallang_studio/4');
    // First visit: the app asks how to view products; remembered, it does not ask again after sign-in.
    await page.getByRole('checkbox', { name: '다시 묻지 않기' }).check();
    await page.getByRole('button', { name: '하나씩 보기' }).click();
    await ctx.see(product.title);
    await ctx.shot('product');
  });

  await ctx.step("'장바구니 담기' as a guest asks to sign in ('로그인 필요')", async () => {
    await page.getByRole('button', { name: '장바구니 담기', exact: true }).click();
    const dialog = await ctx.dialog('로그인 필요');
    await ctx.see('간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?', { within: dialog });
    await ctx.shot('login-required');
    await ctx.answer(dialog, '로그인');
    await page.waitForURL((url) => ctx.appPath(url) === '/auth');
    await ctx.see('카카오로 시작하기');
    await ctx.shot('login');
  });

  await ctx.step(`the guest signs in as 'buyer' on the mock Kakao ${ctx.door === 'static' ? 'persona sheet' : 'page'}`, async () => {
    await page.getByRole('button', { name: '카카오로 시작하기' }).click();
    if (ctx.door === 'server') {
      // The mock server's Kakao page, on the mock server's origin; it returns to /auth/kakao?token=...
      await page.waitForURL((url) => url.origin === new URL(ctx.apiBase).origin);
      await page.locator('a[data-persona="buyer"]').waitFor();
      await ctx.shot('kakao-persona-picker');
      await page.locator('a[data-persona="buyer"]').click();
    } else {
      // With the mock in the page (the static build) the app offers the mock's personas in a sheet instead
      // (app/src/screens/Login/MockPersonaSheet.tsx); the choice signs in through the mock in the page and
      // returns the same way, /auth/kakao?token=...
      const sheet = page.getByRole('dialog', { name: '테스트 계정 선택' });
      const buyer = sheet.getByRole('button').filter({ has: page.getByText('buyer', { exact: true }) });
      await buyer.waitFor();
      await ctx.shot('kakao-persona-picker');
      await buyer.click();
    }
    // Back in the app, signed in, on the product page the login started from.
    await page.waitForURL((url) => url.origin === ctx.appOrigin && ctx.appPath(url) === '/p/mallang_studio/4', { timeout: 30_000 });
    await ctx.see(product.title);
  });

  await ctx.step(`the buyer adds '${first.title}' and '${second.title}' of '${product.title}'`, async () => {
    await page.getByRole('button', { name: '장바구니 담기', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: '장바구니 담기' });
    await drawer.waitFor();
    for (const option of [first, second]) {
      await drawer
        .getByRole('group', { name: `${product.title} ${option.title}`, exact: true })
        .getByRole('button', { name: '수량 늘리기' })
        .click();
    }
    await ctx.see('총 2개', { within: drawer });
    await ctx.shot('add-to-cart-drawer');
    await drawer.getByRole('button', { name: '장바구니 담기', exact: true }).click();
    const toast = await ctx.toast('장바구니에 담았어요');
    await ctx.shot('added-to-cart');
    await toast.getByRole('button', { name: '장바구니 보기' }).click();
    await page.waitForURL((url) => ctx.appPath(url) === `/cart/${market.market._id}`);
  });

  await ctx.step(`the cart shows both options; delivery '${delivery.title}' is chosen and a memo written`, async () => {
    const card = page.getByRole('region', { name: MARKET_TITLE });
    await card.waitFor();
    for (const option of [first, second]) await card.getByRole('listitem', { name: `${product.title} ${option.title}` }).waitFor();
    await ctx.shot('cart');
    await card.getByRole('button', { name: /배송 옵션/ }).click();
    const drawer = page.getByRole('dialog', { name: '배송 옵션 선택' });
    await drawer.getByRole('radio', { name: new RegExp(delivery.title) }).click();
    await drawer.waitFor({ state: 'hidden' }).catch(() => undefined);
    await card.getByRole('button', { name: new RegExp(delivery.title) }).waitFor();
    await card.getByPlaceholder('작가님께 전할 요청 사항을 적어주세요').fill('포장 꼼꼼히 부탁드려요');
    await ctx.shot('cart-ready');
  });

  let publicId;
  await ctx.step('the buyer double-taps the order button: one order is sent (the request journal), the pay page opens', async () => {
    const button = page.getByRole('button', { name: /^(주문 시작|품절 제외 후 주문)$/ });
    await button.waitFor();
    if (await button.isDisabled()) {
      const reason = await page
        .locator('[data-order-message]')
        .innerText()
        .catch(() => '(no message)');
      throw new Error(`the order button is disabled: '${reason}'`);
    }
    // A double tap, as an impatient thumb gives it: the app must send one order (SPEC: order click 1 s).
    await button.dblclick();
    await page.waitForURL((url) => /^\/r\/\d{12}\/pay$/.test(ctx.appPath(url)), { timeout: 30_000 });
    const orders = await mock.journal.count({ operationId: 'insertReceipt' });
    if (orders !== 1)
      throw new Error(`a double tap on the order button sent ${orders} POST /receipt/insert (the request journal), expected 1`);
    publicId = ctx.appPath(new URL(page.url())).split('/')[2];
    await ctx.see('결제하기');
    await page.getByRole('radio', { name: /가상계좌/ }).waitFor();
    await ctx.shot('pay');
  });

  await ctx.step('the buyer pays by virtual account', async () => {
    await page.getByRole('radio', { name: /가상계좌/ }).check();
    await page.getByRole('button', { name: /결제하기$/ }).click();
    await page.getByRole('region', { name: '입금 계좌' }).waitFor();
    await ctx.shot('virtual-account');
  });

  await ctx.step("'입금 확인' before any deposit says the payment is being confirmed", async () => {
    await page.getByRole('button', { name: '입금 확인' }).click();
    await ctx.see('결제 확인 중이에요', { exact: false });
    await ctx.shot('virtual-account-pending');
  });

  await ctx.step(`the bank confirms the deposit (POST /__mock/receipts/${publicId}/deposit)`, async () => {
    const receipt = await mock.receipts.deposit(publicId);
    const latest = receipt.status.at(-1)?.status;
    if (latest !== 1) throw new Error(`the deposit left the receipt in status ${latest}`);
  });

  await ctx.step("'입금 확인' shows the receipt with '결제 완료'", async () => {
    await page.getByRole('button', { name: '입금 확인' }).click();
    await ctx.toast('결제에 성공했어요');
    await page.waitForURL((url) => ctx.appPath(url) === `/r/${publicId}`);
    const summary = page.locator('header[aria-label="주문 요약"]');
    await ctx.see('결제 완료', { within: summary });
    await ctx.shot('receipt-paid');
  });
});
