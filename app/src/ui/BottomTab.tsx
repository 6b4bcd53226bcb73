// Bottom tab bar: 홈, 마이, 장바구니 (SPEC.md section 2). It knows no routes: the caller maps a tab to a
// path in `onNavigate`. Renders its own spacer so page content never hides behind it.
import type { BottomTabName } from '../stores/ui';
import { CountBadge } from './Badge';
import { cx } from './cx';
import { IconCart, IconHome, IconMy } from './icons/navigation';
import styles from './BottomTab.module.css';

export type { BottomTabName } from '../stores/ui';

export const BOTTOM_TABS: ReadonlyArray<{ name: BottomTabName; label: string; Icon: typeof IconHome }> = [
  { name: 'home', label: '홈', Icon: IconHome },
  { name: 'my', label: '마이', Icon: IconMy },
  { name: 'cart', label: '장바구니', Icon: IconCart },
];

export interface BottomTabProps {
  current: BottomTabName;
  onNavigate: (tab: BottomTabName) => void;
  cartCount?: number;
}

export function BottomTab({ current, onNavigate, cartCount = 0 }: BottomTabProps) {
  return (
    <>
      <div className={styles.spacer} aria-hidden="true" />
      <nav className={cx('fixed-in-column', styles.bar)} aria-label="주요 메뉴" data-bottom-tab="">
        {BOTTOM_TABS.map(({ name, label, Icon }) => {
          const active = name === current;
          return (
            <button
              key={name}
              type="button"
              className={cx(styles.tab, active && styles.active)}
              aria-current={active ? 'page' : undefined}
              onClick={() => onNavigate(name)}
            >
              <span className={styles.iconWrap}>
                <Icon size={26} filled={active} strokeWidth={active ? 1.6 : 1.8} />
                {name === 'cart' && cartCount > 0 && <CountBadge count={cartCount} className={styles.badge} />}
              </span>
              <span className={styles.label}>{label}</span>
            </button>
          );
        })}
      </nav>
    </>
  );
}
