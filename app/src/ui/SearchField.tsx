// The search field of a search form (the search screens' bar, the postcode search): the search icon, the
// input and, once something is typed, a button that clears it. The form around it brings its own submit
// button.
import { cx } from './cx';
import { IconClose, IconSearch } from './icons/navigation';
import styles from './SearchField.module.css';

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The placeholder, also the input's accessible name. */
  label: string;
  /** What the clear button does: by default it empties the field (`onChange('')`). */
  onClear?: () => void;
  clearLabel?: string;
  maxLength?: number;
  autoFocus?: boolean;
  /** md: 44 px high (beside 44 px buttons); lg: 46 px. */
  size?: 'md' | 'lg';
}

export function SearchField({
  value,
  onChange,
  label,
  onClear,
  clearLabel = '검색어 지우기',
  maxLength,
  autoFocus = false,
  size = 'md',
}: SearchFieldProps) {
  return (
    <label className={cx(styles.field, size === 'lg' && styles.lg)}>
      <IconSearch size={20} strokeWidth={2} className={styles.icon} />
      <input
        type="search"
        enterKeyHint="search"
        className={styles.input}
        value={value}
        maxLength={maxLength}
        placeholder={label}
        aria-label={label}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
      />
      {value !== '' && (
        <button type="button" className={styles.clear} aria-label={clearLabel} onClick={onClear ?? (() => onChange(''))}>
          <IconClose size={14} strokeWidth={2.4} />
        </button>
      )}
    </label>
  );
}
