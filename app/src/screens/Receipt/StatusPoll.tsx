// The order status poll of the receipt screen (SPEC.md section 9: 7 s countdown): while the order waits for
// its payment the screen counts down and quietly fetches the order again, so a payment made elsewhere (the
// pay webview, a bank transfer) shows up by itself.
import { TIMING } from '@creator-market/sdk/domain';
import { useEffect, useEffectEvent, useState } from 'react';
import { IconRefresh } from '../../ui/icons/status';
import styles from './Receipt.module.css';

const POLL_SECONDS = TIMING.orderStatusPollMs / 1000;

/** Seconds until the next refresh; counts down only while `active`. Skips refreshing a hidden page. */
export function useStatusPoll(active: boolean, refresh: () => void): number {
  const [left, setLeft] = useState(POLL_SECONDS);
  const refreshNow = useEffectEvent(() => refresh());

  // Each activation counts from the full period (set while rendering it).
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setLeft(POLL_SECONDS);
  }

  useEffect(() => {
    if (!active) return;
    let remaining = POLL_SECONDS;
    const timer = setInterval(() => {
      remaining -= 1;
      if (remaining <= 0) {
        remaining = POLL_SECONDS;
        if (!document.hidden) refreshNow();
      }
      setLeft(remaining);
    }, 1000);
    return () => clearInterval(timer);
  }, [active]);

  return left;
}

export const POLL_TEXT = {
  countdown: (seconds: number) => `${seconds}초 후 주문 상태를 다시 확인해요`,
  now: '지금 확인',
} as const;

export function StatusPoll({ refresh }: { refresh: () => void }) {
  const left = useStatusPoll(true, refresh);
  return (
    <div className={styles.poll}>
      <span aria-live="off">{POLL_TEXT.countdown(left)}</span>
      <button type="button" className={styles.pollButton} onClick={refresh}>
        <IconRefresh size={14} />
        {POLL_TEXT.now}
      </button>
    </div>
  );
}
