// The tab hidden or shown again (document.visibilityState and its event), for screens that refresh when shown.
//   setTabVisibility('hidden'); ...; setTabVisibility('visible');   and restoreTabVisibility() after each test
import { act } from '@testing-library/react';

/** The tab is now `state`: the document says so and fires `visibilitychange`. */
export function setTabVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** The document's own getter again. */
export function restoreTabVisibility() {
  delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
}
