// Loading placeholders shaped like the content they stand for. Counts are the spec's 3, 4 or 8
// (SPEC.md section 9: order-detail cards 3, order-history rows 4, grids 8).
import { cx } from './cx';
import styles from './Skeleton.module.css';
import { SkeletonBlock } from './SkeletonBlock';

export type SkeletonCount = 3 | 4 | 8;

export interface SkeletonProps {
  /** rows: avatar + two lines; cards: image card with text; grid: two-column product tiles. */
  variant: 'rows' | 'cards' | 'grid';
  count: SkeletonCount;
  className?: string;
}

export function Skeleton({ variant, count, className }: SkeletonProps) {
  const items = Array.from({ length: count }, (_, index) => index);
  return (
    <div className={cx(styles[variant], className)} role="status" aria-busy="true" aria-label="불러오는 중">
      {items.map((index) =>
        variant === 'rows' ? (
          <div key={index} className={styles.row} data-skeleton-item="">
            <SkeletonBlock width={48} height={48} radius="50%" />
            <div className={styles.lines}>
              <SkeletonBlock width="46%" height={15} />
              <SkeletonBlock width="28%" height={12} />
            </div>
          </div>
        ) : variant === 'cards' ? (
          <div key={index} className={styles.card} data-skeleton-item="">
            <div className={styles.cardHead}>
              <SkeletonBlock width={56} height={56} radius={12} />
              <div className={styles.lines}>
                <SkeletonBlock width="60%" height={15} />
                <SkeletonBlock width="35%" height={12} />
              </div>
            </div>
            <SkeletonBlock width="100%" height={44} radius={10} />
          </div>
        ) : (
          <div key={index} className={styles.tile} data-skeleton-item="">
            <SkeletonBlock width="100%" height="auto" radius={12} className={styles.square} />
            <SkeletonBlock width="80%" height={13} />
            <SkeletonBlock width="45%" height={15} />
          </div>
        ),
      )}
    </div>
  );
}
