import { cx } from './cx';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  size?: number;
  /** 'brand' mint, 'current' inherits the text colour (inside buttons), 'light' for dark backgrounds. */
  tone?: 'brand' | 'current' | 'light';
  /** Read to screen readers; empty when a parent already says it is busy. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 24, tone = 'brand', label = '불러오는 중', className }: SpinnerProps) {
  const thickness = Math.max(2, Math.round(size / 9));
  return (
    <span
      className={cx(styles.spinner, styles[tone], className)}
      style={{ width: size, height: size, borderWidth: thickness }}
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}
