// A verified value shown locked (SPEC.md sections 4 and 5): the refund account of the buyer-info and order
// forms, the buyer's phone number. A check mark with its label, the value in bold, an optional line under it
// (the account holder) and, beside them, the button that starts entering another one.
import type { ReactNode } from 'react';
import { cx } from '../../ui/cx';
import { IconCheckCircle } from '../../ui/icons/status';
import styles from './VerifiedValue.module.css';

export interface VerifiedValueProps {
  /** The mark's text ('인증된 계좌', '인증 완료'), also the group's accessible name. */
  label: string;
  /** The verified value, in bold ('신한은행 110123456789', '010-1234-5678'). */
  value: ReactNode;
  /** A line under the value (the account holder). */
  detail?: ReactNode;
  /** Beside the text: the button that changes the value. */
  action?: ReactNode;
  /** The order forms' look: a smaller mark, and the detail in the box's own text rather than smaller and grey. */
  compact?: boolean;
}

export function VerifiedValue({ label, value, detail, action, compact = false }: VerifiedValueProps) {
  return (
    <div className={cx(styles.box, compact && styles.compact)} role="group" aria-label={label}>
      <div className={styles.text}>
        <span className={styles.mark}>
          <IconCheckCircle size={compact ? 14 : 16} />
          {label}
        </span>
        <strong className={styles.value}>{value}</strong>
        {detail !== undefined && <span className={styles.detail}>{detail}</span>}
      </div>
      {action}
    </div>
  );
}
