import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { TimeInput } from '../../src/domain/dates';
import {
  alarmTimes,
  CALENDAR_FILTERS,
  closedMarketAction,
  countdown,
  futureAlarmTimes,
  MARKET_STATES,
  marketGroup,
  marketState,
  matchesCalendarFilter,
  orderWindowLabel,
  type MarketState,
  type MarketTimingInput,
} from '../../src/domain/market-timing';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-11-21T10:00:00.000Z'); // 19:00 in Seoul
const iso = (ms: number) => new Date(ms).toISOString();
const market = (start: number, end: number, extra: Partial<MarketTimingInput> = {}): MarketTimingInput => ({
  publicId: 7,
  status: 2,
  marketST: iso(start),
  marketED: iso(end),
  ...extra,
});

// Times near one another, so the boundaries (start = now, end = now, 3 days) are actually reached.
const base = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });
const nearOffset = fc.oneof(fc.integer({ min: -10 * DAY, max: 10 * DAY }), fc.constantFrom(0, 1, -1, 3 * DAY, -3 * DAY));
const asInput = (ms: number) => fc.constantFrom<TimeInput>(ms, iso(ms), new Date(ms));
const scenario = fc
  .record({
    start: base,
    length: nearOffset,
    publicId: fc.option(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000_000 })), { nil: undefined }),
    status: fc.option(fc.constantFrom(0, 1, 2, 3, 4), { nil: undefined }),
  })
  .chain(({ start, length, publicId, status }) =>
    fc.record({
      market: fc.record({
        marketST: asInput(start),
        marketED: asInput(start + length),
        publicId: fc.constant(publicId),
        status: fc.constant(status),
      }),
      start: fc.constant(start),
      end: fc.constant(start + length),
    }),
  );

describe('marketState: the spec rules in their order', () => {
  it('is none without a record or with publicId 0', () => {
    expect(marketState(null, NOW)).toBe('none');
    expect(marketState(undefined, NOW)).toBe('none');
    expect(marketState(market(NOW - DAY, NOW - HOUR, { publicId: 0, status: 3 }), NOW)).toBe('none');
  });

  it('is before-open for status 0, whatever the times', () => {
    expect(marketState(market(NOW - 2 * DAY, NOW - DAY, { status: 0 }), NOW)).toBe('before-open');
    expect(marketState(market(NOW + DAY, NOW + 2 * DAY, { status: 0 }), NOW)).toBe('before-open');
  });

  it('is closed when the end has passed or status is 3', () => {
    expect(marketState(market(NOW - 2 * DAY, NOW - 1), NOW)).toBe('closed');
    expect(marketState(market(NOW - DAY, NOW + DAY, { status: 3 }), NOW)).toBe('closed');
    expect(marketState(market(NOW + DAY, NOW + 2 * DAY, { status: 3 }), NOW)).toBe('closed');
  });

  it('is opened from start to end inclusive, and pre-open before the start', () => {
    expect(marketState(market(NOW, NOW + DAY), NOW)).toBe('opened');
    expect(marketState(market(NOW - DAY, NOW), NOW)).toBe('opened');
    expect(marketState(market(NOW + 1, NOW + DAY), NOW)).toBe('pre-open');
    expect(marketState({ marketST: NOW - HOUR, marketED: new Date(NOW + HOUR) }, new Date(NOW))).toBe('opened');
  });

  it('treats a record with unreadable times as none', () => {
    expect(marketState({ publicId: 1, status: 2, marketST: 'soon', marketED: 'later' }, NOW)).toBe('none');
  });

  test.prop([scenario, fc.integer({ min: -12 * DAY, max: 12 * DAY })])(
    'states are exclusive and exhaustive',
    ({ market: m, start, end }, offset) => {
      const now = start + offset;
      // Each state's own condition from the spec, with the earlier rules negated.
      const none = m.publicId === 0;
      const beforeOpen = !none && m.status === 0;
      const closed = !none && !beforeOpen && (end < now || m.status === 3);
      const opened = !none && !beforeOpen && !closed && start <= now && now <= end;
      const preOpen = !none && !beforeOpen && !closed && !opened && start > now;
      const holding: MarketState[] = [];
      if (none) holding.push('none');
      if (beforeOpen) holding.push('before-open');
      if (closed) holding.push('closed');
      if (opened) holding.push('opened');
      if (preOpen) holding.push('pre-open');
      expect(holding).toHaveLength(1);
      expect(marketState(m, now)).toBe(holding[0]);
      expect(MARKET_STATES).toContain(marketState(m, now));
    },
  );

  const rank: Record<MarketState, number> = { 'pre-open': 0, opened: 1, closed: 2, none: -1, 'before-open': -2 };
  test.prop([scenario, fc.integer({ min: -12 * DAY, max: 12 * DAY }), fc.integer({ min: 0, max: 12 * DAY })])(
    'for a fixed market the state only moves forward as now advances',
    ({ market: m, start }, offset, step) => {
      const earlier = marketState(m, start + offset);
      const later = marketState(m, start + offset + step);
      if (earlier === 'none' || earlier === 'before-open' || later === 'none' || later === 'before-open') {
        expect(later).toBe(earlier);
      } else {
        expect(rank[later]).toBeGreaterThanOrEqual(rank[earlier]);
      }
    },
  );
});

