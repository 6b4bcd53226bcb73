// Open-time alarms of the signed-in buyer (SPEC.md section 4, "Alarm"): which markets have one and at what
// times, loaded once per account from GET /alarm and mirrored in the versioned 'alarm_market_st' store.
// Saving: an empty list deletes the market's alarm, otherwise the server's answer replaces the local times.
import { alarmMarketStore, futureAlarmTimes, type MarketAlarmTimes } from '@creator-market/sdk/domain';
import { proxy } from 'valtio';
import { api } from '../../api/client';
import { now } from '../../api/clock';
import { presentError } from '../../services/errors';
import { isNativeApp } from '../../services/platform';
import { session } from '../../stores/session';

export interface AlarmState {
  /** Alarm times (epoch ms) by market uid. */
  byMarket: MarketAlarmTimes;
  /** The token the alarms were loaded for; null when not loaded. */
  loadedFor: string | null;
}

export const alarmState = proxy<AlarmState>({ byMarket: {}, loadedFor: null });

let loading: { token: string; request: Promise<void> } | null = null;

function store(byMarket: MarketAlarmTimes): void {
  alarmState.byMarket = byMarket;
  alarmMarketStore.write(localStorage, byMarket);
}

/** Loads the account's alarms unless they are loaded for the current token already. */
export function ensureAlarms(): Promise<void> {
  const token = session.token;
  if (token === null) {
    alarmState.byMarket = {};
    alarmState.loadedFor = null;
    return Promise.resolve();
  }
  if (alarmState.loadedFor === token) return Promise.resolve();
  if (loading?.token === token) return loading.request;
  if (alarmState.loadedFor === null) alarmState.byMarket = alarmMarketStore.read(localStorage);
  const request = api.get('/alarm').then(
    (entries) => {
      if (session.token !== token) return;
      store(Object.fromEntries(entries.map((entry) => [entry.marketUID, [...entry.at]])));
      alarmState.loadedFor = token;
    },
    (error: unknown) => {
      void presentError(error, { operation: 'listAlarms' });
    },
  );
  loading = { token, request };
  void request.finally(() => {
    if (loading?.request === request) loading = null;
  });
  return request;
}

/** The alarm times of a market (empty when none). */
export function alarmTimesOf(byMarket: { readonly [marketUID: string]: readonly number[] }, marketUID: string): readonly number[] {
  return byMarket[marketUID] ?? [];
}

/**
 * Sets the market's alarm to exactly `at` (epoch ms); an empty list deletes it. Resolves true when the
 * server took the change; a failure is shown through the error catalogue and leaves the local times as
 * they were.
 */
export async function saveAlarm(marketUID: string, at: readonly number[]): Promise<boolean> {
  const had = alarmTimesOf(alarmState.byMarket, marketUID).length > 0;
  try {
    if (at.length === 0) {
      if (had) await api.post('/alarm/delete', { body: { marketId: marketUID } });
      const rest = { ...alarmState.byMarket };
      delete rest[marketUID];
      store(rest);
    } else {
      const entry = await api.post('/alarm/add', { body: { marketId: marketUID, at: [...at].sort((a, b) => a - b) } });
      store({ ...alarmState.byMarket, [marketUID]: [...entry.at] });
    }
    return true;
  } catch (error) {
    void presentError(error, { operation: at.length === 0 ? 'deleteAlarm' : 'addAlarm' });
    return false;
  }
}

/**
 * The automatic alarm (SPEC.md section 4, "Cart add"): in the native app, adding to the cart of a market
 * that has no alarm sets one 3 minutes before it opens (POST /alarm/add without `at`: the server picks that
 * time, or the start itself when it has passed). Resolves true when an alarm was set.
 */
export async function setAutomaticAlarm(market: { _id: string; marketST: string }): Promise<boolean> {
  if (!isNativeApp() || session.token === null) return false;
  await ensureAlarms();
  if (alarmTimesOf(alarmState.byMarket, market._id).length > 0) return false;
  // A market that has opened has no start ahead: nothing to ring.
  if (futureAlarmTimes(market.marketST, now()).length === 0) return false;
  try {
    const entry = await api.post('/alarm/add', { body: { marketId: market._id } });
    store({ ...alarmState.byMarket, [entry.marketUID]: [...entry.at] });
    return true;
  } catch (error) {
    void presentError(error, { operation: 'addAlarm' });
    return false;
  }
}

/** Forgets the loaded alarms (tests, sign-out). */
export function resetAlarms(): void {
  loading = null;
  alarmState.byMarket = {};
  alarmState.loadedFor = null;
}
