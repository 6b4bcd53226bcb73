// A signed-in buyer with no subscriptions yet (persona buyer-new) subscribes to a seller on the profile page:
// the first-ever subscription asks to confirm, then a success toast; a second one goes straight through.
// /subscribe shows 'N명 구독 중' with both; cancelling asks first ('다음에' keeps it), then removes it.
import { test } from '../lib/fixtures.mjs';

const SELLER = { publicId: 'mallang_studio', name: '말랑공방' };

test('first subscription confirms, later ones toast; unsubscribe confirms', async ({ ctx, page, api, signIn }) => {
  test.setTimeout(120_000);
  const token = await signIn('buyer-new');
  const before = await api.get('/subscribe/getsubscriberlist', { token });
  if (before.length !== 0)
    throw new Error(`buyer-new already subscribes to ${before.length} sellers; the first-subscription confirm cannot show`);
  const seller = await api.get(`/common/v2/seller/${SELLER.publicId}`);
  const topSellers = await api.get('/common/v2/seller?from=top');
  const other = topSellers.find((s) => s.sellerPublicId !== SELLER.publicId);
  const subscribeButton = (name, subscribed) =>
    page
      .getByRole('button', { name: `${name} ${subscribed ? '구독중' : '구독'}`, exact: true })
      .filter({ visible: true })
      .first();
  /** The answer to the app's next POST /subscribe/cancel: the app shows a cancel at once and sends it meanwhile. */
  const cancelAnswer = () =>
    page.waitForResponse((response) => response.request().method() === 'POST' && ctx.apiPath(response.url()) === '/subscribe/cancel');

  await ctx.step(`the buyer opens ${SELLER.name}'s profile`, async () => {
    await ctx.goto(`/profile/${SELLER.publicId}`);
    await subscribeButton(SELLER.name, false).waitFor();
    await ctx.shot('profile');
  });

  await ctx.step('the first-ever subscription asks to confirm, then says it is done', async () => {
    await subscribeButton(SELLER.name, false).click();
    const dialog = await ctx.dialog('작가님 구독');
    await ctx.see(`${SELLER.name} 작가님을 구독할까요?`, { within: dialog, exact: false });
    await ctx.shot('first-subscription-confirm');
    await ctx.answer(dialog, '구독하기');
    await ctx.toast(`${SELLER.name} 작가님을 구독했어요`);
    await subscribeButton(SELLER.name, true).waitFor();
    await ctx.shot('subscribed');
  });

  await ctx.step(`a second subscription (${other.sellerName}) needs no confirmation; its toast leads to /subscribe`, async () => {
    await ctx.goto(`/profile/${other.sellerPublicId}`);
    await subscribeButton(other.sellerName, false).click();
    const toast = await ctx.toast(`${other.sellerName} 작가님을 구독했어요`);
    if (await page.getByRole('alertdialog').count()) throw new Error('a dialog opened for a second subscription');
    await ctx.shot('second-subscription-toast', { wait: false });
    await toast.getByRole('button', { name: '구독 목록' }).click();
    await page.waitForURL((url) => ctx.appPath(url) === '/subscribe');
  });

  await ctx.step("/subscribe shows '2명 구독 중' with both sellers", async () => {
    await ctx.see('2명 구독 중');
    await subscribeButton(SELLER.name, true).waitFor();
    await subscribeButton(other.sellerName, true).waitFor();
    await ctx.shot('subscriptions');
  });

  await ctx.step("cancelling asks first; '다음에' keeps the subscription", async () => {
    await subscribeButton(SELLER.name, true).click();
    const dialog = await ctx.dialog('구독 취소');
    await ctx.see(`${SELLER.name} 작가님 구독을 취소할까요?`, { within: dialog });
    await ctx.shot('unsubscribe-confirm');
    await ctx.answer(dialog, '다음에');
    await ctx.see('2명 구독 중');
  });

  await ctx.step(`'구독 취소' cancels ${SELLER.name}: '1명 구독 중', and the server forgets it`, async () => {
    await subscribeButton(SELLER.name, true).click();
    // The server is asked once the app's request has its answer.
    const cancelled = cancelAnswer();
    await ctx.answer(await ctx.dialog('구독 취소'), '구독 취소');
    await ctx.see('1명 구독 중');
    // The card stays until the list reloads, offering '구독' again (an undo for a slip).
    await subscribeButton(SELLER.name, false).waitFor();
    await subscribeButton(other.sellerName, true).waitFor();
    const answer = await cancelled;
    if (answer.status() !== 200) throw new Error(`POST /subscribe/cancel answered ${answer.status()}`);
    const ids = await api.get('/subscribe/getsubscriberlist', { token });
    if (ids.includes(seller._id) || ids.length !== 1) throw new Error(`the server still lists ${JSON.stringify(ids)} after the cancel`);
    await ctx.shot('unsubscribed');
  });

  await ctx.step('reloaded, /subscribe lists only the remaining seller', async () => {
    await page.reload();
    await ctx.see('1명 구독 중');
    await subscribeButton(other.sellerName, true).waitFor();
    if (await page.getByText(SELLER.name, { exact: true }).filter({ visible: true }).count())
      throw new Error(`${SELLER.name} is still listed after a reload`);
  });

  await ctx.step("cancelling the last one and reloading shows '구독한 작가님이 없어요'", async () => {
    await subscribeButton(other.sellerName, true).click();
    const cancelled = cancelAnswer();
    await ctx.answer(await ctx.dialog('구독 취소'), '구독 취소');
    await ctx.see('0명 구독 중');
    // A reload before the cancel's answer would drop the request in flight.
    await cancelled;
    await page.reload();
    await ctx.see('0명 구독 중');
    await ctx.see('구독한 작가님이 없어요');
    await ctx.shot('no-subscriptions');
  });
});
