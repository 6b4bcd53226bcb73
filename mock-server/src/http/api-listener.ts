// The server's entry for API requests. A request for an operation of the product API or the ad service is
// answered here, on node's own request and response objects: found in one table lookup, put through the
// scenario gate, its body read, validated by the same RequestValidator the msw adapter uses, handled by the
// typed handler and written out. Everything else (the control plane, pages, images, docs, unknown paths)
// goes on to the Express app.
//
// Why not Express routes: Express's per-request work (its router visiting every middleware layer, the
// decoration of req and res, res.json's checks) was most of a request's cost. Measured side by side by
// `node scripts/bench.mjs`: plain Express answering the market detail JSON used 177 µs of CPU per request,
// bare node:http sending the same bytes 27 µs; the mock server on Express routes used 131 µs.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import multer from 'multer';
import type { OpenApiDocument, OperationInfo } from '@creator-market/openapi';
import { RequestValidator } from '../adapters/request-validator';
import type { ScenarioRequest } from '../control/scenario-gate';
import type { Handler, HandlerMap, OperationId, UploadedFile } from '../handlers/types';
import type { WorldRegistry } from '../world/registry';
import type { World } from '../world/world';
import { ApiFailure, type ErrorBody } from './failure';
import type { JournalRecord, RequestJournal } from './journal';
import { JSON_LIMIT_BYTES, parseJsonBody, tooLarge, UPLOAD_LIMIT_BYTES } from './json-body';
import { MalformedPathError, OperationTable } from './operation-table';
import type { OperationProxy } from './proxy';
import { resolveCaller, runHandler, toErrorResponse, type Outcome } from './pipeline';
import { enterWorld, headerOf } from './request-context';

/** One API served under `prefix`: its document, operations and handlers. */
export interface ApiService {
  /** '' for the product API, '/ads' for the ad service. */
  prefix: string;
  document: OpenApiDocument;
  operations: readonly OperationInfo[];
  handlers: Partial<HandlerMap>;
  /** Checked after the scenario gate, before the body is read; a failure it returns answers the request (the ad service's app key). */
  guard?: (req: IncomingMessage) => ApiFailure | null;
  /** Reshapes error bodies for a service whose document declares its own error shape (the ad service). */
  formatError?: (status: number, body: ErrorBody) => unknown;
}

export interface ApiListenerOptions {
  services: readonly ApiService[];
  worlds: WorldRegistry;
  cors: (req: IncomingMessage, res: ServerResponse) => void;
  /** Where a handler may send the app back to (./access-policy). */
  originAllowed: (origin: string) => boolean;
  /** Records every API request of a world (./journal). */
  journal: RequestJournal;
  scenarioGate: (request: ScenarioRequest, proceed: () => void) => void;
  /** Answers every request that is not for an operation. */
  fallback: RequestListener;
  /** Proxy mode: the product API operations it forwards go to the real server (./proxy). */
  proxy?: OperationProxy;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const multipart = multer({ storage: multer.memoryStorage(), limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 20 } }).any();

interface Route {
  service: ApiService;
  op: OperationInfo;
  handler: Handler<OperationId>;
  validator: RequestValidator;
  takesFiles: boolean;
  /** Forwarded to the real server (proxy mode) instead of answered by the handler. */
  proxied: boolean;
}

