// A clock a test moves, and the views that tick on it (useNow and the sheets' own setInterval) shown the
// moved time by running their ticks at once: a real wait of up to a second per move made these the slowest
// tests of the suite. Install it before rendering (an interval set up before stays a real one);
// src/testing/setup.ts restores the pinned Date after the test.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Fakes Date and the interval timers, from `at`. Time still advances with real time (shouldAdvanceTime), so
 * requests, timeouts and Testing Library's waits behave as usual.
 */
export function fakeTickingClock(at: number = Date.now()): void {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
  vi.setSystemTime(at);
}

/**
 * Like fakeTickingClock, but the clock stands still at `at` until the test moves it: for a test that states
 * exact instants (a code valid for 300 s from when it was sent). Testing Library's polling interval is
 * faked too, so its waits re-check only when the page changes: wait for what the page shows.
 */
export function fakeStoppedClock(at: number = Date.now()): void {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(at);
}

/**
 * Moves the clock through the `tickMs` before `ms`, running the intervals due: every view ticking at least
 * that often then shows a time within (ms - tickMs, ms], as after a real tick just before `ms`. The clock
 * then reads `ms`.
 */
export function tickUpTo(ms: number, tickMs = 1000): void {
  vi.setSystemTime(ms - tickMs);
  act(() => {
    vi.advanceTimersByTime(tickMs);
  });
}

/**
 * Moves the app's Date `ms` on without waiting, e.g. past a click throttle (SPEC: a drawer opens or closes at
 * most once per 200 ms). A real wait is slower and not even sure: the pinned Date advances in 20 ms steps run
 * by a real interval, which a loaded machine runs late, so 250 ms of waiting could move it less than 200.
 */
export function advanceDate(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

/**
 * Holds the app's timeouts of exactly `ms` (a fallback measured in real time, such as FIRST_SCREEN_WAIT_MS)
 * until the test runs them with `run`; every other timeout runs as usual, Testing Library's own included.
 * Such a fallback then cannot run out while a slow machine gets to the checks made before it.
 */
export function holdTimeoutsOf(ms: number): { run: () => void } {
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  const held = new Map<symbol, () => void>();
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, delay?: number, ...args: unknown[]) => {
    if (delay !== ms) return realSetTimeout(handler, delay, ...args);
    const handle = Symbol('held timeout');
    held.set(handle, handler);
    return handle;
  }) as unknown as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation((handle) => {
    if (!held.delete(handle as unknown as symbol)) realClearTimeout(handle);
  });
  return {
    run: () => {
      const due = [...held.values()];
      held.clear();
      act(() => due.forEach((handler) => handler()));
    },
  };
}
