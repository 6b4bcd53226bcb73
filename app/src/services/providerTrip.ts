// Sign-in and payment providers' pages leave no history entry behind (issue 31). Leaving for one (the
// Kakao or Apple sign-in page, a payment provider's page) adds entries the app cannot remove: the provider's
// pages and the return to the app (/auth/kakao?token=..., /r/{id}/pay?result=...). So before leaving, the app
// notes the trip (noteProviderTrip); when the provider sends the user back, the return address is not shown
// where it landed: the page steps back over the provider's entries to the app's own entry it left from (or
// the one before it, when that is the page to end on) and shows the return address there, in place of that
// entry (takeProviderReturn at start, or when a kept page is shown again). Back then goes where the user was
// before signing in or paying, never to a provider's page.
//
// How many entries the provider added is not known beforehand (a provider may show one page or three), and
// history.length only bounds it from below: entries ahead of the leaving one that the trip cut off (the
// user went back from a provider once already), and the oldest entries a full history drops (Chromium keeps
// 50) hide from it. So the count is trusted only when neither can have happened; otherwise the return steps
// back further, onto an entry of the app's behind the one to end on, and that page moves on to it by its
// Navigation API key, noted when leaving. Without that API (older Safari) the return then stays where it landed.
// The note before leaving is providerDeparture.ts (the login and payment screens'); this module is the
// return, which a page's start runs when a trip or a return is noted (providerReturn.ts).
import { appPathname } from '../config/appBase';
import { pageNavigation } from './pageNavigation';
import { PROVIDER_RETURN_KEY, PROVIDER_TRIP_KEY } from './providerNotes';
/** More entries than this between leaving and coming back: something else happened; the return stays put. */
const MAX_STEPS = 20;
/** Chromium and Firefox keep 50 entries a tab (WebKit more): at that length the oldest are dropped. */
const FULL_HISTORY = 50;

/** The part of the Navigation API used here (TypeScript's DOM types lack it): it lists the app's entries only. */
interface TabNavigation {
  readonly currentEntry: { readonly key: string; readonly index: number } | null;
  entries(): { readonly key: string; readonly url: string | null; readonly sameDocument: boolean }[];
  traverseTo(key: string): { committed: Promise<unknown>; finished: Promise<unknown> };
}

export function tabNavigation(): (TabNavigation & { readonly currentEntry: NonNullable<TabNavigation['currentEntry']> }) | null {
  const navigation = (window as { navigation?: TabNavigation }).navigation;
  return navigation?.currentEntry ? (navigation as ReturnType<typeof tabNavigation>) : null;
}

export interface Trip {
  /** The return address's pathname starts with this... */
  returnPath: string;
  /** ...and its query has this parameter. */
  param: string;
  /** history.length when leaving. */
  length: number;
  /** Entries from the leaving one back to the one to end on: 0, the leaving one; 1, the one behind it. */
  back: 0 | 1;
  /** The app's entries ahead of the leaving one (the Navigation API's count; 0 without it). */
  ahead: number;
  /** Whether `ahead` counts every entry ahead (none can be a provider's). */
  aheadKnown: boolean;
  /** The Navigation API's key of the entry to end on (null without the API)... */
  endKey: string | null;
  /** ...and how many of the app's entries lie behind it. */
  appEntriesBehind: number;
}

interface PendingReturn {
  /** The return address, to show in place of the entry to end on. */
  address: string;
  endKey: string | null;
  /** Moved on to the entry to end on already (once at most). */
  moved: boolean;
}

