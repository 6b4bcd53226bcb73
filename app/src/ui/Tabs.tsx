// Tab bar (market list tabs, category tabs, buyer/seller switches). The caller renders the panel for
// `value`; arrow keys move between tabs as in the WAI-ARIA tabs pattern.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './Tabs.module.css';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  /** Id of the panel this tab controls, when the caller renders one with that id. */
  panelId?: string;
}

export interface TabsProps<T extends string> {
  items: ReadonlyArray<TabItem<T>>;
  value: T;
  onChange: (value: T) => void;
  label: string;
  /** 'line' underlined tabs that share the width (default) or 'scroll' for many tabs. */
  layout?: 'line' | 'scroll';
  className?: string;
}

export function Tabs<T extends string>({ items, value, onChange, label, layout = 'line', className }: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = items.findIndex((item) => item.value === value);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target =
      event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : step ? (current + step + items.length) % items.length : -1;
    const next = items[target];
    if (!next) return;
    event.preventDefault();
    onChange(next.value);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[target]?.focus();
  }

  return (
    <div
      ref={listRef}
      className={cx(styles.tabs, styles[layout], layout === 'scroll' && 'no-scrollbar', className)}
      role="tablist"
      aria-label={label}
      onKeyDown={handleKeyDown}
    >
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            type="button"
            role="tab"
            className={cx(styles.tab, selected && styles.selected)}
            aria-selected={selected}
            aria-controls={item.panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
