// alarm: open-time alarms per market, their allowed times and their replacement, against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonaId } from '@creator-market/fixtures';
import { marketState } from '@creator-market/sdk/domain';
import type { MarketRow } from '../src/world/store';
import { errorCode, startTestServer, type TestServer, errorDetails } from './support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const BUYER_UID = '65f0c0de0000000000000001';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface AlarmEntry {
  _id: string;
  marketUID: string;
  marketST: string;
  at: number[];
}

/** A fresh, isolated world for one test, and calls into it as a persona (null = guest). */
function freshWorld() {
  const { name, headers, world } = server.freshWorld('alarm');
  const as = (persona: PersonaId | null) => {
    const token = persona ? server.token(persona, name) : null;
    return {
      list: async () => (await server.call('GET', '/alarm', { token, headers })).body.data as AlarmEntry[],
      get: <P extends string>(path: P) => server.call('GET', path, { token, headers }),
      post: <P extends string>(path: P, body: unknown) => server.call('POST', path, { token, headers, body }),
    };
  };
  const markets = (predicate: (row: MarketRow, now: number) => boolean) => {
    const now = world.clock.now();
    return [...world.store.markets.all()]
      .filter((row) => predicate(row, now))
      .sort((a, b) => a.market.marketST.localeCompare(b.market.marketST));
  };
  /** A public, numbered market opening more than `leadMs` from now. */
  const upcoming = (leadMs = DAY + HOUR) => {
    const found = markets(
      (r, now) => r.market.public && marketState(r.market, now) === 'pre-open' && Date.parse(r.market.marketST) - now > leadMs,
    )[0];
    if (!found) throw new Error('the world has no market opening that late');
    return { id: found.market._id, start: Date.parse(found.market.marketST), row: found };
  };
  return { world, store: world.store, as, markets, upcoming };
}

describe('listAlarms', () => {
  it("lists the account's alarms with their future times, soonest market start first", async () => {
    const { world, store, as } = freshWorld();
    const expected = (now: number) =>
      store.alarms
        .by('owner', BUYER_UID)
        .map((r) => ({ ...r.alarm, at: r.alarm.at.filter((t) => t > now) }))
        .filter((a) => a.at.length > 0)
        .sort((a, b) => Date.parse(a.marketST) - Date.parse(b.marketST));

    const listed = await as('buyer').list();
    expect(listed.length).toBeGreaterThan(1);
    expect(listed).toEqual(expected(world.clock.now()));
    for (const alarm of listed) expect(alarm.at).toEqual([...alarm.at].sort((a, b) => a - b));

    // Once the soonest market has opened its alarm has rung and is not listed any more.
    const soonest = listed[0]!;
    world.clock.set(Date.parse(soonest.marketST) + 1000);
    const later = await as('buyer').list();
    expect(later.map((a) => a.marketUID)).not.toContain(soonest.marketUID);
    expect(later).toEqual(expected(world.clock.now()));
  });

  it('is empty for an account without alarms', async () => {
    const { as } = freshWorld();
    expect(await as('buyer-new').list()).toEqual([]);
  });

  it('is 401 for a guest', async () => {
    const { as } = freshWorld();
    const res = await as(null).get('/alarm');
    expect(res.status).toBe(401);
    expect(errorCode(res.body)).toBe('unauthorized');
  });
});

