// The fetch that openapi-fetch calls. It owns every failure rule, so that a call either resolves with a 2xx
// JSON response or rejects with one ApiError: adds the bearer token, enforces the timeout (over the whole
// exchange, body included), reports each response to the clock and the observer, and normalises errors.
import { httpError, readErrorBody, transportError, type ReadErrorBody } from './errors.js';
import type { ServerClock } from './clock.js';

export type FetchLike = (input: Request) => Promise<Response>;

export type TokenSource = () => string | null | undefined | Promise<string | null | undefined>;

export interface TransportOptions {
  fetch?: FetchLike;
  timeoutMs: number;
  /** Sets `Authorization: Bearer <token>` when it returns a token. */
  getToken?: TokenSource;
  /** A fixed `Authorization` header value (the ad service's key). */
  authorization?: string;
  clock?: ServerClock;
  /** Called with every HTTP response (a readable copy) before errors are normalised. */
  onResponse?: (response: Response, request: Request) => void;
  /** The product API wraps every success in `{data}`; a 2xx without it is malformed. */
  expectEnvelope: boolean;
  /** Reads a parsed error body (default: the product API's ErrorBody; the ad service has its own shape). */
  readError?: (value: unknown) => ReadErrorBody;
}

export function createTransport(options: TransportOptions): FetchLike {
  return async (input) => {
    const target = { method: input.method, url: input.url };
    const headers = new Headers(input.headers);
    const token = await options.getToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else if (options.authorization !== undefined) headers.set('Authorization', options.authorization);

    const controller = new AbortController();
    const request = new Request(input, { headers, signal: controller.signal });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    // The caller's own signal (openapi-fetch's `signal` option) still cancels the call.
    const abortWithCaller = () => controller.abort();
    if (input.signal.aborted) controller.abort();
    else input.signal.addEventListener('abort', abortWithCaller, { once: true });

    let response: Response;
    let text: string;
    try {
      // Racing the abort as well keeps the limit even where a fetch (or a mock) ignores the signal.
      response = await untilAborted((options.fetch ?? globalThis.fetch)(request), controller.signal);
      text = await untilAborted(response.text(), controller.signal);
    } catch (cause) {
      throw timedOut
        ? transportError('timeout', `no response within ${options.timeoutMs} ms`, target, cause)
        : transportError('network-error', `network failure: ${describe(cause)}`, target, cause);
    } finally {
      clearTimeout(timer);
      input.signal.removeEventListener('abort', abortWithCaller);
    }

    options.clock?.observe(response.headers);
    options.onResponse?.(copyResponse(response, text), request);

    if (!response.ok) throw httpError(response.status, response.statusText, text, target, options.readError ?? readErrorBody);
    const body = readBody(text, options.expectEnvelope);
    if ('problem' in body) throw transportError('network-error', `HTTP ${response.status} with ${body.problem}`, target);
    return new CheckedResponse(text, responseInit(response), body.value);
  };
}

/**
 * A 2xx answer whose body has been parsed to check it: json() gives that value rather than parsing the text
 * a second time (openapi-fetch calls it; the home screen's lists are a few hundred KB of JSON).
 */
class CheckedResponse extends Response {
  readonly #value: unknown;

  constructor(text: string, init: ResponseInit, value: unknown) {
    super(text, init);
    this.#value = value;
  }

  override json(): Promise<unknown> {
    return Promise.resolve(this.#value);
  }
}

/** A fresh, readable response with the same status and headers (statuses like 204 take no body). */
function copyResponse(response: Response, text: string): Response {
  const nullBody = [101, 103, 204, 205, 304].includes(response.status);
  return new Response(nullBody ? null : text, responseInit(response));
}

function responseInit(response: Response): ResponseInit {
  return { status: response.status, statusText: response.statusText, headers: response.headers };
}

/** Why `signal` aborted, as the Error it (nearly always) is: a DOMException from abort() or a timeout. */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error(String(reason));
}

/** Settles like `work`, or rejects as soon as `signal` aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined); // the abandoned work may still reject; nobody waits for it
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A 2xx body's JSON value, or why it is unusable. */
function readBody(text: string, expectEnvelope: boolean): { value: unknown } | { problem: string } {
  if (text.trim() === '') return { problem: 'an empty body' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'a body that is not JSON' };
  }
  if (expectEnvelope && (typeof value !== 'object' || value === null || !('data' in value)))
    return { problem: 'a body without the {data} envelope' };
  return { value };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
