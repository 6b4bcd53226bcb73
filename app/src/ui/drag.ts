// Dragging by hand, shared by the carousel and the horizontal scroller (SPEC.md section 9: clicks are
// suppressed 300 ms after a drag).
import { TIMING } from '@creator-market/sdk/domain';
import { useCallback, useRef, type MouseEvent } from 'react';

/** Pointer travel (px) after which a press becomes a drag rather than a tap. */
export const DRAG_START_PX = 6;

/** After a drag, swallow the click the browser fires on release (and stray ones for 300 ms). */
export function useDragClickGuard() {
  const suppressUntil = useRef(0);
  const suppress = useCallback(() => {
    suppressUntil.current = Date.now() + TIMING.dragClickSuppressionMs;
  }, []);
  const onClickCapture = useCallback((event: MouseEvent) => {
    if (Date.now() < suppressUntil.current) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, []);
  return { suppress, onClickCapture };
}
