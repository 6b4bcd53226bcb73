// The alarm drawer: one switch per offset before the market opens (at open, 3, 5, 10, 30 minutes, 1 day);
// only times still ahead can be switched (sdk futureAlarmTimes). On the web it also says that alarms ring
// in the app, with the store links.
import { alarmTimes, formatDateTime, futureAlarmTimes, type AlarmTime } from '@creator-market/sdk/domain';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { now } from '../../api/clock';
import { isNativeApp } from '../../services/platform';
import { STORE_URLS } from '../../config/links';
import { BottomSheet, useDrawer } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { IconBell } from '../../ui/icons/actions';
import { Toggle } from '../../ui/Toggle';
import { toast } from '../../ui/Toast';
import { useCloseOnLeave } from '../../components/data/useCloseOnLeave';
import { alarmState, alarmTimesOf, saveAlarm } from '../../components/alarm/alarms';
import styles from './Alarm.module.css';

export const ALARM_DRAWER = 'alarm';

export interface AlarmMarket {
  /** The market's `_id`. */
  marketUID: string;
  marketST: string;
  title: string;
}

export const ALARM_DRAWER_TEXT = {
  title: '오픈 알림 설정',
  opensAt: (time: string) => `${time} 오픈`,
  save: '저장하기',
  saved: '오픈 알림을 설정했어요',
  removed: '오픈 알림을 해제했어요',
  appTitle: '알림은 앱에서 울려요',
  appMessage: '크리에이터마켓 앱을 설치하면 마켓이 열릴 때 바로 알려드려요.',
  appStore: 'App Store',
  playStore: 'Google Play',
  passed: '지난 시간',
} as const;

/** '오픈 시간', 'N분 전', '1일 전'. */
export function offsetLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return '오픈 시간';
  if (offsetMinutes % 1440 === 0) return `${offsetMinutes / 1440}일 전`;
  return `${offsetMinutes}분 전`;
}

export function AlarmDrawer({ market }: { market: AlarmMarket }) {
  const drawer = useDrawer(ALARM_DRAWER);
  const open = drawer.open && drawer.params.marketUID === market.marketUID;
  useCloseOnLeave(ALARM_DRAWER, market.marketUID);
  return (
    <BottomSheet open={open} onClose={drawer.close} title={ALARM_DRAWER_TEXT.title} showClose>
      {open && <AlarmDrawerBody market={market} onDone={drawer.close} />}
    </BottomSheet>
  );
}

function AlarmDrawerBody({ market, onDone }: { market: AlarmMarket; onDone: () => void }) {
  const { byMarket } = useSnapshot(alarmState);
  const stored = alarmTimesOf(byMarket, market.marketUID);
  // The moment the drawer opened decides which times are still ahead.
  const [openedAt] = useState(now);
  const times: AlarmTime[] = alarmTimes(market.marketST);
  const future = new Set(futureAlarmTimes(market.marketST, openedAt));
  const [selected, setSelected] = useState<Set<number>>(() => new Set(stored.filter((at) => future.has(at))));
  const [saving, setSaving] = useState(false);

  // A new answer from the server (alarms loaded while the drawer is open) resets the choice.
  const storedKey = stored.join(',');
  const [selectedFor, setSelectedFor] = useState(storedKey);
  if (storedKey !== selectedFor) {
    setSelectedFor(storedKey);
    setSelected(new Set(stored.filter((at) => future.has(at))));
  }

  const changed = selected.size !== stored.length || stored.some((at) => !selected.has(at));

  function toggle(at: number, on: boolean) {
    if (!future.has(at)) return;
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(at);
      else next.delete(at);
      return next;
    });
  }

  async function save() {
    setSaving(true);
    const at = [...selected];
    const ok = await saveAlarm(market.marketUID, at);
    setSaving(false);
    if (!ok) return;
    toast(at.length > 0 ? ALARM_DRAWER_TEXT.saved : ALARM_DRAWER_TEXT.removed, { type: 'success' });
    onDone();
  }

  return (
    <div className={styles.drawer}>
      <div className={styles.marketInfo}>
        <strong className={styles.marketTitle}>{market.title}</strong>
        <span className={styles.marketTime}>{ALARM_DRAWER_TEXT.opensAt(formatDateTime(market.marketST, 'M월 D일 (dd) HH:mm'))}</span>
      </div>
      <ul className={styles.options}>
        {times.map(({ offsetMinutes, at }) => {
          const enabled = future.has(at);
          return (
            <li key={offsetMinutes} className={styles.option} data-enabled={enabled}>
              <Toggle
                checked={selected.has(at)}
                disabled={!enabled}
                onChange={(on) => toggle(at, on)}
                label={offsetLabel(offsetMinutes)}
                description={enabled ? formatDateTime(at, 'M월 D일 (dd) HH:mm') : ALARM_DRAWER_TEXT.passed}
              />
            </li>
          );
        })}
      </ul>
      {!isNativeApp() && (
        <div className={styles.appPrompt}>
          <span className={styles.appIcon} aria-hidden="true">
            <IconBell size={20} filled />
          </span>
          <div className={styles.appText}>
            <strong>{ALARM_DRAWER_TEXT.appTitle}</strong>
            <p>{ALARM_DRAWER_TEXT.appMessage}</p>
            <div className={styles.storeLinks}>
              <a href={STORE_URLS.ios} target="_blank" rel="noopener noreferrer" className={styles.storeLink}>
                {ALARM_DRAWER_TEXT.appStore}
              </a>
              <a href={STORE_URLS.android} target="_blank" rel="noopener noreferrer" className={styles.storeLink}>
                {ALARM_DRAWER_TEXT.playStore}
              </a>
            </div>
          </div>
        </div>
      )}
      <Button block size="lg" disabled={!changed} loading={saving} onClick={() => void save()}>
        {ALARM_DRAWER_TEXT.save}
      </Button>
    </div>
  );
}
