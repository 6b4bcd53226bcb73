// Floating "back to top" button. Shows on routes that allow it (ui store `floatingButton`, set from the
// route's goToTop flag) once the page has scrolled past the first screen.
import { TIMING } from '@creator-market/sdk/domain';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../stores/ui';
import { cx } from './cx';
import styles from './GoToTop.module.css';
import { IconArrowUp } from './Icons';

/** Scroll offset after which the button appears. */
export const GO_TO_TOP_THRESHOLD_PX = 600;

export function GoToTop() {
  const { floatingButton } = useSnapshot(uiState);
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    if (!floatingButton) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      timer = undefined;
      setScrolled(window.scrollY > GO_TO_TOP_THRESHOLD_PX);
    };
    const onScroll = () => {
      timer ??= setTimeout(check, TIMING.scrollThrottleMs);
    };
    // The first check is scheduled like a scroll's: reading scrollY lays the page out, which would lengthen
    // the task that renders the page.
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [floatingButton]);

  const visible = floatingButton && scrolled;
  return (
    <div className={cx('fixed-in-column', styles.anchor)}>
      <button
        type="button"
        className={cx(styles.button, visible && styles.visible)}
        aria-label="맨 위로"
        aria-hidden={!visible || undefined}
        tabIndex={visible ? 0 : -1}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        <IconArrowUp size={22} />
      </button>
    </div>
  );
}