export function createApiListener({
  services,
  worlds,
  cors,
  originAllowed,
  journal,
  scenarioGate,
  fallback,
  proxy,
}: ApiListenerOptions): RequestListener {
  const tables = services.map((service) => {
    const validator = new RequestValidator(service.document);
    const routes = new Map<OperationInfo, Route>();
    for (const op of service.operations) {
      const handler = service.handlers[op.operationId as keyof HandlerMap];
      if (!handler) throw new Error(`no handler for operation ${op.operationId}`);
      // Only the product API is forwarded: the ad service is another server.
      const proxied = service.prefix === '' && proxy !== undefined && proxy.forwards(op);
      routes.set(op, {
        service,
        op,
        handler: handler,
        validator,
        takesFiles: isMultipart(service.document, op),
        proxied,
      });
    }
    return { service, table: new OperationTable(service.operations), routes };
  });

  /** The operation a request is for, its path parameters; null when none (or a 400 for a path that cannot be decoded). */
  const find = (method: string, pathname: string) => {
    for (const { service, table, routes } of tables) {
      if (service.prefix && pathname !== service.prefix && !pathname.startsWith(`${service.prefix}/`)) continue;
      const match = table.match(method, pathname.slice(service.prefix.length) || '/');
      if (match) return { route: routes.get(match.op)!, params: match.params };
    }
    return null;
  };

  return (req, res) => {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    const search = queryStart === -1 ? '' : url.slice(queryStart + 1);
    let found: ReturnType<typeof find>;
    try {
      found = find(req.method ?? 'GET', pathname);
    } catch (err) {
      if (!(err instanceof MalformedPathError)) throw err;
      cors(req, res);
      sendError(res, new ApiFailure(400, 'bad-request', { message: '경로의 값이 올바른 URL 인코딩이 아니에요.' }));
      return;
    }
    if (!found) {
      fallback(req, res);
      return;
    }
    const { route, params } = found;
    const fail = (err: unknown) => sendError(res, err, route.service.formatError);
    try {
      cors(req, res);
      const world = enterWorld(worlds, req, res);
      const entry = journal.enabled ? journalEntry(journal, world, req, route, pathname, search, res) : null;
      const sendJson = (status: number, body: unknown) => writeJson(res, status, body);
      scenarioGate({ world, req, res, operationId: route.op.operationId, path: pathname, sendJson }, () => {
        if (route.proxied) {
          proxy!.forward(req, res, route.op, entry, fail);
          return;
        }
        try {
          const rejection = route.service.guard?.(req);
          if (rejection) throw rejection;
          readBody(req, res, route)
            .then((input) => {
              if (entry) entry.body = input.body;
              answer(req, res, world, route, params, search, input, originAllowed);
            })
            .catch(fail);
        } catch (err) {
          fail(err);
        }
      });
    } catch (err) {
      fail(err);
    }
  };
}

/** A conforming answer's violations: one shared empty list (a proxied answer's check sets its own). */
const NO_VIOLATIONS: string[] = [];

/** A journal entry for this request, recorded when its answer is done (or the connection closed). */
function journalEntry(
  journal: RequestJournal,
  world: World,
  req: IncomingMessage,
  route: Route,
  pathname: string,
  search: string,
  res: ServerResponse,
): JournalRecord {
  const started = performance.now();
  const entry: JournalRecord = {
    timeMs: world.clock.now(),
    world: world.name,
    operationId: route.op.operationId,
    method: req.method ?? 'GET',
    path: pathname,
    search,
    body: undefined,
    status: 0,
    durationMs: 0,
    source: route.proxied ? 'proxied' : 'mocked',
    violations: NO_VIOLATIONS,
  };
  res.on('close', () => {
    entry.status = res.statusCode;
    entry.durationMs = Math.round((performance.now() - started) * 100) / 100;
    journal.record(world, entry);
  });
  return entry;
}

interface BodyInput {
  body: unknown;
  files: UploadedFile[];
  /** The uploaded files' names, by field (what the schema validates for a `format: binary` field). */
  fileNames: Record<string, string>;
}

/** The JSON body (see ./json-body), or the multipart form of an upload operation with its file. */
function readBody(req: IncomingMessage, res: ServerResponse, route: Route): Promise<BodyInput> {
  if (route.takesFiles) {
    return new Promise((resolve, reject) => {
      multipart(req as never, res as never, (err?: unknown) => {
        if (err) return reject(multipartFailure(err));
        const uploaded = (req as unknown as { files?: Express.Multer.File[] }).files ?? [];
        const fields = (req as unknown as { body?: Record<string, unknown> }).body ?? {};
        const files = uploaded.map((f) => ({ fieldname: f.fieldname, mimetype: f.mimetype, size: f.size, buffer: f.buffer }));
        resolve({ body: fields, files, fileNames: Object.fromEntries(uploaded.map((f) => [f.fieldname, f.originalname || 'file'])) });
      });
    });
  }
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return Promise.resolve({ body: undefined, files: [], fileNames: {} });
  const encoding = headerOf(req, 'content-encoding');
  if (encoding && encoding.toLowerCase() !== 'identity') {
    return Promise.reject(new ApiFailure(400, 'bad-request', { message: `지원하지 않는 Content-Encoding이에요: ${encoding}` }));
  }
  const declared = Number(headerOf(req, 'content-length'));
  if (declared > JSON_LIMIT_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err: unknown, body?: unknown) => {
      if (done) return;
      done = true;
      if (err) reject(err instanceof Error ? err : new Error('the request body could not be read', { cause: err }));
      else resolve({ body, files: [], fileNames: {} });
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > JSON_LIMIT_BYTES) {
        // Stop buffering; what is left of the body is discarded and the connection closed after the answer.
        req.removeAllListeners('data');
        req.resume();
        res.setHeader('Connection', 'close');
        finish(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        finish(null, parseJsonBody(bytes.toString('utf8'), headerOf(req, 'content-type') ?? '', bytes.length));
      } catch (err) {
        finish(err);
      }
    });
    req.on('error', () => finish(new ApiFailure(400, 'bad-request', { message: '요청 본문을 끝까지 받지 못했어요.' })));
  });
}