describe('addAlarm', () => {
  it('sets the chosen times (ascending) and lists the alarm', async () => {
    const { as, upcoming } = freshWorld();
    const buyer = as('buyer-new');
    const market = upcoming();
    const res = await buyer.post('/alarm/add', { marketId: market.id, at: [market.start - 10 * MINUTE, market.start - DAY] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      marketUID: market.id,
      marketST: market.row.market.marketST,
      marketTitle: market.row.market.title,
      sellerPublicId: market.row.market.sellerPublicId,
      marketPublicId: market.row.market.publicId,
      at: [market.start - DAY, market.start - 10 * MINUTE],
    });
    expect(await buyer.list()).toEqual([res.body.data]);
  });

  it('rings 3 minutes before the start without times, or at the start once that moment has passed', async () => {
    const { world, as, upcoming } = freshWorld();
    const buyer = as('buyer-new');
    const market = upcoming();
    const res = await buyer.post('/alarm/add', { marketId: market.id });
    expect(res.status).toBe(200);
    expect(res.body.data.at).toEqual([market.start - 3 * MINUTE]);

    world.clock.set(market.start - 2 * MINUTE);
    const late = await buyer.post('/alarm/add', { marketId: market.id });
    expect(late.status).toBe(200);
    expect(late.body.data.at).toEqual([market.start]);
  });

  it("replaces the market's times, keeping one alarm per market", async () => {
    const { as, upcoming } = freshWorld();
    const buyer = as('buyer-new');
    const market = upcoming();
    const first = await buyer.post('/alarm/add', { marketId: market.id, at: [market.start - 10 * MINUTE] });
    const second = await buyer.post('/alarm/add', { marketId: market.id, at: [market.start, market.start - 30 * MINUTE] });
    expect(second.status).toBe(200);
    expect(second.body.data._id).toBe(first.body.data._id);
    expect(await buyer.list()).toEqual([{ ...first.body.data, at: [market.start - 30 * MINUTE, market.start] }]);
  });

  it('is already-exists for exactly the times already set, and nothing changes', async () => {
    const { world, as, upcoming } = freshWorld();
    const buyer = as('buyer-new');
    const market = upcoming();
    await buyer.post('/alarm/add', { marketId: market.id, at: [market.start - 5 * MINUTE, market.start] });
    const before = await buyer.list();
    const again = await buyer.post('/alarm/add', { marketId: market.id, at: [market.start, market.start - 5 * MINUTE] });
    expect(again.status).toBe(400);
    expect(errorCode(again.body)).toBe('already-exists');
    expect(await buyer.list()).toEqual(before);

    // The automatic time counts too.
    const auto = upcoming(market.start - world.clock.now() + MINUTE);
    await buyer.post('/alarm/add', { marketId: auto.id });
    const autoAgain = await buyer.post('/alarm/add', { marketId: auto.id, at: [auto.start - 3 * MINUTE] });
    expect(errorCode(autoAgain.body)).toBe('already-exists');
  });

  it('is bad-request for a time that is not an allowed offset from the start, or has passed', async () => {
    const { world, as, upcoming } = freshWorld();
    const buyer = as('buyer-new');
    const market = upcoming();
    const odd = await buyer.post('/alarm/add', { marketId: market.id, at: [market.start - 3 * MINUTE, market.start - 7 * MINUTE] });
    expect(odd.status).toBe(400);
    expect(errorCode(odd.body)).toBe('bad-request');
    expect(errorDetails(odd.body)).toEqual([expect.objectContaining({ path: '/body/at/1' })]);

    world.clock.set(market.start - 4 * MINUTE);
    const passed = await buyer.post('/alarm/add', { marketId: market.id, at: [market.start - 5 * MINUTE] });
    expect(passed.status).toBe(400);
    expect(errorCode(passed.body)).toBe('bad-request');
    expect(await buyer.list()).toEqual([]);
  });

  it('is invalid-market for an unknown, opened, closed or non-public market', async () => {
    const { world, as, markets } = freshWorld();
    const buyer = as('buyer-new');
    const add = async (marketId: string) => errorCode((await buyer.post('/alarm/add', { marketId })).body);

    expect(await add('ffffffffffffffffffffffff')).toBe('invalid-market');
    const opened = markets((r, now) => r.market.public && marketState(r.market, now) === 'opened')[0]!;
    expect(await add(opened.market._id)).toBe('invalid-market');
    const closed = markets((r, now) => r.market.public && marketState(r.market, now) === 'closed')[0]!;
    expect(await add(closed.market._id)).toBe('invalid-market');

    // A private market in the normal status, seen before its start: only not being public stops it.
    const hidden = markets((r) => !r.market.public && r.market.status === 2 && r.market.publicId > 0)[0];
    if (!hidden) throw new Error('the world has no private market in status 2');
    world.clock.set(Date.parse(hidden.market.marketST) - HOUR);
    expect(await add(hidden.market._id)).toBe('invalid-market');
    expect(await buyer.list()).toEqual([]);
  });

  it('is 401 for a guest', async () => {
    const { as, upcoming } = freshWorld();
    const res = await as(null).post('/alarm/add', { marketId: upcoming().id });
    expect(res.status).toBe(401);
  });
});

describe('deleteAlarm', () => {
  it("deletes the market's alarm", async () => {
    const { store, as } = freshWorld();
    const buyer = as('buyer');
    const before = await buyer.list();
    const target = before[0]!;
    const res = await buyer.post('/alarm/delete', { marketId: target.marketUID });
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(true);
    expect(await buyer.list()).toEqual(before.slice(1));
    expect(store.alarms.by('owner', BUYER_UID).map((r) => r.alarm.marketUID)).not.toContain(target.marketUID);
  });

  it('is alarm-not-exists without an alarm for the market, known or not', async () => {
    const { as, upcoming } = freshWorld();
    const buyer = as('buyer-new');
    const market = upcoming();
    const none = await buyer.post('/alarm/delete', { marketId: market.id });
    expect(none.status).toBe(400);
    expect(errorCode(none.body)).toBe('alarm-not-exists');
    expect(errorCode((await buyer.post('/alarm/delete', { marketId: 'ffffffffffffffffffffffff' })).body)).toBe('alarm-not-exists');

    await buyer.post('/alarm/add', { marketId: market.id });
    expect((await buyer.post('/alarm/delete', { marketId: market.id })).status).toBe(200);
    expect(errorCode((await buyer.post('/alarm/delete', { marketId: market.id })).body)).toBe('alarm-not-exists');
  });

  it("does not touch another account's alarm of the same market", async () => {
    const { as } = freshWorld();
    const theirs = (await as('buyer').list())[0]!;
    expect(errorCode((await as('buyer-new').post('/alarm/delete', { marketId: theirs.marketUID })).body)).toBe('alarm-not-exists');
    expect((await as('buyer').list())[0]).toEqual(theirs);
  });

  it('is 401 for a guest', async () => {
    const { as, upcoming } = freshWorld();
    expect((await as(null).post('/alarm/delete', { marketId: upcoming().id })).status).toBe(401);
  });
});
