// Proxy mode (src/recording/proxy.ts): the named product API operations go to another server, passed through
// (Authorization, body, world) and answered unchanged, every answer checked against the contract with its
// violations printed once and kept in the journal; the rest answered here; scenarios in front; the
// control plane local; an upstream that refuses, hangs or sends no HTTP gives the catalogue's 502/504.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../src/server';
import { errorCode, startTestServer, TEST_NOW, type TestServer, errorMessage } from './support/harness';

/** The catalogue code of an error body (one place to change when the error envelope changes). */
const codeOf = (body: unknown) => errorCode(body);

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A tiny upstream: records what it receives and answers with `reply` (a hanging one never answers). */
async function startRecordingUpstream(reply: (req: Recorded) => { status: number; type: string; body: string } | 'hang') {
  const received: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(recorded);
      const answer = reply(recorded);
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': answer.type, 'access-control-allow-origin': 'https://backend-only.example' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const SELLER_ANSWER = JSON.stringify({ data: 'not a seller' });

let upstreamMock: TestServer;
let viaMock: TestServer;
let recording: Awaited<ReturnType<typeof startRecordingUpstream>>;
let viaRecording: TestServer;
const logs: string[] = [];
let garbage: TcpServer;
const garbageSockets = new Set<Socket>();

beforeAll(async () => {
  upstreamMock = await startTestServer();
  recording = await startRecordingUpstream((req) =>
    req.url.startsWith('/common/v2/seller/')
      ? { status: 200, type: 'application/json; charset=utf-8', body: SELLER_ANSWER }
      : { status: 200, type: 'application/json', body: JSON.stringify({ data: [] }) },
  );
  garbage = createTcpServer((socket) => {
    garbageSockets.add(socket);
    socket.end('NOT HTTP AT ALL\r\n\r\n');
  });
  await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
  // Both mocks start at TEST_NOW: the same world, the same ids, as a real backend and the mock would share.
  viaMock = await startTestServer({ proxy: { upstream: new URL(upstreamMock.baseUrl), only: ['address', 'getSeller'], timeoutMs: 5000 } });
  viaRecording = await startTestServer({
    proxy: { upstream: new URL(recording.url), only: ['seller', 'addAddress'], timeoutMs: 5000, log: (line) => logs.push(line) },
  });
});
afterAll(async () => {
  // The garbage server never reads, so it never sees the proxy hang up: its sockets are closed here.
  for (const socket of garbageSockets) socket.destroy();
  await Promise.all([upstreamMock.close(), viaMock.close(), recording.close(), viaRecording.close(), new Promise((r) => garbage.close(r))]);
});

const newAddress = {
  name: '김민지',
  tel: '+821012345678',
  addr: '서울특별시 마포구 와우산로 94',
  addr2: '101동 1203호',
  zip: '04066',
  msg: '',
};

describe('proxy mode', () => {
  it('forwards the named operations to the other server, with the caller token, body and world; the rest are answered here', async () => {
    const { name, headers } = viaMock.freshWorld('proxy');
    const token = viaMock.token('buyer', name);
    const added = await viaMock.call('POST', '/address/add', { headers, token, body: newAddress });
    expect(added.status).toBe(200);
    // Written upstream, in the world the caller named, and read back from there through the proxy.
    const upstreamList = await upstreamMock.call('GET', '/address/list', { headers, token });
    expect(upstreamList.body.data.map((a: { _id: string }) => a._id)).toContain(added.body.data._id);
    const list = await viaMock.call('GET', '/address/list', { headers, token });
    expect(list.body).toEqual(upstreamList.body);
    // An operation not named (the cart) is answered here.
    expect((await viaMock.call('GET', '/cart/v2/get', { headers, token })).status).toBe(200);

    const journal = (await viaMock.call('GET', '/__mock/requests', { headers })).body.requests;
    expect(journal.map((r) => [r.operationId, r.source, r.status])).toEqual([
      ['addAddress', 'proxied', 200],
      ['listAddresses', 'proxied', 200],
      ['listCarts', 'mocked', 200],
    ]);
    expect(journal[0]).toMatchObject({ body: newAddress, violations: [] });
    // The other server received the forwarded two (and the test's own read), not the cart.
    expect((await upstreamMock.call('GET', '/__mock/requests', { headers })).body.requests.map((r) => r.operationId)).toEqual([
      'addAddress',
      'listAddresses',
      'listAddresses',
    ]);
  });

  it('passes the Authorization header and body through and keeps X-Mock-Scenario, which applies here, to itself', async () => {
    recording.received.length = 0;
    const sent = JSON.stringify(newAddress);
    const res = await fetch(`${viaRecording.baseUrl}/address/add`, {
      method: 'POST',
      headers: { Authorization: 'Bearer real-backend-token', 'Content-Type': 'application/json', 'X-Mock-Scenario': 'slow:10' },
      body: sent,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-mock-scenario')).toBe('slow:10');
    // CORS is the mock's (the browser talks to it), not the other server's.
    expect(res.headers.get('access-control-allow-origin')).not.toBe('https://backend-only.example');
    expect(recording.received).toHaveLength(1);
    expect(recording.received[0]).toMatchObject({ method: 'POST', url: '/address/add', body: sent });
    expect(recording.received[0]!.headers.authorization).toBe('Bearer real-backend-token');
    expect(recording.received[0]!.headers['x-mock-scenario']).toBeUndefined();
    expect(new URL(recording.url).host).toBe(recording.received[0]!.headers.host);
  });

  it('answers a forced error scenario itself, in front of a forwarded operation', async () => {
    recording.received.length = 0;
    const res = await viaRecording.call('GET', '/common/v2/seller/mallang_studio', { headers: { 'X-Mock-Scenario': 'http-504' } });
    expect(res.status).toBe(504);
    expect(recording.received).toHaveLength(0);
  });

  it('passes a contract-breaking answer through unchanged, prints each violation once and journals it', async () => {
    const { headers } = viaRecording.freshWorld('proxy-violations');
    logs.length = 0;
    for (let i = 0; i < 2; i++) {
      const res = await viaRecording.call('GET', '/common/v2/seller/mallang_studio', { headers, unchecked: true });
      expect(res.status).toBe(200);
      expect(res.text).toBe(SELLER_ANSWER);
    }
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('getSeller 200 breaks the contract at /data');
    const journal = (await viaRecording.call('GET', '/__mock/requests', { headers })).body.requests;
    expect(journal).toHaveLength(2);
    for (const entry of journal) {
      expect(entry).toMatchObject({ operationId: 'getSeller', source: 'proxied', status: 200 });
      expect(entry.violations).toEqual([expect.stringMatching(/^\/data: body\.data must be object \(got string "not a seller"\)/)]);
    }
  });

  it('keeps the control plane local', async () => {
    recording.received.length = 0;
    expect((await viaRecording.call('GET', '/__mock/personas')).status).toBe(200);
    expect(recording.received).toHaveLength(0);
  });
});

describe('proxy mode when the other server fails', () => {
  async function viaUpstream(url: string, timeoutMs = 5000) {
    return startTestServer({ proxy: { upstream: new URL(url), only: null, timeoutMs } });
  }

  it('a refused connection is a 502 naming the server', async () => {
    const closed = await startRecordingUpstream(() => 'hang');
    await closed.close();
    const srv = await viaUpstream(closed.url);
    try {
      const res = await srv.call('GET', '/common/v2/opened-market');
      expect(res.status).toBe(502);
      expect(codeOf(res.body)).toBe('bad-gateway');
      expect(errorMessage(res.body)).toContain(closed.url);
      expect(errorMessage(res.body)).toContain('refused');
      expect(res.text).not.toMatch(/\n\s+at /);
    } finally {
      await srv.close();
    }
  });

  it('an answer that is not HTTP is a 502 naming the server', async () => {
    const url = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`;
    const srv = await viaUpstream(url);
    try {
      const res = await srv.call('GET', '/common/v2/opened-market');
      expect(res.status).toBe(502);
      expect(codeOf(res.body)).toBe('bad-gateway');
      expect(errorMessage(res.body)).toContain(url);
    } finally {
      await srv.close();
    }
  });

  it('no answer within --proxy-timeout is a 504 naming the server, never a hang', async () => {
    const hanging = await startRecordingUpstream(() => 'hang');
    const srv = await viaUpstream(hanging.url, 200);
    try {
      const res = await srv.call('GET', '/common/v2/opened-market');
      expect(res.status).toBe(504);
      expect(codeOf(res.body)).toBe('gateway-timeout');
      expect(errorMessage(res.body)).toContain(hanging.url);
      expect(errorMessage(res.body)).toContain('200 ms');
    } finally {
      await srv.close();
      await hanging.close();
    }
  });

  it('--proxy-only must name tags or operations of the product API', () => {
    expect(() =>
      createMockServer({
        scale: 0.2,
        startAt: TEST_NOW,
        proxy: { upstream: new URL('http://127.0.0.1:1'), only: ['cart', 'nope'], timeoutMs: 10 },
      }),
    ).toThrow('--proxy-only names no tag or operationId of the product API: nope');
  });
});