function answer(
  req: IncomingMessage,
  res: ServerResponse,
  world: World,
  route: Route,
  params: Record<string, string>,
  search: string,
  input: BodyInput,
  originAllowed: (origin: string) => boolean,
): void {
  const { op, handler, validator, takesFiles, service } = route;
  const query: Record<string, unknown> = { ...parseQuery(search) };
  // Multipart fields are validated as the document declares them: a file by its name.
  const validated = takesFiles ? { ...(input.body as object), ...input.fileNames } : input.body;
  const details = validator.validate(op, { params, query, body: validated });
  if (details.length) throw new ApiFailure(400, 'bad-request', { details });
  const outcome = runHandler(op, handler, {
    world,
    user: resolveCaller(world, headerOf(req, 'authorization')),
    params,
    query,
    body: takesFiles ? input.body : validated,
    files: input.files,
    origin: `${(req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'}://${headerOf(req, 'host') ?? ''}`,
    originAllowed,
    client: `${req.socket.remoteAddress ?? ''}|${headerOf(req, 'user-agent') ?? ''}`,
  });
  if ('raw' in outcome || outcome.status < 400) send(res, outcome);
  else writeJson(res, outcome.status, (service.formatError ?? keep)(outcome.status, outcome.body as ErrorBody));
}

const keep = (_status: number, body: ErrorBody): unknown => body;

function send(res: ServerResponse, outcome: Outcome): void {
  if (!('raw' in outcome)) {
    writeJson(res, outcome.status, outcome.body);
    return;
  }
  res.statusCode = outcome.status;
  for (const [name, value] of Object.entries(outcome.headers ?? {})) res.setHeader(name, value);
  if (outcome.body === undefined) res.end();
  else
    writeBody(
      res,
      outcome.contentType ?? 'text/html; charset=utf-8',
      typeof outcome.body === 'string' ? Buffer.from(outcome.body) : outcome.body,
    );
}

function writeJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  writeBody(res, JSON_TYPE, Buffer.from(JSON.stringify(body)));
}

function writeBody(res: ServerResponse, contentType: string, bytes: Uint8Array): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', bytes.byteLength);
  res.end(bytes);
}

/** Any failure as the shared ErrorBody (reshaped by the service); never a stack trace. */
export function sendError(res: ServerResponse, err: unknown, formatError: (status: number, body: ErrorBody) => unknown = keep): void {
  const { status, body } = toErrorResponse(err);
  if (res.headersSent || res.destroyed) {
    if (!res.writableEnded) res.end();
    return;
  }
  writeJson(res, status, formatError(status, body));
}

/** multer's limits (LIMIT_*) and busboy's parse errors ("Unexpected end of form", "Boundary not found"). */
function multipartFailure(err: unknown): Error {
  if ((err as { code?: string })?.code === 'LIMIT_FILE_SIZE') return tooLarge();
  if (err instanceof multer.MulterError || (err instanceof Error && /multipart|boundary|end of form|malformed part/i.test(err.message))) {
    return new ApiFailure(400, 'bad-request', { message: '요청 본문이 올바른 multipart 형식이 아니에요.' });
  }
  return err instanceof Error ? err : new Error(String(err));
}

function isMultipart(document: OpenApiDocument, op: OperationInfo): boolean {
  const requestBody = document.paths?.[op.path]?.[op.method]?.requestBody as { content?: Record<string, unknown> } | undefined;
  return Boolean(requestBody?.content?.['multipart/form-data']);
}
