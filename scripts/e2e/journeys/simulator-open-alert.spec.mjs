// The desktop native-shell simulator (/simulator.html): the app runs in its phone frame as in the native
// app, so settings offer the test alerts. The push-alert test shows the errors of its call (not-supported,
// notification-send-failed, forced through the control plane) and then sends. '30초 후 오픈 알림 받기' asks
// the shell to ring in 30 s; the sheet then counts down from 29 s with the button disabled ('오픈 알림 예약
// 완료'), the simulator lists the scheduled alarm, the banner rings in the frame, and the sheet resets at zero.
import { forcedErrors } from '../lib/forced-errors.mjs';
import { DESKTOP, test } from '../lib/fixtures.mjs';

const TEST_NOTIFICATION = {
  label: 'push-alert test (GET /notification/test-notification)',
  method: 'GET',
  path: '/notification/test-notification',
};

test.use(DESKTOP);

test('native-shell simulator: push-alert test errors, the open-alert test counts down 29 s and rings', async ({
  ctx,
  page,
  mock,
  signIn,
}) => {
  test.setTimeout(120_000);
  const app = page.frameLocator('iframe[title="앱 화면"]');
  const sheet = app.getByRole('dialog', { name: '오픈 알림 테스트' });
  const due = sheet.getByText(/^(\d+)초 후에 오픈 알림이 도착해요$/);
  const secondsLeft = async () => Number(/^(\d+)/.exec(await due.innerText())[1]);
  const errors = await forcedErrors(ctx, mock);
  // The push-alert test sends to the signed-in account.
  await signIn('buyer');

  await ctx.step('the simulator opens the app at /setting in its phone frame', async () => {
    await ctx.goto('/simulator.html');
    await ctx.see('네이티브 앱 시뮬레이터');
    await page.getByLabel('열 주소').fill('/setting');
    await page.getByRole('button', { name: '이 주소로 열기' }).click();
    // Native-only settings show because the app knows it is in the shell.
    await app.getByText('오픈 알림 테스트', { exact: true }).waitFor();
    await ctx.shot('simulator-settings');
  });

  const pushSheet = app.getByRole('dialog', { name: '푸시 알림 테스트' });
  const send = () => pushSheet.getByRole('button', { name: '테스트 알림 보내기' }).click();
  await ctx.step('the push-alert test sheet', async () => {
    await app.getByText('푸시 알림 테스트', { exact: true }).click();
    await pushSheet.waitFor();
    await ctx.shot('push-alert-test');
  });
  await errors.check('not-supported', TEST_NOTIFICATION, send, { root: app });
  await errors.check('notification-send-failed', TEST_NOTIFICATION, send, { root: app });
  await ctx.step("the push-alert test sends: '테스트 알림을 보냈어요. 잠시 후 알림을 확인해주세요.'", async () => {
    await send();
    await app.getByText('테스트 알림을 보냈어요. 잠시 후 알림을 확인해주세요.', { exact: true }).waitFor();
    await ctx.shot('push-alert-sent', { wait: false });
    await pushSheet.getByRole('button', { name: '닫기' }).click();
    await pushSheet.waitFor({ state: 'hidden' });
  });
  ctx.note(`errors checked: ${errors.covered.join('; ')}`);

  await ctx.step("the open-alert test sheet offers '30초 후 오픈 알림 받기'", async () => {
    await app.getByText('오픈 알림 테스트', { exact: true }).click();
    await sheet.waitFor();
    await sheet.getByRole('button', { name: '30초 후 오픈 알림 받기' }).waitFor();
    await ctx.shot('open-alert-test');
  });

  let armedAt;
  let scheduledBefore;
  await ctx.step('armed: a 29 s countdown, the button disabled, the alarm scheduled in the shell', async () => {
    scheduledBefore = Number(/(\d+)$/.exec(await page.getByText(/^예약된 알림 \d+$/).innerText())[1]);
    // Every countdown text the sheet renders, recorded in the page itself so a value shown for a moment
    // is not missed.
    const frame = page.frames().find((f) => f.url().includes('shell=simulator'));
    await frame.evaluate(() => {
      const shown = [];
      /** @type {any} */ (window).__countdownsShown = shown;
      new MutationObserver(() => {
        for (const element of Array.from(document.querySelectorAll('[role="dialog"] [role="status"]'))) {
          const match = /^(\d+)초 후에 오픈 알림이 도착해요$/.exec(element.textContent ?? '');
          if (match && shown.at(-1) !== Number(match[1])) shown.push(Number(match[1]));
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await sheet.getByRole('button', { name: '30초 후 오픈 알림 받기' }).click();
    armedAt = Date.now();
    await due.waitFor();
    await page.waitForTimeout(1200);
    const shown = await frame.evaluate(() => /** @type {any} */ (window).__countdownsShown);
    if (shown[0] !== 29)
      ctx.defect(`the countdown starts at ${shown[0]} s, expected 29 s (it showed ${shown.join(', ')} right after the click)`);
    const button = sheet.getByRole('button', { name: '오픈 알림 예약 완료' });
    if (!(await button.isDisabled())) throw new Error("'오픈 알림 예약 완료' is not disabled while armed");
    // The shell's list of scheduled alarms (the buyer's own market alarms are there too) gained this one.
    await page
      .getByText(`예약된 알림 ${scheduledBefore + 1}`, { exact: true })
      .waitFor()
      .catch(() => {
        throw new Error(`the simulator does not list the test alarm (expected '예약된 알림 ${scheduledBefore + 1}')`);
      });
    await ctx.shot('open-alert-armed', { wait: false });
    const before = await secondsLeft();
    await page.waitForTimeout(2100);
    const later = await secondsLeft();
    if (later > before - 2) throw new Error(`the countdown went from ${before} s to ${later} s in 2 s`);
  });

  await ctx.step('the alert rings in the phone frame after 30 s and the sheet resets', async () => {
    const banner = page.getByRole('button', { name: /오픈 알림 테스트 마켓/ });
    await banner.waitFor({ timeout: Math.max(5000, armedAt + 36_000 - Date.now()) });
    await ctx.shot('open-alert-rang', { wait: false });
    await sheet.getByRole('button', { name: '30초 후 오픈 알림 받기' }).waitFor({ timeout: 5000 });
    if (!(await sheet.getByRole('button', { name: '30초 후 오픈 알림 받기' }).isEnabled()))
      throw new Error('the button stays disabled after the countdown');
  });
});
