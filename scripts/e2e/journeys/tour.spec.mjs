// The screenshot tour: every route of SPEC.md section 2 once, as the persona it is for (guests browse, the
// buyer persona has orders in every status, the seller persona has a complete seller profile), and the mock
// seller center pages the seller's '작가 계정', '마켓 관리' and '+ 새 소식' open, each saved
// at two phone sizes, 390x844 and 375x667 (the small phone where text is cut or overlaps first), as
// artifacts/screenshots/tour/<nn>-<screen>-<w>x<h>.png. A route that shows the Not found screen instead of its
// own fails the tour (after the whole tour ran), naming every such route.
import { JourneyFailure, PHONE_VIEWPORT, SMALL_PHONE_VIEWPORT, test } from '../lib/fixtures.mjs';

const VIEWPORTS = [PHONE_VIEWPORT, SMALL_PHONE_VIEWPORT];

const NOT_FOUND_TEXT = '길을 잃으셨나요?';

/** The buyer's orders, read through the API: a room, and receipts by status. */
async function buyerOrders(api, token) {
  const rooms = await api.get('/room', { token });
  if (rooms.length === 0) throw new Error('the buyer persona has no order rooms in this world');
  const receipts = [];
  for (const room of rooms) {
    const info = await api.get(`/room/info/${room._id}`, { token });
    const groups = await api.get(`/room/receipt?seller=${encodeURIComponent(info.seller)}`, { token });
    for (const group of groups) receipts.push(...group.receipt);
  }
  const withStatus = (status) => receipts.find((receipt) => receipt.status === status);
  return { roomId: rooms[0]._id, roomSeller: rooms[0].sellerName, paid: withStatus(1) ?? receipts[0], unpaid: withStatus(0) };
}

