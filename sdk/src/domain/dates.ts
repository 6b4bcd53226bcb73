// Date display rules: every time is shown in Asia/Seoul with the Korean locale, whatever the process timezone.
import dayjs, { type Dayjs } from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import utc from 'dayjs/plugin/utc.js';
import 'dayjs/locale/ko.js';
import { DATE_FORMAT, LOCALE, SEOUL_UTC_OFFSET_MINUTES } from './constants.js';

dayjs.extend(utc);
dayjs.extend(relativeTime);

/** A point in time: an ISO 8601 string (API times), epoch milliseconds or a Date. */
export type TimeInput = string | number | Date;
/** The current time, always passed in by the caller: epoch milliseconds or a Date. */
export type Now = number | Date;

/** Epoch milliseconds of a time, or NaN when it cannot be read. */
export function toEpochMs(time: TimeInput | null | undefined): number {
  if (time === null || time === undefined || time === '') return Number.NaN;
  if (typeof time === 'number') return time;
  if (time instanceof Date) return time.getTime();
  // An ISO string in UTC (every API time): dayjs hands it to the Date parser itself, so parse it directly and
  // make no Dayjs (the mock server reads market times on every cart write: scripts/bench/write-path.mjs).
  const last = time.charCodeAt(time.length - 1);
  if (last === 90 /* Z */ || last === 122 /* z */) return Date.parse(time);
  return dayjs(time).valueOf();
}

/**
 * The wall clock in Seoul at a time, as a dayjs for formatting, or null when the time cannot be read: a UTC
 * dayjs moved forward by Seoul's offset, so that its fields and format() are Seoul's in any process time zone
 * (dayjs's own utcOffset() goes through the local zone and is an hour off near its daylight-saving changes).
 * Its valueOf() is therefore not the instant: it stays inside this module, where it is only formatted and
 * compared with another wall clock.
 */
function seoulWallClock(time: TimeInput | null | undefined): Dayjs | null {
  const ms = toEpochMs(time);
  if (!Number.isFinite(ms)) return null;
  return dayjs.utc(ms + SEOUL_UTC_OFFSET_MINUTES * 60_000).locale(LOCALE);
}

/** Formats a time in Seoul; default 'YYYY.MM.DD HH:mm:ss'. An unreadable time gives ''. */
export function formatDateTime(time: TimeInput | null | undefined, format: string = DATE_FORMAT.dateTime): string {
  return seoulWallClock(time)?.format(format) ?? '';
}

/** 'YY. M. D. (dd)' with the Korean weekday, e.g. '26. 11. 21. (토)'. */
export function formatShortDate(time: TimeInput | null | undefined): string {
  return formatDateTime(time, DATE_FORMAT.short);
}

/** 'HH:mm' in Seoul. */
export function formatTime(time: TimeInput | null | undefined): string {
  return formatDateTime(time, DATE_FORMAT.time);
}

/** Korean relative time from now, e.g. '3분 후', '2일 전', '하루 후'. An unreadable time gives ''. */
export function formatRelative(time: TimeInput | null | undefined, now: Now): string {
  const target = seoulWallClock(time);
  const reference = seoulWallClock(now);
  return target && reference ? target.from(reference) : '';
}

/** The Korean distance between two times without '후'/'전', e.g. '3분', '하루'. */
export function formatDistance(time: TimeInput | null | undefined, now: Now): string {
  const target = seoulWallClock(time);
  const reference = seoulWallClock(now);
  return target && reference ? target.from(reference, true) : '';
}

/** The Seoul calendar day of a time as 'YYYY-MM-DD' (for grouping by day), or '' when unreadable. */
export function seoulDayKey(time: TimeInput | null | undefined): string {
  return formatDateTime(time, 'YYYY-MM-DD');
}

/** True when both times fall on the same calendar day in Seoul. */
export function isSameSeoulDay(a: TimeInput | null | undefined, b: TimeInput | null | undefined): boolean {
  const dayA = seoulDayKey(a);
  return dayA !== '' && dayA === seoulDayKey(b);
}
