import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@creator-market/sdk/domain';
import { errorCode, startTestServer, type TestServer, errorDetails } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const freshWorld = () => srv.freshWorld('address-test');

const clockOf = (world: string) => srv.mock.worlds.fromRequest(world).clock;

const HOME = {
  name: '이새봄',
  tel: '+821055556666',
  addr: '서울특별시 마포구 와우산로 94',
  addr2: '101동 1203호',
  zip: '04066',
  msg: '부재 시 문 앞에 놓아주세요.',
};
const OFFICE = { name: 'Saebom_Lee', tel: '+821077778888', addr: '경기도 성남시 분당구 판교역로 235', addr2: '7층', zip: '13494' };

type Ctx = { token: string; headers: Record<string, string> };

async function list({ token, headers }: Ctx) {
  const res = await srv.call('GET', '/address/list', { token, headers });
  expect(res.status).toBe(200);
  return res.body.data as { _id: string; status: number; name: string; timestamp: string; msg: string }[];
}

async function add({ token, headers }: Ctx, body: object) {
  const res = await srv.call('POST', '/address/add', { token, headers, body });
  expect(res.status).toBe(200);
  return res.body.data as { _id: string; status: number; timestamp: string };
}

/** The buyer persona's two addresses: [primary home, office]. */
async function buyerAddresses(ctx: Ctx) {
  const all = await list(ctx);
  expect(all).toHaveLength(2);
  return all;
}

describe('getPrimaryAddress', () => {
  it("answers the buyer's primary address", async () => {
    const res = await srv.call('GET', '/address/get-primary', { token: srv.token('buyer') });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 1, addr: '서울특별시 마포구 와우산로 94', name: '김하늘' });
  });

  it('answers null for an empty address book', async () => {
    const res = await srv.call('GET', '/address/get-primary', { token: srv.token('buyer-new') });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
  });

  it('is 401 for a guest', async () => {
    expect((await srv.call('GET', '/address/get-primary')).status).toBe(401);
  });
});

describe('listAddresses', () => {
  it('lists the primary address first, then the most recently changed', async () => {
    const { name, headers } = freshWorld();
    const ctx = { token: srv.token('buyer', name), headers };
    const [home, office] = await buyerAddresses(ctx);
    expect(home!.status).toBe(1);
    expect(office!.status).toBe(0);
    clockOf(name).advance(60_000);
    const newer = await add(ctx, HOME);
    clockOf(name).advance(60_000);
    const newest = await add(ctx, OFFICE);
    expect((await list(ctx)).map((a) => a._id)).toEqual([home!._id, newest._id, newer._id, office!._id]);
  });

  it("is empty for a new buyer, and never shows another account's addresses", async () => {
    const { name, headers } = freshWorld();
    expect(await list({ token: srv.token('buyer-new', name), headers })).toEqual([]);
    await add({ token: srv.token('buyer', name), headers }, HOME);
    expect(await list({ token: srv.token('buyer-new', name), headers })).toEqual([]);
  });

  it('is 401 for a guest', async () => {
    expect((await srv.call('GET', '/address/list')).status).toBe(401);
  });
});

describe('setPrimaryAddress', () => {
  it('makes the address primary and every other one not', async () => {
    const { name, headers } = freshWorld();
    const ctx = { token: srv.token('buyer', name), headers };
    const [home, office] = await buyerAddresses(ctx);
    const res = await srv.call('POST', '/address/set-primary', { ...ctx, body: { _id: office!._id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: office!._id, status: 1, timestamp: office!.timestamp });
    const after = await list(ctx);
    expect(after.map((a) => [a._id, a.status])).toEqual([
      [office!._id, 1],
      [home!._id, 0],
    ]);
    const primary = await srv.call('GET', '/address/get-primary', ctx);
    expect(primary.body.data?._id).toBe(office!._id);
  });

  it('succeeds without change for the address already primary', async () => {
    const { name, headers } = freshWorld();
    const ctx = { token: srv.token('buyer', name), headers };
    const before = await buyerAddresses(ctx);
    const res = await srv.call('POST', '/address/set-primary', { ...ctx, body: { _id: before[0]!._id } });
    expect(res.status).toBe(200);
    expect(await list(ctx)).toEqual(before);
  });

  it("is 403 for another account's address and 404 for an unknown one", async () => {
    const { name, headers } = freshWorld();
    const [home] = await buyerAddresses({ token: srv.token('buyer', name), headers });
    const foreign = await srv.call('POST', '/address/set-primary', {
      token: srv.token('buyer-new', name),
      headers,
      body: { _id: home!._id },
    });
    expect(foreign.status).toBe(403);
    expect(errorCode(foreign.body)).toBe('permission-denied');
    const unknown = await srv.call('POST', '/address/set-primary', {
      token: srv.token('buyer', name),
      headers,
      body: { _id: 'ffffffffffffffffffffffff' },
    });
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown.body)).toBe('not-found');
  });

  it('is 400 for a malformed id and 401 for a guest', async () => {
    expect((await srv.call('POST', '/address/set-primary', { token: srv.token('buyer'), body: { _id: 'home' } })).status).toBe(400);
    expect((await srv.call('POST', '/address/set-primary', { body: { _id: 'ffffffffffffffffffffffff' } })).status).toBe(401);
  });
});

