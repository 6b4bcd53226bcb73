// The one product API client of the app and the app's clock (the ad client is adClient.ts). Screens call the
// API only through `api` (sdk client: bearer token, error normalisation into ApiError, server clock).
import { createApiClient, createServerClock, type FetchLike } from '@creator-market/sdk/client';
import { matchRoute } from '@creator-market/sdk/domain/routing';
import { EARLY_REQUESTS_GLOBAL } from './earlyRequests';
import { appPathname } from '../config/appBase';
import { API_BASE } from '../config/hosts';

/** localStorage key of the mock world (the mock server's `X-Mock-World`) the app is pinned to. */
export const MOCK_WORLD_STORAGE_KEY = 'cm.mockWorld';

/** The header that picks the mock server's world, on product API and control-plane (/__mock) calls alike. */
export const MOCK_WORLD_HEADER = 'X-Mock-World';

/**
 * The header that tells the mock which screen (route name) the app showed when it sent a request: its journal
 * keeps it, and `pnpm coverage:api` says which screen rendered each answer (docs/api-coverage.md).
 */
export const MOCK_SCREEN_HEADER = 'X-Mock-Screen';

/**
 * World pinning exists only in development and in builds made with VITE_MOCK_WORLDS=1 (the browser
 * journeys); a production build never sends the header, so a real API never sees it.
 */
const MOCK_WORLDS_ENABLED: boolean = import.meta.env.DEV || import.meta.env.VITE_MOCK_WORLDS === '1';

/** `?mockWorld=NAME` pins the app to that world (remembered); `?mockWorld=` unpins it. */
function rememberMockWorldParam(): void {
  const name = new URLSearchParams(window.location.search).get('mockWorld');
  if (name === null) return;
  try {
    if (name) localStorage.setItem(MOCK_WORLD_STORAGE_KEY, name);
    else localStorage.removeItem(MOCK_WORLD_STORAGE_KEY);
  } catch {
    // without storage there is nothing to remember the world in
  }
}

/** The mock world the app is pinned to, or null (the mock's default world, and always in production). */
export function pinnedMockWorld(): string | null {
  if (!MOCK_WORLDS_ENABLED) return null;
  try {
    return localStorage.getItem(MOCK_WORLD_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/**
 * Adds the pinned world's `X-Mock-World` header and the current screen's `X-Mock-Screen` (nothing when pinning
 * is off; no world header when no world is pinned).
 */
function withMockHeaders(request: Request): Request {
  if (!MOCK_WORLDS_ENABLED) return request;
  const world = pinnedMockWorld();
  if (world) request.headers.set(MOCK_WORLD_HEADER, world);
  request.headers.set(MOCK_SCREEN_HEADER, matchRoute(appPathname()).route.name);
  return request;
}

/** fetch with the mock headers (withMockHeaders); undefined (plain fetch) when pinning is off. */
export const worldFetch: FetchLike | undefined = MOCK_WORLDS_ENABLED ? (request) => fetch(withMockHeaders(request)) : undefined;

/**
 * The answer index.html's early script already asked for at this call's address (api/earlyRequests.ts),
 * taken by the first call for it. The early request carried no token and no world header, so only a GET
 * without them can use it; a failed one is asked again.
 */
function takeEarlyAnswer(request: Request): Promise<Response> | undefined {
  const early = (window as unknown as Partial<Record<string, Record<string, Promise<Response>>>>)[EARLY_REQUESTS_GLOBAL];
  const answer = early?.[request.url];
  if (!early || !answer) return undefined;
  delete early[request.url];
  if (request.method !== 'GET' || request.headers.has('Authorization') || request.headers.has(MOCK_WORLD_HEADER)) return undefined;
  return answer.catch(() => fetch(request));
}

/**
 * Answers from calls made ahead of their screen (api/prefetch.ts, loaded with the taps' first-data table,
 * installs it): a request it holds the answer of is not asked for again. Undefined until then.
 */
let answerAhead: ((request: Request) => Promise<Response> | undefined) | undefined;

export function setAnswerAhead(answer: (request: Request) => Promise<Response> | undefined): void {
  answerAhead = answer;
}

if (MOCK_WORLDS_ENABLED) rememberMockWorldParam();

/** Follows the server's clock (in development the mock server's `X-Mock-Now`). */
export const serverClock = createServerClock();

/** Reads the identity token; the session store registers its reader (the store sits above the client). */
let readToken: () => string | null = () => null;

/** Where the client reads the identity token from (stores/session.ts calls it once, when it loads). */
export function setTokenReader(read: () => string | null): void {
  readToken = read;
}

export const api = createApiClient({
  baseUrl: API_BASE,
  getToken: () => readToken(),
  clock: serverClock,
  fetch: (request) => {
    withMockHeaders(request);
    return answerAhead?.(request) ?? takeEarlyAnswer(request) ?? fetch(request);
  },
});

/** The app's current time in epoch ms: market timing and countdowns use this, never Date.now(). */
export function now(): number {
  return serverClock.now();
}
