// The market's live countdown (SPEC.md section 4): days, hours, minutes and seconds to the start, then to
// the close, then '주문 종료' (sdk countdown with the page's clock, PageClock, ticking every second).
import { countdown, type MarketTimingInput } from '@creator-market/sdk/domain';
import { usePageNow } from '../../components/data/pageClock';
import styles from './Market.module.css';

export const COUNTDOWN_TEXT = {
  toStart: '오픈까지',
  toClose: '마감까지',
  ended: '주문 종료',
  day: '일',
} as const;

const two = (value: number) => String(value).padStart(2, '0');

export function Countdown({ market }: { market: MarketTimingInput }) {
  const time = usePageNow();
  const left = countdown(market, time);
  if (left.phase === 'ended') {
    return (
      <div className={styles.countdown} data-phase="ended" role="timer">
        <span className={styles.countdownLabel}>{COUNTDOWN_TEXT.ended}</span>
      </div>
    );
  }
  return (
    <div className={styles.countdown} data-phase={left.phase} role="timer" aria-live="off">
      <span className={styles.countdownLabel}>{left.phase === 'to-start' ? COUNTDOWN_TEXT.toStart : COUNTDOWN_TEXT.toClose}</span>
      <span className={styles.countdownDigits}>
        {left.days > 0 && (
          <span className={styles.countdownDays}>
            {left.days}
            {COUNTDOWN_TEXT.day}
          </span>
        )}
        <span className={styles.digit}>{two(left.hours)}</span>:<span className={styles.digit}>{two(left.minutes)}</span>:
        <span className={styles.digit}>{two(left.seconds)}</span>
      </span>
    </div>
  );
}
