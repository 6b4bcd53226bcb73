import type { components } from '../generated/api.js';
import { CATALOGUE_CODE_OF_STATUS } from '../domain/constants.js';
import { isErrorCode, isListErrorCode, type ApiErrorCode, type ErrorCode, type TransportErrorCode } from '../domain/error-codes.js';

export type { TransportErrorCode } from '../domain/error-codes.js';

/**
 * The error body of the contract: the catalogue code in `data`, as SPEC.md sections 7-8 carry it. The mock
 * server's own refusal of a misspelt scenario (`unknown-scenario`) is left out: no backend sends it, so it is
 * no code of the app's catalogue (readErrorBody reads it as its status's, a 400 `bad-request`).
 */
export type ErrorBody = Exclude<components['schemas']['ErrorBody'], { data: 'unknown-scenario' }>;
export type ErrorListItem = components['schemas']['ErrorListItem'];
export type ErrorDetail = NonNullable<Extract<ErrorBody, { data: 'bad-request' }>['details']>[number];

/** Every code the contract's ErrorBody can carry, read off its shapes. */
type ContractErrorCode = Extract<ErrorBody['data'], string> | Extract<ErrorBody['data'], object>['code'];
// The sdk's ErrorCode list and the contract are the same set of codes (the build fails when they drift).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const codesMatchContract: Same<ErrorCode, ContractErrorCode> = true;
void codesMatchContract;

export interface ApiErrorInit {
  /** HTTP status, or 0 when there was no usable response (network failure, malformed body, timeout). */
  status: number;
  /** The catalogue code: the error body's `data`, else one derived from the status (see codeForStatus). */
  code: ApiErrorCode;
  message: string;
  title?: string;
  msg?: string;
  list?: ErrorListItem[];
  details?: ErrorDetail[];
  method: string;
  url: string;
  cause?: unknown;
}

const brand = Symbol.for('creator-market.ApiError');

/** The one error every failed API call throws. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly title?: string;
  readonly msg?: string;
  readonly list?: ErrorListItem[];
  readonly details?: ErrorDetail[];
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
export function codeForStatus(status: number): ApiErrorCode {
  return (status !== 0 && CATALOGUE_CODE_OF_STATUS[status]) || `http-${status}`;
}

/** An HTTP error from its status and raw body text: the error body's fields when it is one (see readErrorBody). */
export function httpError(
  status: number,
  statusText: string,
  bodyText: string,
  request: { method: string; url: string },
  read: (value: unknown) => ReadErrorBody = readErrorBody,
): ApiError {
  const body = read(parseJson(bodyText));
  return new ApiError({
    status,
    code: body.code ?? codeForStatus(status),
    message: body.message ?? `HTTP ${status} ${statusText}`.trim(),
    ...(body.title !== undefined && { title: body.title }),
    ...(body.msg !== undefined && { msg: body.msg }),
    ...(body.list !== undefined && { list: body.list }),
    ...(body.details !== undefined && { details: body.details }),
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

/** What an error body says, each field only when it has the contract's type. */
export interface ReadErrorBody {
  code?: ErrorCode;
  message?: string;
  title?: string;
  msg?: string;
  list?: ErrorListItem[];
  details?: ErrorDetail[];
}

/**
 * Reads an error body of the contract's ErrorBody shapes: the code from `data` (a known code string, or a
 * list error's `{code, list}`), `message`, and the fields of the code's own shape (`title` and `msg` of
 * `server-notice`, `details` of `bad-request`). A body of another shape gives no code (the caller takes the
 * status's), and a field of the wrong type is left out rather than trusted.
 */
export function readErrorBody(value: unknown): ReadErrorBody {
  if (!isRecord(value)) return {};
  const message = nonEmptyString(value.message);
  const result: ReadErrorBody = message === undefined ? {} : { message };
  const { data } = value;
  if (typeof data === 'string') {
    // A list code without its list is still that error (the dialog then names no items).
    if (!isErrorCode(data)) return result;
    result.code = data;
    if (data === 'server-notice') {
      const title = nonEmptyString(value.title);
      const msg = nonEmptyString(value.msg);
      if (title !== undefined) result.title = title;
      if (msg !== undefined) result.msg = msg;
    }
    if (data === 'bad-request' && Array.isArray(value.details) && value.details.every(isDetail)) result.details = value.details;
    return result;
  }
  if (isRecord(data) && isListErrorCode(data.code)) {
    result.code = data.code;
    if (Array.isArray(data.list) && data.list.every(isListItem)) result.list = data.list;
  }
  return result;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const isOptional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value);

function isListItem(value: unknown): value is ErrorListItem {
  return (
    isRecord(value) &&
    typeof value._id === 'string' &&
    typeof value.title === 'string' &&
    isOptional(value.option, (v) => typeof v === 'string') &&
    isOptional(value.available, (v) => Number.isInteger(v) && (v as number) >= 0) &&
    Object.keys(value).every((key) => key === '_id' || key === 'title' || key === 'option' || key === 'available')
  );
}

function isDetail(value: unknown): value is ErrorDetail {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string' && Object.keys(value).length === 2;
}
