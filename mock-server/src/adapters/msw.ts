// msw adapter: the same handlers and pipeline as the HTTP server, as msw 2 request handlers, for the app's
// component tests (`setupServer`) and the browser's service worker (`pnpm dev --no-server`).
//
// Per request it does what the server's API listener (../http/api-listener) does: picks the world
// (X-Mock-World), reads the JSON body (../http/json-body) or the multipart form of the upload with the same
// size limits, validates path, query and body against
// the operation's schemas (./request-validator, Ajv compiled lazily per operation), resolves the caller
// from the bearer token, runs `runHandler` and answers `{status, body}` or the raw response. The ad
// service is served under `${baseUrl}/ads` with its app key and error shape.
//
// Not here (they live in the HTTP server's Express app): the /__mock control plane (scenarios, latency, clock and
// world endpoints), the OpenAPI/docs pages, generated images and the mock payment pages.
// No Node-only imports (no `node:*`, no express): Vite bundles this module for the browser.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { adOperations, adsDocument, operations as productOperations, productDocument, type OperationInfo } from '@creator-market/openapi';
import { adHandlers, adKeyRejection, toAdError } from '../handlers/ads';
import { handlers as allHandlers } from '../handlers';
import type { HandlerMap, OperationId, UploadedFile } from '../handlers/types';
import { createAccessPolicy } from '../http/access-policy';
import { ApiFailure, type ErrorBody } from '../http/failure';
import { parseJsonBody, tooLarge, UPLOAD_LIMIT_BYTES } from '../http/json-body';
import { resolveCaller, runHandler, toErrorResponse, type Outcome } from '../http/pipeline';
import { WorldRegistry, type WorldStatus } from '../world/registry';
import { answerPostcodeSearch, POSTCODE_SEARCH_PATH } from '../pages/postcode';
import { World } from '../world/world';
import { RequestValidator } from './request-validator';

const loopbackPolicy = createAccessPolicy();
/** In the browser the page is the server: the app may be sent back to its own origin or a loopback one. */
function sameOrLoopbackOrigin(request: Request): (origin: string) => boolean {
  const own = new URL(request.url).origin;
  return (origin) => origin === own || loopbackPolicy.originAllowed(origin);
}

export interface MswHandlersOptions {
  /** Where the app sends API requests, e.g. `http://127.0.0.1:4010`; '' matches the page's own origin. */
  baseUrl: string;
  /** Worlds chosen by the X-Mock-World header, like the server; or give one `world`. */
  worlds?: WorldRegistry;
  world?: World;
  /** Handlers to use instead of the server's (e.g. to override one operation in a component test). */
  handlers?: Partial<HandlerMap>;
}

/** `/receipt/get/{publicId}` → `/receipt/get/:publicId` */
export const toMswPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');

/** A world for the browser: the seeded world the server would start from, made in the page. */
export function createBrowserWorld(seed = 1, scale = 1, startAt?: number): World {
  return World.create({ name: 'default', seed, scale, startAt });
}

/** Isolated worlds by X-Mock-World in the browser, like the server's (the least recently used evicted). */
export function createBrowserWorlds(seed = 1, scale = 1, maxWorlds = 4, startAt?: number): WorldRegistry {
  return new WorldRegistry({ seed, scale, maxWorlds, startAt });
}

// For a test runner that gives each test file fresh modules (the app's vitest setup): it generates a seed's
// records once, freezes and keeps them (freezeSeededData), and hands them to each new module instance
// (shareSeededData) before that makes its worlds. Generating them is most of a new world's cost (~0.5-1 s at scale 1).
export { generateWorld } from '@creator-market/fixtures';
export { freezeSeededData, shareSeededData } from '../world/world';

