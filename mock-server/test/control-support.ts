// Shared by the control-*.test.ts files: calls to /__mock checked against the control plane's own
// OpenAPI document (openapi/control/openapi.yaml), as the harness checks the product API's responses.
import { assertResponse } from '@creator-market/openapi/contract';
import { controlDocument } from '../src/control';
import type { CallOptions, CallResult, TestServer } from './harness';

/** A /__mock call whose response must match the control document for its operation and status. */
export async function control<T = any>(
  server: TestServer,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const result = await server.call<T>(method, `/__mock${path}`, { ...options, unchecked: true });
  assertResponse({ method, path: `/__mock${path.split('?')[0]}` }, result.status, result.body, controlDocument);
  return result;
}

let counter = 0;
/** A world name no other test uses. */
export function uniqueWorld(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}
