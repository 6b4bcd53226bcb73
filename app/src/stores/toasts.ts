// Toasts (SPEC.md section 9): shown for a while, then faded out and removed from the ui store.
import { TIMING } from '@creator-market/sdk/domain';
import { uiState, type ToastAction, type ToastItem, type ToastPosition, type ToastType } from './ui';

export interface ToastOptions {
  type?: ToastType;
  position?: ToastPosition;
  /** Milliseconds on screen; default 3000 (SPEC.md section 9). */
  duration?: number;
  /** An optional link-like button at the end of the toast, e.g. "go to subscriptions". */
  action?: ToastAction;
}

export const TOAST_DEFAULT_DURATION_MS = TIMING.toastMs;
/** Length of the fade-out after a toast's time is up (matches Toast.module.css). */
export const TOAST_EXIT_MS = 200;
/** At most this many toasts are stacked in one position; older ones make way. */
export const TOAST_MAX_VISIBLE = 3;

let nextId = 1;
// Timers stay outside the proxy: they are not state anyone renders.
const toastTimers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast for 3000 ms (or `duration`) and returns its id. */
export function toast(message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const item: ToastItem = {
    id,
    message,
    type: options.type ?? 'info',
    position: options.position ?? 'bottom',
    duration: options.duration ?? TOAST_DEFAULT_DURATION_MS,
    action: options.action,
    leaving: false,
  };
  const samePosition = uiState.toasts.filter((t) => t.position === item.position && !t.leaving);
  for (const old of samePosition.slice(0, Math.max(0, samePosition.length - TOAST_MAX_VISIBLE + 1))) {
    dismissToast(old.id);
  }
  uiState.toasts.push(item);
  toastTimers.set(
    id,
    setTimeout(() => dismissToast(id), item.duration),
  );
  return id;
}

/** Starts the fade-out of a toast, then removes it. */
export function dismissToast(id: number): void {
  const item = uiState.toasts.find((t) => t.id === id);
  if (!item || item.leaving) return;
  clearTimeout(toastTimers.get(id));
  item.leaving = true;
  toastTimers.set(
    id,
    setTimeout(() => {
      toastTimers.delete(id);
      uiState.toasts = uiState.toasts.filter((t) => t.id !== id);
    }, TOAST_EXIT_MS),
  );
}

/** Cancels the toasts' timers (for tests, with resetUiState). */
export function resetToasts(): void {
  for (const timer of toastTimers.values()) clearTimeout(timer);
  toastTimers.clear();
}
