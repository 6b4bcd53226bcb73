// Market timing (SPEC.md section 4): the order-window state, its label, the countdown, list groups,
// calendar filters, open alarms and where a closed market sends the buyer.
import { ALARM_OFFSETS_MINUTES, DEADLINE_WINDOW_MS, MARKET_PUBLIC_ID_NONE, MARKET_STATUS } from './constants.js';
import { formatRelative, formatTime, isSameSeoulDay, toEpochMs, type Now, type TimeInput } from './dates.js';

/**
 * The fields market timing reads. Fits the Market, CalendarEvent and cart-entry market forms.
 * An absent publicId is not "none" (list forms do not carry it); only an explicit 0 is.
 */
export interface MarketTimingInput {
  publicId?: number | null;
  status?: number | null;
  marketST: TimeInput;
  marketED: TimeInput;
}

export type MarketState = 'none' | 'before-open' | 'closed' | 'opened' | 'pre-open';
export const MARKET_STATES = ['none', 'before-open', 'closed', 'opened', 'pre-open'] as const satisfies readonly MarketState[];

/**
 * The market's order-window state, by the spec's rules in their order: no record or publicId 0 = none;
 * status 0 = before-open; end earlier than now or status 3 = closed; start <= now <= end = opened;
 * start later than now = pre-open. A record whose times cannot be read matches no time rule and counts as none.
 */
export function marketState(market: MarketTimingInput | null | undefined, now: Now): MarketState {
  if (!market || market.publicId === MARKET_PUBLIC_ID_NONE) return 'none';
  if (market.status === MARKET_STATUS.beforeOpen) return 'before-open';
  const nowMs = toEpochMs(now);
  const start = toEpochMs(market.marketST);
  const end = toEpochMs(market.marketED);
  if (end < nowMs || market.status === MARKET_STATUS.closed) return 'closed';
  if (start <= nowMs && nowMs <= end) return 'opened';
  if (start > nowMs) return 'pre-open';
  return 'none';
}

/** True for the two states in which the market has not opened yet. */
export function isBeforeOpen(state: MarketState): boolean {
  return state === 'before-open' || state === 'pre-open';
}

export interface OrderWindowLabel {
  state: MarketState;
  /** Main label: '<HH:mm> 오픈' / '<relative> 오픈' before open, '주문 종료' when closed, '주문 가능' when open. */
  label: string;
  /** When open: '<HH:mm> 종료' if closing today (Seoul), else '<relative> 종료'. Otherwise null. */
  closes: string | null;
}

/** The order-window label of a market; null when there is no market. */
export function orderWindowLabel(market: MarketTimingInput | null | undefined, now: Now): OrderWindowLabel | null {
  const state = marketState(market, now);
  if (state === 'none' || !market) return null;
  if (state === 'closed') return { state, label: '주문 종료', closes: null };
  if (isBeforeOpen(state)) return { state, label: `${timeOrRelative(market.marketST, now)} 오픈`, closes: null };
  return { state, label: '주문 가능', closes: `${timeOrRelative(market.marketED, now)} 종료` };
}

/** 'HH:mm' when the time is today in Seoul, otherwise the Korean relative time ('3일 후'). */
function timeOrRelative(time: TimeInput, now: Now): string {
  return isSameSeoulDay(time, now) ? formatTime(time) : formatRelative(time, now);
}

