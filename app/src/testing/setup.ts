// Test environment for component tests (vitest + jsdom): unmount after each test, reset the ui store,
// and provide the browser APIs jsdom lacks.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
// jest-dom's matchers (toBeInTheDocument, toHaveTextContent, toBeDisabled ...) on vitest's expect, with their types.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { apiJournalFile, journalFileName, type ApiJournalTest } from '@creator-market/sdk/control';
import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest';
import { API_JOURNAL_DIR, takeCollected } from './apiJournal';
import { TEST_NOW } from './now';

// The test files of a worker share one jsdom window and the module cache of node_modules (isolate: false in
// vite.config.ts: a third of the suite's CPU time was jsdom set-up and React's import, once per file). Each
// file still starts from fresh app modules (their module-level state: navigation depth, throttles, stores)
// and an empty browser state (an empty body too: a payment test leaves the provider's form, jsdom never
// navigates away from it).
vi.resetModules();
document.body.replaceChildren();
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');
// Imported after the reset, so the test file gets this same instance (the one holding the observers).
const { installIntersectionObserverMock } = await import('./intersectionObserver');
installIntersectionObserverMock();

/**
 * Date runs from TEST_NOW (./now.ts), advancing with real time; timers stay real. The mock worlds
 * (testing/testServer.ts) are generated at TEST_NOW and their clocks run on this Date. A test may fake more timers
 * or call vi.useRealTimers(); after it, Date is pinned again where the pinned clock has got to.
 */
const started = performance.now();
function pinDate(): void {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(TEST_NOW + (performance.now() - started));
}
pinDate();

/**
 * How long every findBy*, findAllBy* and waitFor waits: one figure for a loaded 2-core CI machine (the
 * 1 s default made Search.test.tsx fail whenever another process took a core). A wait that succeeds returns
 * as soon as it can, so this only lengthens a failing test. vite.config.ts gives each test room for several
 * such waits (testTimeout). Tests do not pass their own shorter timeouts.
 */
const ASYNC_UTIL_TIMEOUT_MS = 20_000;
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

beforeEach(() => {
  // jsdom does not implement scrolling; record the position like a browser would.
  vi.spyOn(window, 'scrollTo').mockImplementation((x: number | ScrollToOptions, y?: number) => {
    const top = typeof x === 'number' ? (y ?? 0) : (x.top ?? window.scrollY);
    Object.defineProperty(window, 'scrollY', { value: top, configurable: true, writable: true });
  });
});

/**
 * The API journal of this test file (testing/apiJournal.ts): each test's requests, filed after its own
 * after-hooks (the setup's hooks run last), written as one file when the file ends.
 */
const journalTests: ApiJournalTest[] = [];
takeCollected(); // what the previous file of this worker sent after its last test
if (API_JOURNAL_DIR) {
  const dir = API_JOURNAL_DIR;
  afterEach(() => {
    journalTests.push({ test: expect.getState().currentTestName ?? '(unnamed)', requests: takeCollected() });
  });
  afterAll(() => {
    const testPath = expect.getState().testPath ?? 'unknown';
    // The file as the repository names it (app/src/...).
    const source = `app/${testPath.slice(testPath.lastIndexOf('/src/') + 1)}`;
    mkdirSync(path.join(dir, 'app'), { recursive: true });
    writeFileSync(path.join(dir, 'app', journalFileName(source)), JSON.stringify(apiJournalFile('app', source, journalTests)));
  });
}

afterEach(async () => {
  vi.useRealTimers();
  pinDate();
  cleanup();
  // The ui store and its overlays' actions the test file imported (fresh instances since vi.resetModules above).
  const [{ resetUiState }, { resetToasts }, { resetDialogs }, { resetLoginPrompt }, { resetDrawers }] = await Promise.all([
    import('../stores/ui'),
    import('../stores/toasts'),
    import('../stores/dialogs'),
    import('../stores/loginPrompt'),
    import('../stores/drawers'),
  ]);
  resetToasts();
  resetDialogs();
  resetLoginPrompt();
  resetDrawers();
  resetUiState();
  document.body.removeAttribute('style');
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});
