// Market cards (the CalendarEvent list form): cover, order-window badge (sdk orderWindowLabel), title and
// seller. 'rail' is the card of a horizontal home row, 'row' the full-width row of lists and the calendar.
import { formatDateTime, orderWindowLabel, type MarketState, type MarketTimingInput } from '@creator-market/sdk/domain';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from '../../ui/cx';
import { LazyImage } from '../../ui/LazyImage';
import { imageUrl } from '../../lib/media/imageUrl';
import { timingOf, type MarketEvent } from './openedMarkets';
import { marketPath } from './paths';
import styles from './MarketCard.module.css';

export { marketPath };

const BADGE_TONE: Record<MarketState, string> = {
  opened: styles.open ?? '',
  'pre-open': styles.soon ?? '',
  'before-open': styles.soon ?? '',
  closed: styles.closed ?? '',
  none: styles.closed ?? '',
};

/** The order-window label of a market as badges ('주문 가능' + '<time> 종료', '<time> 오픈', '주문 종료'). */
export function OrderWindowBadge({ timing, now }: { timing: MarketTimingInput; now: number }) {
  const label = orderWindowLabel(timing, now);
  if (!label) return null;
  return (
    <span className={styles.badges}>
      <span className={cx(styles.badge, BADGE_TONE[label.state])}>{label.label}</span>
      {label.closes && <span className={cx(styles.badge, styles.closes)}>{label.closes}</span>}
    </span>
  );
}

/** 'M.D HH:mm ~ M.D HH:mm' in Seoul. */
export function marketPeriod(event: Pick<MarketEvent, 'marketST' | 'marketED'>): string {
  return `${formatDateTime(event.marketST, 'M.D HH:mm')} ~ ${formatDateTime(event.marketED, 'M.D HH:mm')}`;
}

export interface MarketCardProps {
  event: MarketEvent;
  now: number;
  variant?: 'rail' | 'row';
  /** Extra content at the end of a row (e.g. an alarm mark in the calendar). */
  aside?: ReactNode;
  className?: string;
}

export function MarketCard({ event, now, variant = 'rail', aside, className }: MarketCardProps) {
  const cover = <LazyImage src={imageUrl(event.marketCover)} alt="" ratio={1} radius={variant === 'rail' ? 14 : 12} />;
  if (variant === 'row') {
    return (
      <Link href={marketPath(event)} className={cx(styles.row, className)}>
        <span className={styles.rowCover}>{cover}</span>
        <span className={styles.rowBody}>
          <OrderWindowBadge timing={timingOf(event)} now={now} />
          <span className={styles.title}>{event.marketTitle}</span>
          <span className={styles.seller}>
            <span className={styles.avatar}>
              <LazyImage src={imageUrl(event.sellerProfile)} alt="" ratio={1} radius="50%" />
            </span>
            {event.sellerName}
          </span>
          <span className={styles.period}>{marketPeriod(event)}</span>
        </span>
        {aside}
      </Link>
    );
  }
  return (
    <Link href={marketPath(event)} className={cx(styles.rail, className)}>
      <span className={styles.railCover}>
        {cover}
        <span className={styles.railBadge}>
          <OrderWindowBadge timing={timingOf(event)} now={now} />
        </span>
      </span>
      <span className={styles.title}>{event.marketTitle}</span>
      <span className={styles.seller}>
        <span className={styles.avatar}>
          <LazyImage src={imageUrl(event.sellerProfile)} alt="" ratio={1} radius="50%" />
        </span>
        {event.sellerName}
      </span>
    </Link>
  );
}
