// Open alarms ring on the phone: whenever the account's alarms change (loaded, set in the alarm drawer, set
// automatically on adding to the cart, cleared at sign-out), the native shell gets each changed market's
// times with alarmMarketST; a market whose alarm is gone gets an empty list, which cancels it.
import { buildPath } from '@creator-market/sdk/domain';
import { subscribe } from 'valtio';
import { api } from '../../api/client';
import { alarmState } from './alarms';
import { isSignedIn } from '../../stores/session';
import { isNativeShell, native, type NativeMarketAlarm } from '../../services/native/bridge';

/** Times per market as last sent to the shell. */
let sent = new Map<string, string>();
let running: Promise<void> | null = null;
let again = false;

const timesKey = (at: readonly number[]) => [...at].sort((a, b) => a - b).join(',');

async function sync(): Promise<void> {
  const wanted = new Map(Object.entries(alarmState.byMarket).map(([marketUID, at]) => [marketUID, timesKey(at)]));
  const changed = [...wanted].filter(([marketUID, key]) => sent.get(marketUID) !== key).map(([marketUID]) => marketUID);
  const removed = [...sent.keys()].filter((marketUID) => !wanted.has(marketUID));
  if (changed.length === 0 && removed.length === 0) return;

  // The alert names the market: its title and address come with the account's alarm list.
  let alarms: NativeMarketAlarm[] = [];
  if (changed.length > 0 && isSignedIn()) {
    try {
      const entries = await api.get('/alarm');
      alarms = entries
        .filter((entry) => changed.includes(entry.marketUID))
        .map((entry) => ({
          marketUID: entry.marketUID,
          title: entry.marketTitle,
          marketST: entry.marketST,
          at: [...(alarmState.byMarket[entry.marketUID] ?? entry.at)],
          path: buildPath('market', { sellerId: entry.sellerPublicId, marketId: String(entry.marketPublicId) }),
        }));
    } catch (error) {
      // A background copy for the phone: the next change tries again; nothing to tell the user.
      console.warn('알림 목록을 불러오지 못해 기기에 알림을 예약하지 못했어요', error);
      return;
    }
  }
  // Changed markets the server no longer lists have rung out: nothing to schedule for them.
  for (const marketUID of changed) {
    if (!alarms.some((alarm) => alarm.marketUID === marketUID)) sent.set(marketUID, wanted.get(marketUID) ?? '');
  }
  const cancelled = removed.map((marketUID): NativeMarketAlarm => ({ marketUID, title: '', marketST: '', at: [], path: '/' }));
  for (const alarm of [...alarms, ...cancelled]) {
    try {
      await native.alarmMarketST(alarm);
    } catch {
      continue; // no reply: try again on the next change
    }
    if (alarm.at.length === 0) sent.delete(alarm.marketUID);
    else sent.set(alarm.marketUID, timesKey(alarm.at));
  }
}

function scheduleSync(): void {
  if (running) {
    again = true;
    return;
  }
  running = sync().finally(() => {
    running = null;
    if (again) {
      again = false;
      scheduleSync();
    }
  });
}

/** Mirrors the alarm store on the phone until the returned function is called. */
export function startAlarmSync(): () => void {
  if (!isNativeShell()) return () => {};
  scheduleSync();
  return subscribe(alarmState, scheduleSync);
}

/** Forgets what was sent (tests). */
export function resetAlarmSync(): void {
  sent = new Map();
  again = false;
}

/** Resolves once the current sync (if any) is done (tests). */
export function alarmSyncSettled(): Promise<void> {
  return running ?? Promise.resolve();
}
