// room: the order history (one room per seller the buyer ordered from) and the receipts of a room,
// grouped by market.
import type { components } from '@creator-market/sdk/generated/api';
import { latestStatus } from '@creator-market/sdk/domain';
import { ApiFailure } from '../http/failure';
import { pairKey, type Account, type RoomRow, type Store } from '../world/store';
import { pageAfter, sellerName } from '../world/views';
import type { HandlerMap } from './types';
import { signedIn } from './types';

type Schemas = components['schemas'];

const ROOM_NOT_FOUND = () => new ApiFailure(404, 'not-found', { message: '주문 내역을 찾을 수 없어요.' });

/** Newest first by an ISO time, then by id (ids begin with their creation time). */
function newestFirst<T>(timeOf: (item: T) => string, idOf: (item: T) => string) {
  return (a: T, b: T) => timeOf(b).localeCompare(timeOf(a)) || idOf(b).localeCompare(idOf(a));
}

/** The account's rooms: pinned ones first, then the rest, each part by last activity, newest first. */
function roomsOf(store: Store, uid: string): Schemas['OrderRoom'][] {
  return store.rooms
    .by('owner', uid)
    .map((row) => row.room)
    .sort(
      (a, b) =>
        Number(b.pinned) - Number(a.pinned) ||
        newestFirst<Schemas['OrderRoom']>(
          (r) => r.timestamp,
          (r) => r._id,
        )(a, b),
    );
}

/** The caller's own room: 404 when unknown, 403 when another account's. */
function ownRoom(store: Store, user: Account, roomId: string): RoomRow {
  const row = store.rooms.get(roomId);
  if (!row) throw ROOM_NOT_FOUND();
  if (row.ownerUid !== user.uid) throw new ApiFailure(403, 'permission-denied');
  return row;
}

/** Consecutive receipts of one market form one group (a group may continue on the next page). */
function groupByMarket(
  store: Store,
  receipts: readonly Schemas['Receipt'][],
  marketOf: (receipt: Schemas['Receipt']) => string,
): Schemas['ReceiptGroup'][] {
  const groups: Schemas['ReceiptGroup'][] = [];
  for (const receipt of receipts) {
    const marketUID = marketOf(receipt);
    const item: Schemas['ReceiptGroupItem'] = {
      _id: receipt._id,
      receiver: receipt.delivery.name,
      totalPrice: receipt.totalPrice,
      receiptTime: receipt.timestamp,
      receiptPublicId: receipt.publicId,
      status: latestStatus(receipt.status) as Schemas['ReceiptStatusCode'],
    };
    const last = groups[groups.length - 1];
    if (last && last._id === marketUID) {
      last.receipt.push(item);
      continue;
    }
    const market = store.markets.get(marketUID)?.market;
    groups.push({ _id: marketUID, marketCover: market?.cover[0] ?? '', title: market?.title ?? '종료된 마켓', receipt: [item] });
  }
  return groups;
}

export const roomHandlers = {
  listRooms({ user, query }, { world }) {
    return { data: pageAfter(roomsOf(world.store, signedIn(user).uid), (room) => room._id, query.offset) };
  },

  listPinnedRooms({ user }, { world }) {
    return { data: roomsOf(world.store, signedIn(user).uid).filter((room) => room.pinned) };
  },

  pinRoom({ user, body }, { world }) {
    const row = ownRoom(world.store, signedIn(user), body.roomId);
    // Pinning moves the room into the pinned part of the list; its activity time stays.
    const next = world.store.rooms.replace({ ...row, room: { ...row.room, pinned: body.flag } });
    return { data: next.room };
  },

  listRoomReceipts({ user, query }, { world }) {
    const { store } = world;
    const uid = signedIn(user).uid;
    if (!store.sellers.get(query.seller)) throw new ApiFailure(404, 'not-found', { message: '작가님을 찾을 수 없어요.' });
    const room = store.rooms.one('ownerSeller', pairKey(uid, query.seller));
    // Only the caller's own receipts: those of the caller's room with this seller.
    const rows = room ? store.receipts.by('room', room.room._id).filter((row) => row.ownerUid === uid) : [];
    const marketOf = new Map(rows.map((row) => [row.receipt._id, row.marketUID]));
    const receipts = rows
      .map((row) => row.receipt)
      .sort(
        newestFirst<Schemas['Receipt']>(
          (r) => r.timestamp,
          (r) => r._id,
        ),
      );
    const page = pageAfter(receipts, (receipt) => receipt._id, query.offset);
    return { data: groupByMarket(store, page, (receipt) => marketOf.get(receipt._id) ?? '') };
  },

  getRoomInfo({ user, params }, { world }) {
    const { store } = world;
    const row = ownRoom(store, signedIn(user), params.roomId);
    const seller = store.sellers.get(row.sellerUID);
    if (!seller) throw ROOM_NOT_FOUND();
    return { data: { seller: seller._id, sellerPublicId: seller.publicId, sellerName: sellerName(seller) } };
  },
} satisfies Partial<HandlerMap>;