describe('orderWindowLabel', () => {
  it('shows the opening time today, else the relative time', () => {
    expect(orderWindowLabel(market(NOW + 30 * MINUTE, NOW + DAY), NOW)).toEqual({ state: 'pre-open', label: '19:30 오픈', closes: null });
    expect(orderWindowLabel(market(NOW + 3 * DAY, NOW + 4 * DAY), NOW)?.label).toBe('3일 후 오픈');
    expect(orderWindowLabel(market(NOW + 3 * DAY, NOW + 4 * DAY, { status: 0 }), NOW)).toEqual({
      state: 'before-open',
      label: '3일 후 오픈',
      closes: null,
    });
  });

  it('says 주문 종료 once closed', () => {
    expect(orderWindowLabel(market(NOW - DAY, NOW - 1), NOW)).toEqual({ state: 'closed', label: '주문 종료', closes: null });
  });

  it('says 주문 가능 with the closing time today, else the relative time', () => {
    // 14:59Z is 23:59 in Seoul, still today.
    expect(orderWindowLabel(market(NOW - DAY, Date.parse('2026-11-21T14:59:00Z')), NOW)).toEqual({
      state: 'opened',
      label: '주문 가능',
      closes: '23:59 종료',
    });
    expect(orderWindowLabel(market(NOW - DAY, NOW + 2 * DAY), NOW)?.closes).toBe('2일 후 종료');
  });

  it('is null without a market', () => {
    expect(orderWindowLabel(null, NOW)).toBeNull();
    expect(orderWindowLabel(market(NOW, NOW, { publicId: 0 }), NOW)).toBeNull();
  });
});

