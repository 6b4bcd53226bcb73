// The test helpers: a virtual-account deposit, the seller's receipt moves, a pushed notification,
// opening and closing a market now, and reading the SMS code, each checked through the product API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestStatus, marketState } from '@creator-market/sdk/domain';
import type { ReceiptRow, Store } from '../src/world/store';
import { awaitingDeposit } from '../src/world/orders';
import { stateOf } from '../src/world/views';
import { errorCode, startTestServer, type TestServer } from './support/harness';
import { control, uniqueWorld } from './support/control';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SELLER_SLUG = 'mallang_studio';

function setup(label: string) {
  const world = uniqueWorld(label);
  const live = server.mock.worlds.fromRequest(world);
  const store: Store = live.store;
  const headers = { 'X-Mock-World': world };
  const buyer = server.token('buyer', world);
  const buyerUid = store.accounts.one('persona', 'buyer')!.uid;
  const buyerReceipt = (match: (row: ReceiptRow) => boolean) => {
    const row = store.receipts.by('owner', buyerUid).find(match);
    if (!row) throw new Error('the buyer persona has no such receipt');
    return row.receipt.publicId;
  };
  const withStatus = (status: number) => buyerReceipt((row) => latestStatus(row.receipt.status) === status);
  const receipt = async (publicId: string) => {
    const res = await server.call('GET', `/receipt/get/${publicId}`, { token: buyer, headers });
    expect(res.status).toBe(200);
    return res.body.data.receiptInfo;
  };
  const notifications = async (token: string, query: Record<string, string> = {}) =>
    (await server.call('GET', '/notification/message', { token, headers, query })).body.data as {
      _id: string;
      title: string;
      receiptPublicId?: string;
    }[];
  return { world, live, store, headers, buyer, buyerUid, buyerReceipt, withStatus, receipt, notifications };
}

