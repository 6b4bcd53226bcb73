// Shared by the control-*.test.ts files: calls to /__mock checked against the control plane's own
// OpenAPI document (openapi/control/openapi.yaml), as the harness checks the product API's responses.
import { assertResponse } from '@creator-market/openapi/contract';
import { controlDocument } from '../../src/control';
import type { CallOptions, CallResult, Method, ResponseBody, TestServer } from './harness';

/** A /__mock call whose response must match the control document for its operation and status. */
export async function control<M extends Method, P extends string>(
  server: TestServer,
  method: M,
  path: P,
  options: CallOptions = {},
): Promise<CallResult<ResponseBody<M, `/__mock${P}`>>> {
  const result = await server.call(method, `/__mock${path}`, { ...options, unchecked: true });
  assertResponse({ method, path: `/__mock${path.split('?')[0]}` }, result.status, result.body, controlDocument);
  return result;
}

let counter = 0;
/** A world name no other test uses. */
export function uniqueWorld(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}
