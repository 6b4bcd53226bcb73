import { useId, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './Toggle.module.css';

export interface ToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Visible label on the left; without it give `ariaLabel`. */
  label?: ReactNode;
  description?: ReactNode;
  ariaLabel?: string;
  disabled?: boolean;
  className?: string;
}

/** On/off switch (settings rows, "view markets" toggles). */
export function Toggle({ checked, onChange, label, description, ariaLabel, disabled, className }: ToggleProps) {
  const labelId = useId();
  const switchId = useId();
  const descriptionId = useId();
  const control = (
    <button
      id={switchId}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={label ? labelId : undefined}
      aria-describedby={description ? descriptionId : undefined}
      aria-label={label ? undefined : ariaLabel}
      disabled={disabled}
      className={cx(styles.switch, checked && styles.on)}
      onClick={() => onChange(!checked)}
    >
      <span className={styles.knob} />
    </button>
  );
  if (!label) return <span className={className}>{control}</span>;
  return (
    <div className={cx(styles.row, disabled && styles.disabled, className)}>
      <div className={styles.text}>
        <label id={labelId} htmlFor={switchId} className={styles.label}>
          {label}
        </label>
        {description && (
          <span id={descriptionId} className={styles.description}>
            {description}
          </span>
        )}
      </div>
      {control}
    </div>
  );
}