export function write(key: string, value: unknown): boolean {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

/** At a page's start, before the router reads the address: the return address in place of this entry's. */
const showHere = (address: string) => window.history.replaceState(null, '', address);

/**
 * How far back the return steps: onto the entry to end on when the count is sure; else past it onto an
 * entry of the app's behind it (the page there moves on by key); null: the return stays where it landed.
 */
function stepsBack(trip: Trip, length: number): number | null {
  // The provider's entries and the return, as history.length counts them: never more than there are.
  const least = length - trip.length + trip.ahead;
  if (least > MAX_STEPS) return null;
  const sure = trip.aheadKnown && length < FULL_HISTORY;
  if (sure) return least >= 1 ? least + trip.back : null;
  if (trip.endKey === null) return null;
  const steps = least + trip.back + Math.min(trip.appEntriesBehind, MAX_STEPS);
  return steps >= 1 ? steps : null;
}

/**
 * On the entry a return stepped back to. When the entry to end on is another of the app's (the step went
 * past it, or short of it onto the leaving one), moves on to it, once, and answers false; else shows the
 * return address (`show`) in place of this entry and answers true.
 */
function settleReturn(pending: PendingReturn, show: (address: string) => void): boolean {
  const navigation = tabNavigation();
  const end =
    navigation && pending.endKey && !pending.moved && navigation.currentEntry.key !== pending.endKey
      ? navigation.entries().find((entry) => entry.key === pending.endKey)
      : undefined;
  if (navigation && end && write(PROVIDER_RETURN_KEY, { ...pending, moved: true })) {
    // Usually to another page (a new page's other entries are other pages'), which shows the return at its
    // start; within this page (one the browser kept) there is no start, so it is shown here once there.
    const samePage = end.sameDocument;
    const moving = navigation.traverseTo(end.key);
    moving.committed.then(
      () => samePage && settleReturn({ ...pending, moved: true }, show),
      () => undefined,
    );
    moving.finished.catch(() => undefined);
    return false;
  }
  sessionStorage.removeItem(PROVIDER_RETURN_KEY);
  show(pending.address);
  return true;
}

/**
 * At the start of a page load. On a provider's return noted by noteProviderTrip: steps back over the
 * provider's entries and answers 'leaving' (the page is going; render nothing). On the entry stepped back to:
 * puts the return address in its place and answers 'returned' (or moves on to the entry to end on:
 * 'leaving'). Otherwise 'none'.
 */
export function takeProviderReturn(): 'none' | 'leaving' | 'returned' {
  const pending = read<PendingReturn>(PROVIDER_RETURN_KEY);
  if (pending !== null) {
    return settleReturn(pending, showHere) ? 'returned' : 'leaving';
  }
  const trip = read<Trip>(PROVIDER_TRIP_KEY);
  if (!trip) return 'none';
  const { pathname, search, hash } = window.location;
  if (!appPathname(pathname).startsWith(trip.returnPath) || !new URLSearchParams(search).has(trip.param)) return 'none';
  sessionStorage.removeItem(PROVIDER_TRIP_KEY);
  const steps = stepsBack(trip, window.history.length);
  if (steps === null) return 'none';
  const pendingReturn: PendingReturn = { address: `${pathname}${search}${hash}`, endKey: trip.endKey, moved: false };
  if (!write(PROVIDER_RETURN_KEY, pendingReturn)) return 'none';
  pageNavigation.go(-steps);
  return 'leaving';
}

/** How long a return waits for its step back before it is shown where it landed (abandonProviderReturn). */
export const PROVIDER_RETURN_FALLBACK_MS = 5000;

/**
 * The step back (or on) did not happen: forgets it and puts the return address on this entry, so this page
 * shows the return itself. True when there was one to forget.
 */
export function abandonProviderReturn(): boolean {
  const pending = read<PendingReturn>(PROVIDER_RETURN_KEY);
  if (pending === null) return false;
  sessionStorage.removeItem(PROVIDER_RETURN_KEY);
  showHere(pending.address);
  return true;
}

/**
 * On a page the browser restored from its back-forward cache (providerReturn.ts watches for it): when it is
 * the entry a provider's return stepped back to, shows the return address (`show` navigates in the app, in
 * place), after moving on to the entry to end on when that is another of this page's entries.
 */
export function settleRestoredReturn(show: (address: string) => void): void {
  const pending = read<PendingReturn>(PROVIDER_RETURN_KEY);
  if (pending !== null) settleReturn(pending, show);
}
