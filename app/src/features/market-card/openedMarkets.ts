// The orderable and scheduled markets (GET /common/v2/opened-market) and the lists the app derives from
// them with the sdk's market-timing rules: orderable, newly registered, opening soon, ending soon.
import type { Schemas } from '@creator-market/sdk';
import { marketGroup, marketState, type MarketTimingInput, type Now } from '@creator-market/sdk/domain';
import { api } from '../../api/client';

export type MarketEvent = Schemas['CalendarEvent'];

/** The timing fields of a market card (its status travels as marketStatus). */
export function timingOf(event: Pick<MarketEvent, 'marketPublicId' | 'marketStatus' | 'marketST' | 'marketED'>): MarketTimingInput {
  return { publicId: event.marketPublicId, status: event.marketStatus, marketST: event.marketST, marketED: event.marketED };
}

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

/** The market lists of the list screen and the home sections (SPEC.md section 2). */
export const MARKET_LIST_KINDS = ['newMarket', 'openMarket', 'scheduleMarket', 'deadlineMarket'] as const;
export type MarketListKind = (typeof MARKET_LIST_KINDS)[number];

export function isMarketListKind(value: string | undefined): value is MarketListKind {
  return (MARKET_LIST_KINDS as readonly string[]).includes(value ?? '');
}

/**
 * One derived list: orderable = opened now; newly registered = newest market id first; opening soon =
 * start ahead; ending soon = the last 3 days before the end, soonest end first.
 */
export function marketsOf(kind: MarketListKind, events: readonly MarketEvent[], now: Now): MarketEvent[] {
  switch (kind) {
    case 'openMarket':
      return events.filter((event) => marketState(timingOf(event), now) === 'opened');
    case 'newMarket':
      // Market ids are ObjectIds: their first bytes are the creation time, so a later id is a newer market.
      return [...events].sort((a, b) => (a.marketUID < b.marketUID ? 1 : a.marketUID > b.marketUID ? -1 : 0));
    case 'scheduleMarket':
      return events.filter((event) => marketGroup(timingOf(event), now) === 'scheduled');
    case 'deadlineMarket':
      return events
        .filter((event) => marketGroup(timingOf(event), now) === 'deadline')
        .sort((a, b) => Date.parse(a.marketED) - Date.parse(b.marketED));
  }
}
