import type { ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { IconAlert, IconBox, IconRefresh } from './icons/status';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  /** The spec's empty message, e.g. '장바구니가 비었어요'. */
  message: string;
  description?: string;
  icon?: ReactNode;
  /** A button or link under the message. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ message, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cx(styles.state, className)}>
      <span className={styles.icon} aria-hidden="true">
        {icon ?? <IconBox size={30} />}
      </span>
      <p className={styles.message}>{message}</p>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}

export interface ErrorStateProps {
  message?: string;
  description?: string;
  onRetry: () => void;
  /** Inline version inside a list (after the rows that did load). */
  compact?: boolean;
  className?: string;
}

export function ErrorState({
  message = '불러오지 못했어요',
  description = '잠시 후 다시 시도해주세요.',
  onRetry,
  compact = false,
  className,
}: ErrorStateProps) {
  if (compact) {
    return (
      <div className={cx(styles.compact, className)} role="alert">
        <span>{message}</span>
        <Button variant="secondary" size="sm" icon={<IconRefresh size={16} />} onClick={onRetry}>
          다시 시도
        </Button>
      </div>
    );
  }
  return (
    <div className={cx(styles.state, className)} role="alert">
      <span className={cx(styles.icon, styles.errorIcon)} aria-hidden="true">
        <IconAlert size={30} />
      </span>
      <p className={styles.message}>{message}</p>
      {description && <p className={styles.description}>{description}</p>}
      <div className={styles.action}>
        <Button variant="secondary" size="sm" icon={<IconRefresh size={16} />} onClick={onRetry}>
          다시 시도
        </Button>
      </div>
    </div>
  );
}
