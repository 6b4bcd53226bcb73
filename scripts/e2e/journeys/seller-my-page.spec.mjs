// The seller persona's /my/seller: the public link {origin}/go/{publicId} with its copy button, the
// shortcuts, the latest 3 sales notifications (a new one sent through the control plane shows first), the
// latest 3 upcoming-release news, their '더보기' links, the mock seller center's '새 소식 쓰기' and '마켓 관리'
// done in the tab they open (back in the app afterwards), and the public link itself leading to the profile.
// A buyer (not an author) and an author with an incomplete profile see their prompts instead.
import { test } from '../lib/fixtures.mjs';

const SELLER = { publicId: 'mallang_studio', name: '말랑공방' };

test("the seller's my page: public /go link, sales notifications, upcoming news", async ({ ctx, page, mock, api, signIn }) => {
  test.setTimeout(120_000);
  await ctx.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.appOrigin });
  const token = await signIn('seller');
  const previews = await api.get(`/common/preview/list?sellerId=${SELLER.publicId}`, { token });
  const link = `${ctx.appOrigin}/go/${SELLER.publicId}`;
  const sales = page.getByRole('list', { name: '판매 알림' });
  const news = page.getByRole('list', { name: '출시 예정 소식' });
  /** A section of the page by its heading. */
  const section = (title) =>
    page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
      .first();
  const sent = { title: '새 주문', contents: `[${'겨울 스티커 마켓'}] e2e 확인용 새 주문이 접수되었어요.` };

  await ctx.step('a new sales notification arrives (POST /__mock/notifications)', async () => {
    await mock.notify({ persona: 'seller', category: 'seller', ...sent });
  });

  await ctx.step('/my/seller shows the public link, the shortcuts and 3 sales notifications, the new one first', async () => {
    await ctx.goto('/my/seller');
    const linkBox = page.getByRole('region', { name: '내 작가 페이지 주소' });
    await ctx.see(link, { within: linkBox });
    await ctx.see('작가 계정');
    await ctx.see('마켓 관리');
    await sales.waitFor();
    const rows = sales.getByRole('listitem');
    if ((await rows.count()) !== 3) throw new Error(`the sales list shows ${await rows.count()} rows, expected the first 3`);
    await ctx.see(sent.contents, { within: rows.first(), exact: false });
    await ctx.shot('my-seller');
  });

  await ctx.step(`upcoming news: the first ${Math.min(3, previews.length)} of ${previews.length}`, async () => {
    if (previews.length === 0) {
      await ctx.see('출시 예정 소식이 없어요');
      return;
    }
    await news.scrollIntoViewIfNeeded();
    const rows = news.getByRole('listitem');
    if ((await rows.count()) !== Math.min(3, previews.length)) throw new Error(`the news list shows ${await rows.count()} rows`);
    await ctx.shot('my-seller-news');
  });

  await ctx.step("the copy button copies the public link ('복사가 완료되었습니다!')", async () => {
    await page.getByRole('button', { name: '작가 페이지 주소 복사' }).click();
    await ctx.toast('복사가 완료되었습니다!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    if (copied !== link) throw new Error(`the clipboard holds '${copied}', expected '${link}'`);
  });

  await ctx.step("'더보기' of the sales notifications opens /message/seller ('판매 알림')", async () => {
    await section('판매 알림').getByRole('link', { name: '더보기' }).click();
    await page.waitForURL((url) => ctx.appPath(url) === '/message/seller');
    await ctx.see('판매 알림');
    await ctx.see(sent.title);
    await ctx.shot('sales-notifications');
    await page.goBack();
    await page.waitForURL((url) => ctx.appPath(url) === '/my/seller');
  });

  await ctx.step("'더보기' of the upcoming news opens /promo/preview", async () => {
    await section('출시 예정 소식').getByRole('link', { name: '더보기' }).click();
    await page.waitForURL((url) => ctx.appPath(url) === '/promo/preview');
    await ctx.see('+ 새 소식');
    await ctx.shot('upcoming-news');
  });

  /** Clicks a seller link of the app and returns the tab it opens, once that tab shows `title`. */
  async function sellerCenterTab(button, title) {
    const [tab] = await Promise.all([ctx.context.waitForEvent('page'), page.getByRole('button', { name: button, exact: true }).click()]);
    await tab.waitForLoadState('domcontentloaded');
    if (!tab.url().startsWith(`${ctx.apiBase}/__seller/`)) throw new Error(`'${button}' opened ${tab.url()}, not the mock seller center`);
    await tab.getByRole('heading', { name: title, exact: true }).waitFor();
    return tab;
  }

  await ctx.step("'+ 새 소식' opens the mock seller center; the published news is back in the app's list", async () => {
    const tab = await sellerCenterTab('+ 새 소식', '새 소식 쓰기');
    const text = 'e2e 확인용 새 소식: 겨울 한정 키링이 찾아와요!';
    // Ten days ahead, as a Seoul wall-clock 'YYYY-MM-DD HH:mm'.
    const release = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000 + 9 * 60 * 60 * 1000).toISOString().slice(0, 16).replace('T', ' ');
    await tab.getByLabel('소식 내용').fill(text);
    await tab.getByLabel(/출시 예정일/).fill(release);
    await tab.getByRole('button', { name: '소식 공개하기' }).click();
    await tab.waitForURL((url) => url.origin === ctx.appOrigin && ctx.appPath(url) === '/promo/preview');
    await tab.getByText(text, { exact: true }).waitFor();
    await tab.close();
  });

  await ctx.step("'마켓 관리' closes an open market now; the app's market page then says '주문 종료'", async () => {
    await ctx.goto('/my/seller');
    const tab = await sellerCenterTab('마켓 관리', '마켓 관리');
    await tab.getByRole('button', { name: '지금 마감하기' }).first().click();
    await tab.waitForURL((url) => url.origin === ctx.appOrigin && ctx.appPath(url).startsWith('/m/'));
    await tab.getByText('주문 종료', { exact: true }).first().waitFor();
    await tab.close();
  });

  await ctx.step(`the public link ${link} opens ${SELLER.name}'s profile`, async () => {
    await page.goto(link);
    await page.waitForURL((url) => ctx.appPath(url) === `/profile/${SELLER.publicId}`);
    await ctx.see(SELLER.name);
    await ctx.shot('public-link-profile');
  });

  await ctx.step('the buyer tab of the flip profile switches to /my/user', async () => {
    await ctx.goto('/my/seller');
    await page.getByRole('tab', { name: '구매자' }).click();
    await page.waitForURL((url) => ctx.appPath(url) === '/my/user');
  });

  await ctx.step("a buyer who is not an author sees '작가가 되어 나만의 마켓을 열어보세요'", async () => {
    await signIn('buyer');
    await ctx.goto('/my/seller');
    await ctx.see('작가가 되어 나만의 마켓을 열어보세요');
    await ctx.see('작가 신청하기');
    await ctx.shot('my-seller-not-author');
  });

  await ctx.step("an author with an incomplete profile sees '작가 프로필을 완성해주세요'", async () => {
    await signIn('seller-incomplete');
    await ctx.goto('/my/seller');
    await ctx.see('작가 프로필을 완성해주세요');
    await ctx.see('프로필 완성하기');
    await ctx.shot('my-seller-incomplete');
  });
});
