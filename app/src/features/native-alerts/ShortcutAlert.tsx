// An alert whose buttons are shortcuts into the device's settings (the permission-not-granted alert of the
// alert tests, SPEC.md section 8): one button per shortcut, then '닫기'.
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useScrollLock } from '../../ui/scrollLock';
import styles from './NativeAlerts.module.css';

export interface Shortcut {
  label: string;
  onSelect: () => void;
}

export interface ShortcutAlertProps {
  title: string;
  message?: string | undefined;
  shortcuts: readonly Shortcut[];
  onClose: () => void;
}

export const CLOSE_LABEL = '닫기';

export function ShortcutAlert({ title, message, shortcuts, onClose }: ShortcutAlertProps) {
  const titleId = useId();
  const messageId = useId();
  const firstRef = useRef<HTMLButtonElement>(null);
  useScrollLock(true);

  useEffect(() => {
    firstRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [onClose]);

  return createPortal(
    <div className={styles.backdrop}>
      <div
        className={styles.alert}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={message ? messageId : undefined}
      >
        <div className={styles.alertBody}>
          <h2 id={titleId} className={styles.alertTitle}>
            {title}
          </h2>
          {message && (
            <p id={messageId} className={styles.alertMessage}>
              {message}
            </p>
          )}
        </div>
        <div className={styles.alertActions}>
          {shortcuts.map((shortcut, index) => (
            <button
              key={shortcut.label}
              ref={index === 0 ? firstRef : undefined}
              type="button"
              className={styles.alertShortcut}
              onClick={() => {
                shortcut.onSelect();
                onClose();
              }}
            >
              {shortcut.label}
            </button>
          ))}
          <button type="button" className={styles.alertClose} onClick={onClose}>
            {CLOSE_LABEL}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
