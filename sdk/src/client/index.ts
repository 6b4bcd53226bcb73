export { createApiClient, call, DEFAULT_TIMEOUT_MS } from './api-client.js';
export type { ApiClient, ApiClientOptions, Payload, PayloadMethod } from './api-client.js';
export { createAdClient } from './ad-client.js';
export type { AdClient, AdClientOptions, AdRequestQuery, AdResponse } from './ad-client.js';
export { ApiError, isApiError, codeForStatus, readErrorBody } from './errors.js';
export type { ApiErrorInit, ErrorDetail, ErrorListItem, ReadErrorBody } from './errors.js';
export { createServerClock, MOCK_NOW_HEADER } from './clock.js';
export type { ServerClock } from './clock.js';
export type { FetchLike, TokenSource } from './transport.js';
