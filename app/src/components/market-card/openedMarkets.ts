// The orderable and scheduled markets (GET /common/v2/opened-market, loaded by loadOpenedMarkets.ts) and the
// lists the app derives from them with the sdk's market-timing rules: orderable, newly registered, opening
// soon, ending soon.
import { marketGroup, marketState, type MarketTimingInput, type Now } from '@creator-market/sdk/domain';
import type { MarketEvent } from './loadOpenedMarkets';

export { forgetOpenedMarkets, loadOpenedMarkets, type MarketEvent } from './loadOpenedMarkets';

/** The timing fields of a market card (its status travels as marketStatus). */
export function timingOf(event: Pick<MarketEvent, 'marketPublicId' | 'marketStatus' | 'marketST' | 'marketED'>): MarketTimingInput {
  return { publicId: event.marketPublicId, status: event.marketStatus, marketST: event.marketST, marketED: event.marketED };
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
