// The orderable and scheduled markets (GET /common/v2/opened-market), shared briefly between the screens
// that ask for them at once. Apart from openedMarkets.ts (the lists derived with the sdk's market-timing
// rules) so that the home's first screen loads them without the date library those rules bring.
import type { Schemas } from '@creator-market/sdk';
import { api } from '../../api/client';

export type MarketEvent = Schemas['CalendarEvent'];

/** Home, list and calendar ask for the same list within moments of each other: share one answer briefly. */
const SHARE_MS = 30_000;
let shared: { at: number; request: Promise<MarketEvent[]> } | null = null;

export function loadOpenedMarkets(): Promise<MarketEvent[]> {
  if (shared && Date.now() - shared.at < SHARE_MS) return shared.request;
  const request = api.get('/common/v2/opened-market');
  shared = { at: Date.now(), request };
  request.catch(() => {
    if (shared?.request === request) shared = null;
  });
  return request;
}

/** Forgets the shared answer (tests, pull to refresh). */
export function forgetOpenedMarkets(): void {
  shared = null;
}
