// The sdk: the typed API client, the server clock, the generated contract types and the pure domain rules.
export * from './client/index.js';
export type { paths, components, operations } from './generated/api.js';
export type { paths as AdPaths, components as AdComponents, operations as AdOperations } from './generated/ads.js';
export * from './domain/index.js';

import type { components, operations } from './generated/api.js';

/** Every component schema of the product API: `Schemas['Receipt']`. */
export type Schemas = components['schemas'];
/** The shared error body of every non-2xx product API response (the mock server's own refusals left out). */
export type { ErrorBody } from './client/errors.js';
/** The operation ids of the product API. */
export type OperationId = keyof operations;
