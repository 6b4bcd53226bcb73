// A screen's parts below its first view (long lists, ads, recommendations) wait until that view is shown:
// its lead image has been painted (LazyImage onSettle: the browser's paint report, not only the load) or
// failed and then the browser is idle, or at most FIRST_SCREEN_WAIT_MS. Their requests and renders then
// neither share the slow link with the lead image nor come before its frame, the page's largest paint
// (docs/decisions/first-screen-first.md, fewer-first-requests.md).
// Nobody sees them missing: they are below the first view and come within a moment. The app's overlays
// (their chunk: go-to-top, toasts, dialogs) wait for the same moment.
import { useCallback, useEffect, useRef, useState } from 'react';
import { uiState } from '../../stores/ui';
import { whenIdle } from '../../ui/idle';

/** The longest the parts below the first view wait for its lead image. */
export const FIRST_SCREEN_WAIT_MS = 1000;

/**
 * `leadImage`: whether the first view has an image to wait for (true while that is not known yet); its
 * `onSettle` calls `show`. Without one the rest comes once the browser is idle.
 */
export interface FirstScreen {
  /** The first view is shown: the rest may load and render. */
  shown: boolean;
  /** The lead image has settled (LazyImage `onSettle`). */
  show: () => void;
}

export function useFirstScreen(leadImage: boolean): FirstScreen {
  const [shown, setShown] = useState(false);
  // A ref, not state: the lead image settling re-renders nothing until the rest is shown.
  const cancelIdle = useRef<(() => void) | null>(null);
  const show = useCallback(() => {
    cancelIdle.current ??= whenIdle(() => setShown(true));
  }, []);

  useEffect(() => {
    if (!leadImage) show();
    const timer = setTimeout(show, FIRST_SCREEN_WAIT_MS);
    return () => {
      clearTimeout(timer);
      cancelIdle.current?.();
      cancelIdle.current = null;
    };
  }, [leadImage, show]);

  useFirstViewPending(!shown);
  return { shown, show };
}

/** Counts a screen's first view as painting its lead image while `pending` (uiState.firstViewPending). */
export function useFirstViewPending(pending: boolean): void {
  useEffect(() => {
    if (!pending) return;
    uiState.firstViewPending += 1;
    return () => {
      uiState.firstViewPending -= 1;
    };
  }, [pending]);
}
