// Scroll positions by path without hash (SPEC.md section 2): saved while a page is shown, restored when the
// path is shown again, otherwise the page starts at the top. At most 10 paths are remembered.
import { SCROLL_POSITION_CACHE } from '@creator-market/sdk/domain';
import { LruMap } from '../lib/lru';

const positions = new LruMap<string, number>(SCROLL_POSITION_CACHE);

/** How long a restore waits for a page whose content is still loading to become tall enough. */
const RESTORE_PATIENCE_MS = 1500;

export function saveScrollPosition(key: string, top: number): void {
  positions.set(key, Math.max(0, Math.round(top)));
}

export function savedScrollPosition(key: string): number | undefined {
  return positions.get(key);
}

export function rememberedScrollKeys(): string[] {
  return positions.keys();
}

export function clearScrollPositions(): void {
  positions.clear();
}

/**
 * Scrolls to `top` now, and keeps trying while the page grows (content loading after the screen mounts),
 * until it gets there, the user scrolls by hand, or the patience runs out. Returns a cancel function.
 */
export function scrollToRestored(top: number): () => void {
  window.scrollTo(0, top);
  if (top === 0 || Math.abs(window.scrollY - top) <= 1) return () => {};
  let frame = 0;
  const started = performance.now();
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  const retry = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) <= 1 || performance.now() - started > RESTORE_PATIENCE_MS) stop();
    else frame = requestAnimationFrame(retry);
  };
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true, once: true });
  frame = requestAnimationFrame(retry);
  return stop;
}

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
