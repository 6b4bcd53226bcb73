// One shimmering loading block, for placeholders shaped like their content. A module of its own: the first
// screens (home, market, product) draw their placeholders from it without the list layouts of Skeleton.tsx.
import { cx } from './cx';
import styles from './SkeletonBlock.module.css';

export function SkeletonBlock({
  width,
  height,
  radius,
  className,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number | string;
  className?: string;
}) {
  return <span className={cx(styles.block, className)} style={{ width, height, borderRadius: radius }} />;
}
