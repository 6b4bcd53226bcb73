// The app's clock: the server's time as the API's answers tell it (the mock server's `X-Mock-Now`). Apart
// from the API client (client.ts) because screens read the time without calling the API, and the home's first
// lists are read from index.html's early answers before the client has loaded (earlyAnswers.ts).
import { createServerClock } from '@creator-market/sdk/client';

/** Follows the server's clock (in development the mock server's `X-Mock-Now`): every answer is observed. */
export const serverClock = createServerClock();

/** The app's current time in epoch ms: market timing and countdowns use this, never Date.now(). */
export function now(): number {
  return serverClock.now();
}
