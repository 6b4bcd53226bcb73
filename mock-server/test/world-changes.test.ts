// A world as what it changed (src/control/world-changes), as the browser door keeps its worlds in IndexedDB
// across reloads: made again from its changes (through JSON, as a store would keep them), it answers the
// API as the world it was, its removals, writes, state and clock included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesOf, worldFromChanges, type WorldChanges } from '../src/control/world-changes';
import { startTestServer, type TestServer } from './support/harness';
import { control } from './support/control';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('a world made again from its changes', () => {
  it('has the same records, state and clock as the world it was, and is small', async () => {
    const { name, headers, world } = server.freshWorld('changes');
    const token = server.token('buyer', name);
    const before = (await server.call('GET', '/address/list', { token, headers })).body.data;
    // One that is not the primary address (status 1), so it may be deleted.
    const removable = before.find((a) => a.status !== 1)!;
    // Writes of several kinds: an address added, one removed, a subscription, the clock moved.
    const added = await server.call('POST', '/address/add', {
      token,
      headers,
      body: { name: '이서연', tel: '+821098765432', addr: '부산광역시 해운대구 센텀중앙로 79', addr2: '1203호', zip: '48058' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await server.call('POST', '/address/delete', { token, headers, body: { _id: removable._id } })).status).toBe(200);
    await control(server, 'POST', '/clock/advance', { headers, body: { ms: 7_200_000 } });

    const kept = JSON.parse(JSON.stringify(changesOf(world))) as WorldChanges;
    expect(JSON.stringify(kept).length).toBeLessThan(50_000);
    const again = worldFromChanges(kept);
    const buyer = world.store.accounts.one('persona', 'buyer')!.uid;
    const addresses = (w: typeof world) =>
      w.store.addresses
        .by('owner', buyer)
        .map((row) => row.address)
        .sort((a, b) => a._id.localeCompare(b._id));
    expect(addresses(again)).toEqual(addresses(world));
    expect(addresses(again).some((a) => a.addr2 === '1203호')).toBe(true);
    expect(again.store.addresses.get(removable._id)).toBeUndefined();
    expect(again.store.state.counters).toEqual(world.store.state.counters);
    expect(again.clock.offset).toBe(world.clock.offset);
  });
});
