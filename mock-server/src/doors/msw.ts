// The msw doors: the core (../core) answering inside the page (msw/browser's service worker, `pnpm dev
// --no-server` and the static build) and in component tests (msw/node). One catch-all handler under the API
// base converts a Fetch Request to the core's request and the answer back; a transport fault becomes what
// fetch can express (HttpResponse.error(), an empty body, a body stream that breaks off). The whole control
// plane, the pages and the images answer here as on the server, under the same paths below the base.
// No Node-only imports: Vite bundles it for the browser.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { createCore, type Core, type CoreOptions, type CoreParts } from '../core/core';
import type { FaultName } from '../http/faults';
import type { Answer, CoreRequest } from '../http/exchange';
import { tooLarge } from '../http/json-body';
import { WorldRegistry } from '../world/registry';
import { World } from '../world/world';

// For a test runner that gives each test file fresh modules (the app's vitest setup): it generates a seed's
// records once, freezes and keeps them (freezeSeededData), and hands them to each new module instance
// (shareSeededData) before that makes its worlds. Generating them is most of a new world's cost (~0.5-1 s at scale 1).
export { generateWorld } from '@creator-market/fixtures';
export { freezeSeededData, shareSeededData } from '../world/world';
export { createCore } from '../core/core';
export type { Core, CoreOptions } from '../core/core';

export interface MswDoorOptions extends Partial<CoreOptions>, Pick<CoreParts, 'handlers'> {
  /** Where the app sends API requests, e.g. `http://127.0.0.1:4010` or `https://preview.example/__api`. */
  baseUrl: string;
  /** The default world to answer from (a test file's seeded one); a freshly seeded one when absent. */
  world?: World;
  /** Worlds made elsewhere; wins over `world`. */
  worlds?: WorldRegistry;
}

export interface MswDoor {
  core: Core;
  handlers: HttpHandler[];
}

/** A core answering under `baseUrl`, and the msw handlers that put requests through it. */
export function createMswDoor(options: MswDoorOptions): MswDoor {
  const { baseUrl, world, worlds, handlers: overrides, ...coreOptions } = options;
  const registry =
    worlds ??
    new WorldRegistry({
      seed: coreOptions.seed ?? world?.seed ?? 1,
      scale: coreOptions.scale ?? world?.scale ?? 1,
      maxWorlds: coreOptions.maxWorlds,
      maxNewWorldsPerMinute: coreOptions.maxNewWorldsPerMinute,
      startAt: coreOptions.startAt,
      ...(world ? { defaultWorld: world } : {}),
    });
  const core = createCore(coreOptions, { worlds: registry, ...(overrides ? { handlers: overrides } : {}) });
  return { core, handlers: mswHandlers(core, baseUrl) };
}

/** The msw handlers of a new core answering under `baseUrl` (see createMswDoor). */
export function createMswHandlers(options: MswDoorOptions): HttpHandler[] {
  return createMswDoor(options).handlers;
}

/** The msw handlers of a core answering under `baseUrl`. */
export function mswHandlers(core: Pick<Core, 'handle'>, baseUrl: string): HttpHandler[] {
  const base = new URL(baseUrl.replace(/\/+$/, '') || '/', 'http://placeholder.invalid');
  const basePath = base.pathname.replace(/\/+$/, '');
  // A regular expression, not a path pattern: msw decodes a pattern's segments and throws on a malformed
  // escape (`/x/%E0%A4%A`) before any handler runs; the core answers that with its 400 like the server.
  const origin = /^https?:/.test(baseUrl) ? new URL(baseUrl).origin : '';
  const pattern = new RegExp(`^${escapeRegExp(origin)}${origin ? '' : 'https?://[^/]+'}${escapeRegExp(basePath)}/`);
  return [
    http.all(pattern, async ({ request }) => {
      // Read first: an empty body is no body, as on the server (a page's DELETE without one still carries an
      // empty stream, which the control plane would otherwise ask a Content-Type of).
      const bytes = request.body === null ? null : new Uint8Array(await request.arrayBuffer());
      const answer = await core.handle(fetchRequest(request, basePath, bytes));
      return toResponse(answer);
    }),
  ];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A Fetch Request as the core's request; its path below the base. */
function fetchRequest(request: Request, basePath: string, bytes: Uint8Array | null): CoreRequest {
  const url = new URL(request.url);
  const pathname = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
  return {
    method: request.method.toUpperCase(),
    pathname,
    search: url.search.slice(1),
    header: (name) => request.headers.get(name) ?? undefined,
    headerEntries: () => {
      const entries: [string, string][] = [];
      request.headers.forEach((value, key) => entries.push([key, value]));
      return entries;
    },
    hasBody: bytes !== null && bytes.byteLength > 0,
    body: (limit) => (bytes && bytes.byteLength > limit ? Promise.reject(tooLarge()) : Promise.resolve(bytes ?? new Uint8Array())),
    origin: `${url.origin}${basePath}`,
    // The page (or the test) is the one local client of this door.
    clientAddress: '127.0.0.1',
  };
}

/** The start of a `{data}` envelope, so a cut-off body looks like the beginning of a real answer. */
const ENVELOPE_START = '{"data":{"list":[{"_id":"';

function toResponse(answer: Answer): Response {
  if (answer.fault) return faultResponse(answer.fault, answer.headers);
  return new HttpResponse(answer.body ?? null, { status: answer.status, headers: answer.headers });
}

/** What fetch can express of each fault: a failed fetch, an empty 200, or a 200 whose body breaks off. */
function faultResponse(fault: FaultName, headers: Record<string, string>): Response {
  switch (fault) {
    case 'network-error':
    case 'connection-reset':
      return HttpResponse.error();
    case 'empty-response':
      return new HttpResponse(null, { status: 200, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } });
    case 'malformed-chunk':
    case 'random-data-then-close': {
      const start = fault === 'malformed-chunk' ? new TextEncoder().encode(ENVELOPE_START) : crypto.getRandomValues(new Uint8Array(256));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(start);
          controller.error(new TypeError('the connection closed in the middle of the answer'));
        },
      });
      return new HttpResponse(body, { status: 200, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } });
    }
  }
}

/** A world for the browser: the seeded world the server would start from, made in the page. */
export function createBrowserWorld(seed = 1, scale = 1, startAt?: number): World {
  return World.create({ name: 'default', seed, scale, startAt });
}

/** Isolated worlds by X-Mock-World in the page, like the server's (the least recently used evicted). */
export function createBrowserWorlds(seed = 1, scale = 1, maxWorlds = 4, startAt?: number): WorldRegistry {
  return new WorldRegistry({ seed, scale, maxWorlds, startAt });
}
