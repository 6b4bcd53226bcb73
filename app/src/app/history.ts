// How the last location change happened (wouter's browser location patches history.pushState and
// replaceState to dispatch events of those names). A cancelled push is undone with a back step, so the
// cancelled page leaves no history entry behind; a cancelled replace or back/forward step is replaced.

export type NavigationKind = 'push' | 'replace' | 'pop' | 'load';

let lastKind: NavigationKind = 'load';

if (typeof window !== 'undefined') {
  window.addEventListener('pushState', () => {
    lastKind = 'push';
  });
  window.addEventListener('replaceState', () => {
    lastKind = 'replace';
  });
  window.addEventListener('popstate', () => {
    lastKind = 'pop';
  });
}

export function lastNavigationKind(): NavigationKind {
  return lastKind;
}
