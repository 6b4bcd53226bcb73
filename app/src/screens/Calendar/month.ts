// The month grid of the calendar: Sunday-first weeks of 'YYYY-MM-DD' day keys (Seoul calendar days, the
// same keys as the sdk's seoulDayKey), and the markets that start or end on each day.

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

// The markets of each day ('오픈 예정', '종료 예정') are shared with the my page's calendar card.
export { schedulesByDay, type DaySchedule } from '../../components/market-card/daySchedules';
