// Express adapter: one route per operation of the OpenAPI document, dispatching straight to its typed
// handler (no msw in the request path: ../shared/DESIGN.md measured getResponse at ~1,600 req/s). Every
// request is validated against its operation by the same RequestValidator the msw adapter uses, compiled
// once per operation; express-openapi-validator was dropped from the request path because it looked the
// route up again on every request (a sixth of the CPU) and coerced JSON bodies (`true` became a name).
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import multer from 'multer';
import type { OpenApiDocument, OperationInfo } from '@creator-market/openapi';
import { ApiFailure, type ErrorBody } from '../http/failure';
import type { HandlerMap, RawResponse, UploadedFile } from '../handlers/types';
import { resolveCaller, runHandler, toErrorResponse } from '../http/pipeline';
import type { WorldRegistry } from '../world/registry';
import type { World } from '../world/world';
import { RequestValidator } from './request-validator';

export const JSON_LIMIT = '100kb';
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** `/receipt/get/{publicId}` → `/receipt/get/:publicId` */
export const toExpressPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');

export interface ApiRouterOptions {
  document: OpenApiDocument;
  operations: readonly OperationInfo[];
  handlers: Partial<HandlerMap>;
  worlds: WorldRegistry;
  /** Checked before validation; a failure it returns answers the request (the ad service's app key). */
  guard?: (req: Request) => ApiFailure | null;
  /** Reshapes error bodies for a service whose document declares its own error shape (the ad service). */
  formatError?: (status: number, body: ErrorBody) => unknown;
}

const multipart = multer({ storage: multer.memoryStorage(), limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 20 } }).any();

/** A router serving every operation of `document` with request validation and the shared error shape. */
export function apiRouter({ document, operations, handlers, worlds, guard, formatError = (_s, body) => body }: ApiRouterOptions): Router {
  const router = express.Router();
  const validator = new RequestValidator(document);
  if (guard) router.use((req, _res, next) => next(guard(req) ?? undefined));
  router.use(express.json({ limit: JSON_LIMIT, strict: true }));

  for (const op of operations) {
    const handler = handlers[op.operationId as keyof HandlerMap];
    if (!handler) throw new Error(`no handler for operation ${op.operationId}`);
    const takesFiles = isMultipart(document, op);
    const route = (req: Request, res: Response) => {
      const world: World = res.locals.world ?? worlds.fromRequest(req.header('x-mock-world'));
      const uploaded = (req as unknown as { files?: Express.Multer.File[] }).files ?? [];
      const files: UploadedFile[] = uploaded.map((f) => ({ fieldname: f.fieldname, mimetype: f.mimetype, size: f.size, buffer: f.buffer }));
      const params: Record<string, unknown> = { ...req.params };
      const query: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
      // Multipart fields are validated as the document declares them: a file by its name.
      const body: unknown = takesFiles ? { ...(req.body ?? {}), ...Object.fromEntries(files.map((f, i) => [f.fieldname, uploaded[i]!.originalname || 'file'])) } : req.body;
      const details = validator.validate(op, { params, query, body });
      if (details.length) throw new ApiFailure(400, 'bad-request', { details });
      const outcome = runHandler(op, handler as never, {
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
    const path = toExpressPath(op.path);
    if (takesFiles) router[op.method as 'post'](path, multipart, route);
    else router[op.method as 'get' | 'post'](path, route);
  }
  router.use(errorHandlerWith(formatError));
  return router;
}

function isMultipart(document: OpenApiDocument, op: OperationInfo): boolean {
  const requestBody = document.paths?.[op.path]?.[op.method]?.requestBody as { content?: Record<string, unknown> } | undefined;
  return Boolean(requestBody?.content?.['multipart/form-data']);
}

function send(res: Response, outcome: { status: number; body: unknown } | RawResponse): void {
  if ('raw' in outcome) {
    res.status(outcome.status);
    for (const [name, value] of Object.entries(outcome.headers ?? {})) res.setHeader(name, value);
    if (outcome.body !== undefined) res.type(outcome.contentType ?? 'text/html; charset=utf-8').send(outcome.body);
    else res.end();
    return;
  }
  res.status(outcome.status).json(outcome.body);
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
