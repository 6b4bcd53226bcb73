// The markets of each Seoul day as the calendar lists them: '오픈 예정' (opening that day, not opened yet) and
// '종료 예정' (closing that day, not closed yet). The calendar and the my page's calendar card count the same.
import { marketState, matchesCalendarFilter, seoulDayKey } from '@creator-market/sdk/domain';
import { timingOf, type MarketEvent } from './openedMarkets';

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

/** Today's '오픈 예정' and '종료 예정' counts, as the calendar's sections for today. */
export function todayScheduleCounts(events: readonly MarketEvent[], now: number): { opens: number; closes: number } {
  const today = schedulesByDay(events, now).get(seoulDayKey(now));
  return { opens: today?.opens.length ?? 0, closes: today?.closes.length ?? 0 };
}
