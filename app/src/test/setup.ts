// Test environment for component tests (vitest + jsdom): unmount after each test, reset the ui store,
// and provide the browser APIs jsdom lacks.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetUiState } from '../stores/ui';
import { installIntersectionObserverMock } from './intersectionObserver';

installIntersectionObserverMock();

beforeEach(() => {
  // jsdom does not implement scrolling; record the position like a browser would.
  vi.spyOn(window, 'scrollTo').mockImplementation(((x: number | ScrollToOptions, y?: number) => {
    const top = typeof x === 'number' ? (y ?? 0) : (x.top ?? window.scrollY);
    Object.defineProperty(window, 'scrollY', { value: top, configurable: true, writable: true });
  }) as typeof window.scrollTo);
});

afterEach(() => {
  cleanup();
  resetUiState();
  document.body.removeAttribute('style');
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});
