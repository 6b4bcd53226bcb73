import createClient, { type Client, type ClientPathsWithMethod, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from '../generated/api.js';
import type { ServerClock } from './clock.js';
import { createTransport, type FetchLike, type TokenSource } from './transport.js';

export interface ApiClientOptions {
  /** The product API's origin (and path prefix), e.g. `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** The signed-in user's identity token; no token (null/undefined/'') means the request goes as a guest. */
  getToken?: TokenSource;
  /** Whole-exchange timeout (response and body); a call that exceeds it fails with status 0 `timeout`. */
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Called with every HTTP response, before errors are normalised (the body is a readable copy). */
  onResponse?: (response: Response, request: Request) => void;
  /** Follows the server's clock: observes `X-Mock-Now` on every response. */
  clock?: ServerClock;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** The `data` of a successful call's envelope, from an openapi-fetch result type. */
export type Payload<Result> = Result extends { data: infer Envelope } ? (Envelope extends { data: infer Data } ? Data : never) : never;

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type RequiredKeysOf<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];
/** openapi-fetch's own rule: the init argument is optional exactly when nothing in it is required. */
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** What openapi-fetch resolves with for one method of one path item. */
type MethodResult<Item, M extends HttpMethod, Init> = Item extends { [K in M]: infer Operation }
  ? Operation extends Record<string | number, unknown>
    ? FetchResponse<Operation, Init, `${string}/${string}`>
    : never
  : never;

/** A method that returns the payload (`data`) of the envelope and throws ApiError on any failure. */
export type PayloadMethod<M extends 'get' | 'post'> = <
  Path extends ClientPathsWithMethod<Client<paths>, M>,
  Init extends MaybeOptionalInit<paths[Path], M>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<Payload<MethodResult<paths[Path], M, Init>>>;

export interface ApiClient {
  /** `await api.get('/user/me')` → the `Me` payload. */
  get: PayloadMethod<'get'>;
  /** `await api.post('/cart/add/common', { body })` → the payload. */
  post: PayloadMethod<'post'>;
  /** The underlying openapi-fetch client (results keep the `{data}` envelope; failures still throw ApiError). */
  raw: Client<paths>;
}

/**
 * The product API client. Every failure rejects with ApiError: HTTP errors with the ErrorBody's code (or one
 * derived from the status), and status 0 `network-error` / `timeout` when there is no usable answer.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const raw = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: createTransport({
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      expectEnvelope: true,
      fetch: options.fetch,
      getToken: options.getToken,
      clock: options.clock,
      onResponse: options.onResponse,
    }),
  });
  // The generic signatures cannot be re-stated through a forwarding call; the types are PayloadMethod's.
  const get = ((url: never, init?: never) => call(raw.GET(url, init))) as unknown as PayloadMethod<'get'>;
  const post = ((url: never, init?: never) => call(raw.POST(url, init))) as unknown as PayloadMethod<'post'>;
  return { get, post, raw };
}

/**
 * Unwraps the `{data}` envelope of an openapi-fetch call made with this client: `await call(api.raw.GET('/user/me'))`.
 * The transport has already turned every failure into ApiError and checked the envelope.
 */
export async function call<Result extends { data?: unknown; response: Response }>(pending: Promise<Result>): Promise<Payload<Result>> {
  const result = await pending;
  const envelope = result.data as { data: Payload<Result> } | undefined;
  if (envelope === undefined) throw new Error(`${result.response.url}: a response reached call() without its {data} envelope`);
  return envelope.data;
}
