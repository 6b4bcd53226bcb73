// The month grid of the calendar: Sunday-first weeks of 'YYYY-MM-DD' day keys (Seoul calendar days, the
// same keys as the sdk's seoulDayKey), and the markets that start or end on each day.
import { marketState, matchesCalendarFilter, seoulDayKey } from '@creator-market/sdk/domain';
import { timingOf, type MarketEvent } from '../../components/market-card/openedMarkets';

export interface Month {
  year: number;
  /** 0-11 */
  month: number;
}

export interface DayCell {
  key: string;
  day: number;
  /** Sunday 0 ... Saturday 6 */
  weekday: number;
  inMonth: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

export function dayKey(year: number, month: number, day: number): string {
  // Date.UTC normalises overflowing months and days (day 0 = last day of the previous month).
  const date = new Date(Date.UTC(year, month, day));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function monthOfKey(key: string): Month {
  const [year, month] = key.split('-').map(Number);
  return { year: year ?? 1970, month: (month ?? 1) - 1 };
}

export function addMonths({ year, month }: Month, delta: number): Month {
  const date = new Date(Date.UTC(year, month + delta, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() };
}

/** Whole weeks (Sunday first) covering the month, with the neighbouring months' days to fill them. */
export function monthGrid({ year, month }: Month): DayCell[][] {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const weeks = Math.ceil((firstWeekday + daysInMonth) / 7);
  return Array.from({ length: weeks }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => {
      const offset = week * 7 + weekday - firstWeekday + 1;
      const date = new Date(Date.UTC(year, month, offset));
      return { key: dayKey(year, month, offset), day: date.getUTCDate(), weekday, inMonth: offset >= 1 && offset <= daysInMonth };
    }),
  );
}

export interface DaySchedule {
  opens: MarketEvent[];
  closes: MarketEvent[];
}

/**
 * Markets by the Seoul day they open and the day they close, as far as that is still ahead (the sections are
 * '오픈 예정' and '종료 예정'): a market opens on its day while it has not opened yet (the sdk's 'schedule'
 * filter), and closes on its day while it is not closed.
 */
export function schedulesByDay(events: readonly MarketEvent[], now: number): Map<string, DaySchedule> {
  const days = new Map<string, DaySchedule>();
  const at = (key: string) => {
    let schedule = days.get(key);
    if (!schedule) {
      schedule = { opens: [], closes: [] };
      days.set(key, schedule);
    }
    return schedule;
  };
  for (const event of events) {
    const timing = timingOf(event);
    const start = seoulDayKey(event.marketST);
    const end = seoulDayKey(event.marketED);
    if (start && matchesCalendarFilter(timing, 'schedule', now)) at(start).opens.push(event);
    if (end && marketState(timing, now) !== 'closed') at(end).closes.push(event);
  }
  for (const schedule of days.values()) {
    schedule.opens.sort((a, b) => Date.parse(a.marketST) - Date.parse(b.marketST));
    schedule.closes.sort((a, b) => Date.parse(a.marketED) - Date.parse(b.marketED));
  }
  return days;
}
