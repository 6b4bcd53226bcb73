// Floating "back to top" button. Shows on routes that allow it (ui store `floatingButton`, set from the
// route's goToTop flag) once the page has scrolled past the first screen, and steps aside while it would
// really cover a control of the page (it covered '+ 구독' of the last sellers near the bottom of home). A
// control it would only nick stays usable: every home card is a link, so stepping aside for any link under it
// hid the button from 700 to 4,300 px of home.
import { TIMING } from '@creator-market/sdk/domain';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../stores/ui';
import { cx } from './cx';
import styles from './GoToTop.module.css';
import { IconArrowUp } from './icons/actions';

/** Scroll offset after which the button appears. */
export const GO_TO_TOP_THRESHOLD_PX = 600;

const CONTROL = 'button, a[href], input, select, textarea, [role="button"]';

/**
 * The share of a control's box the button may hide before it steps aside: a card or a list row (a link far
 * larger than the button) keeps most of its area to tap, a '+ 구독', a chip or a '더보기' would be gone.
 */
export const COVERED_SHARE = 0.25;

/** Whether the button's box would hide COVERED_SHARE or more of one of the controls' boxes. */
export function coversControl(button: DOMRectReadOnly, controls: readonly DOMRectReadOnly[]): boolean {
  return controls.some((control) => {
    const area = control.width * control.height;
    const width = Math.min(button.right, control.right) - Math.max(button.left, control.left);
    const height = Math.min(button.bottom, control.bottom) - Math.max(button.top, control.top);
    return area > 0 && width > 0 && height > 0 && (width * height) / area >= COVERED_SHARE;
  });
}

/** The boxes of the page's controls that lie under the button's box (at its centre or a corner). */
function controlsUnder(anchor: HTMLElement, box: DOMRectReadOnly): DOMRectReadOnly[] {
  if (typeof document.elementsFromPoint !== 'function') return [];
  const inset = 4;
  const points: [number, number][] = [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
  ];
  const controls = new Set<Element>();
  for (const [x, y] of points) {
    const control = document
      .elementsFromPoint(x, y)
      .find((element) => !anchor.contains(element))
      ?.closest(CONTROL);
    if (control) controls.add(control);
  }
  return [...controls].map((control) => control.getBoundingClientRect());
}

/** Whether the button, where it is, would hide a control of the page. */
function coversPage(anchor: HTMLElement, button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  return coversControl(box, controlsUnder(anchor, box));
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
      setCovering(past && anchor !== null && button !== null && coversPage(anchor, button));
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