export interface Countdown {
  phase: 'to-start' | 'to-close' | 'ended';
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The market page countdown: to the start, then to the close, then ended (all parts 0) once the market is
 * closed, absent, or past its end (also for status 0). Whole seconds, rounded down.
 */
export function countdown(market: MarketTimingInput | null | undefined, now: Now): Countdown {
  const state = marketState(market, now);
  const nowMs = toEpochMs(now);
  const end = toEpochMs(market?.marketED);
  if (!market || state === 'none' || state === 'closed' || !(end >= nowMs)) {
    return { phase: 'ended', days: 0, hours: 0, minutes: 0, seconds: 0 };
  }
  const start = toEpochMs(market.marketST);
  const toStart = start > nowMs;
  return { phase: toStart ? 'to-start' : 'to-close', ...splitDuration((toStart ? start : end) - nowMs) };
}

/** Splits a non-negative duration into days, hours, minutes and whole seconds. */
function splitDuration(ms: number): Omit<Countdown, 'phase'> {
  return {
    days: Math.floor(ms / DAY_MS),
    hours: Math.floor((ms % DAY_MS) / HOUR_MS),
    minutes: Math.floor((ms % HOUR_MS) / MINUTE_MS),
    seconds: Math.floor((ms % MINUTE_MS) / SECOND_MS),
  };
}

export type MarketGroup = 'scheduled' | 'deadline' | 'open';

/**
 * The market list group, by the market's state: scheduled (not opened yet: status 0 or start in the future),
 * deadline (opened, end within the last 3 days), open (opened, end further away). Closed and absent markets
 * (and unreadable times) belong to no group.
 */
export function marketGroup(market: MarketTimingInput, now: Now): MarketGroup | null {
  const state = marketState(market, now);
  if (isBeforeOpen(state)) return 'scheduled';
  if (state !== 'opened') return null;
  return toEpochMs(market.marketED) - toEpochMs(now) <= DEADLINE_WINDOW_MS ? 'deadline' : 'open';
}

export const CALENDAR_FILTERS = ['schedule', 'open', 'deadline', 'closed'] as const;
export type CalendarFilter = (typeof CALENDAR_FILTERS)[number];

const GROUP_OF_FILTER: Readonly<Record<Exclude<CalendarFilter, 'closed'>, MarketGroup>> = {
  schedule: 'scheduled',
  open: 'open',
  deadline: 'deadline',
};

/**
 * Calendar and cart filter tags (section 4): the market's group (schedule = not opened yet; open = opened,
 * more than 3 days left; deadline = opened, the end within 3 days) or closed (ended: status 3 or past the
 * end). Each market is in at most one, so the tags' counts add up: a market that has not opened is never
 * '마감 임박', one closing soon is not counted under '주문 가능' as well.
 */
export function matchesCalendarFilter(market: MarketTimingInput, filter: CalendarFilter, now: Now): boolean {
  if (filter === 'closed') return marketState(market, now) === 'closed';
  return marketGroup(market, now) === GROUP_OF_FILTER[filter];
}

export interface AlarmTime {
  offsetMinutes: (typeof ALARM_OFFSETS_MINUTES)[number];
  /** Epoch milliseconds at which the alarm rings. */
  at: number;
}

/** Every open alarm of a market start (at open, 3, 5, 10, 30 minutes and 1 day before), in offset order. */
export function alarmTimes(marketST: TimeInput): AlarmTime[] {
  const start = toEpochMs(marketST);
  if (!Number.isFinite(start)) return [];
  return ALARM_OFFSETS_MINUTES.map((offsetMinutes) => ({ offsetMinutes, at: start - offsetMinutes * MINUTE_MS }));
}

/** The alarm times (epoch ms) still strictly ahead of now: only those may be toggled. */
export function futureAlarmTimes(marketST: TimeInput, now: Now): number[] {
  const nowMs = toEpochMs(now);
  return alarmTimes(marketST)
    .filter(({ at }) => at > nowMs)
    .map(({ at }) => at);
}

export type ClosedMarketAction<M> =
  { kind: 'profile' } | { kind: 'market'; market: M } | { kind: 'open-market-list' } | { kind: 'subscribe' };

/**
 * Where a closed market sends the buyer: the seller's profile when they have more than one open market,
 * that market when exactly one; otherwise the orderable market list if subscribed, else subscribe to be notified.
 */
export function closedMarketAction<M>(input: { openMarkets: readonly M[]; isSubscribed: boolean }): ClosedMarketAction<M> {
  if (input.openMarkets.length > 1) return { kind: 'profile' };
  if (input.openMarkets.length === 1) return { kind: 'market', market: input.openMarkets[0] as M };
  return input.isSubscribed ? { kind: 'open-market-list' } : { kind: 'subscribe' };
}
