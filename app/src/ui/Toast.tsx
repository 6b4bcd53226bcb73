// Toasts rendered from the ui store. Call `toast('저장 완료 되었어요', { type: 'success' })` anywhere;
// mount <ToastViewport /> once (UiRoot does).
import { useSnapshot } from 'valtio';
import { dismissToast } from '../stores/toasts';
import { uiState, type ToastItem, type ToastPosition, type ToastType } from '../stores/ui';
import { cx } from './cx';
import { IconAlert, IconCheckCircle, IconInfo } from './icons/status';
import styles from './Toast.module.css';

export { dismissToast, toast } from '../stores/toasts';
export type { ToastOptions } from '../stores/toasts';
export type { ToastType } from '../stores/ui';

const ICONS: Record<ToastType, typeof IconInfo> = {
  info: IconInfo,
  success: IconCheckCircle,
  warning: IconAlert,
  error: IconAlert,
};

function ToastView({ item }: { item: Readonly<ToastItem> }) {
  const Icon = ICONS[item.type];
  return (
    <div
      className={cx(styles.toast, styles[item.type], item.leaving && styles.leaving)}
      role={item.type === 'error' || item.type === 'warning' ? 'alert' : 'status'}
      aria-hidden={item.leaving || undefined}
      data-position={item.position}
    >
      <Icon size={20} className={styles.icon} />
      <p className={styles.message}>{item.message}</p>
      {item.action && (
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            item.action?.onClick();
            dismissToast(item.id);
          }}
        >
          {item.action.label}
        </button>
      )}
    </div>
  );
}

function ToastStack({ position, items }: { position: ToastPosition; items: ReadonlyArray<Readonly<ToastItem>> }) {
  return (
    <div className={cx('fixed-in-column', styles.stack, styles[position])}>
      {items.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
    </div>
  );
}

export function ToastViewport() {
  const { toasts } = useSnapshot(uiState);
  const top = toasts.filter((t) => t.position === 'top');
  const bottom = toasts.filter((t) => t.position === 'bottom');
  return (
    <>
      {top.length > 0 && <ToastStack position="top" items={top} />}
      {bottom.length > 0 && <ToastStack position="bottom" items={bottom} />}
    </>
  );
}
