// Sign-in and payment providers' pages leave no history entry behind (issue 31). Leaving for one (the
// Kakao or Apple sign-in page, a payment provider's page) adds entries the app cannot remove: the provider's
// pages and the return to the app (/auth/kakao?token=..., /r/{id}/pay?result=...). So before leaving, the app
// notes where history stands (noteProviderTrip); when the provider sends the user back, the return address
// is not shown where it landed: the page steps back over the provider's entries to the app's own entry it
// left from (or the one before it, when that is the page to end on) and shows the return address there, in
// place of that entry (takeProviderReturn at start, or when a kept page is shown again). Back then goes where
// the user was before signing in or paying, never to a provider's page.
import { pageNavigation } from './pageNavigation';
import { appPathname } from '../config/appBase';

export const PROVIDER_TRIP_KEY = 'cm.providerTrip';
export const PROVIDER_RETURN_KEY = 'cm.providerReturn';
/** More entries than this between leaving and coming back: something else happened; the return stays put. */
const MAX_STEPS = 20;

interface Trip {
  /** history.length when leaving (the leaving page's entry is the last one). */
  length: number;
  /** The return address's pathname starts with this... */
  returnPath: string;
  /** ...and its query has this parameter. */
  param: string;
  /** Step back one entry more: the page before the leaving one is where the return ends (it replaces it). */
  beforeLeaving: boolean;
}

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

/**
 * Before leaving for a provider's page: the return comes to a pathname starting with `returnPath` with
 * `param` in its query. `beforeLeaving`: the return ends on the page before this one (it is that page again).
 */
export function noteProviderTrip(returnPath: string, param: string, options: { beforeLeaving?: boolean } = {}): void {
  const trip: Trip = { length: window.history.length, returnPath, param, beforeLeaving: options.beforeLeaving ?? false };
  try {
    sessionStorage.setItem(PROVIDER_TRIP_KEY, JSON.stringify(trip));
  } catch {
    // No session storage: the provider's entries stay in history, as before.
  }
}

/**
 * At the start of a page load. On a provider's return noted by noteProviderTrip: steps back over the
 * provider's entries and answers 'leaving' (the page is going; render nothing). On the entry stepped back to:
 * puts the return address in its place and answers 'returned'. Otherwise 'none'.
 */
export function takeProviderReturn(): 'none' | 'leaving' | 'returned' {
  const pending = read<string>(PROVIDER_RETURN_KEY);
  if (pending !== null) {
    sessionStorage.removeItem(PROVIDER_RETURN_KEY);
    window.history.replaceState(null, '', pending);
    return 'returned';
  }
  const trip = read<Trip>(PROVIDER_TRIP_KEY);
  if (!trip) return 'none';
  const { pathname, search, hash } = window.location;
  if (!appPathname(pathname).startsWith(trip.returnPath) || !new URLSearchParams(search).has(trip.param)) return 'none';
  sessionStorage.removeItem(PROVIDER_TRIP_KEY);
  const steps = window.history.length - trip.length + (trip.beforeLeaving ? 1 : 0);
  if (steps < 1 || steps > MAX_STEPS) return 'none';
  try {
    sessionStorage.setItem(PROVIDER_RETURN_KEY, JSON.stringify(`${pathname}${search}${hash}`));
  } catch {
    return 'none';
  }
  pageNavigation.go(-steps);
  return 'leaving';
}

/** How long a return waits for its step back before it is shown where it landed (abandonProviderReturn). */
export const PROVIDER_RETURN_FALLBACK_MS = 5000;

/**
 * The step back did not happen (still on the return's page): forgets it, so this page shows the return
 * itself. True when there was one to forget.
 */
export function abandonProviderReturn(): boolean {
  if (read<string>(PROVIDER_RETURN_KEY) === null) return false;
  sessionStorage.removeItem(PROVIDER_RETURN_KEY);
  return true;
}

/**
 * A page the browser restores from its back-forward cache runs no start again: when it is the entry a
 * provider's return stepped back to, it shows the return address (`show` navigates in the app, in place).
 */
export function watchRestoredReturn(show: (address: string) => void): () => void {
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    const pending = read<string>(PROVIDER_RETURN_KEY);
    if (pending === null) return;
    sessionStorage.removeItem(PROVIDER_RETURN_KEY);
    show(pending);
  };
  window.addEventListener('pageshow', onPageShow);
  return () => window.removeEventListener('pageshow', onPageShow);
}
