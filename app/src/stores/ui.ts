// Overlay and chrome state shared by every screen (SPEC.md section 2, "Shared UI"), with its actions.
// Components under src/ui/ render this state; screens change it only through the functions below.
import { TIMING } from '@creator-market/sdk/domain';
import { proxy } from 'valtio';

export type ToastType = 'info' | 'success' | 'warning' | 'error';
export type ToastPosition = 'top' | 'bottom';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  type?: ToastType;
  position?: ToastPosition;
  /** Milliseconds on screen; default 3000 (SPEC.md section 9). */
  duration?: number;
  /** An optional link-like button at the end of the toast, e.g. "go to subscriptions". */
  action?: ToastAction;
}

export interface ToastItem {
  id: number;
  message: string;
  type: ToastType;
  position: ToastPosition;
  duration: number;
  action?: ToastAction;
  /** True while the toast fades out, just before it is removed. */
  leaving: boolean;
}

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

export interface DialogRequest {
  id: number;
  kind: 'confirm' | 'alert';
  title?: string;
  message?: string;
  confirmText: string;
  cancelText: string;
  destructive: boolean;
}

export type BottomTabName = 'home' | 'my' | 'cart';

/** The app-wide drawers of SPEC.md plus any screen-local drawer name. */
export type DrawerName = 'cart' | 'alarm' | (string & {});

export interface DrawerEntry {
  /** Whatever the drawer needs to show, e.g. the market id of the cart drawer. */
  params: Readonly<Record<string, string>>;
}

export interface UiState {
  toasts: ToastItem[];
  /** Confirm and alert dialogs waiting in order; the first one is on screen. */
  dialogs: DialogRequest[];
  loginPrompt: boolean;
  /** Open drawers by name. */
  drawers: Record<string, DrawerEntry>;
  /** How many overlays currently need the page not to scroll. */
  scrollLocks: number;
  splash: boolean;
  /** A screen's first view is still painting its lead image: the overlays' chunk waits (ui/UiRoot.tsx). */
  firstViewPending: boolean;
  /** Page background: a CSS colour, 'white' (default) or 'none'. */
  pageColor: string;
  transparentStatusBar: boolean;
  bottomTab: BottomTabName;
  /** Whether the current route may show the floating go-to-top button. */
  floatingButton: boolean;
}

export const TOAST_DEFAULT_DURATION_MS = TIMING.toastMs;
/** Length of the fade-out after a toast's time is up (matches Toast.module.css). */
export const TOAST_EXIT_MS = 200;
/** At most this many toasts are stacked in one position; older ones make way. */
export const TOAST_MAX_VISIBLE = 3;

export const DEFAULT_CONFIRM_TEXT = '확인';
export const DEFAULT_CANCEL_TEXT = '취소';

export const LOGIN_PROMPT = {
  title: '로그인 필요',
  message: '간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?',
  confirmText: '로그인',
  cancelText: '다음에',
} as const;

function initialState(): UiState {
  return {
    toasts: [],
    dialogs: [],
    loginPrompt: false,
    drawers: {},
    scrollLocks: 0,
    splash: true,
    firstViewPending: false,
    pageColor: 'white',
    transparentStatusBar: false,
    bottomTab: 'home',
    floatingButton: false,
  };
}

export const uiState = proxy<UiState>(initialState());

let nextId = 1;
// Resolvers stay outside the proxy: they are not state anyone renders.
const dialogResolvers = new Map<number, (confirmed: boolean) => void>();
const loginPromptResolvers: Array<(login: boolean) => void> = [];
const toastTimers = new Map<number, ReturnType<typeof setTimeout>>();
const lastDrawerClickAt = new Map<string, number>();

// ---------------------------------------------------------------- toast

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

// ---------------------------------------------------------------- confirm and alert dialogs

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

// ---------------------------------------------------------------- login prompt

/** Opens the '로그인 필요' prompt; resolves true when the user chooses '로그인'. */
export function openLoginPrompt(): Promise<boolean> {
  uiState.loginPrompt = true;
  return new Promise((resolve) => loginPromptResolvers.push(resolve));
}

export function closeLoginPrompt(login: boolean): void {
  uiState.loginPrompt = false;
  for (const resolve of loginPromptResolvers.splice(0)) resolve(login);
}

// ---------------------------------------------------------------- drawers

/**
 * One open or close per drawer every 200 ms (SPEC.md section 9, drawer click throttle): the second tap
 * of a double tap, or the click that lands on the fresh backdrop, changes nothing.
 */
function acceptDrawerClick(name: string): boolean {
  const now = Date.now();
  const last = lastDrawerClickAt.get(name);
  if (last !== undefined && now - last < TIMING.drawerClickThrottleMs) return false;
  lastDrawerClickAt.set(name, now);
  return true;
}

export function openDrawer(name: DrawerName, params: Record<string, string> = {}): void {
  if (uiState.drawers[name] || !acceptDrawerClick(name)) return;
  uiState.drawers[name] = { params };
}

export function closeDrawer(name: DrawerName): void {
  if (!uiState.drawers[name] || !acceptDrawerClick(name)) return;
  delete uiState.drawers[name];
}

// ---------------------------------------------------------------- chrome

export function hideSplash(): void {
  uiState.splash = false;
}

export function setPageColor(color: string): void {
  uiState.pageColor = color;
}

export function setTransparentStatusBar(on: boolean): void {
  uiState.transparentStatusBar = on;
}

export function setBottomTab(tab: BottomTabName): void {
  uiState.bottomTab = tab;
}

export function setFloatingButton(on: boolean): void {
  uiState.floatingButton = on;
}

/** Back to the initial state, cancelling timers and pending promises (for tests). */
export function resetUiState(): void {
  for (const timer of toastTimers.values()) clearTimeout(timer);
  toastTimers.clear();
  for (const [id, resolve] of dialogResolvers) {
    dialogResolvers.delete(id);
    resolve(false);
  }
  for (const resolve of loginPromptResolvers.splice(0)) resolve(false);
  lastDrawerClickAt.clear();
  Object.assign(uiState, initialState());
}
