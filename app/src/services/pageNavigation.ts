// Leaving the app's page (sign-in pages, external links, the app's URL scheme). One object, so every
// exit goes through one place and tests can watch it (jsdom cannot navigate).
export const pageNavigation = {
  /** Loads another address in this tab (kept in history). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Loads another address in this tab in place of this page. */
  replace(url: string): void {
    window.location.replace(url);
  },
  /** Loads this page again (a chunk gone after a deploy: services/chunkFailure.ts). */
  reload(): void {
    window.location.reload();
  },
  /** Moves `delta` entries in the tab's history (across pages: a provider's return, services/providerTrip.ts). */
  go(delta: number): void {
    window.history.go(delta);
  },
  /** Opens an address in a new tab. */
  open(url: string): void {
    window.open(url, '_blank', 'noopener');
  },
};
