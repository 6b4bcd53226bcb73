import type { ReactNode } from 'react';
import { cx } from './cx';
import { IconCheck } from './icons/actions';
import styles from './Checkbox.module.css';

export interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Visible label; without it give `ariaLabel`. */
  label?: ReactNode;
  ariaLabel?: string;
  disabled?: boolean;
  /** Some selected, not all (select-all boxes). */
  indeterminate?: boolean;
  /** 'circle' for list selection (cart, delete mode), 'square' for agreements. */
  shape?: 'circle' | 'square';
  className?: string;
}

/** A real checkbox input, restyled. */
export function Checkbox({
  checked,
  onChange,
  label,
  ariaLabel,
  disabled,
  indeterminate = false,
  shape = 'circle',
  className,
}: CheckboxProps) {
  return (
    <label className={cx(styles.checkbox, disabled && styles.disabled, className)}>
      <input
        type="checkbox"
        className={styles.input}
        checked={checked}
        disabled={disabled}
        aria-label={label ? undefined : ariaLabel}
        aria-checked={indeterminate ? 'mixed' : undefined}
        ref={(input) => {
          if (input) input.indeterminate = indeterminate;
        }}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className={cx(styles.box, styles[shape])} aria-hidden="true">
        {indeterminate ? <span className={styles.dash} /> : <IconCheck size={16} strokeWidth={2.6} />}
      </span>
      {label && <span className={styles.label}>{label}</span>}
    </label>
  );
}
