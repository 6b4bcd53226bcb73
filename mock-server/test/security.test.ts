// What keeps the mock server safe on a developer's laptop (src/http/access-policy.ts): other sites' pages
// cannot change or read a world, no value of a field can break one, and request values never reach
// Object.prototype. Each refusal leaves the world as it was.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_SERVICE_KEY } from '../src/handlers/ads';
import { startTestServer, type TestServer, errorMessage } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ allowOrigins: ['https://qa.example'], allowHosts: ['mock.qa.internal'] });
});
afterAll(() => srv.close());

/** A raw request, so the Host header can be what an attacker's page makes it. */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  const url = new URL(path, srv.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A world's export without what moves by itself (the clock's reading). */
const stateOf = async (headers: Record<string, string>) =>
  (await srv.call('GET', '/__mock/state', { headers })).text.replace(/"clockOffsetMs":-?\d+/, '').replace(/"now":"[^"]*"/, '');
const MARKET = 'mallang_studio:4';

describe('the control plane answers only the app and tools', () => {
  it("refuses a reset sent by another site's page (text/plain, the form a browser sends without a preflight)", async () => {
    const { headers } = srv.freshWorld('csrf');
    const before = await stateOf(headers);
    const res = await raw('POST', '/__mock/reset', { ...headers, origin: 'https://evil.example', 'content-type': 'text/plain' }, 'x');
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text)).toMatchObject({ data: 'forbidden' });
    expect(await stateOf(headers)).toBe(before);
  });

  it('refuses a non-JSON body from a tool without an Origin (415) and a JSON one from another site (403)', async () => {
    const { headers } = srv.freshWorld('csrf');
    const before = await stateOf(headers);
    const plain = await raw('POST', `/__mock/markets/${MARKET}/open`, { ...headers, 'content-type': 'text/plain; x=json' }, '{}');
    expect(plain.status).toBe(415);
    expect(JSON.parse(plain.text)).toMatchObject({ data: 'unsupported-media-type' });
    const foreign = await raw(
      'POST',
      `/__mock/markets/${MARKET}/open`,
      { ...headers, origin: 'null', 'content-type': 'application/json' },
      '{}',
    );
    expect(foreign.status).toBe(403);
    expect(await stateOf(headers)).toBe(before);
  });

  it('accepts the local app (any loopback port), --allow-origin origins and tools without an Origin', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:41234', 'https://qa.example', undefined]) {
      const { headers } = srv.freshWorld('local');
      const res = await raw('POST', `/__mock/markets/${MARKET}/close`, { ...headers, ...(origin ? { origin } : {}) });
      expect(res.status, String(origin)).toBe(200);
    }
  });

  it('refuses requests that name the server by another host (DNS rebinding), for the API, pages and control plane', async () => {
    for (const path of [
      '/__mock/state',
      '/__mock/personas',
      '/common/v2/opened-market',
      '/docs',
      '/auth/v2/kakao?state=http://localhost:5173',
    ]) {
      const res = await raw('GET', path, { host: 'evil.example:4010' });
      expect(res.status, path).toBe(403);
      expect(JSON.parse(res.text), path).toMatchObject({ data: 'forbidden' });
    }
    for (const host of ['localhost:4010', '127.0.0.1', '[::1]:4010', 'mock.qa.internal:4010']) {
      expect((await raw('GET', '/common/v2/opened-market', { host })).status, host).toBe(200);
    }
  });

  it('sends the sign-in token and payment results only to allowed origins', async () => {
    const evil = await raw('GET', `/auth/v2/kakao?state=${encodeURIComponent('https://evil.example')}&persona=buyer`, {});
    expect(evil.status).toBe(403);
    expect(evil.text).not.toContain('token');
    const local = await raw('GET', `/auth/v2/kakao?state=${encodeURIComponent('http://localhost:5173')}&persona=buyer`, {});
    expect(local.status).toBe(302);
    const card = await raw('GET', `/__pay/card?oid=000000000000&key=x&origin=${encodeURIComponent('https://evil.example')}`, {});
    expect(card.status).toBe(403);
  });
});

