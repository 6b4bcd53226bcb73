// Confirm and alert dialogs. Promise API from anywhere:
//   if (await confirm({ title: '주문 취소', message: '...', confirmText: '주문 취소' })) { ... }
//   await alert({ title: '주문 폭주', message: '...' });
// <DialogHost /> (mounted once by UiRoot) shows the queued dialogs one at a time.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { resolveDialog } from '../stores/dialogs';
import { uiState } from '../stores/ui';
import { cx } from './cx';
import { holdFocus } from './focusTrap';
import styles from './Dialog.module.css';
import { popWasByApp } from '../lib/navigation';
import { useScrollLock } from './scrollLock';

export { alert, confirm } from '../stores/dialogs';
export type { ConfirmOptions, DialogOptions } from '../stores/dialogs';

export interface DialogViewProps {
  title?: string | undefined;
  message?: string | undefined;
  confirmText: string;
  /** Without it the dialog is an alert with a single button. */
  cancelText?: string | undefined;
  destructive?: boolean | undefined;
  onConfirm: () => void;
  /** Called for the cancel button and Escape (Escape confirms an alert: there is nothing to cancel). */
  onCancel?: (() => void) | undefined;
}

/** The dialog itself, controlled; use it directly for dialogs with custom wiring (the login prompt). */
export function DialogView({ title, message, confirmText, cancelText, destructive, onConfirm, onCancel }: DialogViewProps) {
  const titleId = useId();
  const messageId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useScrollLock(true);

  // Focus on the confirm button, Tab kept inside, given back on close.
  useEffect(() => (panelRef.current ? holdFocus(panelRef.current, confirmRef.current) : undefined), []);

  const dismiss = onCancel ?? onConfirm;
  // The browser's back closes the dialog (as Escape does) instead of leaving it over the page it came back to;
  // a back step the app takes itself does not.
  const dismissRef = useRef(dismiss);
  useEffect(() => {
    dismissRef.current = dismiss;
  });
  useEffect(() => {
    const onPop = () => {
      if (!popWasByApp()) dismissRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      dismiss();
    }
  }

  return createPortal(
    <div
      className={styles.backdrop}
      data-testid="dialog-backdrop"
      // A tap outside the panel closes the dialog as Escape does.
      onClick={(event) => {
        if (event.target === event.currentTarget) dismiss();
      }}
    >
      <div
        ref={panelRef}
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-describedby={message ? messageId : undefined}
        onKeyDown={handleKeyDown}
      >
        <div className={styles.body}>
          {title && (
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
          )}
          {message && (
            <p id={messageId} className={styles.message}>
              {message}
            </p>
          )}
        </div>
        <div className={styles.actions}>
          {onCancel && cancelText !== undefined && (
            <button type="button" className={cx(styles.button, styles.cancel)} onClick={onCancel}>
              {cancelText}
            </button>
          )}
          <button
            ref={confirmRef}
            type="button"
            className={cx(styles.button, styles.confirm, destructive && styles.destructive)}
            onClick={onConfirm}
          >
            {confirmText}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** Shows the first queued confirm/alert dialog of the ui store. */
export function DialogHost() {
  const { dialogs } = useSnapshot(uiState);
  const current = dialogs[0];
  if (!current) return null;
  const isConfirm = current.kind === 'confirm';
  return (
    <DialogView
      key={current.id}
      title={current.title}
      message={current.message}
      confirmText={current.confirmText}
      cancelText={isConfirm ? current.cancelText : undefined}
      destructive={current.destructive}
      onConfirm={() => resolveDialog(current.id, true)}
      onCancel={isConfirm ? () => resolveDialog(current.id, false) : undefined}
    />
  );
}
