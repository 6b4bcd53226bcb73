// Pinning the app to a mock world (the mock server's `X-Mock-World`) and naming the screen a call was made
// for (`X-Mock-Screen`). World pinning exists only in development and in builds made with VITE_MOCK_WORLDS=1
// (the browser journeys); a production build never sends either header, so a real API never sees them, and
// everything here but the names is dropped from it.
import type { FetchLike } from '@creator-market/sdk/client';
import { matchRoute } from '@creator-market/sdk/domain/routing';
import { appPathname } from '../config/appBase';

/** localStorage key of the mock world (the mock server's `X-Mock-World`) the app is pinned to. */
export const MOCK_WORLD_STORAGE_KEY = 'cm.mockWorld';

/** The header that picks the mock server's world, on product API and control-plane (/__mock) calls alike. */
export const MOCK_WORLD_HEADER = 'X-Mock-World';

/**
 * The header that tells the mock which screen (route name) the app showed when it sent a request: its journal
 * keeps it, and `pnpm coverage:api` says which screen rendered each answer (docs/api-coverage.md).
 */
export const MOCK_SCREEN_HEADER = 'X-Mock-Screen';

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
export function withMockHeaders(request: Request): Request {
  if (!MOCK_WORLDS_ENABLED) return request;
  const world = pinnedMockWorld();
  if (world) request.headers.set(MOCK_WORLD_HEADER, world);
  request.headers.set(MOCK_SCREEN_HEADER, matchRoute(appPathname()).route.name);
  return request;
}

/** fetch with the mock headers (withMockHeaders); undefined (plain fetch) when pinning is off. */
export const worldFetch: FetchLike | undefined = MOCK_WORLDS_ENABLED ? (request) => fetch(withMockHeaders(request)) : undefined;

if (MOCK_WORLDS_ENABLED) rememberMockWorldParam();