describe('no value of a field can break a world', () => {
  it('keeps the clock within 2000-2100: out-of-range times and advances are 400s and change nothing', async () => {
    const { headers } = srv.freshWorld('clock');
    const before = (await srv.call('GET', '/__mock/clock', { headers })).body.offsetMs;
    for (const body of [{ now: 8640000000000000 }, { now: '1999-12-31T23:59:59Z' }, { offsetMs: 3153600000000 }]) {
      const res = await srv.call('PUT', '/__mock/clock', { headers, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await srv.call('GET', '/__mock/clock', { headers })).body.offsetMs).toBe(before);
    // Advances add up within the range: a far one is refused and the clock stays where it was.
    expect((await srv.call('POST', '/__mock/clock/advance', { headers, body: { ms: 3153600000000 } })).status).toBe(400);
    expect((await srv.call('PUT', '/__mock/clock', { headers, body: { now: '2099-12-31T00:00:00Z' } })).status).toBe(200);
    expect((await srv.call('POST', '/__mock/clock/advance', { headers, body: { ms: 2 * 86_400_000 } })).status).toBe(400);
    expect((await srv.call('GET', '/common/v2/opened-market', { headers })).status).toBe(200);
    expect((await srv.call('DELETE', '/__mock/clock', { headers })).body.offsetMs).toBe(0);
  });

  it('refuses a snapshot whose clock is out of range, and the world stays as it was', async () => {
    const { headers } = srv.freshWorld('snapshot');
    const snapshot = (await srv.call('GET', '/__mock/state', { headers })).body;
    const before = await stateOf(headers);
    const res = await srv.call('PUT', '/__mock/state', { headers, body: { ...snapshot, clockOffsetMs: 8.64e15 } });
    expect(res.status).toBe(400);
    expect(await stateOf(headers)).toBe(before);
    expect((await srv.call('GET', '/common/v2/opened-market', { headers })).status).toBe(200);
  });

  it('refuses a snapshot with any record the contract would refuse, naming it, and the world stays as it was', async () => {
    const { headers } = srv.freshWorld('snapshot-records');
    const snapshot = (await srv.call('GET', '/__mock/state', { headers })).body;
    const before = await stateOf(headers);
    /** The exported world as loose JSON rows, to break on purpose. */
    type Rows = Record<string, Record<string, unknown>>[];
    const breakages: ((world: {
      markets: Rows;
      products: Rows;
      receipts: Rows;
      accounts: Rows;
      hotKeywords: Record<string, unknown>;
    }) => void)[] = [
      (world) => (world.markets[0]!.market!.status = 'open'),
      (world) => (world.products[3]!.product!.option = null),
      (world) => (world.receipts[0]!.receipt!.extra = 1),
      (world) => (world.accounts[0]!.user!.level = 7),
      (world) => (world.hotKeywords.keywords = 'not a list'),
    ];
    for (const breakIt of breakages) {
      const world = structuredClone(snapshot.world);
      breakIt(world);
      const res = await srv.call('PUT', '/__mock/state', { headers, body: { ...snapshot, world } });
      expect(res.status, breakIt.toString()).toBe(400);
      expect(errorMessage(res.body), breakIt.toString()).toMatch(/is not a valid \w+/);
    }
    expect(await stateOf(headers)).toBe(before);
    // The unbroken export imports again.
    expect((await srv.call('PUT', '/__mock/state', { headers, body: snapshot })).status).toBe(200);
  });

  it('never looks a request value up on Object.prototype (uploads, ad units)', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect((await srv.call('GET', `/uploads/profiles/${name}.png`)).status, name).toBe(404);
    }
    // 'constructor' is a well-formed unit name (the others fail its pattern): no such placement, no ad.
    const ad = await srv.call('GET', '/ads/request', {
      headers: { authorization: AD_SERVICE_KEY },
      query: { unit: 'constructor', uid: 'u-1740903300000', pf: 'web', lcl: 'ko_KR' },
    });
    expect(ad.status).toBe(200);
    expect(ad.body.result).toBeNull();
  });

  it('reads a JSON body only when it is sent as application/json (not any type that mentions json)', async () => {
    const token = srv.token('buyer');
    for (const type of ['text/plain; x=json', 'application/jsonp', 'application/x-json']) {
      const res = await srv.call('POST', '/subscribe/add', { token, rawBody: '{"sellerId":"x"}', headers: { 'content-type': type } });
      expect(res.status, type).toBe(400);
    }
  });
});
