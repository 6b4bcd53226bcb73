import type { components } from '../generated/api';
import { CATALOGUE_CODE_OF_STATUS } from '../domain/constants';

type ErrorBody = components['schemas']['ErrorBody'];

/** Status 0 codes: the request got no usable HTTP answer. */
export type TransportErrorCode = 'network-error' | 'timeout';

export interface ApiErrorInit {
  /** HTTP status, or 0 when there was no usable response (network failure, malformed body, timeout). */
  status: number;
  /** The catalogue code: the ErrorBody's `code`, else one derived from the status (see codeForStatus). */
  code: string;
  message: string;
  title?: string;
  msg?: string;
  list?: ErrorBody['list'];
  details?: ErrorBody['details'];
  method: string;
  url: string;
  cause?: unknown;
}

const brand = Symbol.for('creator-market.ApiError');

/** The one error every failed API call throws. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title?: string;
  readonly msg?: string;
  readonly list?: ErrorBody['list'];
  readonly details?: ErrorBody['details'];
  readonly method: string;
  readonly url: string;
  readonly [brand] = true;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.method = init.method;
    this.url = init.url;
    if (init.title !== undefined) this.title = init.title;
    if (init.msg !== undefined) this.msg = init.msg;
    if (init.list !== undefined) this.list = init.list;
    if (init.details !== undefined) this.details = init.details;
  }
}

/** True for an ApiError, also one created by another copy of this module (e.g. a second bundle). */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError || (typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true);
}

/** The code of an HTTP error whose body does not give one: the catalogue's, else `http-<status>`. */
export function codeForStatus(status: number): string {
  return (status !== 0 && CATALOGUE_CODE_OF_STATUS[status]) || `http-${status}`;
}

/** An HTTP error from its status and raw body text: the ErrorBody's fields when the body is one. */
export function httpError(status: number, statusText: string, bodyText: string, request: { method: string; url: string }): ApiError {
  const body = parseErrorBody(bodyText);
  return new ApiError({
    status,
    code: body?.code ?? codeForStatus(status),
    message: body?.message ?? `HTTP ${status} ${statusText}`.trim(),
    ...(body?.title !== undefined && { title: body.title }),
    ...(body?.msg !== undefined && { msg: body.msg }),
    ...(body?.list !== undefined && { list: body.list }),
    ...(body?.details !== undefined && { details: body.details }),
    method: request.method,
    url: request.url,
  });
}

/** A status 0 error: no usable HTTP answer. */
export function transportError(
  code: TransportErrorCode,
  message: string,
  request: { method: string; url: string },
  cause?: unknown,
): ApiError {
  return new ApiError({ status: 0, code, message, method: request.method, url: request.url, cause });
}

/** The fields of an ErrorBody that have the right type; undefined when the text is not a JSON object. */
function parseErrorBody(text: string): Partial<ErrorBody> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const body = value as Record<string, unknown>;
  const stringField = (key: string) => (typeof body[key] === 'string' && body[key] !== '' ? body[key] : undefined);
  const code = stringField('code');
  const message = stringField('message');
  const title = stringField('title');
  const msg = stringField('msg');
  return {
    ...(code !== undefined && { code }),
    ...(message !== undefined && { message }),
    ...(title !== undefined && { title }),
    ...(msg !== undefined && { msg }),
    ...(Array.isArray(body.list) && { list: body.list as ErrorBody['list'] }),
    ...(Array.isArray(body.details) && { details: body.details as ErrorBody['details'] }),
  };
}
