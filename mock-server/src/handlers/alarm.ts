// alarm: the buyer's open-time alarms, one entry per market, with times that are the market's start minus
// one of the offsets of SPEC.md section 9 (the sdk's alarmTimes) and still ahead of the world's clock.
import type { components } from '@creator-market/sdk/generated/api';
import { AUTO_ALARM_OFFSET_MINUTES, futureAlarmTimes } from '@creator-market/sdk/domain';
import { ApiFailure, badRequest } from '../http/failure';
import { pairKey, type AlarmRow, type MarketRow, type Store } from '../world/store';
import { stateOf } from '../world/views';
import type { HandlerMap } from './types';
import { signedIn } from './types';

type AlarmEntry = components['schemas']['AlarmEntry'];

const MINUTE_MS = 60_000;

/** The alarm as the buyer sees it now: only the times still ahead (null when they have all rung). */
function pendingAlarm(alarm: AlarmEntry, now: number): AlarmEntry | null {
  const at = alarm.at.filter((time) => time > now);
  return at.length > 0 ? { ...alarm, at } : null;
}

/** The account's alarm of a market that has not rung out yet. */
function currentAlarm(store: Store, uid: string, marketUID: string, now: number): { row: AlarmRow; pending: AlarmEntry | null } | null {
  const row = store.alarms.one('ownerMarket', pairKey(uid, marketUID));
  return row ? { row, pending: pendingAlarm(row.alarm, now) } : null;
}

/** A market can have an alarm while it is public, numbered and its start is still ahead (not opened, not closed). */
function alarmableMarket(store: Store, marketUID: string, now: number): MarketRow {
  const row = store.markets.get(marketUID);
  const state = row ? stateOf(row, now) : 'none';
  const startAhead = row ? futureAlarmTimes(row.market.marketST, now).length > 0 : false;
  if (!row || !row.market.public || !(state === 'pre-open' || state === 'before-open') || !startAhead) {
    throw badRequest('invalid-market');
  }
  return row;
}

/** The requested times, each checked against the allowed ones; without any, the automatic alarm's time. */
function requestedTimes(market: MarketRow['market'], at: readonly number[] | undefined, now: number): number[] {
  const allowed = futureAlarmTimes(market.marketST, now);
  if (!at) {
    const start = Date.parse(market.marketST);
    const automatic = start - AUTO_ALARM_OFFSET_MINUTES * MINUTE_MS;
    return [allowed.includes(automatic) ? automatic : start];
  }
  const details = at.flatMap((time, index) =>
    allowed.includes(time)
      ? []
      : [{ path: `/body/at/${index}`, message: 'must be the market start minus 0, 3, 5, 10 or 30 minutes or 1 day, in the future' }],
  );
  if (details.length > 0) throw new ApiFailure(400, 'bad-request', { details });
  return [...at].sort((a, b) => a - b);
}

const sameTimes = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((time, i) => time === b[i]);

export const alarmHandlers = {
  listAlarms({ user }, { world, now }) {
    const alarms = world.store.alarms
      .by('owner', signedIn(user).uid)
      .flatMap((row) => pendingAlarm(row.alarm, now) ?? [])
      .sort((a, b) => Date.parse(a.marketST) - Date.parse(b.marketST) || (a._id < b._id ? -1 : 1));
    return { data: alarms };
  },

  addAlarm({ user, body }, { world, now }) {
    const { store } = world;
    const uid = signedIn(user).uid;
    const { market } = alarmableMarket(store, body.marketId, now);
    const at = requestedTimes(market, body.at, now);
    const existing = currentAlarm(store, uid, market._id, now);
    if (existing?.pending && sameTimes(existing.pending.at, at)) throw badRequest('already-exists');

    const alarm: AlarmEntry = {
      _id: existing?.row.alarm._id ?? store.newId(now),
      marketUID: market._id,
      marketST: market.marketST,
      marketTitle: market.title,
      sellerPublicId: market.sellerPublicId,
      marketPublicId: market.publicId,
      at,
    };
    store.alarms.replace({ ownerUid: uid, alarm });
    return { data: alarm };
  },

  deleteAlarm({ user, body }, { world, now }) {
    const existing = currentAlarm(world.store, signedIn(user).uid, body.marketId, now);
    // An alarm whose times have all rung is no longer listed, so there is nothing the buyer could delete.
    if (!existing?.pending) throw badRequest('alarm-not-exists');
    world.store.alarms.remove(existing.row.alarm._id);
    return { data: true as const };
  },
} satisfies Partial<HandlerMap>;
