// The routes that are not operations of the product API or the ad service: the /__mock control plane, the
// pages (sign-in, payment, postcode, seller centre), images, documents. Each is a plain function from a
// request in its world to an answer; the core (../core) finds it in an OperationTable like an operation.
// No Node-only imports: Vite bundles it for the browser's service worker.
import type { World } from '../world/world';
import { ApiFailure } from './failure';
import type { Answer, AnswerHeaders, CoreRequest } from './exchange';
import { parseSearch, utf8 } from './exchange';

export interface RouteContext {
  request: CoreRequest;
  /** The caller's world (X-Mock-World; the default one without it). */
  world: World;
  /** The path's `{name}` segments, percent-decoded. */
  params: Record<string, string>;
  /** The query string's values, repeated keys as arrays. */
  query: Record<string, string | string[]>;
  /** Headers the answer carries (the world's and CORS ones are in already): a route adds its own. */
  headers: AnswerHeaders;
}

export interface Route {
  /** Upper case: GET, POST, PUT, DELETE (HEAD finds GET's route). */
  method: string;
  /** A template: `/__mock/receipts/{publicId}/deposit`. */
  path: string;
  handle(context: RouteContext): Answer | Promise<Answer>;
}

/** Forms of the pages: 20 kB, 50 fields (Express's urlencoded limits as the pages had them). */
export const FORM_LIMIT_BYTES = 20 * 1024;
const FORM_FIELDS = 50;

/** A page's posted `application/x-www-form-urlencoded` fields, repeated ones as arrays ({} without a form). */
export async function readForm(request: CoreRequest): Promise<Record<string, string | string[]>> {
  const type = (request.header('content-type') ?? '').toLowerCase();
  if (!request.hasBody || !type.startsWith('application/x-www-form-urlencoded')) return parseSearch('');
  const fields = parseSearch(utf8(await request.body(FORM_LIMIT_BYTES)));
  if (Object.keys(fields).length > FORM_FIELDS) throw new ApiFailure(413, 'payload-too-large');
  return fields;
}

/** A query value as one string ('' when absent; the first of repeated ones). */
export function queryValue(query: Record<string, string | string[]>, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}
