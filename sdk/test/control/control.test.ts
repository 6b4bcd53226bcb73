// The control client against a real mock server (../support/mock-server.ts): each named call does what the control
// plane's contract says, in the client's own world, and every failure is a MockControlError with the body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMockControl,
  isMockControlError,
  MOCK_SCENARIO_HEADER,
  MOCK_WORLD_HEADER,
  MockControlError,
  type MockControl,
  type PersonaId,
} from '../../src/control';
import { startMockServer, type RunningMock } from '../support/mock-server';

let server: RunningMock;
let root: MockControl;
let worlds = 0;

beforeAll(async () => {
  server = await startMockServer();
  root = createMockControl({ baseUrl: server.baseUrl });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** A client bound to a world no other test uses. */
function fresh(label: string): MockControl {
  worlds += 1;
  return root.forWorld(`sdk-control-${label}-${worlds}-${Date.now().toString(36)}`);
}

/** A product API request in the client's world: its status and parsed body. */
async function api(mock: MockControl, path: string, init: { token?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const headers: Record<string, string> = { ...mock.headers(), ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${mock.baseUrl}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** The error a pending call rejects with. */
async function failure(pending: Promise<unknown>): Promise<MockControlError> {
  try {
    await pending;
  } catch (error) {
    if (isMockControlError(error)) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('personas', () => {
  it('lists the four personas and signs in as each, in the client world', async () => {
    const mock = fresh('login');
    const personas = await mock.personas();
    expect(personas.map((p) => p.id).sort()).toEqual(['buyer', 'buyer-new', 'seller', 'seller-incomplete']);
    const { token, uid } = await mock.login('buyer');
    const me = await api(mock, '/user/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ data: { user: { uid } } });
  });
});

describe('worlds', () => {
  it('acts on its own world: a clock set through one client leaves another world and the default one alone', async () => {
    const a = fresh('world-a');
    const b = a.forWorld(`${String(a.world)}-b`);
    expect(b.world).toBe(`${String(a.world)}-b`);
    const set = Date.parse('2027-03-01T00:00:00Z');
    await a.clock.set(set);
    const near = (clock: { now: string }, at: number) => Math.abs(Date.parse(clock.now) - at) < 60_000;
    expect(near(await a.clock.get(), set)).toBe(true);
    const defaultNow = Date.parse((await root.clock.get()).now);
    expect(near(await b.clock.get(), set)).toBe(false);
    expect(near(await b.clock.get(), defaultNow)).toBe(true);
    const listed = (await root.worlds()).worlds.map((w) => w.name);
    expect(listed).toEqual(expect.arrayContaining([a.world, b.world]));
  });

  it('sends X-Mock-World on every call when it has a world, and none without one', async () => {
    const seen: Array<{ method: string; path: string; world: string | null }> = [];
    const recording = (world: string | undefined) =>
      createMockControl({
        baseUrl: 'http://mock.test/__mock/',
        world,
        fetch: (request) => {
          seen.push({ method: request.method, path: new URL(request.url).pathname, world: request.headers.get(MOCK_WORLD_HEADER) });
          return Promise.resolve(
            Response.json({ personas: [], rule: {}, cleared: 0, count: 0, receipt: {}, market: {}, notification: {} }),
          );
        },
      });
    const calls = (mock: MockControl) => [
      mock.personas(),
      mock.login('buyer'),
      mock.worlds(),
      mock.reset(),
      mock.scenarios.list('addToCart'),
      mock.scenarios.force('http-500'),
      mock.scenarios.clear(),
      mock.faults.slow(10),
      mock.latency.get(),
      mock.latency.set(1),
      mock.clock.get(),
      mock.clock.set(0),
      mock.clock.setOffset(0),
      mock.clock.advance(1),
      mock.clock.reset(),
      mock.journal.list({ limit: 1 }),
      mock.journal.count(),
      mock.journal.clear(),
      mock.state.export(),
      mock.receipts.deposit('1'),
      mock.receipts.ship('1', { company: 'CJ대한통운', no: '1' }),
      mock.markets.open(4),
      mock.markets.close(4),
      mock.notify({ persona: 'buyer', category: 'buyer', title: 't', contents: 'c' }),
      mock.phoneCode({ persona: 'buyer' }),
      mock.call('listWorlds'),
      mock.call('closeMarket', { params: { path: { marketId: '4' } } }),
    ];
    const named = recording('w1');
    expect(named.baseUrl).toBe('http://mock.test');
    await Promise.all(calls(named));
    expect(seen.length).toBe(27);
    expect(seen.every((call) => call.world === 'w1' && call.path.startsWith('/__mock/'))).toBe(true);
    seen.length = 0;
    await Promise.all(calls(recording(undefined)));
    expect(seen.every((call) => call.world === null)).toBe(true);
    expect(named.scenarios.once('out-of-stock')).toEqual({ [MOCK_WORLD_HEADER]: 'w1', [MOCK_SCENARIO_HEADER]: 'out-of-stock' });
  });
});

describe('call by operationId', () => {
  it('calls any operation of the control document, typed from it', async () => {
    const mock = fresh('call');
    const listed = await mock.call('listWorlds');
    expect(listed.capacity).toBeGreaterThan(0);
    const opened = await mock.call('openMarket', { params: { path: { marketId: 'mallang_studio:8' } } });
    expect(opened.market.status).toBe(2);
    const count = await mock.call('countRequests', { body: { operationId: 'getMe' } });
    expect(count.count).toBe(0);
    const refused = await failure(mock.call('loginAsPersona', { body: { persona: 'admin' as PersonaId } }));
    expect(refused).toMatchObject({ status: 400, code: 'bad-request' });
  });

  it('types the operation id, its init and its answer', () => {
    const mock = createMockControl({ baseUrl: 'http://mock.test', fetch: () => Promise.resolve(Response.json({})) });
    const typesOnly = () => {
      // @ts-expect-error an operation with a path parameter needs its init
      void mock.call('openMarket');
      // @ts-expect-error no such operation
      void mock.call('listEverything');
      // @ts-expect-error the body is the operation's
      void mock.call('setLatency', { body: { seconds: 1 } });
      const answer: Promise<{ ms: number; globalMs: number }> = mock.call('getLatency');
      return answer;
    };
    expect(typeof typesOnly).toBe('function');
  });
});

describe('errors', () => {
  it("rejects with the catalogue's error body {data, message} on a non-2xx answer", async () => {
    const mock = fresh('errors');
    const unknownPersona = await failure(mock.login('admin' as PersonaId));
    expect(unknownPersona).toBeInstanceOf(MockControlError);
    expect(unknownPersona).toMatchObject({ status: 400, code: 'bad-request', method: 'POST', world: mock.world });
    expect(unknownPersona.body).toMatchObject({ data: 'bad-request', message: expect.any(String) as unknown });
    expect(unknownPersona.message).toContain('/__mock/login');

    const outOfRange = await failure(mock.clock.set('2200-01-01T00:00:00Z'));
    expect(outOfRange.status).toBe(400);
    const noMarket = await failure(mock.markets.open('nobody:999999'));
    expect(noMarket).toMatchObject({ status: 404, code: 'not-found' });
  });

  it('rejects with status 0 network-error when nothing answers', async () => {
    const nobody = createMockControl({ baseUrl: 'http://127.0.0.1:1' });
    const error = await failure(nobody.clock.get());
    expect(error).toMatchObject({ status: 0, code: 'network-error', body: undefined });
  });
});

describe('scenarios and faults', () => {
  it('lists what an operation can answer and forces one answer with the once headers', async () => {
    const mock = fresh('once');
    const names = (await mock.scenarios.list('addToCart')).scenarios.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['out-of-stock', 'network-error', 'http-504']));
    const { token } = await mock.login('buyer');
    expect((await api(mock, '/user/me', { token, headers: mock.scenarios.once('http-500') })).status).toBe(500);
    expect((await api(mock, '/user/me', { token })).status).toBe(200);
  });

  it('makes sticky rules that count down their times, lists and clears them', async () => {
    const mock = fresh('sticky');
    const { token } = await mock.login('buyer');
    const rule = await mock.scenarios.force('http-504', { method: 'GET', path: '/user/me', times: 2 });
    expect(rule).toMatchObject({ name: 'http-504', path: '/user/me', times: 2 });
    expect((await mock.scenarios.list()).rules.map((r) => r.id)).toEqual([rule.id]);
    expect((await api(mock, '/user/me', { token })).status).toBe(504);
    expect((await api(mock, '/user/me', { token })).status).toBe(504);
    expect((await api(mock, '/user/me', { token })).status).toBe(200);

    await mock.scenarios.force('http-500', { path: '/user/me' });
    await mock.faults.force('empty-response', { path: '/user' });
    expect(await mock.scenarios.clear()).toBe(2);
    expect((await mock.scenarios.list()).rules).toEqual([]);
  });

  it('matches rules by operationId and header, removes one by id, and adds a rule that only waits', async () => {
    const mock = fresh('matching');
    const { token } = await mock.login('buyer');
    const byHeader = await mock.scenarios.force('http-500', { operationId: 'getMe', headers: { 'x-test-case': 'broken' } });
    expect((await api(mock, '/user/me', { token })).status).toBe(200);
    expect((await api(mock, '/user/me', { token, headers: { 'X-Test-Case': 'broken' } })).status).toBe(500);
    await mock.scenarios.remove(byHeader.id);
    expect((await api(mock, '/user/me', { token, headers: { 'X-Test-Case': 'broken' } })).status).toBe(200);
    await expect(mock.scenarios.remove(byHeader.id)).rejects.toMatchObject({ status: 404, code: 'not-found' });

    const wait = await mock.faults.jitter({ distribution: 'fixed', ms: 250 }, { operationId: 'getMe', times: 1 });
    expect(wait).toMatchObject({ latency: { distribution: 'fixed', ms: 250 }, times: 1 });
    const started = performance.now();
    expect((await api(mock, '/user/me', { token })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    await expect(mock.scenarios.force('out-of-stok', { operationId: 'addToCart' })).rejects.toMatchObject({
      status: 400,
      code: 'unknown-scenario',
    });
  });

  it('forces transport faults and slow answers', async () => {
    const mock = fresh('faults');
    const { token } = await mock.login('buyer');
    await mock.faults.force('empty-response', { path: '/user/me', times: 1 });
    const empty = await api(mock, '/user/me', { token });
    expect(empty).toMatchObject({ status: 200, text: '' });
    await mock.faults.slow(300, { path: '/user/me', times: 1 });
    const started = performance.now();
    expect((await api(mock, '/user/me', { token })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await mock.faults.clear()).toBe(0);
  });
});

describe('latency and clock', () => {
  it('sets the world latency', async () => {
    const mock = fresh('latency');
    expect((await mock.latency.set(40)).ms).toBe(40);
    expect((await mock.latency.get()).ms).toBe(40);
    expect((await mock.latency.set(0)).ms).toBe(0);
  });

  it('sets, advances and resets the world clock', async () => {
    const mock = fresh('clock');
    const at = new Date('2026-12-24T10:00:00Z');
    const set = await mock.clock.set(at);
    expect(Math.abs(Date.parse(set.now) - at.getTime())).toBeLessThan(60_000);
    const advanced = await mock.clock.advance(3_600_000);
    expect(advanced.offsetMs - set.offsetMs).toBe(3_600_000);
    expect((await mock.clock.setOffset(86_400_000)).offsetMs).toBe(86_400_000);
    expect((await mock.clock.reset()).offsetMs).toBe(0);
  });
});

describe('journal', () => {
  it('lists, counts and clears what the API received in the world', async () => {
    const mock = fresh('journal');
    const { token } = await mock.login('buyer');
    await mock.journal.clear();
    await api(mock, '/user/me', { token });
    await api(mock, '/user/me', { token });
    expect(await mock.journal.count({ operationId: 'getMe', status: 200 })).toBe(2);
    expect(await mock.journal.count({ operationId: 'insertReceipt' })).toBe(0);
    const listed = await mock.journal.list({ operationId: 'getMe', limit: 1 });
    expect(listed.requests).toHaveLength(1);
    expect(listed.requests[0]).toMatchObject({ operationId: 'getMe', method: 'GET', path: '/user/me', world: mock.world });
    expect(await mock.journal.clear()).toBe(2);
    expect(await mock.journal.count()).toBe(0);
  });
});

describe('reset and state', () => {
  it('exports a world and imports it back; resets with a seed', async () => {
    const mock = fresh('state');
    const snapshot = await mock.state.export();
    expect(snapshot.format).toBe('creator-market-world@1');
    const other = fresh('state-copy');
    const imported = await other.state.import(snapshot);
    expect(imported).toMatchObject({ world: other.world, seed: snapshot.seed });
    const reset = await mock.reset({ seed: 7 });
    expect(reset).toMatchObject({ world: mock.world, seed: 7 });
  });
});

describe('test helpers', () => {
  it('confirms a deposit and ships the paid order', async () => {
    const mock = fresh('receipts');
    const rows = (await mock.state.export()).world.receipts as unknown as Array<{
      receipt: { publicId: string; status: Array<{ status: number }> };
    }>;
    const waiting = rows.filter((row) => row.receipt.status.at(-1)?.status === 99).map((row) => row.receipt.publicId);
    let paid: string | undefined;
    for (const publicId of waiting) {
      try {
        const receipt = await mock.receipts.deposit(publicId);
        expect(receipt.status.at(-1)?.status).toBe(1);
        paid = publicId;
        break;
      } catch (error) {
        // An order whose virtual account expired is refused with the catalogue's code.
        expect(error).toMatchObject({ status: 400 });
      }
    }
    expect(paid, `one of ${waiting.join(', ')} waits for its deposit`).toBeDefined();
    const shipped = await mock.receipts.ship(String(paid), { company: 'CJ대한통운', no: '640012345678' });
    expect(shipped.status.at(-1)?.status).toBe(3);
    const again = await failure(mock.receipts.deposit(String(paid)));
    expect(again.status).toBe(400);
  });

  it("opens and closes the seller's market, notifies, and reads the phone code", async () => {
    const mock = fresh('helpers');
    expect((await mock.markets.open('mallang_studio:8')).status).toBe(2);
    expect((await mock.markets.close('mallang_studio:8')).status).toBe(3);

    const notification = await mock.notify({ persona: 'buyer', category: 'buyer', title: '테스트 알림', contents: '내용' });
    expect(notification).toMatchObject({ title: '테스트 알림' });

    expect(await failure(mock.phoneCode({ persona: 'buyer-new' }))).toMatchObject({ status: 404, code: 'not-found' });
    const { token } = await mock.login('buyer-new');
    const phone = '+821055512345';
    expect((await api(mock, '/user/valid-phone', { token, body: { phone, isRequestSMS: true } })).status).toBe(200);
    const code = await mock.phoneCode({ persona: 'buyer-new' });
    expect(code).toMatchObject({ phone, code: expect.stringMatching(/^[0-9]{6}$/) as unknown });
  });
});
