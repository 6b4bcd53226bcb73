// The open-alert test of the settings (SPEC.md sections 2 and 4): a sample market opening one minute from
// now; '30초 후 오픈 알림 받기' asks the phone (alarmMarketST) to ring in 30 seconds, then the sheet counts
// down 29 seconds with the button disabled, and resets at zero. The device's own clock (Date.now) is used
// throughout: the phone rings by it, not by the app's server clock.
import { formatDateTime, OPEN_ALERT_COUNTDOWN_SECONDS, TIMING } from '@creator-market/sdk/domain';
import { useEffect, useState } from 'react';
import { BottomSheet, useDrawer } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { IconBell } from '../../ui/icons/actions';
import { LogoMark } from '../../ui/Logo';
import { openAlertReadiness, NOT_SUPPORTED_ALERT, PERMISSION_ALERT, permissionShortcuts, type AlertText } from './alertTests';
import { native, nativeDevice } from '../../services/native/bridge';
import { ShortcutAlert, type Shortcut } from './ShortcutAlert';
import styles from './NativeAlerts.module.css';

export const OPEN_ALERT_TEST_DRAWER = 'openAlertTest';

export const OPEN_ALERT_TEST_TEXT = {
  title: '오픈 알림 테스트',
  intro: '마켓이 열릴 때 받는 오픈 알림을 미리 받아볼 수 있어요.',
  sampleBadge: '오픈 예정',
  sampleSeller: '크리에이터마켓',
  sampleTitle: '오픈 알림 테스트 마켓',
  opensAt: (time: string) => `오늘 ${time} 오픈`,
  receive: '30초 후 오픈 알림 받기',
  due: (seconds: number) => `${seconds}초 후에 오픈 알림이 도착해요`,
  armed: '오픈 알림 예약 완료',
  hint: '앱을 닫거나 다른 화면으로 가도 알림이 와요.',
} as const;

/** The id of the test's alert on the phone (a new test replaces the previous one). */
export const OPEN_ALERT_TEST_ID = 'open-alert-test';
/** How often the sheet reads the clock while open. */
const TICK_MS = 250;

/** Date.now(), refreshed while `active`. */
function useDeviceClock(active: boolean): number {
  const [time, setTime] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTime(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return time;
}

export function OpenAlertTestSheet() {
  const drawer = useDrawer(OPEN_ALERT_TEST_DRAWER);
  return (
    <BottomSheet open={drawer.open} onClose={drawer.close} title={OPEN_ALERT_TEST_TEXT.title} showClose>
      <OpenAlertTestBody active={drawer.open} />
    </BottomSheet>
  );
}

type Problem = { alert: AlertText; shortcuts: Shortcut[] } | null;

function OpenAlertTestBody({ active }: { active: boolean }) {
  const [armedAt, setArmedAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const time = useDeviceClock(active || armedAt !== null);

  // The device clock ticks every 250 ms and may still read a moment before arming: never count from before it.
  const remaining = armedAt === null ? 0 : Math.ceil((armedAt + OPEN_ALERT_COUNTDOWN_SECONDS * 1000 - Math.max(time, armedAt)) / 1000);
  const armed = armedAt !== null && remaining > 0;
  // The countdown ran out: disarm while rendering it (no effect and second render after the commit).
  if (armedAt !== null && remaining <= 0) setArmedAt(null);

  // While armed the sample stays the market the alert was set for.
  const sampleStart = (armed ? armedAt : time) + TIMING.openAlertSampleOffsetMs;

  async function receive() {
    setBusy(true);
    try {
      const readiness = await openAlertReadiness();
      if (readiness.kind === 'not-supported') {
        setProblem({ alert: NOT_SUPPORTED_ALERT, shortcuts: [] });
        return;
      }
      if (readiness.kind === 'permission-not-granted') {
        setProblem({ alert: PERMISSION_ALERT, shortcuts: permissionShortcuts(true, await nativeDevice()) });
        return;
      }
      const start = Date.now();
      const scheduled = await native
        .alarmMarketST({
          marketUID: OPEN_ALERT_TEST_ID,
          title: OPEN_ALERT_TEST_TEXT.sampleTitle,
          marketST: new Date(start + TIMING.openAlertSampleOffsetMs).toISOString(),
          at: [start + TIMING.openAlertDelayMs],
          path: '/setting',
        })
        .catch(() => false);
      if (scheduled) setArmedAt(start);
      else setProblem({ alert: NOT_SUPPORTED_ALERT, shortcuts: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.sheet}>
      <p className={styles.intro}>{OPEN_ALERT_TEST_TEXT.intro}</p>
      <article className={styles.sample} aria-label={OPEN_ALERT_TEST_TEXT.sampleTitle}>
        <span className={styles.sampleCover} aria-hidden="true">
          <LogoMark size={40} />
        </span>
        <div className={styles.sampleText}>
          <span className={styles.sampleBadge}>{OPEN_ALERT_TEST_TEXT.sampleBadge}</span>
          <strong className={styles.sampleTitle}>{OPEN_ALERT_TEST_TEXT.sampleTitle}</strong>
          <span className={styles.sampleMeta}>
            {OPEN_ALERT_TEST_TEXT.sampleSeller} · {OPEN_ALERT_TEST_TEXT.opensAt(formatDateTime(sampleStart, 'HH:mm'))}
          </span>
        </div>
      </article>
      <p className={armed ? styles.status : styles.statusIdle} role="status" aria-live="polite">
        {armed ? (
          <>
            <IconBell size={16} filled className={styles.statusIcon} />
            {OPEN_ALERT_TEST_TEXT.due(remaining)}
          </>
        ) : (
          OPEN_ALERT_TEST_TEXT.hint
        )}
      </p>
      <Button block size="lg" disabled={armed} loading={busy} onClick={() => void receive()}>
        {armed ? OPEN_ALERT_TEST_TEXT.armed : OPEN_ALERT_TEST_TEXT.receive}
      </Button>
      {problem && (
        <ShortcutAlert
          title={problem.alert.title}
          message={problem.alert.message}
          shortcuts={problem.shortcuts}
          onClose={() => setProblem(null)}
        />
      )}
    </div>
  );
}
