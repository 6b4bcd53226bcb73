// Navigation helpers the kit needs without knowing the route table.
import { navigate as browserNavigate } from 'wouter/use-browser-location';

/** In-app navigation (wouter's browser location: history.pushState plus its change event). */
export function navigate(to: string, options?: { replace?: boolean }): void {
  browserNavigate(to, options);
}

// How many in-app pages lie behind the current one. wouter's browser location patches
// history.pushState to dispatch a 'pushState' event; popstate is counted as a step back (a forward step
// is rare and only makes back fall back to home a little early, which is the safe side).
let inAppDepth = 0;
if (typeof window !== 'undefined') {
  window.addEventListener('pushState', () => {
    inAppDepth += 1;
  });
  window.addEventListener('popstate', () => {
    inAppDepth = Math.max(0, inAppDepth - 1);
  });
}

/** True when a back step stays inside the app (false on a page opened directly from a link). */
export function canGoBack(): boolean {
  return inAppDepth > 0;
}

/** Back one page, or home when there is no in-app history (SPEC.md section 2, app bar). */
export function goBack(goHome: () => void = () => navigate('/')): void {
  if (canGoBack()) window.history.back();
  else goHome();
}
