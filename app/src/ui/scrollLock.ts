// Counter-based scroll lock: the page stops scrolling while at least one overlay is open and returns to
// the exact scroll position when the last one closes. Fixing the body (rather than overflow: hidden)
// is what also stops iOS Safari from scrolling the page behind a sheet.
import { useEffect } from 'react';
import { uiState } from '../stores/ui';

let savedScrollY = 0;
let savedBodyStyle: Partial<CSSStyleDeclaration> = {};

function applyLock(): void {
  const body = document.body;
  savedScrollY = window.scrollY;
  savedBodyStyle = {
    position: body.style.position,
    top: body.style.top,
    left: body.style.left,
    right: body.style.right,
    overflow: body.style.overflow,
  };
  body.style.position = 'fixed';
  body.style.top = `-${savedScrollY}px`;
  body.style.left = '0';
  body.style.right = '0';
  body.style.overflow = 'hidden';
  body.dataset.scrollLocked = 'true';
}

function releaseLock(): void {
  const body = document.body;
  Object.assign(body.style, savedBodyStyle);
  delete body.dataset.scrollLocked;
  window.scrollTo(0, savedScrollY);
}

export function lockScroll(): void {
  uiState.scrollLocks += 1;
  if (uiState.scrollLocks === 1) applyLock();
}

export function unlockScroll(): void {
  if (uiState.scrollLocks === 0) return;
  uiState.scrollLocks -= 1;
  if (uiState.scrollLocks === 0) releaseLock();
}

export function isScrollLocked(): boolean {
  return uiState.scrollLocks > 0;
}

/** Holds one scroll lock while `active` is true (and releases it on unmount). */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    lockScroll();
    return unlockScroll;
  }, [active]);
}
