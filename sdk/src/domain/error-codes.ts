// The one list of catalogue codes an API error can carry (SPEC.md section 8), as the contract declares them
// (openapi/product/schemas/PlainErrorCode.yaml, ListErrorCode.yaml and ErrorBody.yaml's 420 and bad-request
// shapes; sdk/src/client/errors.ts checks at compile time that the two lists are the same). Everything that
// names a code takes ErrorCode, so a misspelt code does not compile.

/** The list errors: `data` carries the code with the items concerned, `{code, list}`. */
export const LIST_ERROR_CODES = ['stock-shortage', 'market-schedule', 'deleted-product', 'failed'] as const;
export type ListErrorCode = (typeof LIST_ERROR_CODES)[number];

/** Every code an error response's `data` can carry. */
export const ERROR_CODES = [
  ...LIST_ERROR_CODES,
  // 400 data codes
  'limit-cart',
  'already-in-order',
  'invalid-delivery-option',
  'weight-exceeded',
  'under-total-price',
  'invalid-user-type',
  'receipt-remained',
  'popbill-error',
  'validate-sms-failed',
  'card-payment-failed',
  'notification-send-failed',
  'not-supported',
  'permission-not-granted',
  // 400 product error codes
  'out-of-stock',
  'amount-exceeded',
  'invalid-product',
  'invalid-product-option',
  'invalid-market',
  'operation-failed',
  'transaction-exceeded',
  'transaction-failed',
  'already-subscribed',
  'already-added',
  'already-canceled',
  'already-exists',
  'alarm-not-exists',
  'already-scrapped',
  'market-unavailable',
  'invalid-cart',
  // the request itself
  'bad-request',
  // other statuses
  'unauthorized',
  'permission-denied',
  'forbidden',
  'not-found',
  'request-timeout',
  'payload-too-large',
  'unsupported-media-type',
  'server-notice',
  'too-many-requests',
  'header-too-large',
  'internal',
  'bad-gateway',
  'gateway-timeout',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Status 0 codes: the request got no usable HTTP answer. */
export type TransportErrorCode = 'network-error' | 'timeout';

/** The code of an API error: the body's, a transport one, or `http-<status>` for a status the catalogue lacks. */
export type ApiErrorCode = ErrorCode | TransportErrorCode | `http-${number}`;

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);
const LISTS: ReadonlySet<string> = new Set(LIST_ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}

export function isListErrorCode(value: unknown): value is ListErrorCode {
  return typeof value === 'string' && LISTS.has(value);
}
