// What every request meets first, whether the API listener or the Express app answers it: CORS headers
// for local origins, and the world it runs in (X-Mock-World) with that world's clock in X-Mock-Now.
// Written on node's own request and response objects, so both entries share one implementation.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WorldRegistry } from '../world/registry';
import type { World } from '../world/world';
import { ApiFailure } from './failure';

const EXPOSED_HEADERS = 'X-Mock-Now, X-Mock-World, X-Mock-World-Status, X-Mock-Scenario';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Mock-Scenario, X-Mock-World';

/** The CORS headers for a request from `origin`: none unless the access policy allows it (./access-policy). */
export function corsHeaderList(originAllowed: (origin: string) => boolean, origin: string | undefined): [string, string][] {
  if (!origin || !originAllowed(origin)) return [];
  return [
    ['Access-Control-Allow-Origin', origin],
    ['Vary', 'Origin'],
    ['Access-Control-Allow-Headers', ALLOWED_HEADERS],
    ['Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS'],
    ['Access-Control-Expose-Headers', EXPOSED_HEADERS],
    ['Access-Control-Max-Age', '600'],
  ];
}

/** Sets the CORS headers when the request comes from an origin the access policy allows. */
export function corsHeaders(originAllowed: (origin: string) => boolean) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    for (const [name, value] of corsHeaderList(originAllowed, req.headers.origin)) res.setHeader(name, value);
  };
}

/**
 * The caller's world (X-Mock-World, the default one without it), stamped on the response with its clock.
 * Throws a 400 ApiFailure for a name that is not a valid world name.
 */
export function enterWorld(worlds: WorldRegistry, req: IncomingMessage, res: ServerResponse): World {
  const header = req.headers['x-mock-world'];
  const name = Array.isArray(header) ? header[0] : header;
  if (name !== undefined && !WorldRegistry.isValidName(name.trim())) {
    throw new ApiFailure(400, 'bad-request', { message: 'X-Mock-World 이름은 영문, 숫자, _ . : - 로 64자 이내여야 해요.' });
  }
  const { world, status } = worlds.resolve(name);
  res.setHeader('X-Mock-World', world.name);
  if (status !== 'existing') res.setHeader('X-Mock-World-Status', status);
  res.setHeader('X-Mock-Now', new Date(world.clock.now()).toISOString());
  return world;
}

/** A header's single value (the first one when it was sent twice). */
export function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
