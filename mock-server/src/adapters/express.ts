// Express adapter: every operation of the OpenAPI document, found in one table lookup (../http/operation-table)
// and dispatched straight to its typed handler (no msw in the request path: ../shared/DESIGN.md measured
// getResponse at ~1,600 req/s). Every
// request is validated against its operation by the same RequestValidator the msw adapter uses, compiled
// once per operation; express-openapi-validator was dropped from the request path because it looked the
// route up again on every request (a sixth of the CPU) and coerced JSON bodies (`true` became a name).
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import multer from 'multer';
import type { OpenApiDocument, OperationInfo } from '@creator-market/openapi';
import { ApiFailure, type ErrorBody } from '../http/failure';
import type { Handler, HandlerMap, OperationId, UploadedFile } from '../handlers/types';
import { MalformedPathError, OperationTable, type OperationMatch } from '../http/operation-table';
import { resolveCaller, runHandler, toErrorResponse, type Outcome } from '../http/pipeline';
import type { WorldRegistry } from '../world/registry';
import type { World } from '../world/world';
import { RequestValidator } from './request-validator';

export const JSON_LIMIT = '100kb';
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export interface ApiRouterOptions {
  document: OpenApiDocument;
  operations: readonly OperationInfo[];
  handlers: Partial<HandlerMap>;
  worlds: WorldRegistry;
  /** Checked before validation; a failure it returns answers the request (the ad service's app key). */
  guard?: (req: Request) => ApiFailure | null;
  /** Runs once the operation is known, before the body is read: it may answer instead (forced scenarios). */
  before?: (req: Request, res: Response, next: NextFunction) => void;
  /** Reshapes error bodies for a service whose document declares its own error shape (the ad service). */
  formatError?: (status: number, body: ErrorBody) => unknown;
}

const multipart = multer({ storage: multer.memoryStorage(), limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 20 } }).any();

/** A router serving every operation of `document` with request validation and the shared error shape. */
export function apiRouter({ document, operations, handlers, worlds, guard, before, formatError = (_s, body) => body }: ApiRouterOptions): Router {
  const router = express.Router();
  const validator = new RequestValidator(document);
  const table = new OperationTable(operations);
  const routes = new Map(
    operations.map((op) => {
      const handler = handlers[op.operationId as keyof HandlerMap];
      if (!handler) throw new Error(`no handler for operation ${op.operationId}`);
      return [op, { handler: handler as Handler<OperationId>, takesFiles: isMultipart(document, op) }] as const;
    }),
  );
  const readJson = express.json({ limit: JSON_LIMIT, strict: true });

  const answer = (req: Request, res: Response, op: OperationInfo, pathParams: Record<string, string>) => {
    const { handler, takesFiles } = routes.get(op)!;
    const world: World = res.locals.world ?? worlds.fromRequest(req.header('x-mock-world'));
    const uploaded = (req as unknown as { files?: Express.Multer.File[] }).files ?? [];
    const files: UploadedFile[] = uploaded.map((f) => ({ fieldname: f.fieldname, mimetype: f.mimetype, size: f.size, buffer: f.buffer }));
    const params: Record<string, unknown> = pathParams;
    const query: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
    // Multipart fields are validated as the document declares them: a file by its name.
    const body: unknown = takesFiles ? { ...(req.body ?? {}), ...Object.fromEntries(files.map((f, i) => [f.fieldname, uploaded[i]!.originalname || 'file'])) } : req.body;
    const details = validator.validate(op, { params, query, body });
    if (details.length) throw new ApiFailure(400, 'bad-request', { details });
    const outcome = runHandler(op, handler, {
      world,
      user: resolveCaller(world, req.header('authorization')),
      params,
      query,
      body: takesFiles ? req.body : body,
      files,
      origin: `${req.protocol}://${req.get('host')}`,
    });
    send(res, 'raw' in outcome || outcome.status < 400 ? outcome : { ...outcome, body: formatError(outcome.status, outcome.body as ErrorBody) });
  };

  // One middleware finds the operation in the table and answers it; a path of no operation goes on to
  // the next router (the ad service's, then the product API's, then the pages, then not found). Only a
  // request for an operation meets the `before` step and the guard, and has its body read.
  router.use((req, res, next) => {
    let match: OperationMatch<OperationInfo> | null;
    try {
      match = table.match(req.method, req.path);
    } catch (err) {
      if (err instanceof MalformedPathError) return next(new ApiFailure(400, 'bad-request', { message: '경로의 값이 올바른 URL 인코딩이 아니에요.' }));
      throw err;
    }
    if (!match) return next();
    const { op, params } = match;
    const readBody = routes.get(op)!.takesFiles ? multipart : readJson;
    const run = () => {
      const rejection = guard?.(req);
      if (rejection) return next(rejection);
      readBody(req, res, (err?: unknown) => {
        if (err) return next(err);
        try {
          answer(req, res, op, params);
        } catch (failure) {
          next(failure);
        }
      });
    };
    if (before) before(req, res, (err?: unknown) => (err ? next(err) : run()));
    else run();
  });
  router.use(errorHandlerWith(formatError));
  return router;
}

