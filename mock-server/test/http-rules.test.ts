// The HTTP rules of the core (src/core/core.ts) through the node door that no single operation's test states:
// how bodies are read and refused, HEAD and preflight requests, CORS, paths and world names. Every refusal
// is a 4xx in the catalogue's shape and changes nothing.
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestServer, type TestServer, errorDetails, errorMessage } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const addressCount = () => srv.mock.worlds.defaultWorld.store.addresses.size;
const newAddress = {
  name: '김민지',
  tel: '+821012345678',
  addr: '서울특별시 마포구 와우산로 94',
  addr2: '101동 1203호',
  zip: '04066',
  msg: '',
};

/** A raw request, for what fetch will not send (a body with a declared length it never finishes, chunked). */
function rawRequest(
  path: string,
  headers: Record<string, string>,
  chunks: (string | Buffer)[],
): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, srv.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/** An error body's catalogue code (one place to change when the error envelope changes). */

describe('request bodies', () => {
  it('refuses malformed JSON, a JSON scalar, another media type, another charset and a compressed body with 400, storing nothing', async () => {
    const token = srv.token('buyer');
    const before = addressCount();
    const cases: [string, string | Buffer, Record<string, string>][] = [
      ['malformed', '{"name":', { 'content-type': 'application/json' }],
      ['scalar', '"김민지"', { 'content-type': 'application/json' }],
      ['text', JSON.stringify(newAddress), { 'content-type': 'text/plain' }],
      ['charset', JSON.stringify(newAddress), { 'content-type': 'application/json; charset=utf-16' }],
      ['gzip', gzipSync(JSON.stringify(newAddress)), { 'content-type': 'application/json', 'content-encoding': 'gzip' }],
    ];
    for (const [name, body, headers] of cases) {
      const res = await rawRequest('/address/add', { ...headers, authorization: `Bearer ${token}` }, [body]);
      expect(res.status, name).toBe(400);
      expect(errorCode(res.body), name).toBe('bad-request');
      expect(typeof errorMessage(res.body), name).toBe('string');
    }
    expect(addressCount()).toBe(before);
  });

  it('refuses a body over 100 kB with 413, whether its length is declared or it comes in chunks', async () => {
    const token = srv.token('buyer');
    const before = addressCount();
    const big = JSON.stringify({ ...newAddress, msg: 'x'.repeat(110_000) });
    const declared = await srv.call('POST', '/address/add', {
      token,
      rawBody: big,
      headers: { 'content-type': 'application/json' },
      unchecked: true,
    });
    expect(declared.status).toBe(413);
    expect(errorCode(declared.body)).toBe('payload-too-large');
    const chunked = await rawRequest(
      '/address/add',
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked', authorization: `Bearer ${token}` },
      [big.slice(0, 60_000), big.slice(60_000)],
    );
    expect(chunked.status).toBe(413);
    expect(errorCode(chunked.body)).toBe('payload-too-large');
    expect(addressCount()).toBe(before);
  });

  it('takes an empty body as none: the operation says what is missing', async () => {
    const res = await srv.call('POST', '/address/add', {
      token: srv.token('buyer'),
      rawBody: '',
      headers: { 'content-type': 'application/json' },
      unchecked: true,
    });
    expect(res.status).toBe(400);
    expect(errorDetails(res.body)?.[0]?.path).toBe('/body');
  });
});

describe('methods, paths and headers', () => {
  it('answers HEAD like GET without a body, and a preflight with 204 and the CORS headers', async () => {
    const head = await fetch(`${srv.baseUrl}/common/v2/opened-market`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await head.text()).toBe('');

    const preflight = await fetch(`${srv.baseUrl}/cart/add/common`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('sets the CORS headers on API answers for local origins only', async () => {
    const local = await srv.call('GET', '/common/v2/opened-market', { headers: { origin: 'http://127.0.0.1:4173' } });
    expect(local.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(local.headers.get('access-control-expose-headers')).toContain('X-Mock-Now');
    const foreign = await srv.call('GET', '/common/v2/opened-market', { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("answers a request line and headers past node's 16 KiB in the catalogue's shape, with CORS headers for a local origin", async () => {
    // ~1,800 Korean characters: 9 bytes each once percent-encoded, past the limit (the search the app once sent).
    const path = `/common/v2/search-product?keyword=${encodeURIComponent('키링'.repeat(900))}&page=1`;
    const local = await fetch(`${srv.baseUrl}${path}`, { headers: { origin: 'http://localhost:5173' } });
    expect(local.status).toBe(431);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(local.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(errorCode(await local.json())).toBe('header-too-large');
    const foreign = await fetch(`${srv.baseUrl}${path}`, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(431);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // The server goes on answering.
    expect((await srv.call('GET', '/common/v2/opened-market')).status).toBe(200);
  });

  it('is 404 not-found for a path of no operation, and 400 for a parameter that is not valid percent-encoding', async () => {
    const unknown = await srv.call('GET', '/common/v2/no-such-list', { unchecked: true });
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown.body)).toBe('not-found');
    const malformed = await srv.call('GET', '/common/market/get/%E0%A4%A/4', { unchecked: true });
    expect(malformed.status).toBe(400);
    expect(errorCode(malformed.body)).toBe('bad-request');
  });

  it('refuses an invalid world name with 400 before anything runs', async () => {
    const res = await srv.call('POST', '/address/add', {
      token: srv.token('buyer'),
      body: newAddress,
      headers: { 'X-Mock-World': 'bad name!' },
      unchecked: true,
    });
    expect(res.status).toBe(400);
    expect(errorMessage(res.body)).toContain('X-Mock-World');
  });
});