test('screenshot tour: every route of the spec as its persona', async ({ ctx, page, api, signIn }) => {
  test.setTimeout(240_000);
  // Every tour picture at both phone sizes.
  const shot = (screen, options = {}) => ctx.shot(screen, { ...options, viewports: VIEWPORTS });
  const shownAsNotFound = [];

  /** Opens a route, waits for what proves it is that screen, saves its screenshot. */
  async function visit(screen, appPath, proof, { notFoundExpected = false, fullPage = false } = {}) {
    await ctx.step(`${screen} (${appPath})`, async () => {
      await ctx.goto(appPath);
      if (!notFoundExpected) {
        const notFound = page.getByText(NOT_FOUND_TEXT, { exact: true });
        const proven = typeof proof === 'string' ? page.getByText(proof, { exact: true }).first() : proof(page);
        await Promise.race([notFound.waitFor({ state: 'visible' }), proven.waitFor({ state: 'visible' })]).catch(() => undefined);
        if (await notFound.isVisible()) shownAsNotFound.push(`${screen} (${appPath})`);
        else if (!(await proven.isVisible())) {
          await shot(screen);
          throw new Error(`the screen did not show ${typeof proof === 'string' ? `'${proof}'` : 'its content'}`);
        }
      } else {
        await ctx.see(NOT_FOUND_TEXT);
      }
      await shot(screen, { fullPage });
    });
  }
  const heading = (name) => (p) => p.getByRole('heading', { name, exact: true }).first();

  /**
   * A seller link of the app ('작가 계정', ...): the tab it opens must be the mock's seller center page
   * (not the unreachable production site); that page is then shown in the tour's tab for its screenshots.
   */
  async function sellerCenterPage(screen, appPath, button, title) {
    await ctx.step(`${screen} ('${button}' on ${appPath})`, async () => {
      await ctx.goto(appPath);
      const link = page.getByRole('button', { name: button, exact: true });
      await link.waitFor({ state: 'visible' });
      const [tab] = await Promise.all([ctx.context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState('domcontentloaded');
      const url = tab.url();
      await tab.close();
      if (!url.startsWith(`${ctx.apiBase}/__seller/`)) throw new JourneyFailure(`'${button}' opened ${url}, not the mock seller center`);
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: title, exact: true }).waitFor({ state: 'visible' });
      await shot(screen);
    });
  }

  // ---- guest
  await visit('home', '/', (p) => p.getByRole('navigation', { name: '주요 메뉴' }));
  await visit('list-top-seller', '/list/topSeller', '인기 작가 TOP 30');
  await visit('profile', '/profile/mallang_studio', '말랑공방');
  await visit('market', '/m/mallang_studio/4', '겨울 스티커 마켓');
  const market = await api.get('/common/market/get/mallang_studio/4');
  const product = market.product[0];
  await visit('product-view-question', `/p/mallang_studio/4#${product._id}`, '하나씩 보기');
  await ctx.step('product (single view)', async () => {
    await page.getByRole('button', { name: '하나씩 보기' }).click();
    await ctx.see(product.title);
    await shot('product');
  });
  await visit('search', '/search', (p) => p.getByRole('searchbox', { name: '물품, 작가명 검색' }));
  await visit('search-result', `/search/result?term=${encodeURIComponent('키링')}`, (p) =>
    p.getByRole('heading', { name: /^작가\s*총 [\d,]+명$/ }),
  );
  await visit('login', '/auth', '카카오로 시작하기');
  await visit('setting', '/setting', heading('설정'));
  await visit('download', '/download', '크리에이터마켓 앱');
  await ctx.step('/go redirect to a market', async () => {
    await ctx.goto('/go/mallang_studio/4');
    await ctx.shot('go-redirect', { wait: false }); // the moment before the redirect: one size
    await page.waitForURL((url) => ctx.appPath(url) === '/m/mallang_studio/4');
    await ctx.see('겨울 스티커 마켓');
    await shot('go-redirect-landed');
  });
  await visit('not-found', '/no/such/page/here', null, { notFoundExpected: true });

  // ---- buyer
  const token = await signIn('buyer');
  const orders = await buyerOrders(api, token);
  await visit('my-buyer', '/my/user', '주문 정보');
  await visit('edit-myinfo', '/edit/myinfo', '구매자 정보');
  await visit('edit-address', '/edit/address', '배송 주소');
  await visit('cart', '/cart', '장바구니');
  await visit('receipt', `/r/${orders.paid.receiptPublicId}`, '주문 내역');
  await visit('receipt-edit-buyer-info', `/r/${orders.paid.receiptPublicId}/info`, '구매자 정보');
  await visit('receipt-edit-address', `/r/${orders.paid.receiptPublicId}/addr`, '배송 주소');
  // The seeded world gives the buyer persona unpaid orders; a tour without the pay screen is not a tour.
  if (!orders.unpaid) throw new JourneyFailure('the buyer persona has no unpaid order in this world: the pay screen cannot be visited');
  await visit('pay', `/r/${orders.unpaid.receiptPublicId}/pay`, '결제하기');
  await visit('message-user', '/message/user', '주문 알림');
  await visit('calendar', '/calendar', '달력');
  await visit('subscribe', '/subscribe', (p) => p.getByText(/\d+명 구독 중/).first());
  await visit('order', '/order', heading('주문 내역'));
  await visit('order-detail', `/order/${orders.roomId}`, heading(orders.roomSeller));

  // ---- seller
  await signIn('seller');
  await visit('my-seller', '/my/seller', (p) => p.getByText(/\/go\//).first());
  await sellerCenterPage('seller-center-account', '/my/seller', '작가 계정', '작가 계정');
  await sellerCenterPage('seller-center-market', '/my/seller', '마켓 관리', '마켓 관리');
  await visit('message-seller', '/message/seller', '판매 알림');
  await visit('seller-preview', '/promo/preview', '+ 새 소식');
  await sellerCenterPage('seller-center-new-preview', '/promo/preview', '+ 새 소식', '새 소식 쓰기');

  if (shownAsNotFound.length) {
    ctx.missing(`these routes show the Not found screen instead of their own: ${shownAsNotFound.join(', ')}`);
  }
});
