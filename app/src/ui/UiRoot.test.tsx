// The overlays' chunk (toasts, dialogs, login prompt, go-to-top) is loaded after the first screen. Should its
// import fail (offline for a moment), the page goes on without it, and it loads again, and shows what was
// asked for meanwhile, once the browser is back online or the next toast is asked for.
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi, type MockInstance } from 'vitest';
import { toast } from '../stores/toasts';
import { hideSplash } from '../stores/ui';
import { UiRoot } from './UiRoot';

const overlays = vi.hoisted(() => ({ failing: false, attempts: 0 }));
vi.mock('./Overlays', async (importOriginal) => {
  overlays.attempts += 1;
  if (overlays.failing) throw new TypeError('Failed to fetch dynamically imported module: /assets/Overlays-0ld.js');
  return importOriginal();
});

function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  // React and the boundary log the failure; the test states what the user sees instead.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** How often a boundary has caught the overlays' failed import (React logs each error a boundary catches). */
const caught = () => consoleError.mock.calls.filter((args) => args.some((arg) => names(arg, 'Overlays-0ld.js'))).length;

/** Whether `arg` is an error naming `text` (vitest wraps a mock factory's error: the import's is its cause). */
function names(arg: unknown, text: string): boolean {
  return arg instanceof Error && `${arg.message} ${String(arg.cause)}`.includes(text);
}
afterEach(() => setOnline(true));

test('offline, the overlays fail to load: the page stays; a later toast and the online event load them again', async () => {
  setOnline(false);
  overlays.failing = true;
  hideSplash();
  render(
    <UiRoot onLogin={() => {}}>
      <p>페이지 내용</p>
    </UiRoot>,
  );
  act(() => void toast('첫 번째 알림'));
  await waitFor(() => expect(caught()).toBe(1));
  expect(overlays.attempts).toBe(1);
  expect(screen.getByText('페이지 내용')).toBeInTheDocument();

  // Another toast asked for: the overlays are imported again (still failing, the page still there).
  act(() => void toast('두 번째 알림'));
  await waitFor(() => expect(overlays.attempts).toBe(2));
  await waitFor(() => expect(caught()).toBe(2));
  expect(screen.getByText('페이지 내용')).toBeInTheDocument();
  expect(screen.queryByText('두 번째 알림')).not.toBeInTheDocument();

  // Back online: they load, with the toasts asked for meanwhile.
  overlays.failing = false;
  setOnline(true);
  act(() => void window.dispatchEvent(new Event('online')));
  expect(await screen.findByText('두 번째 알림')).toBeInTheDocument();
  expect(screen.getByText('페이지 내용')).toBeInTheDocument();
});
