import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaById, personas, type PersonaId } from '@creator-market/fixtures';
import { issueToken } from '../src/auth/tokens';
import { pairKey, type ReceiptRow } from '../src/world/store';
import { errorCode, startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const freshWorld = () => srv.freshWorld('auth-test');

const store = (world: string) => srv.mock.worlds.fromRequest(world).store;

/** Gives `uid` a receipt whose status history ends in `statuses`' last entry (copied from a real one). */
function giveReceipt(world: string, uid: string, statuses: number[]): ReceiptRow {
  const s = store(world);
  const model = s.receipts.by('owner', personaById('buyer').uid)[0]!;
  const now = srv.mock.worlds.fromRequest(world).clock.now();
  const row: ReceiptRow = {
    ...model,
    ownerUid: uid,
    receipt: {
      ...model.receipt,
      _id: s.newId(now),
      publicId: s.newReceiptPublicId(now),
      status: statuses.map((status, i) => ({
        status: status as never,
        timestamp: new Date(now - (statuses.length - i) * 60_000).toISOString(),
        desc: '',
      })),
    },
  };
  s.receipts.insert(row);
  return row;
}

describe('unregisterUser', () => {
  it('deletes the account and its buyer data, keeps its receipts, and the token stops working', async () => {
    const { name, headers } = freshWorld();
    const uid = personaById('buyer-new').uid;
    const token = srv.token('buyer-new', name);
    const s = store(name);

    // buyer data of every kind, through the API where it exists
    const address = { name: '이새봄', tel: '+821055556666', addr: '서울특별시 마포구 와우산로 94', addr2: '2층', zip: '04066' };
    expect((await srv.call('POST', '/address/add', { token, headers, body: address })).status).toBe(200);
    expect(
      (await srv.call('POST', '/device/add', { token, headers, body: { name: 'Pixel 8', os: 'android', deviceToken: 'fcm:new-buyer' } }))
        .status,
    ).toBe(200);
    const seller = s.sellers.one('publicId', 'mallang_studio')!;
    const subscribers = seller.subscribe;
    expect((await srv.call('POST', '/subscribe/add', { token, headers, body: { sellerId: seller._id } })).status).toBe(200);
    expect(s.sellers.get(seller._id)!.subscribe).toBe(subscribers + 1);
    await srv.call('POST', '/user/valid-phone', { token, headers, body: { phone: '+821055556666', isRequestSMS: true } });
    // unpaid and cancelled orders do not block withdrawal
    const receipts = [giveReceipt(name, uid, [0]), giveReceipt(name, uid, [0, 10]), giveReceipt(name, uid, [0, 1, 11])];
    const buyerRoom = s.rooms.by('owner', personaById('buyer').uid)[0]!;
    s.rooms.insert({ ...buyerRoom, ownerUid: uid, room: { ...buyerRoom.room, _id: s.newId(Date.now()), pinned: true } });
    s.notifications.insert({
      recipientUid: uid,
      category: 'buyer',
      kind: 'order',
      notification: {
        _id: s.newId(Date.now()),
        title: '주문 접수',
        contents: '주문이 접수되었어요.',
        timestamp: new Date().toISOString(),
        sellerProfile: '',
      },
    });

    const res = await srv.call('POST', '/auth/unregister/user', { token, headers, body: { userId: uid } });
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(true);

    expect((await srv.call('GET', '/user/me', { token, headers })).status).toBe(401);
    expect(s.accounts.get(uid)).toBeUndefined();
    expect(s.addresses.by('owner', uid)).toEqual([]);
    expect(s.devices.by('owner', uid)).toEqual([]);
    expect(s.subscriptions.by('owner', uid)).toEqual([]);
    expect(s.sellers.get(seller._id)!.subscribe).toBe(subscribers);
    expect(s.notifications.by('recipient', pairKey(uid, 'buyer'))).toEqual([]);
    expect(s.state.phoneVerifications[uid]).toBeUndefined();
    expect(s.rooms.by('owner', uid).map((r) => r.room.pinned)).toEqual([false]);
    expect(s.receipts.by('owner', uid).map((r) => r.receipt.publicId)).toEqual(receipts.map((r) => r.receipt.publicId));
  });

  it('answers receipt-remained while a paid, shipped or payment-confirming order exists, and changes nothing', async () => {
    for (const statuses of [
      [0, 1],
      [0, 1, 3],
      [0, 1, 3, 4],
      [0, 99],
    ]) {
      const { name, headers } = freshWorld();
      const uid = personaById('buyer-new').uid;
      giveReceipt(name, uid, statuses);
      const token = srv.token('buyer-new', name);
      const res = await srv.call('POST', '/auth/unregister/user', { token, headers, body: { userId: uid } });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('receipt-remained');
      expect((await srv.call('GET', '/user/me', { token, headers })).status).toBe(200);
    }
  });

  it('answers receipt-remained for the buyer persona, who has paid orders', async () => {
    const { name, headers } = freshWorld();
    const res = await srv.call('POST', '/auth/unregister/user', {
      token: srv.token('buyer', name),
      headers,
      body: { userId: personaById('buyer').uid },
    });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('receipt-remained');
    expect(store(name).addresses.by('owner', personaById('buyer').uid)).toHaveLength(2);
  });

  it('answers invalid-user-type for a seller', async () => {
    const { name, headers } = freshWorld();
    for (const persona of ['seller', 'seller-incomplete'] as const) {
      const res = await srv.call('POST', '/auth/unregister/user', {
        token: srv.token(persona, name),
        headers,
        body: { userId: personaById(persona).uid },
      });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('invalid-user-type');
      expect(store(name).accounts.get(personaById(persona).uid)).toBeDefined();
    }
  });

  it("is 403 for another account's uid", async () => {
    const { name, headers } = freshWorld();
    const res = await srv.call('POST', '/auth/unregister/user', {
      token: srv.token('buyer-new', name),
      headers,
      body: { userId: personaById('buyer').uid },
    });
    expect(res.status).toBe(403);
    expect(errorCode(res.body)).toBe('permission-denied');
    expect(store(name).accounts.get(personaById('buyer').uid)).toBeDefined();
    expect(store(name).accounts.get(personaById('buyer-new').uid)).toBeDefined();
  });

  it('is 400 without userId and 401 for a guest', async () => {
    expect((await srv.call('POST', '/auth/unregister/user', { token: srv.token('buyer-new'), body: {} })).status).toBe(400);
    expect((await srv.call('POST', '/auth/unregister/user', { body: { userId: personaById('buyer-new').uid } })).status).toBe(401);
  });
});

/** The persona links of a mock sign-in page: persona id → href. */
function personaLinks(html: string): Map<string, string> {
  const links = new Map<string, string>();
  for (const match of html.matchAll(/<a class="persona" data-persona="([a-z-]+)" href="([^"]+)"/g)) {
    links.set(match[1]!, match[2]!.replace(/&amp;/g, '&'));
  }
  return links;
}

