// Worlds a suite can rely on (issue 26, item 1): loopback clients make as many new worlds as they need, a
// client of another host is bounded with Retry-After, a world in use is never evicted (only one idle for
// WORLD_IDLE_MS; when none is, a new world is a 429 naming --max-worlds), and a new world's clock follows
// the wall clock unless its start is pinned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../src/core/core';
import type { CoreRequest } from '../src/http/exchange';
import { isLoopbackAddress, WORLD_IDLE_MS, WorldRegistry } from '../src/world/registry';
import { errorCode, errorMessage, startTestServer, TEST_NOW, type TestServer } from './support/harness';

const BANNER = '/common/v2/banner?from=top';

/** A GET as it reaches the core from `clientAddress` (a door gives the socket's remote address). */
function requestFrom(clientAddress: string, path: string, world: string): CoreRequest {
  const [pathname, search = ''] = path.split('?') as [string, string?];
  const headers: Record<string, string> = { host: '127.0.0.1:4010', 'x-mock-world': world };
  return {
    method: 'GET',
    pathname,
    search,
    header: (name) => headers[name],
    headerEntries: () => Object.entries(headers),
    hasBody: false,
    body: () => Promise.resolve(new Uint8Array()),
    origin: 'http://127.0.0.1:4010',
    clientAddress,
  };
}

async function answerFrom(core: Core, clientAddress: string, world: string) {
  const answer = await core.handle(requestFrom(clientAddress, BANNER, world));
  return { ...answer, json: typeof answer.body === 'string' ? (JSON.parse(answer.body) as unknown) : undefined };
}

