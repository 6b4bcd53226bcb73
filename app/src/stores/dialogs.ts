// Confirm and alert dialogs: queued in the ui store, the first one on screen; each call resolves when its
// dialog is answered.
import { uiState, type DialogRequest } from './ui';

export interface DialogOptions {
  title?: string;
  /** Plain text; line breaks ("\n") are kept. */
  message?: string;
  confirmText?: string;
  /** Shows the confirm button in red for destructive actions. */
  destructive?: boolean;
}

export interface ConfirmOptions extends DialogOptions {
  cancelText?: string;
}

export const DEFAULT_CONFIRM_TEXT = '확인';
export const DEFAULT_CANCEL_TEXT = '취소';

let nextId = 1;
// Resolvers stay outside the proxy: they are not state anyone renders.
const dialogResolvers = new Map<number, (confirmed: boolean) => void>();

function openDialog(kind: DialogRequest['kind'], options: ConfirmOptions): Promise<boolean> {
  const id = nextId++;
  uiState.dialogs.push({
    id,
    kind,
    title: options.title,
    message: options.message,
    confirmText: options.confirmText ?? DEFAULT_CONFIRM_TEXT,
    cancelText: options.cancelText ?? DEFAULT_CANCEL_TEXT,
    destructive: options.destructive ?? false,
  });
  return new Promise((resolve) => dialogResolvers.set(id, resolve));
}

/** Asks a yes/no question; resolves true when the user confirms, false on cancel or Escape. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return openDialog('confirm', options);
}

/** Shows a message with one button; resolves when it is dismissed. */
export async function alert(options: DialogOptions | string): Promise<void> {
  await openDialog('alert', typeof options === 'string' ? { message: options } : options);
}

/** Closes a dialog and settles its promise (alerts always settle as confirmed). */
export function resolveDialog(id: number, confirmed: boolean): void {
  const index = uiState.dialogs.findIndex((d) => d.id === id);
  if (index < 0) return;
  uiState.dialogs.splice(index, 1);
  const resolve = dialogResolvers.get(id);
  dialogResolvers.delete(id);
  resolve?.(confirmed);
}

/** Settles the pending dialogs as cancelled (for tests, with resetUiState). */
export function resetDialogs(): void {
  for (const [id, resolve] of dialogResolvers) {
    dialogResolvers.delete(id);
    resolve(false);
  }
}