describe('countdown', () => {
  it('counts to the start, then to the close, then ends', () => {
    const m = market(NOW + DAY + 2 * HOUR + 3 * MINUTE + 4_500, NOW + 3 * DAY);
    expect(countdown(m, NOW)).toEqual({ phase: 'to-start', days: 1, hours: 2, minutes: 3, seconds: 4 });
    expect(countdown(market(NOW - HOUR, NOW + 5 * MINUTE), NOW)).toEqual({ phase: 'to-close', days: 0, hours: 0, minutes: 5, seconds: 0 });
    expect(countdown(market(NOW - DAY, NOW - 1), NOW)).toEqual({ phase: 'ended', days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(countdown(null, NOW).phase).toBe('ended');
  });

  test.prop([scenario, fc.integer({ min: -12 * DAY, max: 12 * DAY })])(
    'the parts add up to the whole seconds left',
    ({ market: m, start, end }, offset) => {
      const now = start + offset;
      const c = countdown(m, now);
      const total = ((c.days * 24 + c.hours) * 60 + c.minutes) * 60 + c.seconds;
      expect(c.hours).toBeLessThan(24);
      expect(c.minutes).toBeLessThan(60);
      expect(c.seconds).toBeLessThan(60);
      if (c.phase === 'to-start') expect(total).toBe(Math.floor((start - now) / 1000));
      else if (c.phase === 'to-close') expect(total).toBe(Math.floor((end - now) / 1000));
      else expect(total).toBe(0);
      const state = marketState(m, now);
      expect(c.phase === 'ended').toBe(state === 'none' || state === 'closed' || end < now);
    },
  );
});

describe('groups and calendar filters', () => {
  it('groups markets by their window', () => {
    expect(marketGroup(market(NOW + HOUR, NOW + DAY), NOW)).toBe('scheduled');
    expect(marketGroup(market(NOW - DAY, NOW + 3 * DAY), NOW)).toBe('deadline');
    expect(marketGroup(market(NOW - DAY, NOW + 3 * DAY + 1), NOW)).toBe('open');
    expect(marketGroup(market(NOW - DAY, NOW - 1), NOW)).toBeNull();
    expect(marketGroup(market(NOW - DAY, NOW + DAY, { status: 3 }), NOW)).toBeNull();
    expect(marketGroup({ marketST: 'x', marketED: NOW + DAY }, NOW)).toBeNull();
    // Status 0: the seller has not opened it, whatever its times say (section 4's market timing).
    expect(marketGroup(market(NOW - DAY, NOW + DAY, { status: 0 }), NOW)).toBe('scheduled');
  });

  it('filters the calendar by the spec definitions', () => {
    const upcoming = market(NOW + HOUR, NOW + 10 * DAY);
    const endingSoon = market(NOW - DAY, NOW + DAY);
    const ended = market(NOW - 2 * DAY, NOW - DAY);
    const endedByStatus = market(NOW - DAY, NOW + DAY, { status: 3 });
    const pick = (m: MarketTimingInput) => CALENDAR_FILTERS.filter((f) => matchesCalendarFilter(m, f, NOW));
    expect(pick(upcoming)).toEqual(['schedule']);
    expect(pick(endingSoon)).toEqual(['deadline']);
    expect(pick(market(NOW - DAY, NOW + 10 * DAY))).toEqual(['open']);
    expect(pick(ended)).toEqual(['closed']);
    expect(pick(endedByStatus)).toEqual(['closed']);
    // Not opened yet, its end within 3 days: upcoming, not closing soon.
    expect(pick(market(NOW + HOUR, NOW + DAY))).toEqual(['schedule']);
    expect(pick(market(NOW - DAY, NOW + DAY, { status: 0 }))).toEqual(['schedule']);
  });

  test.prop([scenario, fc.integer({ min: -12 * DAY, max: 12 * DAY })])(
    'every market is in at most one filter, the one of its state (so the counts add up)',
    ({ market: m, start }, offset) => {
      const now = start + offset;
      const matched = CALENDAR_FILTERS.filter((f) => matchesCalendarFilter(m, f, now));
      const state = marketState(m, now);
      if (state === 'none') expect(matched).toEqual([]);
      else expect(matched).toHaveLength(1);
      expect(matched.includes('closed')).toBe(state === 'closed');
      expect(matched.includes('schedule')).toBe(state === 'before-open' || state === 'pre-open');
      expect(matched.includes('open') || matched.includes('deadline')).toBe(state === 'opened');
    },
  );
});

describe('alarms', () => {
  it('lists the alarm times still ahead', () => {
    const start = NOW + 7 * MINUTE;
    expect(futureAlarmTimes(iso(start), NOW)).toEqual([start, start - 3 * MINUTE, start - 5 * MINUTE]);
    expect(futureAlarmTimes(start, NOW + 7 * MINUTE)).toEqual([]);
    expect(futureAlarmTimes('never', NOW)).toEqual([]);
    expect(alarmTimes(NOW).map((a) => a.offsetMinutes)).toEqual([0, 3, 5, 10, 30, 1440]);
  });

  test.prop([base, fc.integer({ min: -2 * DAY, max: 2 * DAY })])(
    'future alarms are exactly the offsets still ahead, in order',
    (start, offset) => {
      const now = start + offset;
      const future = futureAlarmTimes(start, now);
      const expected = [0, 3, 5, 10, 30, 1440].map((m) => start - m * MINUTE).filter((at) => at > now);
      expect(future).toEqual(expected);
    },
  );
});

describe('closedMarketAction', () => {
  it('sends the buyer to the right place', () => {
    expect(closedMarketAction({ openMarkets: ['a', 'b'], isSubscribed: false })).toEqual({ kind: 'profile' });
    expect(closedMarketAction({ openMarkets: ['a'], isSubscribed: false })).toEqual({ kind: 'market', market: 'a' });
    expect(closedMarketAction({ openMarkets: [], isSubscribed: true })).toEqual({ kind: 'open-market-list' });
    expect(closedMarketAction({ openMarkets: [], isSubscribed: false })).toEqual({ kind: 'subscribe' });
  });
});
