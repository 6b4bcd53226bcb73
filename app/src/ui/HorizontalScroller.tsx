// A free-scrolling row (product carousels): native touch scrolling, mouse drag on desktop at the spec's drag
// speed (SPEC.md section 9: 1.2).
import { DRAG_SPEED } from '@creator-market/sdk/domain';
import { useRef, type PointerEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { DRAG_START_PX, useDragClickGuard } from './drag';
import styles from './HorizontalScroller.module.css';

export interface HorizontalScrollerProps {
  children: ReactNode;
  label?: string;
  /** Gap between items in px. */
  gap?: number;
  className?: string;
}

export function HorizontalScroller({ children, label, gap = 12, className }: HorizontalScrollerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; startX: number; startScroll: number; dragging: boolean } | null>(null);
  const guard = useDragClickGuard();

  // Touch and pen scroll natively; only a mouse needs dragging by hand.
  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType !== 'mouse' || event.button !== 0 || !ref.current) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startScroll: ref.current.scrollLeft, dragging: false };
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || !ref.current) return;
    const dx = event.clientX - current.startX;
    if (!current.dragging) {
      if (Math.abs(dx) < DRAG_START_PX) return;
      current.dragging = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    ref.current.scrollLeft = current.startScroll - dx * DRAG_SPEED;
  }

  function handlePointerUp() {
    if (drag.current?.dragging) guard.suppress();
    drag.current = null;
  }

  return (
    <div
      ref={ref}
      className={cx(styles.scroller, 'no-scrollbar', className)}
      style={{ gap }}
      role={label ? 'region' : undefined}
      aria-label={label}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerUp}
      onClickCapture={guard.onClickCapture}
      onDragStart={(event) => event.preventDefault()}
    >
      {children}
    </div>
  );
}
