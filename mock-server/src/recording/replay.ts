// Replay: the world a recording (./recording) or a HAR (./har) gives, as the records new worlds start
// from. The recorded records are merged over the seed's (or stand alone, --replay-only, beside the persona
// accounts so /__mock/login still works): a recorded record replaces the seeded one of its id, and a seeded
// seller, market or product that a recorded one displaces by its public key (a seller's publicId, a market's
// seller and number) goes with everything hanging from it, so `/m/{seller}/{n}` names one market. Relations a
// recording could not see are found here: a market's seller by its publicId, a room's seller by its name, a
// receipt's room by its buyer and seller (made when the recording saw none). The result is an ordinary
// generated world: every rule of the handlers applies to it as to the seed's.
import type { World as GeneratedWorld, RoomRow } from '@creator-market/fixtures';
import { NO_RECORDS } from '../world/store';
import { derivedId, RECORD_KINDS, type RecordedWorld, type RecordKind } from './recording';

export interface ReplayReport {
  /** Records of the recording in the world, by kind. */
  imported: Record<RecordKind, number>;
  /** Recorded records left out: a relation nothing in the world could satisfy. */
  dropped: Record<RecordKind, number>;
  /** Seeded records displaced by recorded ones of the same public key (and what hung from them). */
  displaced: number;
}

const pair = (a: string, b: string) => `${a}\u0000${b}`;

