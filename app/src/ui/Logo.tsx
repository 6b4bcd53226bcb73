// Brand mark (a mint tile with a shopping bag) and wordmark.
import { cx } from './cx';
import styles from './Logo.module.css';

export const BRAND_NAME = 'creator market';

export function LogoMark({ size = 56, className }: { size?: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 56 56" aria-hidden="true" focusable="false" className={className}>
      <rect width="56" height="56" rx="16" fill="#07D1AE" />
      <path d="M16.5 22.5h23l-1.7 17.2a2.6 2.6 0 0 1-2.6 2.3H20.8a2.6 2.6 0 0 1-2.6-2.3z" fill="#fff" />
      <path d="M22.5 24.5v-4a5.5 5.5 0 0 1 11 0v4" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M23.5 31.5a4.8 4.8 0 0 0 9 0" fill="none" stroke="#07D1AE" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ size = 'md', className }: { size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const mark = { sm: 28, md: 40, lg: 64 }[size];
  return (
    <span className={cx(styles.logo, styles[size], className)}>
      <LogoMark size={mark} />
      <span className={styles.wordmark}>{BRAND_NAME}</span>
    </span>
  );
}
