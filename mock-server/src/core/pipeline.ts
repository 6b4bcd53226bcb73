// What the core does around a handler: find the caller, refuse guests on login-required operations,
// run the handler against the world's clock, and turn any failure into the shared ErrorBody.
import type { OperationInfo } from '@creator-market/openapi';
import { bearerToken, verifyToken } from '../auth/tokens';
import type { Handler, OperationId, RawResponse, UploadedFile } from '../handlers/types';
import type { Account } from '../world/store';
import type { World } from '../world/world';
import { ApiFailure, toErrorResponse } from '../http/failure';

export function resolveCaller(world: World, authorization: string | null | undefined): Account | null {
  const uid = verifyToken(bearerToken(authorization));
  return uid ? (world.store.accounts.get(uid) ?? null) : null;
}

export interface HandlerInput {
  world: World;
  user: Account | null;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  files: UploadedFile[];
  origin: string;
  originAllowed: (origin: string) => boolean;
  client: string;
}

export type Outcome = { status: number; body: unknown } | RawResponse;

export function runHandler(
  op: Pick<OperationInfo, 'operationId' | 'guest' | 'method'>,
  handler: Handler<OperationId>,
  input: HandlerInput,
): Outcome {
  try {
    if (!op.guest && !input.user) throw new ApiFailure(401, 'unauthorized');
    const result = handler(input as never, { world: input.world, now: input.world.clock.now() });
    // Reads never change the world; writes bump its version and reach the persistence hook, whatever shape
    // their answer has (a cart write answers raw JSON: handlers/cart.ts).
    if (op.method !== 'get') input.world.touched();
    if (result && typeof result === 'object' && 'raw' in result) return result;
    return { status: 200, body: result };
  } catch (err) {
    return toErrorResponse(err);
  }
}
