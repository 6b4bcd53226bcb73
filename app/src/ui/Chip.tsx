// Chips and single-choice filter tags (cart market filter, notification filters).
import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './Chip.module.css';

export interface ChipProps {
  selected?: boolean;
  onClick?: () => void;
  icon?: ReactNode;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

export function Chip({ selected = false, onClick, icon, disabled, className, children }: ChipProps) {
  return (
    <button
      type="button"
      className={cx(styles.chip, selected && styles.selected, className)}
      aria-pressed={selected}
      disabled={disabled}
      onClick={onClick}
    >
      {icon}
      {children}
    </button>
  );
}

export interface FilterOption<T extends string> {
  value: T;
  label: string;
  /** Shown after the label, e.g. the number of matching entries. */
  count?: number;
}

export interface FilterTagsProps<T extends string> {
  options: ReadonlyArray<FilterOption<T>>;
  value: T;
  onChange: (value: T) => void;
  /** Accessible name of the group, e.g. '마켓 상태'. */
  label: string;
  className?: string;
}

export function FilterTags<T extends string>({ options, value, onChange, label, className }: FilterTagsProps<T>) {
  return (
    <div className={cx(styles.tags, 'no-scrollbar', className)} role="group" aria-label={label}>
      {options.map((option) => (
        <Chip key={option.value} selected={option.value === value} onClick={() => onChange(option.value)}>
          {option.label}
          {option.count !== undefined && <span className={styles.count}>{option.count}</span>}
        </Chip>
      ))}
    </div>
  );
}
