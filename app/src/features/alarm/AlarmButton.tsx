// The market's alarm button (SPEC.md section 4, "Alarm"): a guest is sent to login, a buyer gets the alarm
// drawer. The bell is filled when the market already has an alarm.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { track } from '../../services/analytics';
import { requireLogin } from '../../services/login';
import { isSignedIn, useSession } from '../../stores/session';
import { openDrawer } from '../../stores/drawers';
import { cx } from '../../ui/cx';
import { IconBell } from '../../ui/icons/actions';
import { AlarmDrawer, ALARM_DRAWER, type AlarmMarket } from './AlarmDrawer';
import { alarmState, alarmTimesOf, ensureAlarms } from '../../components/alarm/alarms';
import styles from './Alarm.module.css';

export const ALARM_TEXT = {
  set: '오픈 알림',
  on: '알림 설정됨',
} as const;

export interface AlarmButtonProps {
  market: AlarmMarket;
  className?: string;
}

export function AlarmButton({ market, className }: AlarmButtonProps) {
  const { token } = useSession();
  const { byMarket } = useSnapshot(alarmState);
  const alarmed = token !== null && alarmTimesOf(byMarket, market.marketUID).length > 0;

  useEffect(() => {
    void ensureAlarms();
  }, [token]);

  async function handleClick() {
    track('notification_click', { market_id: market.marketUID });
    if (!isSignedIn()) {
      await requireLogin();
      return;
    }
    openDrawer(ALARM_DRAWER, { marketUID: market.marketUID });
  }

  const label = alarmed ? ALARM_TEXT.on : ALARM_TEXT.set;
  return (
    <>
      <button
        type="button"
        className={cx(styles.button, alarmed && styles.alarmed, className)}
        aria-pressed={alarmed}
        onClick={() => void handleClick()}
      >
        <IconBell size={18} filled={alarmed} strokeWidth={alarmed ? 1.6 : 1.9} />
        <span>{label}</span>
      </button>
      <AlarmDrawer market={market} />
    </>
  );
}
