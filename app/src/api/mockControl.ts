// The mock server's control plane (/__mock) for the settings Lab and the in-browser mock's persona sheet:
// the sdk's typed client (`createMockControl`, the one QA's suites and the journeys use), bound to the mock
// world the app is pinned to. It is not part of the product API, so it lives beside the product client
// without its token or error normalisation. Only lazy screens import this module, so the client stays off
// the start path (home JS budget).
import { createMockControl, isMockControlError, type MockControl } from '@creator-market/sdk/control';
import { API_BASE } from '../config/hosts';
import { pinnedMockWorld } from './mockWorlds';

/**
 * A 2xx answer that is not JSON is not the control plane: a host's SPA fallback (index.html for every
 * path) or a real API's page. Thrown from the fetch, the client reports it as "no answer" (status 0).
 */
async function controlFetch(request: Request): Promise<Response> {
  const response = await fetch(request);
  if (response.ok && response.status !== 204 && !/\bjson\b/i.test(response.headers.get('Content-Type') ?? '')) {
    throw new Error(`not a JSON answer (${response.headers.get('Content-Type') ?? 'no Content-Type'})`);
  }
  return response;
}

/**
 * The control client for the world the app is pinned to now (its X-Mock-World; none for the default world).
 * Made per use, so a pin changed by `?mockWorld=` or the Lab is followed without a reload.
 */
export function labControl(): MockControl {
  return createMockControl({ baseUrl: API_BASE, world: pinnedMockWorld() ?? undefined, fetch: controlFetch });
}

/** Statuses of a server that has no control plane at that path (a real API, a mock without it). */
const NO_CONTROL_PLANE = new Set([404, 405, 501]);

/**
 * True when the control plane did not answer as one: no HTTP answer, no such route, or not JSON. The Lab
 * then says the mock's control is unavailable instead of showing the transport's message.
 */
export function isControlUnavailable(error: unknown): boolean {
  return isMockControlError(error) && (error.status === 0 || NO_CONTROL_PLANE.has(error.status));
}
