// SPEC.md section 8's errors, each forced once through the control plane (POST /__mock/scenarios {name, path,
// times: 1}) on the operation a screen really calls, and checked against the UI text the catalogue gives
// for it (GET /__mock/scenarios lists each scenario's `ui`: kind, title, message, buttons). The buyer persona
// works through: add-to-cart on the market page, ordering from the cart, the receipt, the pay page, the
// buyer-info form, settings' withdrawal and the subscribe button. The scenarios no web screen can reach are
// listed in the journey's notes with the reason.
import { JourneyFailure } from '../lib/journey.mjs';

/**
 * Chrome silently resends a request when a reused keep-alive connection closes without an answer or answers
 * 408 (for 408, once per idle connection it holds, up to 6 per host), so such a scenario forced once rarely
 * reaches the app. Forced 8 times it always does; the uses left over are cleared after each check.
 */
const RESENT_TIMES = 8;
const resentByBrowser = (scenario) => scenario.kind === 'fault' || scenario.status === 408;

const MARKET = { sellerId: 'mallang_studio', marketId: '4', title: '겨울 스티커 마켓' };

/** Where each scenario is forced: [operation label, method, path, scenario names]. */
const ADD_TO_CART = {
  label: 'add-to-cart (POST /cart/add/common)',
  method: 'POST',
  path: '/cart/add/common',
  // Dialogs between toasts, so a toast never has to wait for an earlier one with the same words to go.
  names: [
    'network-error', 'out-of-stock', 'connection-reset', 'amount-exceeded', 'empty-response', 'malformed-chunk',
    'random-data-then-close', 'http-401', 'http-420', 'http-500', 'bad-request', 'limit-cart', 'invalid-product',
    'invalid-product-option', 'already-in-order',
    // These send the buyer home (go-home): last, each followed by a way back to the market.
    'invalid-market', 'market-unavailable', 'market-schedule',
  ],
};
const ORDER = {
  label: 'order (POST /receipt/insert)',
  method: 'POST',
  path: '/receipt/insert',
  names: [
    'http-408', 'transaction-failed', 'http-504', 'stock-shortage', 'deleted-product', 'failed', 'invalid-delivery-option',
    'weight-exceeded', 'under-total-price', 'operation-failed', 'transaction-exceeded', 'invalid-cart',
  ],
};

/** Scenarios no web screen reaches, with the reason (reported in the notes). */
const NOT_COVERED = {
  'already-exists': 'POST /alarm/add: open alarms are native-only; the web shows the app prompt instead',
  'alarm-not-exists': 'POST /alarm/delete: open alarms are native-only',
  'not-supported': 'GET /notification/test-notification: the test alerts are native-only (settings in the app shell)',
  'notification-send-failed': 'GET /notification/test-notification: native-only',
  'permission-not-granted': 'no operation answers it; the native shell reports a missing permission itself',
  'already-added': 'no operation of the API answers it',
  'already-scrapped': 'no operation of the API answers it (no scrap feature in the spec)',
  'slow:MS': 'a client timeout needs more than 10 s of waiting; it shows the same status-0 text as network-error',
};