describe('addAddress', () => {
  it('makes the first address primary and later ones not, with an empty memo when none is given', async () => {
    const { name, headers } = freshWorld();
    const ctx = { token: srv.token('buyer-new', name), headers };
    const first = await add(ctx, HOME);
    expect(first).toMatchObject({ ...HOME, status: 1 });
    expect(first._id).toMatch(/^[0-9a-f]{24}$/);
    expect(first.timestamp).toBe(new Date(Date.parse(first.timestamp)).toISOString());
    const second = await add(ctx, OFFICE);
    expect(second).toMatchObject({ ...OFFICE, msg: '', status: 0 });
    expect((await list(ctx)).map((a) => a._id)).toEqual([first._id, second._id]);
  });

  it('refuses a recipient name over the weighted length, an invalid mobile number and blank lines, adding nothing', async () => {
    const { name, headers } = freshWorld();
    const ctx = { token: srv.token('buyer-new', name), headers };
    const cases = [
      // 11 Korean characters weigh 33 (the schema's plain length of 30 lets it through)
      { body: { ...HOME, name: '가나다라마바사아자차카' }, path: '/body/name', message: VALIDATION_MESSAGES.recipientNameTooLong },
      { body: { ...HOME, tel: '+82101234' }, path: '/body/tel', message: VALIDATION_MESSAGES.phoneInvalid },
      { body: { ...HOME, tel: '+8210123456789' }, path: '/body/tel', message: VALIDATION_MESSAGES.phoneInvalid },
      { body: { ...HOME, addr2: '   ' }, path: '/body/addr2', message: VALIDATION_MESSAGES.addressRequired },
    ];
    for (const { body, path, message } of cases) {
      const res = await srv.call('POST', '/address/add', { ...ctx, body });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('bad-request');
      expect(errorDetails(res.body)).toEqual([{ path, message }]);
    }
    // 10 Korean characters (30) and 30 letters are within the limit
    expect((await add(ctx, { ...HOME, name: '가나다라마바사아자차' })).status).toBe(1);
    expect((await add(ctx, { ...HOME, name: 'a'.repeat(30) })).status).toBe(0);
    expect(await list(ctx)).toHaveLength(2);
  });

  it('refuses a body breaking the schema (missing detail, a space in the name, an _id)', async () => {
    const token = srv.token('buyer-new');
    const { addr2: _missing, ...withoutDetail } = HOME;
    for (const body of [withoutDetail, { ...HOME, name: '이 새봄' }, { ...HOME, _id: 'ffffffffffffffffffffffff' }]) {
      const res = await srv.call('POST', '/address/add', { token, body });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('bad-request');
    }
  });

  it('is 401 for a guest', async () => {
    expect((await srv.call('POST', '/address/add', { body: HOME })).status).toBe(401);
  });
});