export function mergeRecording(
  seed: GeneratedWorld,
  recorded: RecordedWorld,
  only = false,
): { world: GeneratedWorld; report: ReplayReport } {
  const imported = Object.fromEntries(RECORD_KINDS.map((k) => [k, 0])) as Record<RecordKind, number>;
  const dropped = { ...imported };
  const base: GeneratedWorld = only ? { ...seed, ...NO_RECORDS, accounts: seed.accounts.filter((a) => a.persona !== null) } : seed;
  let displaced = 0;

  // Sellers: recorded ones replace by id; a seeded one of a recorded publicId under another id is displaced.
  const sellerIds = new Set(recorded.sellers.map((s) => s._id));
  const sellerSlugs = new Set(recorded.sellers.map((s) => s.publicId));
  const goneSellers = new Set(base.sellers.filter((s) => sellerSlugs.has(s.publicId) && !sellerIds.has(s._id)).map((s) => s._id));
  const sellers = [...base.sellers.filter((s) => !sellerIds.has(s._id) && !goneSellers.has(s._id)), ...recorded.sellers];
  imported.sellers = recorded.sellers.length;
  const sellerBySlug = new Map(sellers.map((s) => [s.publicId, s]));
  const sellerById = new Map(sellers.map((s) => [s._id, s]));

  // Markets: the seller found by publicId when the recording did not know it.
  const recordedMarkets = recorded.markets.flatMap((row) => {
    const sellerUID = row.sellerUID && sellerById.has(row.sellerUID) ? row.sellerUID : sellerBySlug.get(row.market.sellerPublicId)?._id;
    if (!sellerUID) return (dropped.markets++, []);
    return [{ ...row, sellerUID }];
  });
  imported.markets = recordedMarkets.length;
  const marketIds = new Set(recordedMarkets.map((r) => r.market._id));
  const marketKeys = new Set(recordedMarkets.map((r) => pair(r.market.sellerPublicId, String(r.market.publicId))));
  const goneMarkets = new Set(
    base.markets
      .filter(
        (r) =>
          !marketIds.has(r.market._id) &&
          (goneSellers.has(r.sellerUID) || marketKeys.has(pair(r.market.sellerPublicId, String(r.market.publicId)))),
      )
      .map((r) => r.market._id),
  );
  const markets = [...base.markets.filter((r) => !marketIds.has(r.market._id) && !goneMarkets.has(r.market._id)), ...recordedMarkets];
  const marketById = new Map(markets.map((r) => [r.market._id, r]));

  const recordedProducts = recorded.products.filter((r) => marketById.has(r.marketUID) || (dropped.products++, false));
  imported.products = recordedProducts.length;
  const productIds = new Set(recordedProducts.map((r) => r.product._id));
  const products = [...base.products.filter((r) => !productIds.has(r.product._id) && !goneMarkets.has(r.marketUID)), ...recordedProducts];

  // Accounts: a recorded one replaces the seeded one of its uid, keeping the persona it is (for /__mock/login).
  const seededAccounts = new Map(base.accounts.map((a) => [a.uid, a]));
  const recordedAccounts = recorded.accounts.map((a) => ({ ...a, persona: seededAccounts.get(a.uid)?.persona ?? a.persona ?? null }));
  imported.accounts = recordedAccounts.length;
  const accountIds = new Set(recordedAccounts.map((a) => a.uid));
  const accounts = [...base.accounts.filter((a) => !accountIds.has(a.uid)), ...recordedAccounts];

  const byId = <T>(seeded: T[], own: T[], id: (row: T) => string, keep: (row: T) => boolean = () => true) => {
    const ids = new Set(own.map(id));
    return [...seeded.filter((row) => !ids.has(id(row)) && keep(row)), ...own];
  };

  const addresses = byId(base.addresses, recorded.addresses, (r) => r.address._id);
  imported.addresses = recorded.addresses.length;
  const recordedCarts = recorded.carts.filter((r) => marketById.has(r.cart.market._id) || (dropped.carts++, false));
  imported.carts = recordedCarts.length;
  const carts = byId(
    base.carts,
    recordedCarts,
    (r) => r.cart._id,
    (r) => !goneMarkets.has(r.cart.market._id),
  );

  // Rooms: the seller by uid, else by the name the room shows.
  const sellerByName = new Map(sellers.map((s) => [s.info.name, s]));
  const recordedRooms = recorded.rooms.flatMap((row) => {
    const sellerUID = row.sellerUID && sellerById.has(row.sellerUID) ? row.sellerUID : sellerByName.get(row.room.sellerName)?._id;
    if (!sellerUID) return (dropped.rooms++, []);
    return [{ ...row, sellerUID }];
  });
  const rooms: RoomRow[] = byId(
    base.rooms,
    recordedRooms,
    (r) => r.room._id,
    (r) => !goneSellers.has(r.sellerUID),
  );
  const roomOf = new Map(rooms.map((r) => [pair(r.ownerUid, r.sellerUID), r.room._id]));

  const recordedReceipts = recorded.receipts.flatMap((row) => {
    if (!marketById.has(row.marketUID) || !sellerById.has(row.sellerUID)) return (dropped.receipts++, []);
    let roomId = rooms.some((r) => r.room._id === row.roomId) ? row.roomId : roomOf.get(pair(row.ownerUid, row.sellerUID));
    if (!roomId) {
      const seller = sellerById.get(row.sellerUID)!;
      roomId = derivedId(`room:${row.ownerUid}:${row.sellerUID}`);
      rooms.push({
        ownerUid: row.ownerUid,
        sellerUID: row.sellerUID,
        room: {
          _id: roomId,
          sellerProfile: seller.info.profile,
          sellerName: seller.info.name,
          timestamp: row.receipt.timestamp,
          pinned: false,
        },
      });
      recordedRooms.push(rooms[rooms.length - 1]!);
      roomOf.set(pair(row.ownerUid, row.sellerUID), roomId);
    }
    return [{ ...row, roomId }];
  });
  imported.rooms = recordedRooms.length;
  imported.receipts = recordedReceipts.length;
  const receipts = byId(
    base.receipts,
    recordedReceipts,
    (r) => r.receipt._id,
    (r) => !goneMarkets.has(r.marketUID),
  );
  const notifications = byId(base.notifications, recorded.notifications, (r) => r.notification._id);
  imported.notifications = recorded.notifications.length;

  const world: GeneratedWorld = {
    ...base,
    accounts,
    sellers,
    markets,
    products,
    previews: base.previews.filter((p) => !goneSellers.has(p.sellerUID)),
    addresses,
    subscriptions: base.subscriptions.filter((r) => !goneSellers.has(r.subscription.sellerId)),
    alarms: base.alarms.filter((r) => !goneMarkets.has(r.alarm.marketUID)),
    carts,
    rooms,
    receipts,
    notifications,
  };
  displaced = goneSellers.size + goneMarkets.size;
  return { world, report: { imported, dropped, displaced } };
}