describe('POST /__mock/receipts/{publicId}/deposit', () => {
  it('confirms the deposit of an order waiting for it: the receipt is paid and the buyer is notified', async () => {
    const t = setup('deposit');
    const publicId = t.buyerReceipt((row) => latestStatus(row.receipt.status) === 99 && awaitingDeposit(row.receipt, t.live.clock.now()));
    const res = await control(server, 'POST', `/receipts/${publicId}/deposit`, { headers: t.headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.receipt.publicId).toBe(publicId);

    const receipt = await t.receipt(publicId);
    expect(receipt.status.at(-1)!.status).toBe(1);
    expect(receipt.paymentResult).toMatchObject({ type: 'vbank', status: 'success' });
    const payment = await server.call('GET', '/receipt/payment', { token: t.buyer, headers: t.headers, query: { receipt: publicId } });
    expect(payment.body.data.status).toBe('success');
    const notes = await t.notifications(t.buyer);
    expect(notes.some((n) => n.receiptPublicId === publicId && n.title === '결제 완료')).toBe(true);

    // Once paid there is no deposit to wait for.
    const again = await control(server, 'POST', `/receipts/${publicId}/deposit`, { headers: t.headers });
    expect(again.status).toBe(400);
    expect(errorCode(again.body)).toBe('operation-failed');
  });

  it('answers 404 for an unknown receipt and 400 for a malformed number', async () => {
    const t = setup('deposit-bad');
    expect((await control(server, 'POST', '/receipts/999999999999/deposit', { headers: t.headers })).status).toBe(404);
    expect((await control(server, 'POST', '/receipts/12ab/deposit', { headers: t.headers })).status).toBe(400);
  });
});

describe('POST /__mock/receipts/{publicId}/status', () => {
  it('ships a paid order with its invoice (3), then marks it delivered (4)', async () => {
    const t = setup('ship');
    const publicId = t.withStatus(1);
    const invoice = { company: 'CJ대한통운', no: '563912345678' };
    const shipped = await control(server, 'POST', `/receipts/${publicId}/status`, { headers: t.headers, body: { status: 3, invoice } });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const receipt = await t.receipt(publicId);
    expect(receipt.status.at(-1)!.status).toBe(3);
    expect(receipt.invoice).toEqual(invoice);

    const delivered = await control(server, 'POST', `/receipts/${publicId}/status`, { headers: t.headers, body: { status: 4 } });
    expect(delivered.status).toBe(200);
    expect((await t.receipt(publicId)).status.at(-1)!.status).toBe(4);
  });

  it("cancels as the seller (11) with the seller's message, and refuses moves out of order", async () => {
    const t = setup('seller-cancel');
    const publicId = t.withStatus(0);
    const msg = '재고 부족으로 주문을 취소했어요.';
    const version = t.live.version;
    const refused = await control(server, 'POST', `/receipts/${publicId}/status`, {
      headers: t.headers,
      body: { status: 3, invoice: { company: 'CJ대한통운', no: '563912345678' } },
    });
    expect(refused.status).toBe(400);
    expect(errorCode(refused.body)).toBe('operation-failed');
    expect(t.live.version).toBe(version);
    expect((await t.receipt(publicId)).status.at(-1)!.status).toBe(0);

    const cancelled = await control(server, 'POST', `/receipts/${publicId}/status`, { headers: t.headers, body: { status: 11, msg } });
    expect(cancelled.status).toBe(200);
    const receipt = await t.receipt(publicId);
    expect(receipt.status.at(-1)!.status).toBe(11);
    expect(receipt.sellerMsg).toBe(msg);

    const twice = await control(server, 'POST', `/receipts/${publicId}/status`, { headers: t.headers, body: { status: 11, msg } });
    expect(errorCode(twice.body)).toBe('already-canceled');
  });

  it('refuses statuses the seller cannot set and malformed invoices with 400', async () => {
    const t = setup('status-bad');
    const publicId = t.withStatus(1);
    for (const body of [
      { status: 10 },
      { status: 0 },
      { status: 3, invoice: { company: 'CJ대한통운' } },
      { status: 3, invoice: { company: 'CJ', no: '12' } },
      {},
    ]) {
      const res = await control(server, 'POST', `/receipts/${publicId}/status`, { headers: t.headers, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.receipt(publicId)).status.at(-1)!.status).toBe(1);
  });
});

describe('POST /__mock/notifications', () => {
  it("puts the notification at the top of the recipient's list", async () => {
    const t = setup('notify');
    const res = await control(server, 'POST', '/notifications', {
      headers: t.headers,
      body: { persona: 'buyer', category: 'buyer', title: '발송 완료', contents: '[겨울 스티커 마켓] 주문하신 물품이 발송되었어요.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.notification).toMatchObject({ title: '발송 완료', sellerProfile: '' });
    const notes = await t.notifications(t.buyer);
    expect(notes[0]).toEqual(res.body.notification);
  });

  it('about a receipt: carries its number and its kind, and reaches the seller as a sales notification', async () => {
    const t = setup('notify-receipt');
    const publicId = t.withStatus(3);
    const buyerNote = await control(server, 'POST', '/notifications', {
      headers: t.headers,
      body: { uid: t.buyerUid, category: 'buyer', title: '배송 안내', contents: '택배사에 물품을 전달했어요.', receiptPublicId: publicId },
    });
    expect(buyerNote.status).toBe(200);
    expect(buyerNote.body.notification.receiptPublicId).toBe(publicId);
    expect(buyerNote.body.notification.sellerProfile).not.toBe('');
    const deliveries = await t.notifications(t.buyer, { msgType: 'delivery' });
    expect(deliveries.map((n) => n._id)).toContain(buyerNote.body.notification._id);

    const sellerToken = server.token('seller', t.world);
    const sellerNote = await control(server, 'POST', '/notifications', {
      headers: t.headers,
      body: {
        persona: 'seller',
        category: 'seller',
        title: '배송 완료',
        contents: '구매자에게 물품이 도착했어요.',
        receiptPublicId: publicId,
      },
    });
    expect(sellerNote.status, JSON.stringify(sellerNote.body)).toBe(200);
    const sales = await t.notifications(sellerToken, { msgCategory: 'seller' });
    expect(sales[0]!._id).toBe(sellerNote.body.notification._id);
  });

  it('refuses a seller notification to a buyer, a receipt of someone else, and an unclear recipient; 404 for an unknown receipt', async () => {
    const t = setup('notify-bad');
    const publicId = t.withStatus(1);
    const base = { category: 'buyer', title: '알림', contents: '내용' };
    const cases: [unknown, number][] = [
      [{ ...base, persona: 'buyer', category: 'seller' }, 400],
      [{ ...base, persona: 'buyer-new', receiptPublicId: publicId }, 400],
      [{ ...base, persona: 'buyer', uid: t.buyerUid }, 400],
      [{ ...base }, 400],
      [{ ...base, persona: 'buyer', title: '' }, 400],
      [{ ...base, persona: 'buyer', receiptPublicId: '999999999999' }, 404],
    ];
    const before = (await t.notifications(t.buyer)).length;
    for (const [body, status] of cases) {
      const res = await control(server, 'POST', '/notifications', { headers: t.headers, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
    }
    expect((await t.notifications(t.buyer)).length).toBe(before);
  });
});

describe('POST /__mock/markets/{marketId}/open and /close', () => {
  it('opens an upcoming market now and closes it again, as the market screen shows', async () => {
    const t = setup('markets');
    const now = () => t.live.clock.now();
    const row = t.store.markets.by('seller', t.store.accounts.one('persona', 'seller')!.uid).find((r) => stateOf(r, now()) === 'pre-open')!;
    const address = `/common/market/get/${SELLER_SLUG}/${row.market.publicId}` as const;

    const opened = await control(server, 'POST', `/markets/${SELLER_SLUG}:${row.market.publicId}/open`, { headers: t.headers });
    expect(opened.status).toBe(200);
    expect(Math.abs(Date.parse(opened.body.market.marketST) - now())).toBeLessThan(5000);
    const shown = (await server.call('GET', address, { headers: t.headers })).body.data;
    expect(marketState(shown.market, now())).toBe('opened');
    expect(shown.product.every((p) => p.marketStatus === 2)).toBe(true);

    const closed = await control(server, 'POST', `/markets/${row.market._id}/close`, { headers: t.headers });
    expect(closed.body.market.status).toBe(3);
    const after = (await server.call('GET', address, { headers: t.headers })).body.data;
    expect(marketState(after.market, now())).toBe('closed');
    expect(after.product.every((p: { marketStatus: number }) => p.marketStatus === 3)).toBe(true);
  });

  it('opening an ended market gives it a future end', async () => {
    const t = setup('reopen');
    const now = t.live.clock.now();
    const ended = t.store.markets
      .by('seller', t.store.accounts.one('persona', 'seller')!.uid)
      .find((r) => Date.parse(r.market.marketED) < now)!;
    const res = await control(server, 'POST', `/markets/${ended.market._id}/open`, { headers: t.headers });
    expect(Date.parse(res.body.market.marketED)).toBeGreaterThan(now);
    expect(marketState(res.body.market, t.live.clock.now())).toBe('opened');
  });

  it('answers 404 for an unknown market and 400 for a malformed reference', async () => {
    const t = setup('markets-bad');
    expect((await control(server, 'POST', '/markets/ffffffffffffffffffffffff/open', { headers: t.headers })).status).toBe(404);
    expect((await control(server, 'POST', `/markets/${SELLER_SLUG}:99999/close`, { headers: t.headers })).status).toBe(404);
    expect((await control(server, 'POST', '/markets/Not%20A%20Market/open', { headers: t.headers })).status).toBe(400);
  });
});

describe('GET /__mock/phone-code', () => {
  it('reads the code the mock sent, which then verifies the phone', async () => {
    const t = setup('phone');
    const token = server.token('buyer-new', t.world);
    expect((await control(server, 'GET', '/phone-code?persona=buyer-new', { headers: t.headers })).status).toBe(404);

    const phone = '+821055512345';
    expect(
      (await server.call('POST', '/user/valid-phone', { token, headers: t.headers, body: { phone, isRequestSMS: true } })).status,
    ).toBe(200);
    const code = await control(server, 'GET', '/phone-code?persona=buyer-new', { headers: t.headers });
    expect(code.status).toBe(200);
    expect(code.body).toMatchObject({ phone, code: expect.stringMatching(/^[0-9]{6}$/) as unknown });
    expect(Date.parse(code.body.expiresAt) - Date.parse(code.body.sentAt)).toBe(300_000);
    const byUid = await control(server, 'GET', `/phone-code?uid=${code.body.uid}`, { headers: t.headers });
    expect(byUid.body).toEqual(code.body);

    const verified = await server.call('POST', '/user/valid-phone', {
      token,
      headers: t.headers,
      body: { phone, isRequestSMS: false, code: code.body.code },
    });
    expect(verified.status).toBe(200);
    const me = await server.call('GET', '/user/me', { token, headers: t.headers });
    expect(me.body.data.user.phone).toBe(phone);
  });

  it('needs exactly one of persona and uid', async () => {
    const t = setup('phone-bad');
    expect((await control(server, 'GET', '/phone-code', { headers: t.headers })).status).toBe(400);
    expect((await control(server, 'GET', `/phone-code?persona=buyer&uid=${t.buyerUid}`, { headers: t.headers })).status).toBe(400);
    expect((await control(server, 'GET', '/phone-code?persona=admin', { headers: t.headers })).status).toBe(400);
  });
});