/**
 * `path?query` with spaces as %20 (the harness's URLSearchParams would send '+', which the request
 * validator refuses as a reserved character).
 */
function withQuery<P extends string>(path: P, query: Record<string, string>): `${P}?${string}` {
  return `${path}?${Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&')}`;
}

const STATE = 'http://localhost:5173';

describe('signInWithKakao', () => signInTests('kakao'));
describe('signInWithApple', () => signInTests('apple'));

function signInTests(provider: 'kakao' | 'apple'): void {
  const path = `/auth/v2/${provider}`;
  const baseQuery: Record<string, string> = provider === 'apple' ? { state: STATE, scope: 'email name' } : { state: STATE };

  it("shows the provider's page listing the four personas", async () => {
    const res = await srv.call('GET', withQuery(path, baseQuery));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = res.text;
    if (provider === 'kakao') {
      expect(html).toContain('카카오 로그인');
      expect(html).toContain('#FEE500');
    } else {
      expect(html).toContain('Apple로 로그인');
      expect(html).toContain('background:#000');
    }
    for (const persona of personas) expect(html).toContain(persona.label);
    // The note on direct sign-in comes after the list: it points up to the accounts, not 'below'.
    const note = html.slice(html.indexOf('class="direct"'));
    expect(html.indexOf('class="direct"')).toBeGreaterThan(html.indexOf('data-persona='));
    expect(note).toContain('위의 테스트 계정');
    expect(html).not.toContain('아래 테스트 계정');
    const links = personaLinks(html);
    expect([...links.keys()].sort()).toEqual(personas.map((p) => p.id).sort());
    for (const [id, href] of links) {
      const params = new URL(href, `${srv.baseUrl}${path}`).searchParams;
      expect(params.get('state')).toBe(STATE);
      expect(params.get('persona')).toBe(id);
      expect(params.get('scope')).toBe(provider === 'apple' ? 'email name' : null);
    }
  });

  it("the browser's icon request of the page is answered without a 404", async () => {
    const res = await srv.call('GET', '/favicon.ico');
    expect(res.status).toBe(204);
  });

  it('signs in end to end: page → persona link → 302 to the app → token works with getMe', async () => {
    const page = await srv.call('GET', withQuery(path, baseQuery));
    const pageUrl = new URL(path, srv.baseUrl);
    for (const [key, value] of Object.entries(baseQuery)) pageUrl.searchParams.set(key, value);
    for (const persona of ['buyer', 'seller'] as PersonaId[]) {
      const link = new URL(personaLinks(page.text).get(persona)!, pageUrl);
      const redirect = await srv.call('GET', link.pathname + link.search);
      expect(redirect.status).toBe(302);
      const location = new URL(redirect.headers.get('location')!);
      expect(location.origin).toBe(STATE);
      expect(location.pathname).toBe(`/auth/${provider}`);
      const token = location.searchParams.get('token')!;
      expect(token).toBe(issueToken(personaById(persona).uid));
      const me = await srv.call('GET', '/user/me', { token });
      expect(me.status).toBe(200);
      expect(me.body.data.user.uid).toBe(personaById(persona).uid);
    }
  });

  it('refuses a state that is not an http(s) origin, and an unknown persona', async () => {
    // the last two match the schema's pattern and are caught by the handler's own origin check
    for (const state of [
      'javascript:alert(1)',
      'https://evil.example/steal',
      'ftp://localhost',
      'localhost:5173',
      'http://localhost:5173@evil.example',
      'http://localhost:99999',
    ]) {
      const res = await srv.call('GET', withQuery(path, { ...baseQuery, state, persona: 'buyer' }));
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('bad-request');
    }
    const res = await srv.call('GET', withQuery(path, { ...baseQuery, persona: 'admin' }));
    expect(res.status).toBe(400);
  });

  it('marks a withdrawn persona on the page and refuses to sign in as it', async () => {
    const { name, headers } = freshWorld();
    const uid = personaById('buyer-new').uid;
    const gone = await srv.call('POST', '/auth/unregister/user', { token: srv.token('buyer-new', name), headers, body: { userId: uid } });
    expect(gone.status).toBe(200);
    const page = await srv.call('GET', withQuery(path, baseQuery), { headers });
    expect(page.status).toBe(200);
    expect(personaLinks(page.text).has('buyer-new')).toBe(false);
    expect(page.text).toContain('탈퇴한 계정이에요');
    const res = await srv.call('GET', withQuery(path, { ...baseQuery, persona: 'buyer-new' }), { headers });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });
}
