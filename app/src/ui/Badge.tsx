import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './Badge.module.css';

/** Colours of status badges; receipt statuses use yellow, green, blue and red (SPEC.md section 4). */
export type BadgeTone = 'mint' | 'gray' | 'yellow' | 'green' | 'blue' | 'red' | 'dark';

export interface BadgeProps {
  tone?: BadgeTone;
  /** 'soft' tinted background (default) or 'solid' filled. */
  variant?: 'soft' | 'solid';
  size?: 'sm' | 'md';
  className?: string;
  children: ReactNode;
}

export function Badge({ tone = 'mint', variant = 'soft', size = 'md', className, children }: BadgeProps) {
  return <span className={cx(styles.badge, styles[tone], styles[variant], styles[size], className)}>{children}</span>;
}

/** Red pill with a count, e.g. on the cart icon; '99+' above 99. */
export function CountBadge({ count, max = 99, className }: { count: number; max?: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={cx(styles.count, className)} aria-label={`${count}개`}>
      {count > max ? `${max}+` : count}
    </span>
  );
}

/** Small dot marking something new. */
export function DotBadge({ label = '새 소식', className }: { label?: string; className?: string }) {
  return <span className={cx(styles.dot, className)} role="img" aria-label={label} />;
}
