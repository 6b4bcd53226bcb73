// Responses for the msw handlers of the client tests, checked against the real contract first, so that the
// client is tested with bodies the API can really send (a test that mocks an impossible body fails here).
import { assertResponse } from '@creator-market/openapi/contract';
import { adsDocument, productDocument } from '@creator-market/openapi';
import { HttpResponse, type JsonBodyType } from 'msw';
import type { AdResponse, Schemas } from '../../src/index';

export const API = 'http://api.test';
export const ADS = 'http://ads.test';

/**
 * A product API reply that the document declares for this operation and status: checked now (so a wrong
 * mock fails where it is written), and a fresh response each time the returned function runs.
 */
export function apiReply(
  operationId: string,
  status: number,
  body: unknown,
  headers?: Record<string, string>,
): () => HttpResponse<JsonBodyType> {
  assertResponse({ operationId }, status, body);
  return () => HttpResponse.json(body as JsonBodyType, { status, ...(headers && { headers }) });
}

/** An ad service reply that its document declares. */
export function adReply(status: number, body: unknown): () => HttpResponse<JsonBodyType> {
  assertResponse({ operationId: 'requestAd' }, status, body, adsDocument);
  return () => HttpResponse.json(body as JsonBodyType, { status });
}

function schemaExample<Name extends keyof Schemas>(name: Name): Schemas[Name] {
  const schema = productDocument.components?.schemas?.[name];
  if (!schema || typeof schema !== 'object' || !('example' in schema)) throw new Error(`schema ${name} has no example`);
  return structuredClone(schema.example) as Schemas[Name];
}

/** Samples from the document's own schema examples. */
export const samples = {
  me: schemaExample('Me'),
  cartEntry: schemaExample('CartEntry'),
  productSummary: schemaExample('ProductSummary'),
  orderRequest: schemaExample('OrderRequest'),
  receiptDetail: {
    marketInfo: schemaExample('Market'),
    sellerInfo: schemaExample('CreatorProfile'),
    receiptInfo: schemaExample('Receipt'),
  } satisfies Schemas['ReceiptDetail'],
};

export const nativeAd: AdResponse = {
  code: 0,
  msg: 'success',
  result: { format: 'native', ad: '<a class="ad-native" href="/m/mallang_studio/12">곰돌이 아크릴 키링</a>' },
  extra: { seller_name: '말랑공방', product_name: '곰돌이 아크릴 키링', min_price: 8500, max_price: 9500 },
};
