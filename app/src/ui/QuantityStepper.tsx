// − value + control. Pure UI: the caller computes min and max (SPEC.md section 5 cart quantity rules
// live in the sdk) and receives the next value; the buttons stop at the bounds.
import { cx } from './cx';
import { IconMinus, IconPlus } from './icons/actions';
import styles from './QuantityStepper.module.css';

export interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  /** Upper bound; undefined means no limit. */
  max?: number;
  disabled?: boolean;
  size?: 'sm' | 'md';
  /** Names the product for screen readers, e.g. the option title. */
  label?: string;
  className?: string;
}

export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max,
  disabled = false,
  size = 'md',
  label = '수량',
  className,
}: QuantityStepperProps) {
  const canDecrease = !disabled && value > min;
  const canIncrease = !disabled && (max === undefined || value < max);
  return (
    <div className={cx(styles.stepper, styles[size], disabled && styles.disabled, className)} role="group" aria-label={label}>
      <button type="button" className={styles.button} aria-label="수량 줄이기" disabled={!canDecrease} onClick={() => onChange(value - 1)}>
        <IconMinus size={size === 'sm' ? 16 : 18} strokeWidth={2} />
      </button>
      <output className={styles.value} aria-live="polite">
        {value}
      </output>
      <button type="button" className={styles.button} aria-label="수량 늘리기" disabled={!canIncrease} onClick={() => onChange(value + 1)}>
        <IconPlus size={size === 'sm' ? 16 : 18} strokeWidth={2} />
      </button>
    </div>
  );
}