export default {
  name: 'errors',
  title: 'every SPEC section 8 error forced on the screen that calls the operation shows its exact text',
  timeoutMs: 240_000,
  async run(ctx) {
    const { page } = ctx;
    const catalogue = new Map((await ctx.control.scenarios()).map((scenario) => [scenario.name, scenario]));
    const covered = [];
    let token = await ctx.signInAs('buyer');
    const detail = await ctx.control.api('GET', `/common/market/get/${MARKET.sellerId}/${MARKET.marketId}`);
    const inStock = (option) => option.useYN && (option.stock === -1 || option.stock - option.order >= 1);
    const product = detail.product.find((p) => p.useYN && p.option.some(inStock));
    const option = product.option.find(inStock);

    /**
     * Forces `name` on the next matching request of this world (RESENT_TIMES times when the browser resends).
     */
    async function force(name, { method, path }) {
      const scenario = catalogue.get(name);
      if (!scenario) throw new Error(`GET /__mock/scenarios has no scenario '${name}'`);
      await ctx.control.force(name, { method, path, times: resentByBrowser(scenario) ? RESENT_TIMES : 1 });
    }

    /** Waits until no toast says `text` (toasts last 3 s), so the next one is surely new. */
    async function noToast(text) {
      await page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first().waitFor({ state: 'hidden', timeout: 6000 }).catch(() => undefined);
    }

    /** The paragraph of a dialog's message (aria-describedby). */
    async function messageOf(dialog) {
      return dialog.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    }

    /**
     * Checks that the UI shows what the catalogue says for `name`, answers it (the cancel button of a confirm),
     * and records it as covered for `where`.
     */
    async function expectShown(name, where) {
      const { ui, body } = catalogue.get(name);
      switch (ui.kind) {
        case 'alert':
        case 'confirm':
        case 'inquiry':
        case 'relogin':
        case 'login': {
          const dialog = await ctx.dialog(ui.title);
          const message = await messageOf(dialog);
          if (!message.startsWith(ui.message)) throw new JourneyFailure(`'${ui.title}' says '${message}', expected it to start with '${ui.message}'`);
          for (const item of body?.list ?? []) {
            if (item.title && !message.includes(`· ${item.title}`)) throw new JourneyFailure(`'${ui.title}' does not name '${item.title}' of the error's list: '${message}'`);
          }
          if (ui.kind === 'inquiry' && !message.includes(`상태: ${ui.status}`)) throw new JourneyFailure(`the inquiry dialog does not give the status ${ui.status}: '${message}'`);
          for (const button of ui.buttons ?? []) await dialog.getByRole('button', { name: button.label, exact: true }).waitFor();
          const cancel = (ui.buttons ?? []).find((button) => button.action === 'none');
          await ctx.shot(`${name}`, { wait: false });
          await ctx.answer(dialog, cancel ? cancel.label : ui.kind === 'alert' || ui.kind === 'relogin' ? '확인' : ui.buttons?.[0]?.label ?? '확인');
          break;
        }
        case 'toast':
          await ctx.toast(ui.message);
          await ctx.shot(`${name}`, { wait: false });
          break;
        case 'not-found':
          await ctx.see('길을 잃으셨나요?');
          await ctx.shot(`${name}`, { wait: false });
          break;
        case 'silent': {
          await page.waitForTimeout(700);
          const open = await page.getByRole('alertdialog').count();
          const errorToasts = await page.locator('[role="alert"]').filter({ visible: true }).allInnerTexts();
          if (open || errorToasts.some((text) => text.trim() !== '')) throw new JourneyFailure(`'${name}' should show nothing; shown: ${open} dialog(s), ${JSON.stringify(errorToasts)}`);
          break;
        }
        default:
          throw new JourneyFailure(`the catalogue's kind '${ui.kind}' of '${name}' is not known to this journey`);
      }
      covered.push(`${name} (${where})`);
    }

    /** Forces `name` on `operation`, runs `trigger`, checks the UI; a rule left unused says the call never went out. */
    async function scenario(name, operation, trigger) {
      await ctx.step(`${name} on ${operation.label}`, async () => {
        const { ui } = catalogue.get(name);
        if (ui.kind === 'toast') await noToast(ui.message);
        await force(name, operation);
        await trigger();
        try {
          await expectShown(name, operation.label);
        } catch (error) {
          const left = await ctx.control.rules();
          const unused = left.length && left[0].times === (resentByBrowser(catalogue.get(name)) ? RESENT_TIMES : 1);
          if (unused) throw new JourneyFailure(`${error.message} (the forced rule was not used: the screen did not call ${operation.method} ${operation.path})`);
          throw error;
        } finally {
          // Uses the browser did not resend are left over.
          await ctx.control.clearScenarios();
        }
      });
    }

    // ---------------------------------------------------------------- add to cart
    let lastAdd = 0;
    const drawer = page.getByRole('dialog', { name: '장바구니 담기' });
    async function openAddDrawer() {
      await ctx.goto(`/m/${MARKET.sellerId}/${MARKET.marketId}`);
      await ctx.see(MARKET.title);
      await page.getByRole('button', { name: '장바구니 담기', exact: true }).click();
      await drawer.waitFor();
      await drawer.getByRole('group', { name: `${product.title} ${option.title}`, exact: true }).getByRole('button', { name: '수량 늘리기' }).click();
    }
    async function add() {
      if (!(await drawer.isVisible())) await openAddDrawer();
      // The add button takes one press a second (debounce 1000 ms).
      const wait = lastAdd + 1100 - Date.now();
      if (wait > 0) await page.waitForTimeout(wait);
      lastAdd = Date.now();
      await drawer.getByRole('button', { name: '장바구니 담기', exact: true }).click();
    }
    await ctx.step('the buyer opens the add-to-cart drawer on the market page', openAddDrawer);
    page.on('requestfailed', (r) => console.log('DEBUG failed', r.method(), r.url(), r.failure()?.errorText));
    page.on('response', (r) => { if (r.url().includes('/cart/add')) console.log('DEBUG response', r.status(), r.url()); });
    page.on('request', (r) => { if (!r.url().includes('/img/') && r.url().includes(':' + new URL(ctx.apiBase).port)) console.log('DEBUG request', r.method(), r.url()); });
    page.on('console', (m) => console.log('DEBUG console', m.type(), m.text().slice(0, 200)));
    for (const name of ADD_TO_CART.names) {
      await scenario(name, ADD_TO_CART, add);
      if (catalogue.get(name).ui.followUp === 'go-home') {
        await ctx.step(`${name} sent the buyer home`, () => page.waitForURL((url) => url.pathname === '/'));
      }
    }

    // ---------------------------------------------------------------- order from the cart
    const card = page.getByRole('region', { name: MARKET.title });
    const orderButton = page.getByRole('button', { name: /^(주문 시작|품절 제외 후 주문)$/ });
    async function readyToOrder() {
      const memo = card.getByPlaceholder('작가님께 전할 요청 사항을 적어주세요');
      if ((await memo.inputValue()) === '') await memo.fill('오류 확인용 주문이에요');
      await orderButton.waitFor();
      if (await orderButton.isDisabled()) {
        const reason = await page.locator('[data-order-message]').innerText().catch(() => '(no message)');
        throw new JourneyFailure(`the order button is disabled: '${reason}'`);
      }
    }
    let lastOrder = 0;
    async function order() {
      await readyToOrder();
      const wait = lastOrder + 1100 - Date.now();
      if (wait > 0) await page.waitForTimeout(wait);
      lastOrder = Date.now();
      console.log('DEBUG before click', Date.now(), await orderButton.evaluate((b) => `${b.disabled} ${b.dataset.state} ${b.textContent} ${document.querySelectorAll('[role=alertdialog]').length} ${document.elementFromPoint(b.getBoundingClientRect().x + 20, b.getBoundingClientRect().y + 10)?.outerHTML.slice(0, 120)}`));
      await orderButton.click();
      await page.waitForTimeout(300);
      console.log('DEBUG after click', await orderButton.evaluate((b) => `${b.disabled} ${b.dataset.state} ${b.textContent}`).catch((e) => e.message.slice(0, 80)));
    }
    await ctx.step(`the cart of ${MARKET.title} is made orderable (delivery without a weight limit, a memo)`, async () => {
      await ctx.goto(`/cart/${detail.market._id}`);
      await card.waitFor();
      const delivery = detail.market.delivery.option.find((o) => o.useYN && o.weight === undefined);
      await card.getByRole('button', { name: /배송 옵션/ }).click();
      await page.getByRole('dialog', { name: '배송 옵션 선택' }).getByRole('radio', { name: new RegExp(delivery.title) }).click();
      await card.getByRole('button', { name: new RegExp(delivery.title) }).waitFor();
      await readyToOrder();
    });
    for (const name of ORDER.names) await scenario(name, ORDER, order);

    // ---------------------------------------------------------------- receipt, pay page
    const rooms = await ctx.control.api('GET', '/room', { token });
    const receipts = [];
    for (const room of rooms) {
      const info = await ctx.control.api('GET', `/room/info/${room._id}`, { token });
      for (const group of await ctx.control.api('GET', `/room/receipt?seller=${encodeURIComponent(info.seller)}`, { token })) receipts.push(...group.receipt);
    }
    const unpaid = receipts.find((receipt) => receipt.status === 0);
    const paid = receipts.find((receipt) => receipt.status === 1) ?? receipts[0];

    const GET_RECEIPT = { label: 'receipt (GET /receipt/get/{publicId})', method: 'GET', path: '/receipt/get' };
    await scenario('not-found', GET_RECEIPT, () => ctx.goto(`/r/${paid.receiptPublicId}`));

    if (unpaid) {
      const CARD = { label: 'pay by card (POST /payple/pay/v2/appcard)', method: 'POST', path: '/payple/pay/v2/appcard' };
      await ctx.step('the pay page of an unpaid order, credit card chosen', async () => {
        await ctx.goto(`/r/${unpaid.receiptPublicId}/pay`);
        await page.getByRole('radio', { name: /신용카드/ }).click();
      });
      await scenario('card-payment-failed', CARD, () => page.getByRole('button', { name: /결제하기$/ }).click());
    } else {
      ctx.note('card-payment-failed not covered: the buyer persona has no unpaid order in this world');
    }

    // ---------------------------------------------------------------- buyer info: bank, phone, photo
    const ACCOUNT = { label: 'refund account check (POST /user/valid-account)', method: 'POST', path: '/user/valid-account' };
    const PHONE = { label: 'phone code check (POST /user/valid-phone)', method: 'POST', path: '/user/valid-phone' };
    const UPLOAD = { label: 'profile photo (POST /upload/v2/user-profile)', method: 'POST', path: '/upload/v2/user-profile' };
    await ctx.step('the buyer-info form: a new refund account typed in', async () => {
      await ctx.goto('/edit/myinfo');
      await page.getByRole('button', { name: '환불 계좌 변경' }).click();
      await ctx.answer(await ctx.dialog('환불 계좌 변경'), '변경');
      await page.getByLabel('은행', { exact: true }).selectOption({ index: 1 });
      await page.getByLabel('계좌번호', { exact: true }).fill('1002345678901');
    });
    await scenario('popbill-error', ACCOUNT, () => page.getByRole('button', { name: '계좌 인증' }).click());

    await ctx.step('the buyer-info form: a new phone number gets its code', async () => {
      await page.getByRole('button', { name: '휴대폰 번호 변경' }).click();
      await page.getByLabel('휴대폰 번호', { exact: true }).fill('010-9876-5432');
      await page.getByRole('button', { name: '인증번호 받기' }).click();
      await ctx.toast('인증번호가 발송되었습니다');
      await page.getByLabel('인증번호', { exact: true }).fill('123456');
    });
    await scenario('validate-sms-failed', PHONE, () => page.getByRole('button', { name: '인증번호 확인' }).click());

    await ctx.step('the buyer-info form: a new profile photo, the phone change dropped', async () => {
      await page.getByRole('button', { name: '변경 취소' }).first().click();
      await page.getByRole('button', { name: '변경 취소' }).first().click();
      await page.getByLabel('프로필 사진', { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    });
    await scenario('http-413', UPLOAD, () => page.getByRole('button', { name: '저장', exact: true }).click());

    // ---------------------------------------------------------------- withdrawal
    const UNREGISTER = { label: 'withdrawal (POST /auth/unregister/user)', method: 'POST', path: '/auth/unregister/user' };
    for (const name of ['receipt-remained', 'invalid-user-type']) {
      await scenario(name, UNREGISTER, async () => {
        await ctx.goto('/setting');
        await page.getByText('회원 탈퇴', { exact: true }).click();
        await ctx.answer(await ctx.dialog('회원 탈퇴'), '탈퇴하기');
      });
    }

    // ---------------------------------------------------------------- subscribe: already so on the server
    const topSellers = await ctx.control.api('GET', '/common/v2/seller?from=top');
    const subscribed = new Set(await ctx.control.api('GET', '/subscribe/getsubscriberlist', { token }));
    const stranger = topSellers.find((seller) => !subscribed.has(seller.sellerUID));
    const button = (state) => page.getByRole('button', { name: `${stranger.sellerName} ${state}`, exact: true }).filter({ visible: true }).first();
    await ctx.step(`${stranger.sellerName}'s profile`, async () => {
      await ctx.goto(`/profile/${stranger.sellerPublicId}`);
      await button('구독').waitFor();
    });
    await scenario('already-subscribed', { label: 'subscribe (POST /subscribe/add)', method: 'POST', path: '/subscribe/add' }, () => button('구독').click());
    await ctx.step('already-subscribed counts as subscribed', () => button('구독중').waitFor());
    await scenario('already-canceled', { label: 'unsubscribe (POST /subscribe/cancel)', method: 'POST', path: '/subscribe/cancel' }, async () => {
      await button('구독중').click();
      await ctx.answer(await ctx.dialog('구독 취소'), '구독 취소');
    });
    await ctx.step('already-canceled counts as unsubscribed', () => button('구독').waitFor());

    // ---------------------------------------------------------------- another account's receipt: sign in again
    await scenario('permission-denied', GET_RECEIPT, () => ctx.goto(`/r/${paid.receiptPublicId}`));
    await ctx.step('permission-denied signed the buyer out to the login screen', async () => {
      await page.waitForURL((url) => url.pathname === '/auth');
      await ctx.see('카카오로 시작하기');
      token = null;
    });

    const all = [...catalogue.keys()];
    const coveredNames = new Set(covered.map((entry) => entry.split(' (')[0]));
    const unexplained = all.filter((name) => !coveredNames.has(name) && !(name in NOT_COVERED));
    ctx.note(`covered ${coveredNames.size} of ${all.length} scenarios: ${covered.join('; ')}`);
    ctx.note(`not covered: ${Object.entries(NOT_COVERED).map(([name, why]) => `${name} (${why})`).join('; ')}`);
    if (unexplained.length) throw new JourneyFailure(`scenarios neither covered nor explained: ${unexplained.join(', ')}`);
  },
};

/** A 1x1 PNG, the smallest real image for the photo input (the mock answers 413 by the forced scenario). */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
