// The shape of every operation handler: a plain function keyed by operationId, whose request and response
// types come from the generated OpenAPI types. A missing operation, or a response that breaks the
// contract, does not compile.
import type { operations } from '@creator-market/sdk/generated/api';
import type { World } from '../world/world';
import type { Account } from '../world/store';
import { unauthorized } from '../http/failure';

export type OperationId = keyof operations;

type Parameters<K extends OperationId> = operations[K]['parameters'];
type Clean<T> = [T] extends [never] ? Record<string, never> : [T] extends [undefined] ? Record<string, never> : NonNullable<T>;

export type PathParams<K extends OperationId> = Parameters<K> extends { path?: infer P } ? Clean<P> : Record<string, never>;
export type QueryParams<K extends OperationId> = Parameters<K> extends { query?: infer Q } ? Clean<Q> : Record<string, never>;
export type RequestBody<K extends OperationId> = operations[K] extends { requestBody?: infer R }
  ? R extends { content: { 'application/json': infer B } }
    ? B
    : R extends { content: { 'multipart/form-data': infer M } }
      ? M
      : undefined
  : undefined;
export type OkBody<K extends OperationId> = operations[K]['responses'] extends { 200: { content: { 'application/json': infer R } } }
  ? R
  : never;

/** Responses that are not JSON: the mock sign-in pages (HTML) and their redirects. */
export interface RawResponse {
  raw: true;
  status: number;
  headers?: Record<string, string>;
  contentType?: string;
  body?: string | Uint8Array;
}

export interface UploadedFile {
  fieldname: string;
  mimetype: string;
  size: number;
  buffer: Uint8Array;
}

export interface HandlerRequest<K extends OperationId> {
  params: PathParams<K>;
  query: QueryParams<K>;
  body: RequestBody<K>;
  /** The signed-in account, or null for a guest. Login-required operations never run for guests. */
  user: Account | null;
  files: UploadedFile[];
  /** The server's own origin (`http://127.0.0.1:4010`), for links to pages this server serves. */
  origin: string;
  /** Who is calling, for per-client counts of guests: the remote address and user agent ('' when unknown). */
  client: string;
  /** Whether the app at this origin may be sent back to with a token or a payment result (../http/access-policy). */
  originAllowed: (origin: string) => boolean;
}

export interface HandlerContext {
  world: World;
  /** The world's clock, epoch ms. */
  now: number;
}

export type Handler<K extends OperationId> = (req: HandlerRequest<K>, ctx: HandlerContext) => OkBody<K> | RawResponse;
export type HandlerMap = { [K in OperationId]: Handler<K> };

/** Narrows the caller to a signed-in account (the adapters already answer 401 to guests on login-required operations). */
export function signedIn(user: Account | null): Account {
  if (!user) throw unauthorized();
  return user;
}
