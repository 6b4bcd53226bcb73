// One in-process mock server per test file, and a `call` that validates every API response against the
// OpenAPI contract (operation and status) before the test sees it: a handler that breaks the contract
// fails every test that touches it.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { assertResponse } from '@creator-market/openapi/contract';
import { schemaErrors } from '@creator-market/openapi/schemas';
import { adsDocument, findOperation, productDocument } from '@creator-market/openapi';
import type { PersonaId } from '@creator-market/fixtures';
import { createHttpServer, createMockServer, type MockServer, type MockServerOptions } from '../src/server';
import { issueToken } from '../src/auth/tokens';
import type { World } from '../src/world/world';

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

export interface CallResult<T = any> {
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
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  close(): Promise<void>;
}

/**
 * The instant every test world starts at: Thursday 10 December 2026, 12:00 in Seoul (03:00 UTC). Worlds are
 * generated for it and their clocks start there, so a test sees the same markets, orders and "today" at
 * any hour of the day it runs (the wall clock once broke the cart tests from 21:00 to midnight Seoul).
 * A test that needs "today" derives it from the world's clock or from this.
 */
export const TEST_NOW = Date.parse('2026-12-10T03:00:00Z');

export async function startTestServer(options: Partial<MockServerOptions> = {}): Promise<TestServer> {
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
      const parsed = isJson && text ? JSON.parse(text) : text;
      if (!opts.unchecked) checkContract(method, url.pathname, res.status, parsed, isJson);
      return { status: res.status, headers: res.headers, body: parsed, text };
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
