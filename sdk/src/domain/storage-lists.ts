// The market alarms and the ids to refresh, versioned local stores of SPEC.md section 3 like those of
// storage.ts (which clears them at logout by their keys). Apart from it because the screens that keep
// alarms and carts use them, not the start scripts.
import { ALARM_MARKET_ST_KEY, createVersionedStore, EXPIRE_KEY, isRecord, stringList, type StorageBackend } from './storage.js';

// ---------------------------------------------------------------- market alarms

export const ALARM_MARKET_ST_VERSION = '2022-08-18';

/** Alarm times (epoch ms) set per market id. */
export type MarketAlarmTimes = Record<string, number[]>;

function repairAlarmTimes(data: unknown): MarketAlarmTimes {
  if (!isRecord(data)) return {};
  // Built with fromEntries so that any key (even '__proto__') stays a plain own property.
  return Object.fromEntries(
    Object.entries(data)
      .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))
      .map(([marketId, times]) => [marketId, times.filter((time): time is number => typeof time === 'number' && Number.isFinite(time))]),
  );
}

export const alarmMarketStore = createVersionedStore<MarketAlarmTimes>(
  ALARM_MARKET_ST_KEY,
  ALARM_MARKET_ST_VERSION,
  () => ({}),
  repairAlarmTimes,
);

// ---------------------------------------------------------------- ids to refresh

/** The spec gives the expire store no version; this one is ours. */
export const EXPIRE_VERSION = '2024-06-01';
export const EXPIRE_KINDS = ['cart', 'orderHistory', 'orderDetail'] as const;
export type ExpireKind = (typeof EXPIRE_KINDS)[number];
/** Ids whose cached data is stale: cart ids, and order history / order detail ids. */
export type ExpireIds = Record<ExpireKind, string[]>;

function repairExpire(data: unknown): ExpireIds {
  const source = isRecord(data) ? data : {};
  return { cart: stringList(source.cart), orderHistory: stringList(source.orderHistory), orderDetail: stringList(source.orderDetail) };
}

export const expireStore = createVersionedStore<ExpireIds>(
  EXPIRE_KEY,
  EXPIRE_VERSION,
  () => ({ cart: [], orderHistory: [], orderDetail: [] }),
  repairExpire,
);

/** Marks an id so the screen showing it refetches next time. */
export function markForRefresh(backend: StorageBackend, kind: ExpireKind, id: string): void {
  expireStore.update(backend, (ids) => (ids[kind].includes(id) ? ids : { ...ids, [kind]: [...ids[kind], id] }));
}

/** True when the id was marked; the mark is removed (the caller refetches now). */
export function takeRefresh(backend: StorageBackend, kind: ExpireKind, id: string): boolean {
  const ids = expireStore.read(backend);
  if (!ids[kind].includes(id)) return false;
  expireStore.write(backend, { ...ids, [kind]: ids[kind].filter((marked) => marked !== id) });
  return true;
}
