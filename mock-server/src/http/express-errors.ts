// Error handling of the Express app (the control plane, the pages, the images and docs; the API itself is
// answered by ./api-listener): every failure leaves as the shared ErrorBody, an unknown path as not-found.
import type { NextFunction, Request, Response } from 'express';
import { ApiFailure } from './failure';
import { toErrorResponse } from './pipeline';

/** Every failure (body parser, route) leaves as an ErrorBody; never a stack trace. */
export function errorHandler(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
  const { status, body } = toErrorResponse(classify(err));
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(status).json(body);
}

interface ParserError {
  status?: number;
  type?: string;
  code?: string;
}

/** Maps errors of the body parsers (JSON, forms) to catalogue failures; anything else is passed on as it is (so `unknown`). */
function classify(err: unknown): unknown {
  if (err instanceof ApiFailure) return err;
  const e = err as ParserError;
  if (e?.type === 'entity.too.large' || e?.status === 413) return new ApiFailure(413, 'payload-too-large');
  if (e?.type === 'entity.parse.failed') return new ApiFailure(400, 'bad-request', { message: '요청 본문이 올바른 JSON이 아니에요.' });
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return new ApiFailure(400, 'bad-request');
  return err;
}

/** Anything nothing answered: an unknown API path, or a known path with another method. */
export function notFoundHandler(_req: Request, _res: Response, next: NextFunction): void {
  next(new ApiFailure(404, 'not-found', { message: '없는 API 경로예요.' }));
}
