// room: the order history (one room per seller, pinned first, newest activity first, cursor pages) and
// a room's receipts grouped by market. Orders are placed for real through the cart and order APIs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairKey, type MarketRow, type ProductRow, type RoomRow } from '../src/world/store';
import { errorCode, startTestServer, type CallOptions, type TestServer, type Method } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

/** A fresh world; `order(market)` places a 1-unit order in the market (as buyer-new unless told). */
function setup(label: string) {
  const worldName = `room-${label}-${Math.random().toString(36).slice(2, 8)}`;
  const world = srv.mock.worlds.fromRequest(worldName);
  const { store } = world;
  const sellerUid = store.accounts.one('persona', 'seller')!.uid;
  const buyerUid = store.accounts.one('persona', 'buyer-new')!.uid;
  const buyer = srv.token('buyer-new', worldName);
  const other = srv.token('buyer', worldName);
  const call = <M extends Method, P extends string>(method: M, path: P, options: CallOptions = {}) =>
    srv.call(method, path, { ...options, headers: { 'X-Mock-World': worldName, ...options.headers } });
  const sellerMarket = (title: string) => store.markets.by('seller', sellerUid).find((r) => r.market.title === title) as MarketRow;

  async function order(marketRow: MarketRow, token = buyer): Promise<string> {
    // an option on sale with units left, unlimited stock first
    const orderable = (o: ProductRow['product']['option'][number]) => o.useYN && (o.stock === -1 || o.stock - o.order > 0);
    const candidates = store.products.by('market', marketRow.market._id).filter((r) => r.product.useYN && r.product.option.some(orderable));
    const product = (candidates.find((r) => r.product.option.some((o) => orderable(o) && o.stock === -1)) ?? candidates[0]) as ProductRow;
    const option = [...product.product.option].sort((a, b) => Number(b.stock === -1) - Number(a.stock === -1)).find(orderable)!.title;
    const productList = [{ _id: product.product._id, option, amount: 1 }];
    const seller = store.sellers.get(marketRow.sellerUID)!.publicId;
    const cart = await call('POST', '/cart/add/common', { token, body: { marketId: marketRow.market._id, seller, productList } });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    // a market whose minimum or delivery options the 1-unit line would miss is made to accept it
    store.markets.replace({ ...marketRow, market: { ...store.markets.get(marketRow.market._id)!.market, minPrice: 0 } });
    const title = store.markets.get(marketRow.market._id)!.market.delivery.option.find((o) => o.useYN && o.weight === undefined)?.title;
    const res = await call('POST', '/receipt/insert', {
      token,
      body: {
        marketId: marketRow.market._id,
        memo: '잘 부탁드려요',
        productList,
        delivery: {
          name: '이새봄',
          tel: '+821098765432',
          addr: '서울특별시 마포구 와우산로 94',
          addr2: '3층',
          zip: '04066',
          msg: '',
          title,
        },
        sns: { type: 0, id: '' },
        buyerAccount: { name: '이새봄', no: '1002345678901', type: '020' },
        payment: { option: 1, depositExpect: '' },
        cashReceipt: { useYN: false, isPersonal: true, no: '' },
        cartId: cart.body.data._id,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  /** Rooms for buyer-new with sellers of the crowd, straight into the store (for paging). */
  function seedRooms(count: number): RoomRow[] {
    const rows: RoomRow[] = [];
    const now = world.clock.now();
    for (let i = 0; i < count; i++) {
      const row: RoomRow = {
        ownerUid: buyerUid,
        sellerUID: `5f00000000000000000${String(i).padStart(5, '0')}`,
        room: {
          _id: store.newId(now),
          sellerProfile: '',
          sellerName: `작가${i}`,
          timestamp: new Date(now - i * 60_000).toISOString(),
          pinned: false,
        },
      };
      store.rooms.insert(row);
      rows.push(row);
    }
    return rows;
  }

  const roomWith = (sellerId: string, ownerUid = buyerUid) => store.rooms.one('ownerSeller', pairKey(ownerUid, sellerId))!;
  return { worldName, world, store, sellerUid, buyerUid, buyer, other, call, sellerMarket, order, seedRooms, roomWith };
}

const ids = (list: { _id: string }[]) => list.map((item) => item._id);

describe('listRooms', () => {
  it('lists pinned rooms first, then the others by last activity, newest first', async () => {
    const t = setup('list-order');
    // the buyer persona's world: the persona seller's room is pinned, two other rooms are not
    const res = await t.call('GET', '/room', { token: t.other });
    expect(res.status).toBe(200);
    const rooms = res.body.data as { _id: string; pinned: boolean; timestamp: string; sellerName: string }[];
    expect(rooms.length).toBeGreaterThanOrEqual(2);
    expect(rooms[0]!.pinned).toBe(true);
    expect(rooms[0]!.sellerName).toBe('말랑공방');
    const rest = rooms.filter((r) => !r.pinned);
    expect(rest.map((r) => r.timestamp)).toEqual([...rest.map((r) => r.timestamp)].sort().reverse());
  });

  it('a new order moves its room to the top', async () => {
    const t = setup('list-activity');
    const open = t.sellerMarket('겨울 스티커 마켓');
    await t.order(open);
    const mine = t.roomWith(t.sellerUid).room._id;
    t.world.clock.advance(60_000);
    const [newer] = t.seedRooms(1);
    expect(ids((await t.call('GET', '/room', { token: t.buyer })).body.data)).toEqual([newer!.room._id, mine]);
    t.world.clock.advance(60_000);
    await t.order(open);
    expect(ids((await t.call('GET', '/room', { token: t.buyer })).body.data)).toEqual([mine, newer!.room._id]);
  });

  it('pages 20 at a time by the last room shown; an empty page ends the list', async () => {
    const t = setup('list-pages');
    const seeded = t.seedRooms(25);
    const first = await t.call('GET', '/room', { token: t.buyer });
    expect(ids(first.body.data)).toEqual(ids(seeded.map((r) => r.room)).slice(0, 20));
    const second = await t.call('GET', '/room', { token: t.buyer, query: { offset: first.body.data[19]!._id, flag: 'before' } });
    expect(ids(second.body.data)).toEqual(ids(seeded.map((r) => r.room)).slice(20));
    const third = await t.call('GET', '/room', { token: t.buyer, query: { offset: second.body.data[4]!._id, flag: 'before' } });
    expect(third.body.data).toEqual([]);
  });

  it('is empty for a buyer without orders, bad-request for an unknown flag, 401 for a guest', async () => {
    const t = setup('list-empty');
    expect((await t.call('GET', '/room', { token: t.buyer })).body.data).toEqual([]);
    expect(errorCode((await t.call('GET', '/room', { token: t.buyer, query: { flag: 'after' } })).body)).toBe('bad-request');
    expect((await t.call('GET', '/room')).status).toBe(401);
  });
});

describe('listPinnedRooms', () => {
  it('lists only the pinned rooms', async () => {
    const t = setup('pinned');
    const res = await t.call('GET', '/room/pin', { token: t.other });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(1);
    expect(res.body.data.every((r: { pinned: boolean }) => r.pinned)).toBe(true);
    expect((await t.call('GET', '/room/pin', { token: t.buyer })).body.data).toEqual([]);
    expect((await t.call('GET', '/room/pin')).status).toBe(401);
  });
});

describe('pinRoom', () => {
  it('pins and unpins a room without changing its activity time; repeating is harmless', async () => {
    const t = setup('pin');
    const seeded = t.seedRooms(3);
    const target = seeded[2]!.room;
    const pinned = await t.call('POST', '/room/pin', { token: t.buyer, body: { roomId: target._id, flag: true } });
    expect(pinned.status).toBe(200);
    expect(pinned.body.data).toEqual({ ...target, pinned: true });
    expect((await t.call('POST', '/room/pin', { token: t.buyer, body: { roomId: target._id, flag: true } })).body.data.pinned).toBe(true);
    expect(ids((await t.call('GET', '/room', { token: t.buyer })).body.data)).toEqual([
      target._id,
      seeded[0]!.room._id,
      seeded[1]!.room._id,
    ]);
    expect(ids((await t.call('GET', '/room/pin', { token: t.buyer })).body.data)).toEqual([target._id]);

    await t.call('POST', '/room/pin', { token: t.buyer, body: { roomId: target._id, flag: false } });
    expect(ids((await t.call('GET', '/room', { token: t.buyer })).body.data)).toEqual(ids(seeded.map((r) => r.room)));
    expect((await t.call('GET', '/room/pin', { token: t.buyer })).body.data).toEqual([]);
  });

  it("403 for another account's room (unchanged), 404 for an unknown room, 401 for a guest", async () => {
    const t = setup('pin-errors');
    const [room] = t.seedRooms(1);
    const denied = await t.call('POST', '/room/pin', { token: t.other, body: { roomId: room!.room._id, flag: true } });
    expect(denied.status).toBe(403);
    expect(errorCode(denied.body)).toBe('permission-denied');
    expect(t.store.rooms.get(room!.room._id)!.room.pinned).toBe(false);
    const unknown = await t.call('POST', '/room/pin', { token: t.buyer, body: { roomId: '0123456789abcdef01234567', flag: true } });
    expect(unknown.status).toBe(404);
    expect(errorCode((await t.call('POST', '/room/pin', { token: t.buyer, body: { roomId: room!.room._id, flag: 'yes' } })).body)).toBe(
      'bad-request',
    );
    expect((await t.call('POST', '/room/pin', { body: { roomId: room!.room._id, flag: true } })).status).toBe(401);
  });
});

describe('listRoomReceipts', () => {
  it("groups the caller's receipts of the seller by market, newest first, and pages by the last receipt", async () => {
    const t = setup('receipts');
    const open = t.sellerMarket('겨울 스티커 마켓');
    const closing = t.sellerMarket('연말 다꾸 팩 마켓');
    const a1 = await t.order(open);
    t.world.clock.advance(60_000);
    const a2 = await t.order(open);
    t.world.clock.advance(60_000);
    const b1 = await t.order(closing);
    const res = await t.call('GET', '/room/receipt', { token: t.buyer, query: { seller: t.sellerUid } });
    expect(res.status).toBe(200);
    const groups = res.body.data as {
      _id: string;
      title: string;
      marketCover: string;
      receipt: { receiptPublicId: string; status: number }[];
    }[];
    expect(groups.map((g) => [g._id, g.title])).toEqual([
      [closing.market._id, '연말 다꾸 팩 마켓'],
      [open.market._id, '겨울 스티커 마켓'],
    ]);
    expect(groups[0]!.marketCover).toBe(closing.market.cover[0]);
    expect(groups.map((g) => g.receipt.map((r) => r.receiptPublicId))).toEqual([[b1], [a2, a1]]);

    // the cursor: after b1 comes the open market's group again
    const b1Id = t.store.receipts.one('publicId', b1)!.receipt._id;
    const next = await t.call('GET', '/room/receipt', { token: t.buyer, query: { seller: t.sellerUid, offset: b1Id, flag: 'before' } });
    expect(next.body.data.map((g: { receipt: { receiptPublicId: string }[] }) => g.receipt.map((r) => r.receiptPublicId))).toEqual([
      [a2, a1],
    ]);
    const a1Id = t.store.receipts.one('publicId', a1)!.receipt._id;
    expect(
      (await t.call('GET', '/room/receipt', { token: t.buyer, query: { seller: t.sellerUid, offset: a1Id, flag: 'before' } })).body.data,
    ).toEqual([]);
  });

  it('pages at most 20 receipts', async () => {
    const t = setup('receipts-20');
    const open = t.sellerMarket('겨울 스티커 마켓');
    for (let i = 0; i < 21; i++) await t.order(open);
    const first = (await t.call('GET', '/room/receipt', { token: t.buyer, query: { seller: t.sellerUid } })).body.data;
    expect(first).toHaveLength(1);
    expect(first[0]!.receipt).toHaveLength(20);
    const next = (
      await t.call('GET', '/room/receipt', {
        token: t.buyer,
        query: { seller: t.sellerUid, offset: first[0]!.receipt[19]!._id, flag: 'before' },
      })
    ).body.data;
    expect(next[0]!._id).toBe(open.market._id);
    expect(next[0]!.receipt).toHaveLength(1);
  });

  it("only ever lists the caller's own receipts; empty for a seller never ordered from; 404 unknown seller; 401", async () => {
    const t = setup('receipts-own');
    const mine = await t.order(t.sellerMarket('겨울 스티커 마켓'));
    const theirs = await t.call('GET', '/room/receipt', { token: t.other, query: { seller: t.sellerUid } });
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain(mine);
    const otherSeller = t.store.accounts.one('persona', 'seller-incomplete')!.uid;
    expect((await t.call('GET', '/room/receipt', { token: t.buyer, query: { seller: otherSeller } })).body.data).toEqual([]);
    expect((await t.call('GET', '/room/receipt', { token: t.buyer, query: { seller: '0123456789abcdef01234567' } })).status).toBe(404);
    expect(errorCode((await t.call('GET', '/room/receipt', { token: t.buyer })).body)).toBe('bad-request');
    expect((await t.call('GET', '/room/receipt', { query: { seller: t.sellerUid } })).status).toBe(401);
  });
});

describe('getRoomInfo', () => {
  it('answers the seller of the room', async () => {
    const t = setup('info');
    await t.order(t.sellerMarket('겨울 스티커 마켓'));
    const room = t.roomWith(t.sellerUid);
    const res = await t.call('GET', `/room/info/${room.room._id}`, { token: t.buyer });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ seller: t.sellerUid, sellerPublicId: 'mallang_studio', sellerName: '말랑공방' });
  });

  it("403 for another account's room, 404 unknown, 400 malformed, 401 guest", async () => {
    const t = setup('info-errors');
    await t.order(t.sellerMarket('겨울 스티커 마켓'));
    const room = t.roomWith(t.sellerUid);
    const denied = await t.call('GET', `/room/info/${room.room._id}`, { token: t.other });
    expect(denied.status).toBe(403);
    expect(denied.text).not.toContain('mallang_studio');
    expect((await t.call('GET', '/room/info/0123456789abcdef01234567', { token: t.buyer })).status).toBe(404);
    expect(errorCode((await t.call('GET', '/room/info/nope', { token: t.buyer })).body)).toBe('bad-request');
    expect((await t.call('GET', `/room/info/${room.room._id}`)).status).toBe(401);
  });
});
