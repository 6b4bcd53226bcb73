// The strip behind the device status bar (height = top safe-area inset). On coloured pages with the
// transparent status bar flag it starts invisible, letting the page colour run under the status bar,
// and fades in as the page scrolls (SPEC.md section 2).
import { STATUS_BAR_FADE_SCROLL_PX } from '@creator-market/sdk/domain';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../stores/ui';
import styles from './StatusBarOverlay.module.css';

/** Page colours that count as "no colour": the overlay is then always opaque. */
const PLAIN_PAGE_COLORS = new Set(['none', 'white', '#fff', '#ffffff', 'transparent', '']);

/** Whether the overlay fades with scroll (coloured page and transparent status bar on) or stays opaque. */
export function statusBarFades(pageColor: string, transparentStatusBar: boolean): boolean {
  return transparentStatusBar && !PLAIN_PAGE_COLORS.has(pageColor.trim().toLowerCase());
}

/**
 * Overlay opacity at a scroll offset: 0 up to (320 - inset) px, 1 from (320 + inset) px, and a
 * square-root curve in between, so it appears quickly and then settles.
 */
export function statusBarOpacity(scrollY: number, topInset: number): number {
  const start = STATUS_BAR_FADE_SCROLL_PX - topInset;
  const end = STATUS_BAR_FADE_SCROLL_PX + topInset;
  if (scrollY <= start) return 0;
  if (scrollY >= end) return 1;
  return Math.sqrt((scrollY - start) / (end - start));
}

export function StatusBarOverlay() {
  const { pageColor, transparentStatusBar } = useSnapshot(uiState);
  const fades = statusBarFades(pageColor, transparentStatusBar);
  const ref = useRef<HTMLDivElement>(null);
  const [opacity, setOpacity] = useState(1);

  useEffect(() => {
    if (!fades) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      setOpacity(statusBarOpacity(window.scrollY, ref.current?.offsetHeight ?? 0));
    };
    // One update per animation frame (~16 ms) however often scroll fires.
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [fades]);

  return (
    <div
      ref={ref}
      className={`fixed-in-column ${styles.overlay}`}
      style={{ background: fades ? pageColor : 'var(--color-surface)', opacity: fades ? opacity : 1 }}
      aria-hidden="true"
      data-testid="status-bar-overlay"
    />
  );
}
