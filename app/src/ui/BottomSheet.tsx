// Slide-up bottom sheet with backdrop, drag handle and scroll lock.
//  - <BottomSheet open onClose> is controlled and presentational.
//  - <Drawer name="cart"> binds a sheet to a named drawer of the ui store, opened with openDrawer('cart',
//    { marketId }) from anywhere; store drawers get the 200 ms click throttle. Prefer it for every drawer.
import { useEffect, useEffectEvent, useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { closeDrawer, openDrawer, type DrawerName } from '../stores/drawers';
import { uiState } from '../stores/ui';
import { cx } from './cx';
import { holdFocus } from './focusTrap';
import { IconClose } from './icons/navigation';
import styles from './BottomSheet.module.css';
import { useScrollLock } from './scrollLock';
import { usePresence } from './usePresence';

/** Matches the slide-down transition in BottomSheet.module.css. */
export const SHEET_EXIT_MS = 240;
/** Dragging the handle down further than this closes the sheet. */
const DRAG_CLOSE_DISTANCE_PX = 96;
/** A quick flick down closes it too (px per ms). */
const DRAG_CLOSE_VELOCITY = 0.6;

// Open sheets in opening order: Escape closes only the top one.
const openSheets: string[] = [];

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  /** Sticky area under the scrollable content (e.g. the main action button). */
  footer?: ReactNode;
  /** Fills the screen height (full-screen drawers such as the postcode search). */
  fullHeight?: boolean;
  /** Shows an X button in the header. */
  showClose?: boolean;
  className?: string;
  children?: ReactNode;
}

export function BottomSheet({
  open,
  onClose,
  title,
  ariaLabel,
  footer,
  fullHeight = false,
  showClose = false,
  className,
  children,
}: BottomSheetProps) {
  const sheetId = useId();
  const titleId = useId();
  const rendered = usePresence(open, SHEET_EXIT_MS);
  const [dragOffset, setDragOffset] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startY: number; startTime: number } | null>(null);
  const close = useEffectEvent(() => onClose());

  useScrollLock(open);

  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDragOffset(0);
  }

  useEffect(() => {
    if (!open) return;
    openSheets.push(sheetId);
    // Focus on the panel, Tab kept inside, given back on close.
    const release = panelRef.current ? holdFocus(panelRef.current) : undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && openSheets[openSheets.length - 1] === sheetId) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openSheets.indexOf(sheetId);
      if (index >= 0) openSheets.splice(index, 1);
      release?.();
    };
  }, [open, sheetId]);

  if (!rendered) return null;

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    drag.current = { startY: event.clientY, startTime: event.timeStamp };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    setDragOffset(Math.max(0, event.clientY - drag.current.startY));
  }

  function handlePointerUp(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    const distance = event.clientY - drag.current.startY;
    const velocity = distance / Math.max(1, event.timeStamp - drag.current.startTime);
    drag.current = null;
    if (distance > DRAG_CLOSE_DISTANCE_PX || velocity > DRAG_CLOSE_VELOCITY) onClose();
    else setDragOffset(0);
  }

  const dragging = dragOffset > 0;
  return createPortal(
    <div className={cx(styles.root, !open && styles.closing)} data-state={open ? 'open' : 'closed'}>
      <div className={styles.backdrop} data-testid="sheet-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className={cx(styles.panel, fullHeight && styles.fullHeight, dragging && styles.dragging, className)}
        style={dragging ? { transform: `translateY(${dragOffset}px)` } : undefined}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
      >
        <div
          className={styles.grabArea}
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerUp}
          onPointerCancel={handlePointerUp}
        >
          <span className={styles.handle} aria-hidden="true" />
          {(title || showClose) && (
            <div className={styles.header}>
              {title && (
                <h2 id={titleId} className={styles.title}>
                  {title}
                </h2>
              )}
              {showClose && (
                <button
                  type="button"
                  className={styles.close}
                  aria-label="닫기"
                  onPointerDown={(event) => event.stopPropagation()}
                  onClick={onClose}
                >
                  <IconClose size={22} />
                </button>
              )}
            </div>
          )}
        </div>
        <div className={styles.content}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** A named drawer of the ui store: its open state, parameters and (throttled) open/close actions. */
export function useDrawer(name: DrawerName) {
  const { drawers } = useSnapshot(uiState);
  const entry = drawers[name];
  return {
    open: entry !== undefined,
    params: entry?.params ?? {},
    show: (params?: Record<string, string>) => openDrawer(name, params),
    close: () => closeDrawer(name),
  };
}

export interface DrawerProps extends Omit<BottomSheetProps, 'open' | 'onClose' | 'children'> {
  name: DrawerName;
  /** Content, optionally built from the parameters the drawer was opened with. */
  children?: ReactNode | ((params: Readonly<Record<string, string>>) => ReactNode);
}

function sameParams(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export function Drawer({ name, children, ...sheetProps }: DrawerProps) {
  const drawer = useDrawer(name);
  // Keep the last parameters during the exit animation so the content does not blank out.
  const [lastParams, setLastParams] = useState(drawer.params);
  if (drawer.open && !sameParams(drawer.params, lastParams)) setLastParams(drawer.params);
  const params = drawer.open ? drawer.params : lastParams;
  return (
    <BottomSheet {...sheetProps} open={drawer.open} onClose={drawer.close}>
      {typeof children === 'function' ? children(params) : children}
    </BottomSheet>
  );
}
