// Express adapter: one route per operation of the OpenAPI document, dispatching straight to its typed
// handler (no msw in the request path: ../shared/DESIGN.md measured getResponse at ~1,600 req/s).
// Requests are validated against the document by express-openapi-validator before a handler runs.
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenApiDocument, OperationInfo } from '@creator-market/openapi';
import { ApiFailure, type ErrorBody } from '../http/failure';
import type { HandlerMap, RawResponse, UploadedFile } from '../handlers/types';
import { resolveCaller, runHandler, toErrorResponse } from '../http/pipeline';
import type { WorldRegistry } from '../world/registry';
import type { World } from '../world/world';

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

/** A router serving every operation of `document` with request validation and the shared error shape. */
export function apiRouter({ document, operations, handlers, worlds, guard, formatError = (_s, body) => body }: ApiRouterOptions): Router {
  const router = express.Router();
  if (guard) router.use((req, _res, next) => next(guard(req) ?? undefined));
  router.use(express.json({ limit: JSON_LIMIT, strict: true }));
  // Browsers' URLSearchParams send spaces as '+', which the validator rejects as an unencoded reserved
  // character; '%20' is the same space, so rewrite the query before it looks.
  router.use((req, _res, next) => {
    const q = req.url.indexOf('?');
    if (q >= 0 && req.url.includes('+', q)) req.url = req.url.slice(0, q) + req.url.slice(q).replace(/\+/g, '%20');
    next();
  });
  router.use(
    OpenApiValidator.middleware({
      // The validator mutates the document it is given (it dereferences it), so it gets its own copy.
      apiSpec: structuredClone(document) as never,
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: true, removeAdditional: false },
      validateResponses: false,
      validateSecurity: false,
      validateApiSpec: false,
      ignoreUndocumented: false,
      fileUploader: { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1 } },
    }),
  );

  for (const op of operations) {
    const handler = handlers[op.operationId as keyof HandlerMap];
    if (!handler) throw new Error(`no handler for operation ${op.operationId}`);
    router[op.method as 'get' | 'post'](toExpressPath(op.path), (req: Request, res: Response) => {
      const world: World = res.locals.world ?? worlds.fromRequest(req.header('x-mock-world'));
      const files: UploadedFile[] = ((req as unknown as { files?: Express.Multer.File[] }).files ?? []).map((f) => ({
        fieldname: f.fieldname,
        mimetype: f.mimetype,
        size: f.size,
        buffer: f.buffer,
      }));
      const user = resolveCaller(world, req.header('authorization'));
      const outcome = runHandler(op, handler as never, {
        world,
        user,
        params: { ...req.params },
        query: { ...(req.query as Record<string, unknown>) },
        body: req.body ?? undefined,
        files,
        origin: `${req.protocol}://${req.get('host')}`,
      });
      send(res, 'raw' in outcome || outcome.status < 400 ? outcome : { ...outcome, body: formatError(outcome.status, outcome.body as ErrorBody) });
    });
  }
  router.use(errorHandlerWith(formatError));
  return router;
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

interface ValidatorError {
  status?: number;
  type?: string;
  message?: string;
  errors?: { path?: string; message?: string }[];
}

/** Maps errors of express's body parser and express-openapi-validator to catalogue failures. */
function classify(err: unknown): ApiFailure | unknown {
  if (err instanceof ApiFailure) return err;
  const e = err as ValidatorError;
  if (e?.type === 'entity.too.large' || e?.status === 413) return new ApiFailure(413, 'payload-too-large');
  if (e?.type === 'entity.parse.failed') return new ApiFailure(400, 'bad-request', { message: '요청 본문이 올바른 JSON이 아니에요.' });
  const details = (e?.errors ?? []).map((d) => ({ path: String(d.path ?? ''), message: String(d.message ?? '') }));
  if (e?.status === 404) return new ApiFailure(404, 'not-found', { message: '없는 API 경로예요.' });
  if (e?.status === 405) return new ApiFailure(404, 'not-found', { message: '이 경로는 그 메서드를 지원하지 않아요.' });
  if (e?.status === 415 || e?.status === 400) return new ApiFailure(400, 'bad-request', { details });
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return new ApiFailure(400, 'bad-request', { details });
  return err;
}
