// Never a blank screen (issue 31 point 1): a screen whose chunk cannot be loaded shows '화면을 불러오지
// 못했어요' with '다시 시도' between the app bar and the tab bar, and renders once it can be loaded: offline
// for a moment (the browser's `online` event loads it again), or the server out of reach ('다시 시도' loads it
// again), or gone after a deploy (the
// page reloads once and gets the new build; a chunk still missing after that reload shows the message, no
// reload loop; tapped away from and back to once the chunk is there, it renders). 마이 is the screen tapped:
// a tab the home does not load.
import { JourneyFailure, test } from '../lib/fixtures.mjs';

const MESSAGE = '화면을 불러오지 못했어요';
const RETRY = '다시 시도';
/** The built My screen's chunk (Vite names it after the screen: assets/My-<hash>.js). */
const MY_CHUNK = /\/assets\/My-[\w-]+\.js$/;
/** Its script and stylesheet. */
const MY_FILES = /\/assets\/My-[\w-]+\.(?:js|css)$/;

/**
 * Signs the buyer in and opens the home, with nothing of 마이 loaded yet, and waits until every call of the
 * home has its answer: one still on its way when a test goes offline fails with status 0, and the app then
 * rightly shows '인터넷에 연결할 수 없어요' over the home. The recommendation lists go out together once the
 * first screen is shown (on a loaded machine, seconds after the search box): one of them shown means all of
 * them were sent, and the network idle that all were answered.
 */
async function homeAsBuyer({ ctx, page, signIn }) {
  await signIn('buyer');
  await ctx.goto('/');
  await page.getByRole('navigation', { name: '주요 메뉴' }).waitFor();
  await ctx.see('물품, 작가명 검색');
  await ctx.see('지금 주문 가능한 마켓');
  await page.waitForLoadState('networkidle');
}

const tabBar = (page) => page.getByRole('navigation', { name: '주요 메뉴' });

/** The failed screen's message with its retry, the app bar above it (back) and the tab bar below. */
async function seeFailedScreen(ctx, page) {
  await ctx.see(MESSAGE);
  await page.getByRole('button', { name: RETRY, exact: true }).waitFor();
  if (!(await page.locator('main header').filter({ visible: true }).count()))
    throw new JourneyFailure('the app bar is gone with the message');
  if (!(await page.locator('main header').getByRole('button', { name: /뒤로/ }).count()))
    throw new JourneyFailure("the message's app bar has no back button");
  if (!(await tabBar(page).isVisible())) throw new JourneyFailure('the tab bar is gone with the message');
}

/** 마이 rendered: its calendar card (a link of the screen's own chunk). */
const seeMy = (page) => page.locator('main a[href$="/calendar"]').filter({ visible: true }).first().waitFor();

test('offline, 마이 shows the message between the bars; the online event alone renders it', async ({ ctx, page, context, signIn }) => {
  test.setTimeout(90_000);
  await homeAsBuyer({ ctx, page, signIn });
  await ctx.step("offline, tap 마이: the message and '다시 시도', the app bar and the tab bar stay", async () => {
    await context.setOffline(true);
    await tabBar(page).getByRole('button', { name: '마이' }).click();
    await page.waitForURL(ctx.isAt('/my/user'));
    await seeFailedScreen(ctx, page);
    await ctx.shot('offline-my', { wait: false });
    // Still offline a while later: the message stays (nothing loads until the network is back).
    await page.waitForTimeout(1500);
    await seeFailedScreen(ctx, page);
  });
  await ctx.step('back online, touching nothing: 마이 renders', async () => {
    await context.setOffline(false);
    await seeMy(page);
    if (await page.getByText(MESSAGE).count()) throw new JourneyFailure('the message stays beside 마이');
    await ctx.shot('online-my');
  });
});

test("the server out of reach (the browser online), 마이 shows the message; '다시 시도' renders it", async ({ ctx, page, signIn }) => {
  test.setTimeout(90_000);
  await homeAsBuyer({ ctx, page, signIn });
  // The browser says online, so no online event will come: only the button can load the screen again.
  await page.route(MY_FILES, (route) => route.abort('connectionrefused'));
  await ctx.step("tap 마이: the message and '다시 시도', the bars stay, no reload", async () => {
    const loads = countLoads(page);
    await tabBar(page).getByRole('button', { name: '마이' }).click();
    await seeFailedScreen(ctx, page);
    if (loads.length) throw new JourneyFailure('the page reloaded for a server out of reach (it would show the browser error page)');
  });
  await ctx.step("the server back: '다시 시도' renders 마이", async () => {
    await page.unroute(MY_FILES);
    await page.getByRole('button', { name: RETRY, exact: true }).click();
    await seeMy(page);
    if (await page.getByText(MESSAGE).count()) throw new JourneyFailure('the message stays beside 마이');
  });
});

/** Counts the page's own loads (main-frame document requests) from now on. */
function countLoads(page) {
  const loads = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
  });
  return loads;
}

test('a chunk gone after a deploy: one reload, then 마이 renders', async ({ ctx, page, signIn }) => {
  test.setTimeout(90_000);
  await homeAsBuyer({ ctx, page, signIn });
  // The old build's chunk answers 404 (a deploy removed it) until the page loads again and so gets the new
  // build, which here is the same one, its chunk served again.
  let deployed = false;
  await page.route(MY_CHUNK, (route) => (deployed ? route.fallback() : route.fulfill({ status: 404, body: 'Not found' })));
  const loads = countLoads(page);
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) deployed = true;
  });
  await ctx.step('tap 마이: the page reloads once and 마이 renders', async () => {
    await tabBar(page).getByRole('button', { name: '마이' }).click();
    await seeMy(page);
    await page.waitForTimeout(1500);
    if (loads.length !== 1)
      throw new JourneyFailure(`the page loaded ${loads.length} times after the tap (${loads.join(', ')}), expected one reload`);
    if (ctx.appPath(new URL(loads[0])) !== '/my/user') throw new JourneyFailure(`the reload opened ${loads[0]}, not /my/user`);
    await ctx.shot('reloaded-my');
  });
});

test('a chunk still missing after the reload: one reload, then the message, no loop', async ({ ctx, page, signIn }) => {
  test.setTimeout(90_000);
  await homeAsBuyer({ ctx, page, signIn });
  await page.route(MY_CHUNK, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  const loads = countLoads(page);
  await ctx.step("tap 마이: one reload, then the message with '다시 시도' and the bars", async () => {
    await tabBar(page).getByRole('button', { name: '마이' }).click();
    await page.waitForURL(ctx.isAt('/my/user'));
    await seeFailedScreen(ctx, page);
    // Long enough for a second reload to have started, had the guard not held.
    await page.waitForTimeout(3000);
    await seeFailedScreen(ctx, page);
    if (loads.length !== 1) throw new JourneyFailure(`the page loaded ${loads.length} times after the tap, expected exactly one reload`);
    await ctx.shot('still-missing');
  });
  await ctx.step('the chunk served again, tap 홈 then 마이: 마이 renders (the failed import is not kept)', async () => {
    await page.unroute(MY_CHUNK);
    await tabBar(page).getByRole('button', { name: '홈' }).click();
    await ctx.see('물품, 작가명 검색');
    await tabBar(page).getByRole('button', { name: '마이' }).click();
    await seeMy(page);
    if (await page.getByText(MESSAGE).count()) throw new JourneyFailure('the message stays beside 마이');
  });
});
