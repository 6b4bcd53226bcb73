// Analytics events of SPEC.md section 7 (add_to_cart, view_item, purchase, add_to_wishlist, subscribe and
// notification clicks, search, screen_view; currency KRW). There is no analytics vendor yet: events are
// kept in memory (tests read them) and logged to the console in development.

export type AnalyticsEventName =
  | 'add_to_cart'
  | 'view_item'
  | 'purchase'
  | 'add_to_wishlist'
  | 'subscribe_click'
  | 'notification_click'
  | 'search'
  | 'screen_view'
  | 'out_of_stock';

export type AnalyticsParams = Record<string, string | number | boolean | null | undefined | readonly unknown[]>;

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  params: AnalyticsParams;
  /** Epoch ms (local clock) when it was sent. */
  at: number;
}

/** Money events carry the currency; every price in the app is in won. */
export const ANALYTICS_CURRENCY = 'KRW';
const MONEY_EVENTS: ReadonlySet<AnalyticsEventName> = new Set(['add_to_cart', 'view_item', 'purchase', 'add_to_wishlist']);

/** The last events sent, oldest first (bounded so a long session does not grow without end). */
const sent: AnalyticsEvent[] = [];
const MAX_KEPT = 500;

export function track(name: AnalyticsEventName, params: AnalyticsParams = {}): void {
  const event: AnalyticsEvent = {
    name,
    params: MONEY_EVENTS.has(name) ? { currency: ANALYTICS_CURRENCY, ...params } : { ...params },
    at: Date.now(),
  };
  sent.push(event);
  if (sent.length > MAX_KEPT) sent.splice(0, sent.length - MAX_KEPT);
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.info('[analytics]', name, event.params);
}

/** The events sent so far (a copy), optionally only those of one name. */
export function trackedEvents(name?: AnalyticsEventName): AnalyticsEvent[] {
  return sent.filter((event) => name === undefined || event.name === name);
}

export function clearTrackedEvents(): void {
  sent.length = 0;
}
