// The test harness's worlds start at a pinned instant, not the wall clock: a test sees the same world at
// any hour it runs.
import { generateWorld } from '@creator-market/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from './support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the harness pins now', () => {
  it('the default world and a fresh world start at TEST_NOW (Seoul noon), and say so in X-Mock-Now', async () => {
    const fresh = server.freshWorld('pinned');
    for (const headers of [{}, fresh.headers]) {
      const res = await server.call('GET', '/common/v2/banner', { query: { from: 'top' }, headers });
      const stamped = Date.parse(res.headers.get('x-mock-now') ?? '');
      expect(stamped - TEST_NOW).toBeGreaterThanOrEqual(0);
      expect(stamped - TEST_NOW).toBeLessThan(10 * 60_000);
    }
  });

  it('the seeded records are the ones generated for that instant', () => {
    const { store } = server.freshWorld('pinned-records').world;
    const expected = generateWorld({ seed: 1, scale: 0.2, now: TEST_NOW });
    const times = (markets: Iterable<{ market: { _id: string; marketST: string; marketED: string } }>) =>
      [...markets].map(({ market }) => `${market._id} ${market.marketST} ${market.marketED}`).sort();
    expect(times(store.markets.all())).toEqual(times(expected.markets));
  });
});
