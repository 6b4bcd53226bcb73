// The request journal: what the API received, per world, bounded, with secrets redacted; listed, counted and
// cleared through /__mock/requests (validated against the control document by the harness).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
let small: TestServer;
let off: TestServer;
beforeAll(async () => {
  [srv, small, off] = await Promise.all([startTestServer(), startTestServer({ journal: 3 }), startTestServer({ journal: 0 })]);
});
afterAll(() => Promise.all([srv.close(), small.close(), off.close()]));

/** The seller persona's uid (what sellerId names), in a test's world. */
const sellerOf = (server: TestServer, world: string) => server.mock.worlds.fromRequest(world).store.accounts.one('persona', 'seller')!.uid;

describe('the request journal', () => {
  it('lists what the API received in this world, oldest first, with operation, body and status', async () => {
    const { headers, name } = srv.freshWorld('journal');
    const token = srv.token('buyer-new', name);
    const SELLER = sellerOf(srv, name);
    await srv.call('GET', '/common/v2/opened-market', { headers });
    await srv.call('POST', '/subscribe/add', { headers, token, body: { sellerId: SELLER } });
    await srv.call('POST', '/subscribe/add', { headers, token, body: { sellerId: SELLER } });
    const { body } = await srv.call('GET', '/__mock/requests', { headers });
    expect(body.capacity).toBe(1000);
    expect(body.requests.map((r) => [r.operationId, r.status])).toEqual([
      ['listOpenedMarkets', 200],
      ['addSubscription', 200],
      ['addSubscription', 400],
    ]);
    expect(body.requests[1]).toMatchObject({
      world: name,
      method: 'POST',
      path: '/subscribe/add',
      body: { sellerId: SELLER },
      source: 'mocked',
      violations: [],
    });
    // Another world's requests are its own.
    expect((await srv.call('GET', '/__mock/requests', { headers: srv.freshWorld('journal-other').headers })).body.requests).toEqual([]);
  });

  it("keeps each error answer's catalogue code and the app's screen (X-Mock-Screen), for the API coverage matrix", async () => {
    const { headers, name } = srv.freshWorld('journal-codes');
    const token = srv.token('buyer-new', name);
    const SELLER = sellerOf(srv, name);
    const onCart = { ...headers, 'X-Mock-Screen': ' cart ' };
    await srv.call('POST', '/subscribe/add', { headers: onCart, token, body: { sellerId: SELLER } });
    await srv.call('POST', '/subscribe/add', { headers: onCart, token, body: { sellerId: SELLER } });
    await srv.call('POST', '/receipt/insert', { headers: { ...headers, 'X-Mock-Scenario': 'stock-shortage' }, token, body: {} });
    await srv.call('GET', '/ads/request', { headers: { ...headers, Authorization: 'cm-ads-dev-key' } });
    // The connection closes without an answer.
    await expect(
      srv.call('GET', '/common/v2/opened-market', { headers: { ...headers, 'X-Mock-Scenario': 'network-error' } }),
    ).rejects.toThrow();
    const { body } = await srv.call('GET', '/__mock/requests', { headers });
    expect(body.requests.map((r) => [r.operationId, r.status, r.errorCode, r.screen, r.scenario])).toEqual([
      ['addSubscription', 200, null, 'cart', null],
      ['addSubscription', 400, 'already-subscribed', 'cart', null],
      // A list error's code is `data.code`; the ad service's is its own `code`; a transport fault has none.
      ['insertReceipt', 400, 'stock-shortage', null, 'stock-shortage'],
      ['requestAd', 400, 'bad-request', null, null],
      ['listOpenedMarkets', 0, null, null, 'network-error'],
    ]);
  });

  it('counts by operation, method, path (or prefix) and status, so a test can assert "exactly one order"', async () => {
    const { headers, name } = srv.freshWorld('journal-count');
    const token = srv.token('buyer-new', name);
    const SELLER = sellerOf(srv, name);
    await srv.call('POST', '/subscribe/add', { headers, token, body: { sellerId: SELLER } });
    await srv.call('POST', '/subscribe/add', { headers, token, body: { sellerId: SELLER } });
    await srv.call('GET', '/common/v2/seller/opened-market/mallang_studio', { headers });
    const count = async (filter: object) => (await srv.call('POST', '/__mock/requests/count', { headers, body: filter })).body.count;
    expect(await count({})).toBe(3);
    expect(await count({ operationId: 'addSubscription' })).toBe(2);
    expect(await count({ operationId: 'addSubscription', status: 200 })).toBe(1);
    expect(await count({ method: 'GET' })).toBe(1);
    expect(await count({ path: '/common/*' })).toBe(1);
    expect(await count({ since: '2100-01-01T00:00:00Z' })).toBe(0);
    expect((await srv.call('DELETE', '/__mock/requests', { headers })).body).toEqual({ cleared: 3 });
    expect(await count({})).toBe(0);
  });

  it('never keeps a phone code or a token', async () => {
    const { headers, name } = srv.freshWorld('journal-secrets');
    const token = srv.token('buyer-new', name);
    await srv.call('POST', '/user/valid-phone', { headers, token, body: { phone: '+821012345678', code: '987654', isRequestSMS: false } });
    await srv.call('POST', '/device/add', { headers, token, body: { name: 'iPhone', os: 'ios', deviceToken: 'secret-device-token' } });
    const { requests } = (await srv.call('GET', '/__mock/requests', { headers })).body;
    const text = JSON.stringify(requests);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('secret-device-token');
    expect(text).not.toContain(token);
    expect(requests[0]!.body).toMatchObject({ phone: '+821012345678', code: '[redacted]' });
  });

  it('keeps the latest --journal N requests per world, and none with --journal 0', async () => {
    const { headers } = small.freshWorld('ring');
    for (const page of [1, 2, 3, 4, 5])
      await small.call('GET', `/common/v2/search-product?keyword=%ED%82%A4%EB%A7%81&page=${page}`, { headers });
    const { body } = await small.call('GET', '/__mock/requests', { headers });
    expect(body.capacity).toBe(3);
    expect(body.requests.map((r) => (r.query as Record<string, string>).page)).toEqual(['3', '4', '5']);

    // A full ring writes each new request into its oldest record: nothing of the old one stays (the body).
    const { headers: inWorld, name } = small.freshWorld('ring-bodies');
    const token = small.token('buyer-new', name);
    const seller = sellerOf(small, name);
    await small.call('POST', '/subscribe/add', { headers: inWorld, token, body: { sellerId: seller } });
    // Answered by a forced scenario before any body is read: its record has no body of its own to write.
    for (const page of [1, 2, 3])
      await small.call('GET', `/common/v2/search-product?keyword=%ED%82%A4%EB%A7%81&page=${page}`, {
        headers: { ...inWorld, 'X-Mock-Scenario': 'http-504' },
      });
    await small.call('POST', '/subscribe/cancel', { headers: inWorld, token, body: { sellerId: seller } });
    const wrapped = (await small.call('GET', '/__mock/requests', { headers: inWorld })).body.requests;
    expect(wrapped.map((r) => [r.operationId, r.body])).toEqual([
      ['searchProducts', undefined],
      ['searchProducts', undefined],
      ['cancelSubscription', { sellerId: seller }],
    ]);
    const quiet = off.freshWorld('off');
    await off.call('GET', '/common/v2/opened-market', { headers: quiet.headers });
    expect((await off.call('GET', '/__mock/requests', { headers: quiet.headers })).body).toEqual({ capacity: 0, requests: [] });
  });
});
