// Floating "back to top" button. Shows on routes that allow it (ui store `floatingButton`, set from the
// route's goToTop flag) once the page has scrolled past the first screen, and steps aside while a control of
// the page lies under it (it covered '+ 구독' of the last sellers near the bottom of home).
import { TIMING } from '@creator-market/sdk/domain';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../stores/ui';
import { cx } from './cx';
import styles from './GoToTop.module.css';
import { IconArrowUp } from './MoreIcons';

/** Scroll offset after which the button appears. */
export const GO_TO_TOP_THRESHOLD_PX = 600;

const CONTROL = 'button, a[href], input, select, textarea, [role="button"]';

/** Whether a control of the page lies under the button's box (its centre or a corner). */
function coversControl(anchor: HTMLElement, button: HTMLElement): boolean {
  if (typeof document.elementsFromPoint !== 'function') return false;
  const box = button.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const inset = 4;
  const points: [number, number][] = [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
  ];
  return points.some(([x, y]) => {
    const under = document.elementsFromPoint(x, y).find((element) => !anchor.contains(element));
    return under?.closest(CONTROL) != null;
  });
}

export function GoToTop() {
  const { floatingButton } = useSnapshot(uiState);
  const [scrolled, setScrolled] = useState(false);
  const [covering, setCovering] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!floatingButton) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      timer = undefined;
      const past = window.scrollY > GO_TO_TOP_THRESHOLD_PX;
      setScrolled(past);
      const anchor = anchorRef.current;
      const button = buttonRef.current;
      setCovering(past && anchor !== null && button !== null && coversControl(anchor, button));
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

  const visible = floatingButton && scrolled && !covering;
  return (
    <div ref={anchorRef} className={cx('fixed-in-column', styles.anchor)}>
      <button
        ref={buttonRef}
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
