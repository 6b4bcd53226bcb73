// A clock a test moves, with the views that tick on it (useNow and the sheets' own setInterval) shown the
// moved time at their next tick run at once, instead of a real tick up to a second later: a real wait per
// jump made these the slowest tests of the suite.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Fakes Date and the interval timers, from `at`. Time still advances with real time (shouldAdvanceTime), so
 * requests, timeouts and Testing Library's waits behave as usual. Call it before rendering: an interval set
 * up before stays a real one. src/test/setup.ts restores the pinned Date after the test.
 */
export function fakeTickingClock(at: number = Date.now()): void {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
  vi.setSystemTime(at);
}

/**
 * Sets the clock to `ms`, then runs the next interval due, as its tick would come: the clock moves on to
 * it (at most one tick, the same lag as a real tick after the jump).
 */
export function jumpClock(ms: number): void {
  vi.setSystemTime(ms);
  act(() => {
    vi.advanceTimersToNextTimer();
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
