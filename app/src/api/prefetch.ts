// Calls made ahead of their screen (shell/routeData.ts, at the tap that opens it): the screen's first call for
// the same request (method, address, token, world) within PREFETCH_KEEP_MS takes the answer instead of asking
// again. `api.get(path, { ...init, ...PREFETCH })` marks one; the mark never leaves the page. Loaded with the
// first-data table, not with the start scripts: until then there is nothing prefetched to take.
import { setAnswerAhead } from './client';
import { MOCK_WORLD_HEADER } from './mockWorlds';

const PREFETCH_HEADER = 'X-Cm-Prefetch';
export const PREFETCH = { headers: { [PREFETCH_HEADER]: '1' } } as const;
/** Longer than a screen's chunk takes on a slow link; a prefetched answer older than this is not used. */
export const PREFETCH_KEEP_MS = 10_000;
const prefetched = new Map<string, { at: number; answer: Promise<Response> }>();

function requestKey(request: Request): string {
  return [request.method, request.url, request.headers.get('Authorization'), request.headers.get(MOCK_WORLD_HEADER)].join(' ');
}

/** Sends a prefetch (once per request while it is kept) and keeps its answer; the prefetching call reads a copy. */
function prefetch(request: Request): Promise<Response> {
  const at = Date.now();
  for (const [key, entry] of prefetched) if (at - entry.at >= PREFETCH_KEEP_MS) prefetched.delete(key);
  request.headers.delete(PREFETCH_HEADER);
  const key = requestKey(request);
  let entry = prefetched.get(key);
  if (!entry) {
    entry = { at, answer: fetch(request) };
    prefetched.set(key, entry);
  }
  // Copied before the screen's call can read the kept answer (then callbacks run in the order they were added).
  return entry.answer.then((response) => response.clone());
}

/** The kept answer of a prefetch of this request, taken once; a failed one is asked again. */
function takePrefetched(request: Request): Promise<Response> | undefined {
  const key = requestKey(request);
  const entry = prefetched.get(key);
  if (!entry) return undefined;
  prefetched.delete(key);
  if (Date.now() - entry.at >= PREFETCH_KEEP_MS) return undefined;
  return entry.answer.catch(() => fetch(request));
}

setAnswerAhead((request) => (request.headers.has(PREFETCH_HEADER) ? prefetch(request) : takePrefetched(request)));

/** The prefetched requests not yet taken (tests). */
export function pendingPrefetches(): string[] {
  return [...prefetched.keys()];
}

/** Forgets every prefetched answer (tests). */
export function forgetPrefetches(): void {
  prefetched.clear();
}
