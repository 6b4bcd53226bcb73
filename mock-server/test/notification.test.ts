import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaById } from '@creator-market/fixtures';
import { pairKey } from '../src/world/store';
import { errorCode, startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const freshWorld = () => srv.freshWorld('notification-test');

/**
 * `path?query` with spaces as %20 (the harness's URLSearchParams would send '+', which the request
 * validator refuses as a reserved character).
 */
function withQuery<P extends string>(path: P, query: Record<string, string>): `${P}?${string}` {
  return `${path}?${Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&')}`;
}

const defaultStore = () => srv.mock.worlds.fromRequest(undefined).store;

interface Note {
  _id: string;
  title: string;
  contents: string;
  timestamp: string;
  receiptPublicId?: string;
}

/** Every page of a notification list, following the cursor until an empty page. */
async function allPages(token: string, query: Record<string, string>, headers: Record<string, string> = {}): Promise<Note[][]> {
  const pages: Note[][] = [];
  let offset: string | undefined;
  for (;;) {
    const res = await srv.call('GET', '/notification/message', {
      token,
      headers,
      query: { ...query, ...(offset ? { offset, flag: 'before' } : {}) },
    });
    expect(res.status).toBe(200);
    const page = res.body.data as Note[];
    if (page.length === 0) return pages;
    pages.push(page);
    offset = page[page.length - 1]!._id;
    expect(pages.length).toBeLessThan(100);
  }
}

function isNewestFirst(notes: Note[]): boolean {
  return notes.every((n, i) => i === 0 || notes[i - 1]!.timestamp >= n.timestamp);
}

describe('listNotifications', () => {
  it("pages through all the buyer's order notifications, newest first, 20 at most a page", async () => {
    const uid = personaById('buyer').uid;
    const pages = await allPages(srv.token('buyer'), {});
    const notes = pages.flat();
    expect(pages.every((p) => p.length <= 20)).toBe(true);
    expect(pages[0]).toHaveLength(20);
    expect(isNewestFirst(notes)).toBe(true);
    expect(new Set(notes.map((n) => n._id)).size).toBe(notes.length);
    const stored = defaultStore().notifications.by('recipient', pairKey(uid, 'buyer'));
    expect(notes.map((n) => n._id).sort()).toEqual(stored.map((r) => r.notification._id).sort());
    // the buyer's own receipts only
    const own = new Set(
      defaultStore()
        .receipts.by('owner', uid)
        .map((r) => r.receipt.publicId),
    );
    for (const n of notes) if (n.receiptPublicId) expect(own.has(n.receiptPublicId)).toBe(true);
  });

  it('filters by the kind of order event; a notice about no order shows only under all', async () => {
    const token = srv.token('buyer');
    const uid = personaById('buyer').uid;
    const rows = defaultStore().notifications.by('recipient', pairKey(uid, 'buyer'));
    for (const msgType of ['order', 'payment', 'delivery', 'cancel'] as const) {
      const notes = (await allPages(token, { msgType })).flat();
      const expected = rows.filter((r) => r.kind === msgType).map((r) => r.notification._id);
      expect(expected.length).toBeGreaterThan(0);
      expect(notes.map((n) => n._id).sort()).toEqual(expected.sort());
      expect(notes.every((n) => n.receiptPublicId !== undefined)).toBe(true);
    }
    const all = (await allPages(token, { msgType: 'all' })).flat();
    expect(all.some((n) => n.receiptPublicId === undefined && n.title === '마켓 오픈')).toBe(true);
  });

  it("lists a seller's sales notifications about the seller's own markets", async () => {
    const uid = personaById('seller').uid;
    const notes = (await allPages(srv.token('seller'), { msgCategory: 'seller' })).flat();
    expect(notes.length).toBe(defaultStore().notifications.count('recipient', pairKey(uid, 'seller')));
    expect(isNewestFirst(notes)).toBe(true);
    for (const n of notes) {
      if (n.receiptPublicId) expect(defaultStore().receipts.one('publicId', n.receiptPublicId)!.sellerUID).toBe(uid);
    }
  });

  it('ends the list at an unknown cursor and is empty for a new buyer', async () => {
    const res = await srv.call('GET', '/notification/message', {
      token: srv.token('buyer'),
      query: { offset: 'ffffffffffffffffffffffff', flag: 'before' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    const empty = await srv.call('GET', '/notification/message', { token: srv.token('buyer-new') });
    expect(empty.body.data).toEqual([]);
  });

  it('is 403 when a buyer asks for sales notifications', async () => {
    const res = await srv.call('GET', '/notification/message', { token: srv.token('buyer'), query: { msgCategory: 'seller' } });
    expect(res.status).toBe(403);
    expect(errorCode(res.body)).toBe('permission-denied');
  });

  it('is 400 for an unknown category and 401 for a guest', async () => {
    expect((await srv.call('GET', '/notification/message', { token: srv.token('buyer'), query: { msgCategory: 'admin' } })).status).toBe(
      400,
    );
    expect((await srv.call('GET', '/notification/message')).status).toBe(401);
  });
});

describe('getSellerTransactionForm', () => {
  const sellerUid = () => personaById('seller').uid;
  const ownReceipt = () => defaultStore().receipts.by('seller', sellerUid())[0]!.receipt.publicId;

  it("opens the form for one of the seller's own sales with a fresh single-use token", async () => {
    const token = srv.token('seller');
    const publicId = ownReceipt();
    const first = await srv.call('GET', '/notification/market', { token, query: { receiptId: publicId } });
    expect(first.status).toBe(200);
    expect(first.body.data.transactionId).toBe(`tx_${publicId}`);
    const [, payload] = first.body.data.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { tx: string; sub: string; exp: number };
    expect(claims).toMatchObject({ tx: `tx_${publicId}`, sub: sellerUid() });
    // valid for 10 minutes of the world's clock
    expect(claims.exp * 1000 - srv.mock.worlds.fromRequest(undefined).clock.now()).toBeGreaterThan(9 * 60_000);
    const second = await srv.call('GET', '/notification/market', { token, query: { receiptId: publicId } });
    expect(second.body.data.token).not.toBe(first.body.data.token);
  });

  it("is 403 for a buyer, even the receipt's own buyer, and for another seller", async () => {
    const row = defaultStore()
      .receipts.by('seller', sellerUid())
      .find((r) => r.ownerUid === personaById('buyer').uid)!;
    for (const persona of ['buyer', 'seller-incomplete'] as const) {
      const res = await srv.call('GET', '/notification/market', { token: srv.token(persona), query: { receiptId: row.receipt.publicId } });
      expect(res.status).toBe(403);
      expect(errorCode(res.body)).toBe('permission-denied');
    }
  });

  it('is 404 for an unknown receipt number and 400 for a malformed one', async () => {
    const token = srv.token('seller');
    const unknown = await srv.call('GET', '/notification/market', { token, query: { receiptId: '000000000000' } });
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown.body)).toBe('not-found');
    expect((await srv.call('GET', '/notification/market', { token, query: { receiptId: '12345' } })).status).toBe(400);
  });

  it('is 401 for a guest', async () => {
    expect((await srv.call('GET', '/notification/market', { query: { receiptId: ownReceipt() } })).status).toBe(401);
  });
});

describe('sendTestNotification', () => {
  const alert = { title: '새로운 마켓 일정이 등록되었어요', contents: '말랑공방 작가님의 겨울 스티커 마켓이 곧 열려요.' };

  it("pushes to one of the account's devices and keeps the alert in the account's notifications", async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer', name);
    const devices = await srv.call('GET', '/device', { token, headers });
    const deviceToken = devices.body.data[0]!.deviceToken;
    const res = await srv.call('GET', withQuery('/notification/test-notification', { ...alert, deviceToken }), { token, headers });
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(true);
    const latest = await srv.call('GET', '/notification/message', { token, headers });
    expect(latest.body.data[0]).toMatchObject({ ...alert, sellerProfile: '' });
    expect(latest.body.data[0]!.receiptPublicId).toBeUndefined();
  });

  it("answers not-supported for a device that is not the account's", async () => {
    const { name, headers } = freshWorld();
    const sellerDevice = srv.mock.worlds.fromRequest(name).store.devices.by('owner', personaById('seller').uid)[0]!.device.deviceToken;
    for (const deviceToken of ['fcm:never-registered', sellerDevice]) {
      const res = await srv.call('GET', withQuery('/notification/test-notification', { ...alert, deviceToken }), {
        token: srv.token('buyer', name),
        headers,
      });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('not-supported');
    }
  });

  it("answers notification-send-failed when the push service refuses (a token containing 'fail'), recording nothing", async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer-new', name);
    const deviceToken = 'fcm:will-FAIL-on-push';
    expect(
      (await srv.call('POST', '/device/add', { token, headers, body: { name: 'Galaxy S24', os: 'android', deviceToken } })).status,
    ).toBe(200);
    const res = await srv.call('GET', withQuery('/notification/test-notification', { ...alert, deviceToken }), { token, headers });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('notification-send-failed');
    expect((await srv.call('GET', '/notification/message', { token, headers })).body.data).toEqual([]);
  });

  it('is 400 without a device token and 401 for a guest', async () => {
    expect((await srv.call('GET', withQuery('/notification/test-notification', alert), { token: srv.token('buyer') })).status).toBe(400);
    expect((await srv.call('GET', withQuery('/notification/test-notification', { ...alert, deviceToken: 'x' }))).status).toBe(401);
  });
});
