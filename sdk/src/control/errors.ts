import type { components } from '../generated/control.js';

/** The error body of every non-2xx control plane answer: the catalogue's `{data, message}` (ErrorBody). */
export type ControlErrorBody = components['schemas']['ErrorBody'];

export interface MockControlErrorInit {
  /** HTTP status, or 0 when there was no HTTP answer (the server is down, the connection failed). */
  status: number;
  /** The answer's error body when it is one (`{data, message}`), else undefined. */
  body: ControlErrorBody | undefined;
  method: string;
  url: string;
  /** The world the call acted on (its `X-Mock-World`), undefined for the default world. */
  world: string | undefined;
  message: string;
  cause?: unknown;
}

const brand = Symbol.for('creator-market.MockControlError');

/**
 * What every failed control call throws: a non-2xx answer with its error body (`{data, message}`; `code` is
 * its catalogue code), or status 0 `network-error` when the control plane gave no HTTP answer.
 */
export class MockControlError extends Error {
  readonly status: number;
  readonly body: ControlErrorBody | undefined;
  /** The catalogue code: the body's `data` (or `data.code` of a list error), else `http-<status>` or `network-error`. */
  readonly code: string;
  readonly method: string;
  readonly url: string;
  readonly world: string | undefined;
  readonly [brand] = true;

  constructor(init: MockControlErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'MockControlError';
    this.status = init.status;
    this.body = init.body;
    this.code = codeOf(init.body) ?? (init.status === 0 ? 'network-error' : `http-${init.status}`);
    this.method = init.method;
    this.url = init.url;
    this.world = init.world;
  }
}

/** True for a MockControlError, also one made by another copy of this module (a second bundle). */
export function isMockControlError(value: unknown): value is MockControlError {
  return (
    value instanceof MockControlError || (typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true)
  );
}

function codeOf(body: ControlErrorBody | undefined): string | undefined {
  if (body === undefined) return undefined;
  return typeof body.data === 'string' ? body.data : body.data.code;
}

/** The body as an ErrorBody when it has its shape (`data` a code or `{code, list}`, `message` a string). */
export function asErrorBody(value: unknown): ControlErrorBody | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { data, message } = value as Record<string, unknown>;
  if (typeof message !== 'string') return undefined;
  const isCode = typeof data === 'string' && data !== '';
  const isList =
    typeof data === 'object' &&
    data !== null &&
    typeof (data as Record<string, unknown>).code === 'string' &&
    Array.isArray((data as Record<string, unknown>).list);
  return isCode || isList ? (value as ControlErrorBody) : undefined;
}
