// One in-process mock server per test file, and a `call` that validates every API response against the
// OpenAPI contract (operation and status) before the test sees it: a handler that breaks the contract
// fails every test that touches it.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { assertResponse } from '@creator-market/openapi/contract';
import { schemaErrors } from '@creator-market/openapi/schemas';
import { adsDocument, findOperation, productDocument } from '@creator-market/openapi';
import type { PersonaId } from '@creator-market/fixtures';
import type { paths as AdsPaths } from '@creator-market/sdk/generated/ads';
import type { components, paths as ApiPaths } from '@creator-market/sdk/generated/api';
import type { paths as ControlPaths } from '@creator-market/sdk/generated/control';
import { createHttpServer, createMockServer, type MockServer } from '../../src/server';
import { issueToken } from '../../src/auth/tokens';
import type { World } from '../../src/world/world';

type ErrorBody = components['schemas']['ErrorBody'];

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** Raw request body (sent as is, e.g. malformed JSON); wins over `body`. */
  rawBody?: string | FormData;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Skip the contract check (for non-API paths and deliberately invalid requests' pages). */
  unchecked?: boolean;
}

/** A contract path as a pattern of the paths it names: `/receipt/get/{publicId}` -> `/receipt/get/${string}`. */
type PathPattern<K extends string> = K extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${PathPattern<Tail>}` : K;

/** The contract paths (keys of `Paths`) that the concrete path `P` (query string aside) matches; an exact key wins. */
type MatchedPath<Paths, P extends string> = P extends `${infer Base}?${string}`
  ? MatchedPath<Paths, Base>
  : P extends keyof Paths
    ? P
    : { [K in keyof Paths & string]: P extends PathPattern<K> ? K : never }[keyof Paths & string];

/** The JSON body of an operation's 2xx answers. */
type SuccessBody<Operation> = Operation extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 ? (R[S] extends { content: { 'application/json': infer B } } ? B : never) : never }[keyof R]
  : unknown;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** An operation's answer body by method and concrete path: its 2xx JSON body, `unknown` for what the contract does not declare. */
type OperationBody<Paths, M extends string, P extends string> = [MatchedPath<Paths, P>] extends [never]
  ? unknown
  : MatchedPath<Paths, P> extends infer K extends keyof Paths
    ? OperationOf<Paths[K], Lowercase<M>> extends infer Operation
      ? [Operation] extends [never]
        ? unknown
        : SuccessBody<Operation>
      : unknown
    : unknown;

/** The operation(s) of a contract path item for the method(s) `m` (an absent method is `?: never`). */
type OperationOf<PathItem, m extends string> = m extends keyof PathItem ? Exclude<PathItem[m], undefined> : never;

/**
 * What `call` types an answer's body as: the contract's 2xx JSON body for the operation (the product API, the ad
 * service under `/ads`, the control plane under `/__mock`), `unknown` for anything else (pages, unknown paths).
 * A test that reads an error answer reads it through errorCode()/errorList()/errorMessage()/errorDetails().
 */
export type ResponseBody<M extends string, P extends string> = P extends `/ads${infer AdsPath}`
  ? OperationBody<AdsPaths, M, AdsPath>
  : P extends `/__mock${infer ControlPath}`
    ? OperationBody<ControlPaths, M, ControlPath>
    : OperationBody<ApiPaths, M, P>;

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A world of a test's own: its name, the header that selects it, and the world (created when first read). */
export interface FreshWorld {
  name: string;
  headers: { 'X-Mock-World': string };
  readonly world: World;
}

export interface TestServer {
  baseUrl: string;
  mock: MockServer;
  /** A new world named `<label>-<n>`, for a test that changes state without touching the others'. */
  freshWorld(label: string): FreshWorld;
  /** A bearer token for a persona of the default world (or of `world`). */
  token(persona: PersonaId, world?: string): string;
  /**
   * One request. The body is typed from the contract by method and path (see ResponseBody); a test that reads a
   * body the contract does not type (a page) names its type: `call<Shape>(...)`.
   */
  call<T = never, M extends Method = Method, P extends string = string>(
    method: M,
    path: P,
    options?: CallOptions,
  ): Promise<CallResult<[T] extends [never] ? ResponseBody<M, P> : T>>;
  close(): Promise<void>;
}

/**
 * The instant every test world starts at: Thursday 10 December 2026, 12:00 in Seoul (03:00 UTC). Worlds are
 * generated for it and their clocks start there, so a test sees the same markets, orders and "today" at
 * any hour of the day it runs (the wall clock once broke the cart tests from 21:00 to midnight Seoul).
 * A test that needs "today" derives it from the world's clock or from this.
 */
export const TEST_NOW = Date.parse('2026-12-10T03:00:00Z');

export async function startTestServer(options: Parameters<typeof createMockServer>[0] = {}): Promise<TestServer> {
  const mock = createMockServer({ seed: 1, scale: 0.2, startAt: TEST_NOW, ...options });
  const server: Server = await new Promise((resolve) => {
    const s = createHttpServer(mock).listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let worldCount = 0;

  return {
    baseUrl,
    mock,
    freshWorld(label) {
      const name = `${label}-${++worldCount}`;
      return {
        name,
        headers: { 'X-Mock-World': name },
        get world() {
          return mock.worlds.fromRequest(name);
        },
      };
    },
    token(persona, world) {
      const store = mock.worlds.fromRequest(world).store;
      const account = store.accounts.one('persona', persona);
      if (!account) throw new Error(`persona ${persona} missing from the world`);
      return issueToken(account.uid);
    },
    async call(method, path, opts = {}) {
      const url = new URL(path, baseUrl);
      for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | FormData | undefined;
      if (opts.rawBody !== undefined) body = opts.rawBody;
      else if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(url, { method, headers, body, redirect: 'manual' });
      const text = await res.text();
      const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
      const parsed: unknown = isJson && text ? JSON.parse(text) : text;
      if (!opts.unchecked) checkContract(method, url.pathname, res.status, parsed, isJson);
      // The contract check above is what stands behind the body's static type.
      return { status: res.status, headers: res.headers, body: parsed as never, text };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function checkContract(method: string, pathname: string, status: number, body: unknown, isJson: boolean): void {
  const isAds = pathname.startsWith('/ads/');
  const document = isAds ? adsDocument : productDocument;
  const path = isAds ? pathname.slice('/ads'.length) : pathname;
  const found = findOperation(document, { method, path });
  if (!found) {
    // Not an operation (an unknown path, or a page of the server): errors must still be in the catalogue's shape.
    if (status >= 400) expectErrorShape(body);
    return;
  }
  if (!isJson && status >= 300 && status < 400) return; // sign-in redirects
  if (!isJson && (status === 200 || status === 302)) {
    const ok = found.operation.responses?.[String(status)];
    if (!ok) throw new Error(`${method} ${path} answered ${status}, which the contract does not declare`);
    return;
  }
  assertResponse({ method, path }, status, body, document);
}

/** The shared ErrorBody: one of the contract's shapes. */
export function expectErrorShape(body: unknown): void {
  const problems = schemaErrors('ErrorBody', body);
  if (problems.length) throw new Error(`error body is not in the catalogue's shape: ${JSON.stringify(body)}\n${problems.join('\n')}`);
}

/** The catalogue code of an error body: `data`, or `data.code` for a list error. */
export function errorCode(body: unknown): string | undefined {
  const data = (body as { data?: unknown } | null)?.data;
  if (typeof data === 'string') return data;
  const code = (data as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The items of a list error body (`data.list`). */
export function errorList(body: unknown): unknown {
  return ((body as { data?: unknown } | null)?.data as { list?: unknown } | null)?.list;
}

/** An error body, checked against the contract's ErrorBody (for reading the fields a test asserts on). */
export function errorBody(body: unknown): ErrorBody {
  expectErrorShape(body);
  return body as ErrorBody;
}

/** The `message` of an error body. */
export function errorMessage(body: unknown): string {
  return errorBody(body).message;
}

/** The validation details of a `bad-request` error body (none for other errors). */
export function errorDetails(body: unknown): { path: string; message: string }[] {
  const error = errorBody(body);
  return 'details' in error ? (error.details ?? []) : [];
}
