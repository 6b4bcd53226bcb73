import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './Radio.module.css';

export interface RadioProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  /** The radio already checked is chosen again (a click or Space on it; a radio sends no change then). */
  onReselect?: (value: string) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** A real radio input, restyled (delivery options, payment methods, cash-receipt type). */
export function Radio({ name, value, checked, onChange, onReselect, label, description, disabled, className }: RadioProps) {
  return (
    <label className={cx(styles.radio, disabled && styles.disabled, className)}>
      <input
        type="radio"
        className={styles.input}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(value)}
        onClick={() => {
          if (checked) onReselect?.(value);
        }}
      />
      <span className={styles.circle} aria-hidden="true" />
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        {description && <span className={styles.description}>{description}</span>}
      </span>
    </label>
  );
}

export interface RadioGroupProps<T extends string> {
  name: string;
  label: string;
  options: ReadonlyArray<{ value: T; label: ReactNode; description?: ReactNode; disabled?: boolean }>;
  value: T | null;
  onChange: (value: T) => void;
  /** The option already chosen is chosen again (e.g. a sheet of choices closes as it would on a change). */
  onReselect?: (value: T) => void;
  className?: string;
}

export function RadioGroup<T extends string>({ name, label, options, value, onChange, onReselect, className }: RadioGroupProps<T>) {
  return (
    <div className={cx(styles.group, className)} role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <Radio
          key={option.value}
          name={name}
          value={option.value}
          checked={option.value === value}
          label={option.label}
          description={option.description}
          disabled={option.disabled}
          onChange={(next) => onChange(next as T)}
          {...(onReselect ? { onReselect: (again: string) => onReselect(again as T) } : {})}
        />
      ))}
    </div>
  );
}
