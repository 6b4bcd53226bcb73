// The journal records what the client actually got (issue 26, item 2): each transport fault as such (status
// 0, the fault named; an empty response is the one whole HTTP answer among them, a 200 with no body), and
// the `since` (world clock) and `sinceReal` (wall clock) filters keep working after the clock moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/harness';
import { control } from './support/control';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const OPENED = '/common/v2/opened-market';

/** What a client gets for a request with a fault forced: the status it read, or the error fetch threw. */
async function faulted(world: string, fault: string): Promise<{ status: number; text: string } | { error: string }> {
  try {
    const res = await fetch(new URL(OPENED, srv.baseUrl), { headers: { 'X-Mock-World': world, 'X-Mock-Scenario': fault } });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { error: String((err as Error).cause ?? err) };
  }
}

describe('the journal on transport faults', () => {
  it.each([
    ['network-error', 0],
    ['connection-reset', 0],
    ['malformed-chunk', 0],
    ['random-data-then-close', 0],
    ['empty-response', 200],
  ] as const)('%s is journaled as that fault with status %i, what the client got', async (fault, status) => {
    const { name, headers } = srv.freshWorld(`fault-${fault}`);
    const got = await faulted(name, fault);
    if (status === 200) expect(got).toEqual({ status: 200, text: '' });
    else expect(got).toHaveProperty('error');
    const { body } = await control(srv, 'GET', '/requests', { headers });
    expect(body.requests).toHaveLength(1);
    expect(body.requests[0]).toMatchObject({
      operationId: 'listOpenedMarkets',
      path: OPENED,
      status,
      fault,
      scenario: fault,
      matched: true,
    });
    // Counted by its status and found by its scenario.
    expect((await control(srv, 'POST', '/requests/count', { headers, body: { status } })).body.count).toBe(1);
    expect((await control(srv, 'POST', '/requests/count', { headers, body: { status: status === 0 ? 200 : 0 } })).body.count).toBe(0);
    expect((await control(srv, 'GET', `/requests?scenario=${fault}`, { headers })).body.requests).toHaveLength(1);
  });

  it('a sticky rule of a fault is journaled the same way, and a request to no route as unmatched', async () => {
    const { headers } = srv.freshWorld('fault-rule');
    await control(srv, 'POST', '/scenarios', { headers, body: { name: 'connection-reset', path: OPENED, times: 1 } });
    await expect(fetch(new URL(OPENED, srv.baseUrl), { headers })).rejects.toThrow();
    expect((await srv.call('GET', OPENED, { headers })).status).toBe(200);
    expect((await srv.call('GET', '/no/such/path', { headers, unchecked: true })).status).toBe(404);
    const { body } = await control(srv, 'GET', '/requests', { headers });
    expect(body.requests.map((r) => [r.operationId, r.path, r.status, r.fault, r.scenario, r.matched])).toEqual([
      ['listOpenedMarkets', OPENED, 0, 'connection-reset', 'connection-reset', true],
      ['listOpenedMarkets', OPENED, 200, null, null, true],
      [null, '/no/such/path', 404, null, null, false],
    ]);
  });
});

describe('since and sinceReal', () => {
  it("filter by the world's clock and by the wall clock, after the clock moves both ways", async () => {
    const { headers } = srv.freshWorld('journal-since');
    await srv.call('GET', OPENED, { headers });
    const before = await control(srv, 'GET', '/clock', { headers });
    const worldBefore = before.body.now;
    const realBetween = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));

    // An hour ahead: the next request is an hour later in the world's time.
    await control(srv, 'POST', '/clock/advance', { headers, body: { ms: 3_600_000 } });
    await srv.call('GET', OPENED, { headers, query: { n: 2 } });
    const worldAhead = new Date(Date.parse(worldBefore) + 30 * 60_000).toISOString();
    const list = async (query: string) => (await control(srv, 'GET', `/requests?${query}`, { headers })).body.requests.map((r) => r.query);
    expect(await list(`since=${encodeURIComponent(worldAhead)}`)).toEqual([{ n: '2' }]);
    expect(await list(`sinceReal=${encodeURIComponent(realBetween)}`)).toEqual([{ n: '2' }]);

    // Back two hours: a third request is earlier in the world's time than both, later by the wall clock.
    await control(srv, 'POST', '/clock/advance', { headers, body: { ms: -7_200_000 } });
    await srv.call('GET', OPENED, { headers, query: { n: 3 } });
    expect(await list(`since=${encodeURIComponent(worldAhead)}`)).toEqual([{ n: '2' }]);
    expect(await list(`since=${encodeURIComponent(new Date(Date.parse(worldBefore) - 2 * 3_600_000).toISOString())}`)).toHaveLength(3);
    expect(await list(`sinceReal=${encodeURIComponent(realBetween)}`)).toEqual([{ n: '2' }, { n: '3' }]);
    const count = async (filter: object) => (await control(srv, 'POST', '/requests/count', { headers, body: filter })).body.count;
    expect(await count({ sinceReal: realBetween })).toBe(2);
    expect(await count({ since: worldAhead })).toBe(1);
    // Entries carry both times.
    const [first] = (await control(srv, 'GET', '/requests', { headers })).body.requests;
    expect(Math.abs(Date.parse(first!.receivedAt) - Date.parse(realBetween))).toBeLessThan(5000);
  });
});
