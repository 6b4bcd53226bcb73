// Overlay and chrome state shared by every screen (SPEC.md section 2, "Shared UI"). Components under src/ui/
// render this state; screens change it only through the actions: the chrome's below, the overlays' by what
// they open (toasts.ts, dialogs.ts, loginPrompt.ts, drawers.ts), so the start scripts carry only the actions
// they use (docs/decisions/home-js-start-chunk.md).
import { proxy, subscribe } from 'valtio';

export type ToastType = 'info' | 'success' | 'warning' | 'error';
export type ToastPosition = 'top' | 'bottom';

export interface ToastAction {
  label: string;
  onClick: () => void;
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
  /**
   * The page's first screen has mounted (shell/RouterView.tsx): until then nobody knows yet whether it leads
   * with an image, so what waits for the first view waits for this too.
   */
  firstScreenMounted: boolean;
  /**
   * How many screens' first views are still painting their lead images: the overlays' chunk waits
   * (ui/UiRoot.tsx). A count, since a kept-alive screen and the one shown can both be waiting.
   */
  firstViewPending: number;
  /** Page background: a CSS colour, 'white' (default) or 'none'. */
  pageColor: string;
  transparentStatusBar: boolean;
  bottomTab: BottomTabName;
  /** Whether the current route may show the floating go-to-top button. */
  floatingButton: boolean;
}

function initialState(): UiState {
  return {
    toasts: [],
    dialogs: [],
    loginPrompt: false,
    drawers: {},
    scrollLocks: 0,
    splash: true,
    firstScreenMounted: false,
    firstViewPending: 0,
    pageColor: 'white',
    transparentStatusBar: false,
    bottomTab: 'home',
    floatingButton: false,
  };
}

export const uiState = proxy<UiState>(initialState());

/** Whether the page's first screen has mounted and shows its first view (no lead image still painting). */
export const firstViewShown = (state: Pick<UiState, 'firstScreenMounted' | 'firstViewPending'>): boolean =>
  state.firstScreenMounted && state.firstViewPending === 0;

/**
 * Runs `task` once the first screen has mounted and no first view is painting its lead image (at once when
 * that is so): work the first screen does not need (the other screens' preloads) then neither shares the link
 * with that image nor comes before its frame, the page's largest paint.
 */
export function whenFirstViewShown(task: () => void): void {
  if (firstViewShown(uiState)) return task();
  const unsubscribe = subscribe(uiState, () => {
    if (!firstViewShown(uiState)) return;
    unsubscribe();
    task();
  });
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

/**
 * Back to the initial state (for tests; testing/setup.ts also resets each overlay's actions: their timers,
 * pending promises and drawer throttle).
 */
export function resetUiState(): void {
  Object.assign(uiState, initialState());
}
