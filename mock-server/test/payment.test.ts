// payment: the provider forms (네이버페이, 카카오페이) and their mock pages, the app card with its page and
// result callback, and virtual accounts. Orders are placed for real through the cart and order APIs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmDeposit, setReceiptStatus } from '../src/world/orders';
import type { MarketRow, ProductRow } from '../src/world/store';
import { errorCode, startTestServer, type CallOptions, type TestServer, type Method, errorMessage } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const APP_ORIGIN = 'http://127.0.0.1:5173';

function setup(label: string) {
  const worldName = `payment-${label}-${Math.random().toString(36).slice(2, 8)}`;
  const world = srv.mock.worlds.fromRequest(worldName);
  const { store } = world;
  const sellerUid = store.accounts.one('persona', 'seller')!.uid;
  const marketRow = store.markets.by('seller', sellerUid).find((r) => r.market.title === '겨울 스티커 마켓') as MarketRow;
  const unlimited = store.products.by('market', marketRow.market._id)[0] as ProductRow;
  const buyer = srv.token('buyer-new', worldName);
  const other = srv.token('buyer', worldName);
  const call = <M extends Method, P extends string>(method: M, path: P, options: CallOptions = {}) =>
    srv.call(method, path, { ...options, headers: { 'X-Mock-World': worldName, ...options.headers } });

  async function placeOrder(amount = 2): Promise<string> {
    const productList = [{ _id: unlimited.product._id, option: unlimited.product.option[0]!.title, amount }];
    const cart = await call('POST', '/cart/add/common', {
      token: buyer,
      body: { marketId: marketRow.market._id, seller: 'mallang_studio', productList },
    });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const res = await call('POST', '/receipt/insert', {
      token: buyer,
      body: {
        marketId: marketRow.market._id,
        memo: '잘 부탁드려요',
        productList,
        delivery: {
          name: '이새봄',
          tel: '+821098765432',
          addr: '서울특별시 마포구 와우산로 94',
          addr2: '3층',
          zip: '04066',
          msg: '',
          title: '택배',
        },
        sns: { type: 0, id: '' },
        buyerAccount: { name: '이새봄', no: '1002345678901', type: '020' },
        payment: { option: 1, depositExpect: '' },
        cashReceipt: { useYN: false, isPersonal: true, no: '' },
        cartId: cart.body.data._id,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  const receipt = (publicId: string) => store.receipts.one('publicId', publicId)!.receipt;
  const latest = (publicId: string) => receipt(publicId).status.at(-1)!.status;
  const paymentOf = async (publicId: string) =>
    (await call('GET', '/receipt/payment', { token: buyer, query: { receipt: publicId } })).body.data;
  /** Posts a form as a browser does (no token, no world header: the fields carry what the page needs). */
  const postForm = (url: string, fields: Record<string, string>) =>
    srv.call('POST', new URL(url).pathname, {
      rawBody: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const cancel = (publicId: string) =>
    call('POST', '/receipt/change-status', { token: buyer, query: { id: publicId }, body: { status: 10, msg: '단순 변심' } });

  return { worldName, world, store, marketRow, buyer, other, call, placeOrder, receipt, latest, paymentOf, postForm, cancel };
}

type Setup = ReturnType<typeof setup>;

/** The easy-pay operations share one contract; both are tested the same way. */
const EASY_PAY = [
  { path: '/hecto/naver/param', page: '/__pay/naver', method: 'NAVERPAY', brand: '네이버페이', colour: '#03C75A', type: 'naverpay' },
  { path: '/hecto/kakao/param', page: '/__pay/kakao', method: 'KAKAOPAY', brand: '카카오페이', colour: '#FEE500', type: 'kakaopay' },
] as const;

function easyPaySuite(provider: (typeof EASY_PAY)[number]) {
  const params = (t: Setup, publicId: string, token = t.buyer, origin = APP_ORIGIN) =>
    t.call('GET', provider.path, { token, query: { receipt: publicId, origin } });

  it('answers a signed form for the mock provider page, which shows the amount and pays on 결제하기', async () => {
    const t = setup(`${provider.type}-ok`);
    const publicId = await t.placeOrder();
    const res = await params(t, publicId);
    expect(res.status).toBe(200);
    const form = res.body.data as { action: string; method: string; fields: Record<string, string> };
    expect(form.action).toBe(`${srv.baseUrl}${provider.page}`);
    expect(form.method).toBe('POST');
    expect(form.fields).toMatchObject({
      method: provider.method,
      mchtTrdNo: publicId,
      trdAmt: String(t.receipt(publicId).totalPrice),
      nextUrl: `${APP_ORIGIN}/r/${publicId}/pay`,
      world: t.worldName,
    });

    const page = await t.postForm(form.action, form.fields);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain(provider.brand);
    expect(page.text).toContain(provider.colour);
    expect(page.text).toContain(`${t.receipt(publicId).totalPrice.toLocaleString('ko-KR')}원`);
    expect(page.text).toContain('결제하기');
    expect(page.text).toContain('취소');
    expect(t.latest(publicId)).toBe(0);

    const done = await t.postForm(`${srv.baseUrl}${provider.page}/complete`, { ...form.fields, decision: 'approve' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${APP_ORIGIN}/r/${publicId}/pay?result=success`);
    const payment = await t.paymentOf(publicId);
    expect(payment.status).toBe('success');
    expect(payment.paymentResult).toMatchObject({ type: provider.type, name: provider.brand, expire: null, status: 'success' });
    expect(t.latest(publicId)).toBe(1);

    // a second 결제하기 (double submit, or the page again after back) pays nothing twice and returns to the
    // receipt, not to a second result
    const again = await t.postForm(`${srv.baseUrl}${provider.page}/complete`, { ...form.fields, decision: 'approve' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`${APP_ORIGIN}/r/${publicId}`);
    expect(t.receipt(publicId).status.filter((s) => s.status === 1)).toHaveLength(1);
    // the provider page asked for again says it is paid and links to the receipt
    const reopened = await t.postForm(form.action, form.fields);
    expect(reopened.status).toBe(200);
    expect(reopened.text).toContain('이미 결제가 완료된 주문이에요');
    expect(reopened.text).toContain(`href="${APP_ORIGIN}/r/${publicId}"`);
    expect(reopened.text).not.toContain('value="approve"');
  });

  it('취소 on the provider page returns with result=failed and changes nothing', async () => {
    const t = setup(`${provider.type}-decline`);
    const publicId = await t.placeOrder();
    const form = (await params(t, publicId)).body.data;
    const res = await t.postForm(`${srv.baseUrl}${provider.page}/complete`, { ...form.fields, decision: 'decline' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${APP_ORIGIN}/r/${publicId}/pay?result=failed`);
    expect(await t.paymentOf(publicId)).toEqual({ status: 'failed', paymentResult: null });
    expect(t.latest(publicId)).toBe(0);
  });

  it('the page refuses tampered or incomplete forms with an ErrorBody', async () => {
    const t = setup(`${provider.type}-tamper`);
    const publicId = await t.placeOrder();
    const form = (await params(t, publicId)).body.data;
    const tampered: Record<string, string>[] = [
      { ...form.fields, trdAmt: '100' },
      { ...form.fields, nextUrl: 'http://evil.example/r/000000000000/pay' },
      { ...form.fields, pktHash: '0000000000000000' },
      { mchtTrdNo: publicId },
    ];
    for (const fields of tampered) {
      const res = await t.postForm(`${srv.baseUrl}${provider.page}/complete`, { ...fields, decision: 'approve' });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('bad-request');
      expect(res.text).not.toMatch(/at .*\.ts/);
    }
    expect(t.latest(publicId)).toBe(0);
  });

  it('already-canceled for a cancelled order, operation-failed once paid, while a deposit is awaited, or when unpayable', async () => {
    const t = setup(`${provider.type}-refused`);
    const cancelled = await t.placeOrder();
    await t.cancel(cancelled);
    const res = await params(t, cancelled);
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('already-canceled');

    const paid = await t.placeOrder();
    setReceiptStatus(t.world, paid, 1, {}, t.world.clock.now());
    expect(errorCode((await params(t, paid)).body)).toBe('operation-failed');

    const awaiting = await t.placeOrder();
    await t.call('POST', '/settlebank/vbank/getnum', { token: t.buyer, body: { receipt: awaiting, bank: '020' } });
    expect(errorCode((await params(t, awaiting)).body)).toBe('operation-failed');
    // once the virtual account expired, the order can be paid another way
    t.world.clock.advance(24 * 3_600_000 + 1000);
    expect((await params(t, awaiting)).status).toBe(200);

    // the buyer persona's order in a market that takes no payment ('결제 불가')
    const unpayable = t.store.receipts
      .by('owner', t.store.accounts.one('persona', 'buyer')!.uid)
      .find((r) => r.receipt.payment.option === 0)!;
    const refused = await params(t, unpayable.receipt.publicId, t.other);
    expect(refused.status).toBe(400);
    expect(errorCode(refused.body)).toBe('operation-failed');
    expect(errorMessage(refused.body)).toBe('현재 결제할 수 없는 주문이에요. 주문을 취소해 주세요.');
  });

  it('bad-request for an origin with a path, 403 for another account, 404 unknown, 401 guest', async () => {
    const t = setup(`${provider.type}-errors`);
    const publicId = await t.placeOrder();
    expect(errorCode((await params(t, publicId, t.buyer, `${APP_ORIGIN}/r`)).body)).toBe('bad-request');
    const denied = await params(t, publicId, t.other);
    expect(denied.status).toBe(403);
    expect(denied.body).not.toHaveProperty('fields');
    expect((await params(t, '999999999999')).status).toBe(404);
    expect((await t.call('GET', provider.path, { query: { receipt: publicId, origin: APP_ORIGIN } })).status).toBe(401);
  });
}

describe('getNaverPayParams', () => easyPaySuite(EASY_PAY[0]));
describe('getKakaoPayParams', () => easyPaySuite(EASY_PAY[1]));

describe('payWithAppCard', () => {
  const start = (t: Setup, publicId: string, payerId = '', token = t.buyer) =>
    t.call('POST', '/payple/pay/v2/appcard', { token, body: { publicId, payerId } });

  it('answers the card provider parameters; the card page pays and returns to the app', async () => {
    const t = setup('card-ok');
    const publicId = await t.placeOrder();
    const res = await start(t, publicId, 'NS9qNTgzU2xRNHR5U0E1WVJTZWR0QT09');
    expect(res.status).toBe(200);
    const card = res.body.data;
    expect(card).toMatchObject({
      PCD_PAY_TYPE: 'card',
      PCD_CARD_VER: '02',
      PCD_PAY_OID: publicId,
      PCD_PAY_TOTAL: t.receipt(publicId).totalPrice,
      PCD_PAYER_ID: 'NS9qNTgzU2xRNHR5U0E1WVJTZWR0QT09',
      PCD_RST_URL: `${srv.baseUrl}/__pay/card/result`,
    });
    expect(t.latest(publicId)).toBe(0);

    const page = await srv.call('GET', `${new URL(card.PCD_PAY_URL).pathname}${new URL(card.PCD_PAY_URL).search}`, {
      headers: { referer: `${APP_ORIGIN}/r/${publicId}/pay` },
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('결제하기');
    expect(page.text).toContain('신한카드');
    expect(page.text).toContain(`value="${APP_ORIGIN}"`);

    const result = await t.postForm(card.PCD_RST_URL, {
      PCD_PAY_OID: publicId,
      PCD_AUTH_KEY: card.PCD_AUTH_KEY,
      world: t.worldName,
      origin: APP_ORIGIN,
      card: '현대카드',
      decision: 'approve',
    });
    expect(result.status).toBe(303);
    expect(result.headers.get('location')).toBe(`${APP_ORIGIN}/r/${publicId}/pay?result=success`);
    const payment = await t.paymentOf(publicId);
    expect(payment.status).toBe('success');
    expect(payment.paymentResult).toMatchObject({ type: 'card', name: '현대카드', status: 'success' });

    // paying again (back to the card page) changes nothing and returns to the receipt
    const again = await t.postForm(card.PCD_RST_URL, {
      PCD_PAY_OID: publicId,
      PCD_AUTH_KEY: card.PCD_AUTH_KEY,
      world: t.worldName,
      origin: APP_ORIGIN,
      card: '신한카드',
      decision: 'approve',
    });
    expect(again.headers.get('location')).toBe(`${APP_ORIGIN}/r/${publicId}`);
    expect((await t.paymentOf(publicId)).paymentResult).toMatchObject({ name: '현대카드' });
    expect(t.receipt(publicId).status.filter((s) => s.status === 1)).toHaveLength(1);
  });

  it('the card page chooses no 카드사: 결제하기 without one is refused with a Korean message, nothing is paid', async () => {
    const t = setup('card-no-issuer');
    const publicId = await t.placeOrder();
    const card = (await start(t, publicId)).body.data;
    const page = await srv.call('GET', `${new URL(card.PCD_PAY_URL).pathname}${new URL(card.PCD_PAY_URL).search}`, {
      headers: { referer: `${APP_ORIGIN}/r/${publicId}/pay` },
    });
    const select = /<select name="card"([^>]*)>(.*?)<\/select>/s.exec(page.text);
    expect(select, 'the card page has a 카드사 select').not.toBeNull();
    // The browser keeps the form from being sent until an issuer is chosen, and the page says so; 취소 needs none.
    expect(select![1]).toContain('required');
    expect(select![2]).toMatch(/^<option value="">카드사 선택<\/option>/);
    expect(select![2]).not.toContain('selected');
    expect(page.text).toContain('결제할 카드사를 선택해주세요.');
    expect(page.text).toMatch(/value="decline" formnovalidate/);

    const fields = { PCD_PAY_OID: publicId, PCD_AUTH_KEY: card.PCD_AUTH_KEY, world: t.worldName, origin: APP_ORIGIN };
    for (const chosen of [{}, { card: '' }] as Record<string, string>[]) {
      const refused = await t.postForm(card.PCD_RST_URL, { ...fields, ...chosen, decision: 'approve' });
      expect(refused.status).toBe(400);
      expect(errorCode(refused.body)).toBe('bad-request');
      expect(errorMessage(refused.body)).toBe('결제할 카드사를 선택해주세요.');
    }
    expect(t.latest(publicId)).toBe(0);
    expect((await t.paymentOf(publicId)).status).not.toBe('success');

    const paid = await t.postForm(card.PCD_RST_URL, { ...fields, card: 'BC카드', decision: 'approve' });
    expect(paid.headers.get('location')).toBe(`${APP_ORIGIN}/r/${publicId}/pay?result=success`);
    expect((await t.paymentOf(publicId)).paymentResult).toMatchObject({ type: 'card', name: 'BC카드' });
  });

  it('취소 on the card page returns with result=failed and changes nothing; a forged key is refused', async () => {
    const t = setup('card-decline');
    const publicId = await t.placeOrder();
    const card = (await start(t, publicId)).body.data;
    const declined = await t.postForm(card.PCD_RST_URL, {
      PCD_PAY_OID: publicId,
      PCD_AUTH_KEY: card.PCD_AUTH_KEY,
      world: t.worldName,
      origin: APP_ORIGIN,
      decision: 'decline',
    });
    expect(declined.headers.get('location')).toBe(`${APP_ORIGIN}/r/${publicId}/pay?result=failed`);
    const forged = await t.postForm(card.PCD_RST_URL, {
      PCD_PAY_OID: publicId,
      PCD_AUTH_KEY: 'abc',
      world: t.worldName,
      decision: 'approve',
    });
    expect(forged.status).toBe(400);
    expect(errorCode(forged.body)).toBe('bad-request');
    expect(t.latest(publicId)).toBe(0);
  });

  it("card-payment-failed when the provider refuses (payer id 'decline'); payability errors; 403; 401", async () => {
    const t = setup('card-refused');
    const publicId = await t.placeOrder();
    const refused = await start(t, publicId, 'decline');
    expect(refused.status).toBe(400);
    expect(errorCode(refused.body)).toBe('card-payment-failed');
    expect(t.latest(publicId)).toBe(0);
    expect((await start(t, publicId, '', t.other)).status).toBe(403);
    expect((await t.call('POST', '/payple/pay/v2/appcard', { body: { publicId, payerId: '' } })).status).toBe(401);
    setReceiptStatus(t.world, publicId, 1, {}, t.world.clock.now());
    expect(errorCode((await start(t, publicId)).body)).toBe('operation-failed');
    const cancelled = await t.placeOrder();
    await t.cancel(cancelled);
    expect(errorCode((await start(t, cancelled)).body)).toBe('already-canceled');
  });
});

describe('issueVirtualAccount', () => {
  const issue = (t: Setup, receipt: string, token = t.buyer) =>
    t.call('POST', '/settlebank/vbank/getnum', { token, body: { receipt, bank: '020' } });

  it('issues a 우리은행 account for 24 hours; the receipt waits for the deposit (99); asking again answers the same account', async () => {
    const t = setup('vbank-ok');
    const publicId = await t.placeOrder();
    const now = t.world.clock.now();
    const res = await issue(t, publicId);
    expect(res.status).toBe(200);
    const account = res.body.data;
    expect(account.bank).toBe('020');
    expect(account.no).toMatch(/^279[0-9]{11}$/);
    expect(account.name).toBe('크리에이터마켓_이새봄');
    expect(Date.parse(account.expire) - now).toBeGreaterThanOrEqual(24 * 3_600_000 - 5000);
    expect(Date.parse(account.expire) - now).toBeLessThanOrEqual(24 * 3_600_000 + 5000);
    expect(t.latest(publicId)).toBe(99);
    expect((await t.paymentOf(publicId)).paymentResult).toEqual({
      type: 'vbank',
      name: '우리은행',
      no: account.no,
      expire: account.expire,
      status: 'pending',
    });

    expect((await issue(t, publicId)).body.data).toEqual(account);
    expect(t.receipt(publicId).status.map((s) => s.status)).toEqual([0, 99]);

    confirmDeposit(t.world, publicId, t.world.clock.now());
    expect(t.latest(publicId)).toBe(1);
    expect((await t.paymentOf(publicId)).status).toBe('success');
  });

  it('after the account expired without a deposit, a new account replaces it', async () => {
    const t = setup('vbank-expired');
    const publicId = await t.placeOrder();
    const first = (await issue(t, publicId)).body.data;
    t.world.clock.advance(24 * 3_600_000 + 1000);
    const second = (await issue(t, publicId)).body.data;
    expect(second.no).not.toBe(first.no);
    expect(Date.parse(second.expire)).toBeGreaterThan(Date.parse(first.expire));
    expect((await t.paymentOf(publicId)).status).toBe('pending');
  });

  it('already-canceled for a cancelled order, operation-failed once paid, bad-request for another bank, 403, 404, 401', async () => {
    const t = setup('vbank-errors');
    const publicId = await t.placeOrder();
    expect(
      errorCode((await t.call('POST', '/settlebank/vbank/getnum', { token: t.buyer, body: { receipt: publicId, bank: '004' } })).body),
    ).toBe('bad-request');
    expect((await issue(t, publicId, t.other)).status).toBe(403);
    expect((await issue(t, '999999999999')).status).toBe(404);
    expect((await t.call('POST', '/settlebank/vbank/getnum', { body: { receipt: publicId, bank: '020' } })).status).toBe(401);
    expect(t.latest(publicId)).toBe(0);
    setReceiptStatus(t.world, publicId, 1, {}, t.world.clock.now());
    expect(errorCode((await issue(t, publicId)).body)).toBe('operation-failed');
    const cancelled = await t.placeOrder();
    await t.cancel(cancelled);
    expect(errorCode((await issue(t, cancelled)).body)).toBe('already-canceled');
  });
});
