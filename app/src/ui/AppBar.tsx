// Top app bar: back or close on the left (back goes home when there is no history), a title, and
// cart / setting / download shortcuts on the right. Sticky; `transparent` floats it over the page top.
import type { MouseEvent, ReactNode } from 'react';
import { cx } from './cx';
import { CountBadge } from './Badge';
import { IconBack, IconCart, IconClose, IconDownload, IconSetting } from './icons/navigation';
import { goBack, navigate as defaultNavigate } from '../lib/navigation';
import styles from './AppBar.module.css';

export type AppBarAction = 'cart' | 'setting' | 'download';

const ACTIONS: Record<AppBarAction, { path: string; label: string; Icon: typeof IconCart }> = {
  cart: { path: '/cart', label: '장바구니', Icon: IconCart },
  setting: { path: '/setting', label: '설정', Icon: IconSetting },
  download: { path: '/download', label: '앱 다운로드', Icon: IconDownload },
};

export interface AppBarProps {
  title?: ReactNode;
  left?: 'back' | 'close' | 'none';
  /** Replaces the default of the left button (back: history back or home; close: the same). */
  onLeft?: () => void;
  right?: AppBarAction[];
  /** Number on the cart badge (hidden at 0). */
  cartCount?: number;
  /** Extra content at the right end, after the shortcuts (e.g. a share button). */
  extra?: ReactNode;
  /** Transparent background, floating over the top of the page (e.g. over a cover image). */
  transparent?: boolean;
  /** In-app navigation; defaults to the browser history used by the router. */
  onNavigate?: (to: string) => void;
  className?: string;
}

export function AppBar({
  title,
  left = 'back',
  onLeft,
  right = [],
  cartCount = 0,
  extra,
  transparent = false,
  onNavigate = defaultNavigate,
  className,
}: AppBarProps) {
  const handleLeft = onLeft ?? (() => goBack(() => onNavigate('/')));

  function linkTo(path: string) {
    return (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      onNavigate(path);
    };
  }

  return (
    <header className={cx(styles.bar, transparent && styles.transparent, className)}>
      <div className={styles.inner}>
        <div className={styles.side}>
          {left !== 'none' && (
            <button type="button" className={styles.iconButton} aria-label={left === 'back' ? '뒤로 가기' : '닫기'} onClick={handleLeft}>
              {left === 'back' ? <IconBack size={26} /> : <IconClose size={26} />}
            </button>
          )}
        </div>
        {title !== undefined && <h1 className={styles.title}>{title}</h1>}
        <div className={cx(styles.side, styles.right)}>
          {right.map((action) => {
            const { path, label, Icon } = ACTIONS[action];
            return (
              <a key={action} href={path} className={styles.iconButton} aria-label={label} onClick={linkTo(path)}>
                <Icon size={26} />
                {action === 'cart' && cartCount > 0 && <CountBadge count={cartCount} className={styles.badge} />}
              </a>
            );
          })}
          {extra}
        </div>
      </div>
    </header>
  );
}

/** A round icon button sized for the app bar's `extra` slot. */
export function AppBarButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={styles.iconButton} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}
