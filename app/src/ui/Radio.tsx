import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './Radio.module.css';

export interface RadioProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** A real radio input, restyled (delivery options, payment methods, cash-receipt type). */
export function Radio({ name, value, checked, onChange, label, description, disabled, className }: RadioProps) {
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
  className?: string;
}

export function RadioGroup<T extends string>({ name, label, options, value, onChange, className }: RadioGroupProps<T>) {
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
        />
      ))}
    </div>
  );
}
