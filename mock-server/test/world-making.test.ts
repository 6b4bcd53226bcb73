// New worlds (X-Mock-World) are made in slices: the server answers other clients while one is made, a name
// asked for twice at once is made once, and one client may make only so many worlds a minute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ maxNewWorldsPerMinute: 6, maxWorlds: 32 });
});
afterAll(() => srv.close());

const OPENED = '/common/v2/opened-market';

describe('making a world', () => {
  it('does not hold the server: a request to the default world, sent after, is answered first', async () => {
    const order: string[] = [];
    const making = srv.call('GET', OPENED, { headers: { 'X-Mock-World': 'slices-1' } }).then((res) => {
      order.push('new world');
      return res;
    });
    // Sent once the new world's request is under way (the server has started making the world).
    await new Promise((resolve) => setTimeout(resolve, 5));
    const other = srv.call('GET', OPENED).then((res) => {
      order.push('default world');
      return res;
    });
    const [made, answered] = await Promise.all([making, other]);
    expect(made.status).toBe(200);
    expect(made.headers.get('x-mock-world-status')).toBe('created');
    expect(answered.status).toBe(200);
    expect(order).toEqual(['default world', 'new world']);
  });

  it('makes a name asked for twice at once only once', async () => {
    const [a, b] = await Promise.all([
      srv.call('GET', OPENED, { headers: { 'X-Mock-World': 'slices-twice' } }),
      srv.call('GET', OPENED, { headers: { 'X-Mock-World': 'slices-twice' } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.headers.get('x-mock-world-status'), b.headers.get('x-mock-world-status')].sort()).toEqual(['created', null]);
    expect(srv.mock.worlds.list().filter((w) => w.name === 'slices-twice')).toHaveLength(1);
  });

  it('bounds the new worlds one client makes in a minute: past it a 429 in the catalogue shape, and existing worlds still answer', async () => {
    // Two worlds were made above; four more reach the bound of six.
    for (let i = 0; i < 4; i++) expect((await srv.call('GET', OPENED, { headers: { 'X-Mock-World': `quota-${i}` } })).status).toBe(200);
    const refused = await srv.call('GET', OPENED, { headers: { 'X-Mock-World': 'quota-over' }, unchecked: true });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ data: 'too-many-requests' });
    expect(srv.mock.worlds.list().some((w) => w.name === 'quota-over')).toBe(false);
    expect((await srv.call('GET', OPENED, { headers: { 'X-Mock-World': 'quota-0' } })).status).toBe(200);
  });
});