describe('updateAddress', () => {
  it('replaces the fields, keeps the status and stamps the time', async () => {
    const { name, headers } = freshWorld();
    const ctx = { token: srv.token('buyer', name), headers };
    const [home, office] = await buyerAddresses(ctx);
    clockOf(name).advance(60_000);
    const res = await srv.call('POST', '/address/update', { ...ctx, body: { _id: office!._id, ...OFFICE } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: office!._id, ...OFFICE, msg: '', status: 0 });
    expect(Date.parse(res.body.data.timestamp)).toBeGreaterThan(Date.parse(office!.timestamp));
    const after = await list(ctx);
    expect(after[0]).toEqual(home);
    expect(after[1]).toEqual(res.body.data);
  });

  it('refuses a name over the weighted length and changes nothing', async () => {
    const { name, headers } = freshWorld();
    const ctx = { token: srv.token('buyer', name), headers };
    const before = await buyerAddresses(ctx);
    const res = await srv.call('POST', '/address/update', {
      ...ctx,
      body: { _id: before[1]!._id, ...HOME, name: '가나다라마바사아자차카' },
    });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
    expect(await list(ctx)).toEqual(before);
  });

  it("is 403 for another account's address and 404 for an unknown one", async () => {
    const { name, headers } = freshWorld();
    const before = await buyerAddresses({ token: srv.token('buyer', name), headers });
    const foreign = await srv.call('POST', '/address/update', {
      token: srv.token('buyer-new', name),
      headers,
      body: { _id: before[0]!._id, ...HOME },
    });
    expect(foreign.status).toBe(403);
    expect(await list({ token: srv.token('buyer', name), headers })).toEqual(before);
    const unknown = await srv.call('POST', '/address/update', {
      token: srv.token('buyer', name),
      headers,
      body: { _id: 'ffffffffffffffffffffffff', ...HOME },
    });
    expect(unknown.status).toBe(404);
  });

  it('is 401 for a guest', async () => {
    expect((await srv.call('POST', '/address/update', { body: { _id: 'ffffffffffffffffffffffff', ...HOME } })).status).toBe(401);
  });
});

describe('deleteAddress', () => {
  it('deletes an address that is not primary', async () => {
    const { name, headers } = freshWorld();
    const ctx = { token: srv.token('buyer', name), headers };
    const [home, office] = await buyerAddresses(ctx);
    const res = await srv.call('POST', '/address/delete', { ...ctx, body: { _id: office!._id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(true);
    expect(await list(ctx)).toEqual([home]);
  });

  it('promotes the most recently changed address when the primary one is deleted, and empties the book at the end', async () => {
    const { name, headers } = freshWorld();
    const ctx = { token: srv.token('buyer-new', name), headers };
    const first = await add(ctx, HOME);
    clockOf(name).advance(60_000);
    const second = await add(ctx, OFFICE);
    clockOf(name).advance(60_000);
    const third = await add(ctx, { ...OFFICE, addr2: '8층' });
    clockOf(name).advance(60_000);
    // changing the second makes it the most recently changed
    expect((await srv.call('POST', '/address/update', { ...ctx, body: { _id: second._id, ...OFFICE, addr2: '9층' } })).status).toBe(200);

    expect((await srv.call('POST', '/address/delete', { ...ctx, body: { _id: first._id } })).status).toBe(200);
    expect((await list(ctx)).map((a) => [a._id, a.status])).toEqual([
      [second._id, 1],
      [third._id, 0],
    ]);
    for (const id of [second._id, third._id])
      expect((await srv.call('POST', '/address/delete', { ...ctx, body: { _id: id } })).status).toBe(200);
    expect(await list(ctx)).toEqual([]);
    expect((await srv.call('GET', '/address/get-primary', ctx)).body.data).toBeNull();
  });

  it("is 403 for another account's address and 404 for an unknown or deleted one", async () => {
    const { name, headers } = freshWorld();
    const ctx = { token: srv.token('buyer', name), headers };
    const [, office] = await buyerAddresses(ctx);
    const foreign = await srv.call('POST', '/address/delete', { token: srv.token('buyer-new', name), headers, body: { _id: office!._id } });
    expect(foreign.status).toBe(403);
    expect(await list(ctx)).toHaveLength(2);
    expect((await srv.call('POST', '/address/delete', { ...ctx, body: { _id: office!._id } })).status).toBe(200);
    const again = await srv.call('POST', '/address/delete', { ...ctx, body: { _id: office!._id } });
    expect(again.status).toBe(404);
    expect(errorCode(again.body)).toBe('not-found');
  });

  it('is 401 for a guest', async () => {
    expect((await srv.call('POST', '/address/delete', { body: { _id: 'ffffffffffffffffffffffff' } })).status).toBe(401);
  });
});
