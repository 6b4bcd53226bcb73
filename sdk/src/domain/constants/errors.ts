// The business constants of SPEC.md (section 8) of one kind: errors (the catalogue codes of HTTP statuses).
// Each is stated once; ../constants.ts exports every kind.
import type { ErrorCode, TransportErrorCode } from '../error-codes.js';

/** The catalogue code of an HTTP status whose meaning does not depend on the body (SPEC.md section 8). */
export const CATALOGUE_CODE_OF_STATUS: Readonly<Record<number, ErrorCode | TransportErrorCode>> = {
  0: 'network-error',
  401: 'unauthorized',
  403: 'permission-denied',
  404: 'not-found',
  408: 'request-timeout',
  413: 'payload-too-large',
  420: 'server-notice',
  504: 'gateway-timeout',
};