describe('loopback clients', () => {
  it('are recognised by address: 127.0.0.0/8 and ::1 (also IPv4-mapped), nothing else', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['192.0.2.7', '10.0.0.1', '::ffff:192.0.2.7', 'fd00::2', '', '1127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(false);
  });

  let big: TestServer;
  beforeAll(async () => {
    big = await startTestServer({ maxWorlds: 1100, maxNewWorldsPerMinute: 10 });
  });
  afterAll(() => big.close());

  it('are not bounded per minute: 1,000 new worlds in a minute all answer, over HTTP', async () => {
    const started = performance.now();
    for (let i = 0; i < 1000; i++) {
      const res = await big.call('GET', '/common/v2/banner', { query: { from: 'top' }, headers: { 'X-Mock-World': `suite-${i}` } });
      if (res.status !== 200 || res.headers.get('x-mock-world-status') !== 'created')
        throw new Error(`world ${i}: ${res.status} ${res.text}`);
    }
    const ms = performance.now() - started;
    console.log(`[world-bounds] 1,000 new worlds from loopback in ${Math.round(ms)} ms (${(ms / 1000).toFixed(2)} ms each)`);
    expect(ms).toBeLessThan(60_000);
    expect(big.mock.worlds.list()).toHaveLength(1001);
  });

  it('a client of another host is still bounded: a 429 naming the bound, with Retry-After', async () => {
    const core = big.mock.core;
    for (let i = 0; i < 10; i++) expect((await answerFrom(core, '192.0.2.7', `remote-${i}`)).status).toBe(200);
    const refused = await answerFrom(core, '192.0.2.7', 'remote-over');
    expect(refused.status).toBe(429);
    expect(errorCode(refused.json)).toBe('too-many-requests');
    expect(errorMessage(refused.json)).toContain('--max-new-worlds-per-minute 10');
    const retryAfter = Number(refused.headers['Retry-After']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Its existing worlds still answer, another host has its own bound, and loopback none.
    expect((await answerFrom(core, '192.0.2.7', 'remote-0')).status).toBe(200);
    expect((await answerFrom(core, '192.0.2.8', 'remote-other')).status).toBe(200);
    expect((await answerFrom(core, '::1', 'local-after')).status).toBe(200);
  });
});

describe('eviction', () => {
  it('takes only a world idle for 10 minutes; when none is, a new world is a 429 naming --max-worlds, with Retry-After', async () => {
    expect(WORLD_IDLE_MS).toBe(10 * 60_000);
    let now = Date.now();
    const small = await startTestServer({
      worlds: new WorldRegistry({ seed: 1, scale: 0.2, startAt: TEST_NOW, maxWorlds: 2, now: () => now }),
    });
    try {
      const get = (world: string) =>
        small.call('GET', '/common/v2/banner', { query: { from: 'top' }, headers: { 'X-Mock-World': world }, unchecked: true });
      expect((await get('a')).headers.get('x-mock-world-status')).toBe('created'); // t = 0
      now += 60_000;
      expect((await get('b')).headers.get('x-mock-world-status')).toBe('created'); // t = 1 min
      now += 60_000;
      // A change of a's clock (t = 2 min), which the old LRU eviction lost with the world.
      await small.call('POST', '/__mock/clock/advance', { headers: { 'X-Mock-World': 'a' }, body: { ms: 3_600_000 }, unchecked: true });

      now += 5 * 60_000; // t = 7 min: neither has been idle for 10 minutes
      const refused = await get('c');
      expect(refused.status).toBe(429);
      expect(errorCode(refused.body)).toBe('too-many-requests');
      expect(errorMessage(refused.body)).toContain('--max-worlds 2');
      expect(errorMessage(refused.body)).toContain('10분');
      // b, the least recently used (t = 1 min), may go at t = 11 min.
      expect(Number(refused.headers.get('retry-after'))).toBe(240);
      expect(small.mock.worlds.list().map((w) => w.name)).toEqual(['default', 'b', 'a']);
      // a kept its clock move.
      expect(small.mock.worlds.fromRequest('a').clock.now()).toBeGreaterThan(TEST_NOW + 3_500_000);

      now += 4 * 60_000; // t = 11 min: b has been idle 10 minutes, a (t = 7 min, just read) not
      expect((await get('c')).headers.get('x-mock-world-status')).toBe('created');
      expect(small.mock.worlds.list().map((w) => w.name)).toEqual(['default', 'a', 'c']);
      const again = await get('b');
      expect(again.status).toBe(429);
      expect(Number(again.headers.get('retry-after'))).toBe(360);
      now += 6 * 60_000;
      expect((await get('b')).headers.get('x-mock-world-status')).toBe('recreated-after-eviction');
      expect(small.mock.worlds.list().map((w) => w.name)).toEqual(['default', 'c', 'b']);
    } finally {
      await small.close();
    }
  });
});

describe("a new world's clock", () => {
  it('follows the wall clock when made (wallClock), over records of the instant at hand', async () => {
    const live = await startTestServer({
      worlds: new WorldRegistry({ seed: 1, scale: 0.2, startAt: TEST_NOW, wallClock: true }),
    });
    try {
      for (const world of [undefined, 'wall-1']) {
        const res = await live.call('GET', '/common/v2/banner', {
          query: { from: 'top' },
          headers: world ? { 'X-Mock-World': world } : {},
        });
        expect(Math.abs(Date.parse(res.headers.get('x-mock-now')!) - Date.now())).toBeLessThan(1000);
      }
      // Its records are still those of the instant at hand (shared with the default world).
      const [product] = [...live.mock.worlds.defaultWorld.store.products.all()];
      expect(live.mock.worlds.fromRequest('wall-1').store.products.get(product!.product._id)).toBe(product);
    } finally {
      await live.close();
    }
  });

  it('starts at the pinned instant otherwise (--start-at, tests): the same at any hour', async () => {
    const pinned = await startTestServer();
    try {
      const res = await pinned.call('GET', '/common/v2/banner', { query: { from: 'top' }, headers: { 'X-Mock-World': 'pinned-1' } });
      expect(Math.abs(Date.parse(res.headers.get('x-mock-now')!) - TEST_NOW)).toBeLessThan(5000);
    } finally {
      await pinned.close();
    }
  });
});
