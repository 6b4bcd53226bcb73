// Placeholders of a horizontal row while its section loads: 'tile' cards with a square image and two text
// lines, or round 'avatar' cards.
import { cx } from '../../ui/cx';
import { SkeletonBlock } from '../../ui/SkeletonBlock';
import styles from './Section.module.css';

export function RailSkeleton({
  shape = 'tile',
  width = 132,
  count = 4,
  className,
}: {
  shape?: 'tile' | 'avatar';
  width?: number;
  count?: number;
  className?: string;
}) {
  return (
    <div className={cx(styles.rail, className)} role="status" aria-busy="true" aria-label="불러오는 중">
      {Array.from({ length: count }, (_, index) =>
        shape === 'avatar' ? (
          <span key={index} className={styles.railItem} style={{ width }}>
            <SkeletonBlock width={width} height={width} radius="50%" />
            <SkeletonBlock width="70%" height={12} />
          </span>
        ) : (
          <span key={index} className={styles.railItem} style={{ width, alignItems: 'flex-start' }}>
            <SkeletonBlock width={width} height={width} radius={12} />
            <SkeletonBlock width="85%" height={13} />
            <SkeletonBlock width="50%" height={13} />
          </span>
        ),
      )}
    </div>
  );
}
