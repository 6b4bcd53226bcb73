// How the last location change happened (wouter's browser location patches history.pushState and
// replaceState to dispatch events of those names). A cancelled push is undone with a back step, so the
// cancelled page leaves no history entry behind; a cancelled replace or back/forward step is replaced.
import { appPathname } from '../config/appBase';

export type NavigationKind = 'push' | 'replace' | 'pop' | 'load';

let lastKind: NavigationKind = 'load';

const fullPath = () => `${appPathname()}${window.location.search}${window.location.hash}`;
// The address of the entry behind the current one, when this page put it there (a push); null otherwise.
let currentPath = typeof window !== 'undefined' ? fullPath() : '';
let previousPath: string | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener('pushState', () => {
    lastKind = 'push';
    previousPath = currentPath;
    currentPath = fullPath();
  });
  window.addEventListener('replaceState', () => {
    lastKind = 'replace';
    currentPath = fullPath();
  });
  window.addEventListener('popstate', () => {
    lastKind = 'pop';
    previousPath = null;
    currentPath = fullPath();
  });
}

/** The pathname of the history entry behind this one, when known (pushed from it in this page). */
export function previousEntryPathname(): string | null {
  return previousPath === null ? null : previousPath.replace(/[?#].*$/, '');
}

export function lastNavigationKind(): NavigationKind {
  return lastKind;
}
