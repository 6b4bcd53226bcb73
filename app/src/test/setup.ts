// Test environment for component tests (vitest + jsdom): unmount after each test, reset the ui store,
// and provide the browser APIs jsdom lacks.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// One wait for every findBy*/waitFor: long enough for a loaded 2-core CI machine (the default 1 s made
// tests fail under load); a wait that succeeds returns as soon as its element is there.
configure({ asyncUtilTimeout: 5000 });

// The test files of a worker share one jsdom window and the module cache of node_modules (isolate: false in
// vite.config.ts: a third of the suite's CPU time was jsdom set-up and React's import, once per file). Each
// file still starts from fresh app modules (their module-level state: navigation depth, throttles, stores)
// and an empty browser state.
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');
// Imported after the reset, so the test file gets this same instance (the one holding the observers).
const { installIntersectionObserverMock } = await import('./intersectionObserver');
installIntersectionObserverMock();

beforeEach(() => {
  // jsdom does not implement scrolling; record the position like a browser would.
  vi.spyOn(window, 'scrollTo').mockImplementation(((x: number | ScrollToOptions, y?: number) => {
    const top = typeof x === 'number' ? (y ?? 0) : (x.top ?? window.scrollY);
    Object.defineProperty(window, 'scrollY', { value: top, configurable: true, writable: true });
  }) as typeof window.scrollTo);
});

afterEach(async () => {
  cleanup();
  // The ui store the test file imported (a fresh instance since vi.resetModules above).
  const { resetUiState } = await import('../stores/ui');
  resetUiState();
  document.body.removeAttribute('style');
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});