/** msw handlers for every operation of the product API, plus the ad service's `/ads/request`. */
export function createMswHandlers(options: MswHandlersOptions): HttpHandler[] {
  const worlds = options.worlds;
  const single = options.world;
  if (!worlds && !single) throw new Error('createMswHandlers needs `worlds` or `world`');
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const handlers = { ...allHandlers, ...options.handlers };
  const productValidator = lazy(() => new RequestValidator(productDocument));
  const adsValidator = lazy(() => new RequestValidator(adsDocument));

  const pickWorld = (request: Request): { world: World; status: WorldStatus } => {
    if (!worlds) return { world: single as World, status: 'existing' };
    const name = request.headers.get('x-mock-world');
    if (name !== null && !WorldRegistry.isValidName(name.trim())) {
      throw new ApiFailure(400, 'bad-request', { message: 'X-Mock-World 이름은 영문, 숫자, _ . : - 로 64자 이내여야 해요.' });
    }
    return worlds.resolve(name);
  };

  const route = (op: OperationInfo, prefix: string, serve: (request: Request, params: Record<string, string>) => Promise<Response>) =>
    http[op.method as 'get' | 'post'](`${baseUrl}${prefix}${toMswPath(op.path)}`, ({ request, params }) =>
      serve(request, params as Record<string, string>),
    );

  const product = literalPathsFirst(productOperations).map((op) => {
    const handler = handlers[op.operationId as OperationId];
    if (!handler) throw new Error(`no handler for operation ${op.operationId}`);
    return route(op, '', async (request, params) => {
      let picked: { world: World; status: WorldStatus } | undefined;
      try {
        picked = pickWorld(request);
        const { world } = picked;
        const input = await readRequest(request, op, params);
        const details = productValidator().validate(op, input);
        if (details.length) throw new ApiFailure(400, 'bad-request', { details });
        const outcome = runHandler(op, handler, {
          world,
          user: resolveCaller(world, request.headers.get('authorization')),
          ...input,
          origin: new URL(request.url).origin,
          originAllowed: sameOrLoopbackOrigin(request),
          client: request.headers.get('user-agent') ?? '',
        });
        return respond(outcome, picked);
      } catch (err) {
        return respond(toErrorResponse(err), picked);
      }
    });
  });

  const ads = literalPathsFirst(adOperations).map((op) => {
    const handler = adHandlers[op.operationId as keyof typeof adHandlers];
    return route(op, '/ads', async (request, params) => {
      let picked: { world: World; status: WorldStatus } | undefined;
      let outcome: Outcome;
      try {
        picked = pickWorld(request);
        const rejection = adKeyRejection(request.headers.get('authorization'));
        if (rejection) return respond(rejection, picked);
        const input = await readRequest(request, op, params);
        const details = adsValidator().validate(op, input);
        if (details.length) throw new ApiFailure(400, 'bad-request', { details });
        // The app key stands for the caller here: the operation runs as a guest one.
        outcome = runHandler({ ...op, guest: true }, handler as never, {
          world: picked.world,
          user: null,
          ...input,
          origin: new URL(request.url).origin,
          originAllowed: sameOrLoopbackOrigin(request),
          client: request.headers.get('user-agent') ?? '',
        });
      } catch (err) {
        outcome = toErrorResponse(err);
      }
      return respond(
        'raw' in outcome || outcome.status < 400
          ? outcome
          : { status: outcome.status, body: toAdError(outcome.status, outcome.body as ErrorBody) },
        picked,
      );
    });
  });

  // The postcode lookup of the app's postcode drawer (not a product operation; the same for every world).
  const postcode = http.get(`${baseUrl}${POSTCODE_SEARCH_PATH}`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    // Repeated keys as arrays, like Express's simple parser.
    const query = Object.fromEntries(
      [...new Set(params.keys())].map((key) => [key, params.getAll(key).length === 1 ? params.get(key) : params.getAll(key)]),
    );
    const { status, body } = answerPostcodeSearch(query);
    return HttpResponse.json(body as never, { status });
  });

  return [...product, ...ads, postcode];
}

/** Literal paths before templated ones (`/room/pin` before `/room/{roomId}`), as the document intends. */
function literalPathsFirst(ops: readonly OperationInfo[]): OperationInfo[] {
  const params = (op: OperationInfo) => (op.path.match(/\{/g) ?? []).length;
  return [...ops].sort((a, b) => params(a) - params(b));
}

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

interface RequestInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  files: UploadedFile[];
}

/** Path parameters, query (repeated keys as arrays, like Express's simple parser) and body of a request. */
async function readRequest(request: Request, op: OperationInfo, params: Record<string, string>): Promise<RequestInput> {
  // No prototype: a parameter named __proto__ or constructor is a plain key, as with node's querystring.
  const query: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of new URL(request.url).searchParams) {
    const previous = query[key];
    query[key] = previous === undefined ? value : Array.isArray(previous) ? [...(previous as unknown[]), value] : [previous, value];
  }
  const input: RequestInput = { params: { ...params }, query, body: undefined, files: [] };
  if (op.method === 'get' || op.method === 'head') return input;

  const contentType = (request.headers.get('content-type') ?? '').toLowerCase();
  if (contentType.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const entries: [string, FormDataEntryValue][] = [];
    form.forEach((value, name) => entries.push([name, value]));
    const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [name, value] of entries) {
      if (typeof value === 'string') {
        fields[name] = value;
        continue;
      }
      if (value.size > UPLOAD_LIMIT_BYTES) throw tooLarge();
      input.files.push({ fieldname: name, mimetype: value.type, size: value.size, buffer: new Uint8Array(await value.arrayBuffer()) });
      // A file field counts as present for the schema (`format: binary`), as on the Express side.
      fields[name] = value.name;
    }
    if (input.files.length > 1) throw new ApiFailure(400, 'bad-request', { message: '파일은 하나만 올릴 수 있어요.' });
    input.body = fields;
    return input;
  }

  const text = await request.text();
  input.body = parseJsonBody(text, contentType, new TextEncoder().encode(text).length);
  return input;
}

/** The outcome as a fetch Response, with the world headers the server adds to every answer. */
function respond(outcome: Outcome, picked: { world: World; status: WorldStatus } | undefined): Response {
  const headers: Record<string, string> = {};
  if (picked) {
    headers['X-Mock-World'] = picked.world.name;
    if (picked.status !== 'existing') headers['X-Mock-World-Status'] = picked.status;
    headers['X-Mock-Now'] = new Date(picked.world.clock.now()).toISOString();
  }
  if ('raw' in outcome) {
    const rawHeaders = { ...headers, ...outcome.headers };
    if (outcome.body !== undefined) rawHeaders['Content-Type'] = outcome.contentType ?? 'text/html; charset=utf-8';
    return new HttpResponse(outcome.body ?? null, { status: outcome.status, headers: rawHeaders });
  }
  return HttpResponse.json(outcome.body as never, { status: outcome.status, headers });
}