function isMultipart(document: OpenApiDocument, op: OperationInfo): boolean {
  const requestBody = document.paths?.[op.path]?.[op.method]?.requestBody as { content?: Record<string, unknown> } | undefined;
  return Boolean(requestBody?.content?.['multipart/form-data']);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Writes the answer with node's own response calls: Express's res.json/res.send re-check the content type,
 * freshness and encoding of every body, work our answers never need.
 */
function send(res: Response, outcome: Outcome): void {
  res.statusCode = outcome.status;
  if (!('raw' in outcome)) {
    writeBody(res, JSON_TYPE, Buffer.from(JSON.stringify(outcome.body)));
    return;
  }
  for (const [name, value] of Object.entries(outcome.headers ?? {})) res.setHeader(name, value);
  if (outcome.body === undefined) res.end();
  else writeBody(res, outcome.contentType ?? 'text/html; charset=utf-8', typeof outcome.body === 'string' ? Buffer.from(outcome.body) : outcome.body);
}

function writeBody(res: Response, contentType: string, bytes: Uint8Array): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', bytes.byteLength);
  res.end(bytes);
}

/** Every failure (validator, body parser, handler) leaves as an ErrorBody; never a stack trace. */
export function errorHandlerWith(formatError: (status: number, body: ErrorBody) => unknown = (_s, body) => body) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const { status, body } = toErrorResponse(classify(err));
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(status).json(formatError(status, body));
  };
}

export const errorHandler = errorHandlerWith();

interface ParserError {
  status?: number;
  type?: string;
  code?: string;
}

/** Maps errors of the JSON body parser and the multipart parser to catalogue failures. */
function classify(err: unknown): ApiFailure | unknown {
  if (err instanceof ApiFailure) return err;
  const e = err as ParserError;
  if (e?.type === 'entity.too.large' || e?.status === 413 || e?.code === 'LIMIT_FILE_SIZE') return new ApiFailure(413, 'payload-too-large');
  if (e?.type === 'entity.parse.failed') return new ApiFailure(400, 'bad-request', { message: '요청 본문이 올바른 JSON이 아니에요.' });
  // multer's limits (LIMIT_*) and busboy's parse errors ("Unexpected end of form", "Boundary not found")
  if (err instanceof multer.MulterError || (err instanceof Error && /multipart|boundary|end of form|malformed part/i.test(err.message))) {
    return new ApiFailure(400, 'bad-request', { message: '요청 본문이 올바른 multipart 형식이 아니에요.' });
  }
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return new ApiFailure(400, 'bad-request');
  return err;
}

/** Anything no route answered: an unknown API path, or a known path with another method. */
export function notFoundHandler(_req: Request, _res: Response, next: NextFunction): void {
  next(new ApiFailure(404, 'not-found', { message: '없는 API 경로예요.' }));
}
