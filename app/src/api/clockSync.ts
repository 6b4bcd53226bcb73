// The app's clock learns a move of the mock world's clock (QA's `PUT /__mock/clock` from the CLI, curl or the
// Lab in another tab) from the next answer's X-Mock-Now, but an open page that asks nothing more never gets
// one. syncWithWorldClock asks the world its time (GET /__mock/clock, whose answer carries X-Mock-Now) for a
// page shown or focused again (components/data/pageClock.tsx). Only builds that talk to the mock ask (those
// with world pinning: development, tests, VITE_MOCK_WORLDS=1); a real API has no world clock to follow.
// Lazy screens only import this module, so it stays off the start path.
import { API_BASE } from '../config/hosts';
import { serverClock } from './clock';
import { worldFetch } from './mockWorlds';

/** The question in flight: a tab shown again fires both visibilitychange and focus, and one answer does. */
let asking: Promise<void> | null = null;

/** Adopts the world's current time; resolves once known (or not: no answer leaves the clock as it was). */
export function syncWithWorldClock(): Promise<void> {
  if (!worldFetch) return Promise.resolve();
  asking ??= worldFetch(new Request(`${API_BASE}/__mock/clock`))
    .then(
      (answer) => serverClock.observe(answer.headers),
      () => {}, // no answer (offline, no mock): the last answer's time stands
    )
    .finally(() => {
      asking = null;
    });
  return asking;
}
