import createClient, { type Client } from 'openapi-fetch';
import type { operations, paths } from '../generated/ads.js';
import { DEFAULT_TIMEOUT_MS } from './api-client.js';
import { isErrorCode } from '../domain/error-codes.js';
import { isRecord, nonEmptyString, type ReadErrorBody } from './errors.js';
import { createTransport, type FetchLike } from './transport.js';

/**
 * Reads the ad service's own error shape `{code, msg}` (openapi/ads/openapi.yaml, AdError). Here, not in
 * errors.ts, so that the product API's start path does not carry it.
 */
export function readAdErrorBody(value: unknown): ReadErrorBody {
  if (!isRecord(value)) return {};
  const msg = nonEmptyString(value.msg);
  return { ...(isErrorCode(value.code) && { code: value.code }), ...(msg !== undefined && { message: msg, msg }) };
}

export type AdRequestQuery = operations['requestAd']['parameters']['query'];
/** The ad service's answer: `code` 0 is an ad, any other code is "no ad" (the slot's rejected state). */
export type AdResponse = operations['requestAd']['responses'][200]['content']['application/json'];

export interface AdClientOptions {
  /** The ad service's origin (and path prefix), e.g. `http://127.0.0.1:4010/ads`. */
  baseUrl: string;
  /** The service's fixed `Authorization` header value. */
  authorization: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export interface AdClient {
  /**
   * Asks for an ad. Resolves with the service's answer whatever its `code` (a non-zero code is returned, not
   * thrown); rejects with ApiError only when the request itself fails (HTTP error, network, timeout).
   */
  requestAd(query: AdRequestQuery, init?: { signal?: AbortSignal }): Promise<AdResponse>;
  raw: Client<paths>;
}

export function createAdClient(options: AdClientOptions): AdClient {
  const raw = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: createTransport({
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      authorization: options.authorization,
      expectEnvelope: false,
      readError: readAdErrorBody,
      fetch: options.fetch,
    }),
  });
  return {
    async requestAd(query, init) {
      const { data, response } = await raw.GET('/request', { params: { query }, signal: init?.signal });
      // The transport rejects every failure, so a resolved call always carries a parsed JSON body.
      if (data === undefined) throw new Error(`${response.url}: the ad service answered without a body`);
      return data;
    },
    raw,
  };
}
