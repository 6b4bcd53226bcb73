// What the core (../core) takes and gives, free of any transport: a request as the doors (../doors) see it
// arrive, and the answer they turn back into their transport's response. The node listener wraps node's
// IncomingMessage, the msw doors a Fetch Request; neither holds a rule (DESIGN.md, "one core").
// No Node-only imports: Vite bundles it for the browser's service worker.
import type { FaultName } from './faults';

export interface CoreRequest {
  /** Upper case. */
  readonly method: string;
  /** The path as sent (still percent-encoded), below the door's base ('/cart/get', '/__mock/clock'). */
  readonly pathname: string;
  /** The query string without '?' ('' when none). */
  readonly search: string;
  /** A header's first value by its lower-case name. */
  header(name: string): string | undefined;
  /** Every header, lower-case names (what a proxy forwards). */
  headerEntries(): Iterable<[string, string]>;
  /** Whether the request carries a body (a length above 0, or a chunked one). */
  readonly hasBody: boolean;
  /** The body's bytes; rejects with a 413 `payload-too-large` past `limit` bytes. */
  body(limit: number): Promise<Uint8Array>;
  /** scheme://host as the client addressed this server (pages send the app back relative to it). */
  readonly origin: string;
  /** Who sent it, for per-client bounds: the address (loopback or not). */
  readonly clientAddress: string;
}

export type AnswerHeaders = Record<string, string>;

/** A response, or a transport fault in its place (each door expresses what its transport can). */
export interface Answer {
  status: number;
  headers: AnswerHeaders;
  body?: Uint8Array | string;
  fault?: FaultName;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

export function jsonAnswer(status: number, value: unknown, headers: AnswerHeaders = {}): Answer {
  headers['Content-Type'] = JSON_TYPE;
  return { status, headers, body: JSON.stringify(value) };
}

export function htmlAnswer(status: number, html: string, headers: AnswerHeaders = {}): Answer {
  headers['Content-Type'] = HTML_TYPE;
  return { status, headers, body: html };
}

/** A 303 to `location` (what a page's form post leads to) unless another status is given. */
export function redirectAnswer(location: string, status = 303, headers: AnswerHeaders = {}): Answer {
  headers.Location = location;
  return { status, headers };
}

export function bytesAnswer(status: number, contentType: string, body: Uint8Array | string, headers: AnswerHeaders = {}): Answer {
  headers['Content-Type'] = contentType;
  return { status, headers, body };
}

/** The query string's values by key, repeated keys as arrays (node's querystring and Express's simple parser agree). */
export function parseSearch(search: string): Record<string, string | string[]> {
  // No prototype: a parameter named __proto__ or constructor is a plain key.
  const query = Object.create(null) as Record<string, string | string[]>;
  if (search === '') return query;
  for (const [key, value] of new URLSearchParams(search)) {
    const previous = query[key];
    query[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return query;
}

const decoder = new TextDecoder();
export const utf8 = (bytes: Uint8Array): string => decoder.decode(bytes);
