export { createApiClient, call, DEFAULT_TIMEOUT_MS } from './api-client';
export type { ApiClient, ApiClientOptions, Payload, PayloadMethod } from './api-client';
export { createAdClient } from './ad-client';
export type { AdClient, AdClientOptions, AdRequestQuery, AdResponse } from './ad-client';
export { ApiError, isApiError, codeForStatus, readErrorBody } from './errors';
export type { ApiErrorInit, ErrorDetail, ErrorListItem, ReadErrorBody } from './errors';
export { createServerClock, MOCK_NOW_HEADER } from './clock';
export type { ServerClock } from './clock';
export type { FetchLike, TokenSource } from './transport';
