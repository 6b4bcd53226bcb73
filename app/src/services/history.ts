// How the last location change happened (wouter's browser location patches history.pushState and
// replaceState to dispatch events of those names). A cancelled push is undone with a back step, so the
// cancelled page leaves no history entry behind; a cancelled replace or back/forward step is replaced.
import { appPathname } from '../config/appBase';

export type NavigationKind = 'push' | 'replace' | 'pop' | 'load';

let lastKind: NavigationKind = 'load';
// Whether the current entry surely has no entries ahead of it: its page load added it, or a push did since
// (both cut off what was ahead). After a step back or forward, a reload or a page kept by the browser, the
// entries ahead may include another site's pages (a sign-in or payment provider's), which the Navigation API
// does not list (services/providerTrip.ts).
let nothingAhead =
  typeof window !== 'undefined' &&
  (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'navigate';

const fullPath = () => `${appPathname()}${window.location.search}${window.location.hash}`;
// The address of the entry behind the current one, when this page put it there (a push); null otherwise.
let currentPath = typeof window !== 'undefined' ? fullPath() : '';
let previousPath: string | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener('pushState', () => {
    lastKind = 'push';
    nothingAhead = true;
    previousPath = currentPath;
    currentPath = fullPath();
  });
  window.addEventListener('replaceState', () => {
    lastKind = 'replace';
    currentPath = fullPath();
  });
  window.addEventListener('popstate', () => {
    lastKind = 'pop';
    nothingAhead = false;
    previousPath = null;
    currentPath = fullPath();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) nothingAhead = false;
  });
}

/** The pathname of the history entry behind this one, when known (pushed from it in this page). */
export function previousEntryPathname(): string | null {
  return previousPath === null ? null : previousPath.replace(/[?#].*$/, '');
}

export function lastNavigationKind(): NavigationKind {
  return lastKind;
}

/** Whether no entries lie ahead of the current one (see nothingAhead above). */
export function nothingAheadOfEntry(): boolean {
  return nothingAhead;
}
