// Navigation helpers the kit needs without knowing the route table.
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { hostPath } from '../config/appBase';

/** In-app navigation (wouter's browser location: history.pushState plus its change event); `state` is the entry's history state. */
export function navigate(to: string, options?: { replace?: boolean; state?: unknown }): void {
  browserNavigate(hostPath(to), options);
}

// How many in-app pages lie behind the current one. wouter's browser location patches
// history.pushState to dispatch a 'pushState' event; popstate is counted as a step back (a forward step
// is rare and only makes back fall back to home a little early, which is the safe side).
let inAppDepth = 0;
// Back steps the app takes itself (stepBack) whose popstate has not come yet, and whether the latest
// popstate was one of them: a dialog closes on the user's back, not on the app's (a cancelled navigation
// steps back and opens the login prompt at once).
let appBacksPending = 0;
let lastPopByApp = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pushState', () => {
    inAppDepth += 1;
  });
  // Registered when this module loads, so before any dialog's listener sees the same event.
  window.addEventListener('popstate', () => {
    inAppDepth = Math.max(0, inAppDepth - 1);
    lastPopByApp = appBacksPending > 0;
    if (lastPopByApp) appBacksPending -= 1;
  });
}

/** history.back() by the app itself (not the browser's back button). */
export function stepBack(): void {
  appBacksPending += 1;
  window.history.back();
}

/** Whether the popstate being handled comes from the app's own stepBack. */
export function popWasByApp(): boolean {
  return lastPopByApp;
}

/** True when a back step stays inside the app (false on a page opened directly from a link). */
export function canGoBack(): boolean {
  return inAppDepth > 0;
}

/** Back one page, or home when there is no in-app history (SPEC.md section 2, app bar). */
export function goBack(goHome: () => void = () => navigate('/')): void {
  if (canGoBack()) stepBack();
  else goHome();
}
