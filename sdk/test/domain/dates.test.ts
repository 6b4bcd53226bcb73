import { fc, test } from '@fast-check/vitest';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDistance,
  formatRelative,
  formatShortDate,
  formatTime,
  isSameSeoulDay,
  seoulDayKey,
  toEpochMs,
} from '../../src/domain/dates';
import { TIMEZONE } from '../../src/domain/constants';

// Seoul has kept UTC+9 without daylight saving since 1988, so a reference can be computed by hand.
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function seoulReference(ms: number) {
  const d = new Date(ms + SEOUL_OFFSET_MS);
  return {
    dateTime: `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
    short: `${pad(d.getUTCFullYear() % 100)}. ${d.getUTCMonth() + 1}. ${d.getUTCDate()}. (${WEEKDAYS[d.getUTCDay()]})`,
    day: Math.floor((ms + SEOUL_OFFSET_MS) / DAY_MS),
  };
}

const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) });
const NOW = Date.parse('2026-11-21T10:00:00.000Z'); // Saturday 19:00 in Seoul

describe('dates: examples', () => {
  it('formats in Seoul with the default and short formats', () => {
    expect(formatDateTime(NOW)).toBe('2026.11.21 19:00:00');
    expect(formatDateTime('2026-11-21T10:00:00.000Z')).toBe('2026.11.21 19:00:00');
    expect(formatDateTime(new Date(NOW))).toBe('2026.11.21 19:00:00');
    expect(formatShortDate(NOW)).toBe('26. 11. 21. (토)');
    expect(formatTime(NOW)).toBe('19:00');
    expect(formatDateTime(NOW, 'YYYY년 M월 D일')).toBe('2026년 11월 21일');
  });

  it('gives Korean relative times', () => {
    expect(formatRelative(NOW + 3 * 60_000, NOW)).toBe('3분 후');
    expect(formatRelative(NOW - 2 * DAY_MS, NOW)).toBe('2일 전');
    expect(formatRelative(NOW + DAY_MS, NOW)).toBe('하루 후');
    expect(formatRelative(NOW + 5 * 60 * 60_000, new Date(NOW))).toBe('5시간 후');
    expect(formatDistance(NOW + 3 * 60_000, NOW)).toBe('3분');
  });

  it('compares calendar days in Seoul, not in UTC', () => {
    // 14:59Z and 15:00Z are 23:59 and 00:00 in Seoul.
    expect(isSameSeoulDay('2026-11-21T14:59:59Z', '2026-11-20T15:00:00Z')).toBe(true);
    expect(isSameSeoulDay('2026-11-21T15:00:00Z', '2026-11-21T14:59:59Z')).toBe(false);
    expect(seoulDayKey('2026-11-21T15:00:00Z')).toBe('2026-11-22');
  });

  it('treats unreadable times as empty', () => {
    expect(toEpochMs('not a date')).toBeNaN();
    expect(toEpochMs('')).toBeNaN();
    expect(toEpochMs(null)).toBeNaN();
    expect(formatDateTime('nope')).toBe('');
    expect(formatShortDate(null)).toBe('');
    expect(formatRelative('nope', NOW)).toBe('');
    expect(formatDistance(NOW, Number.NaN)).toBe('');
    expect(isSameSeoulDay('nope', 'nope')).toBe(false);
  });
});

// The display must not depend on the process timezone: run the properties under several zones.
describe('the Seoul offset', () => {
  // dates.ts shifts by SEOUL_UTC_OFFSET_MINUTES instead of asking the time zone database per call: the two
  // must agree for every time the product can show.
  const database = new Intl.DateTimeFormat('en-US', {
    timeZone: TIMEZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const fromDatabase = (ms: number) => {
    const part = Object.fromEntries(database.formatToParts(ms).map(({ type, value }) => [type, value]));
    return `${part.year}.${part.month}.${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };

  test.prop([instant])('is what the time zone database says for Asia/Seoul', (ms) => {
    expect(formatDateTime(ms)).toBe(fromDatabase(ms));
  });
});

describe.each(['UTC', 'America/New_York', 'Asia/Seoul', 'Pacific/Chatham'])('dates under TZ=%s', (zone) => {
  const previous = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });

  it('really runs in that zone', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone === 'UTC' ? 'UTC' : zone);
  });

  test.prop([instant])('formatDateTime and formatShortDate show Seoul wall time', (ms) => {
    const reference = seoulReference(ms);
    expect(formatDateTime(ms)).toBe(reference.dateTime);
    expect(formatDateTime(new Date(ms).toISOString())).toBe(reference.dateTime);
    expect(formatShortDate(ms)).toBe(reference.short);
  });

  // toEpochMs reads UTC strings without dayjs: it must read every form of time as dayjs does.
  test.prop([instant, fc.constantFrom('Z', 'z', '+09:00', '')])('toEpochMs reads a time as dayjs does', (ms, zone) => {
    const text = new Date(ms).toISOString().replace('Z', zone);
    expect(toEpochMs(text)).toBe(dayjs(text).valueOf());
    expect(toEpochMs(text.slice(0, 10))).toBe(dayjs(text.slice(0, 10)).valueOf());
    expect(toEpochMs(text.replace(/\.\d{3}/, ''))).toBe(dayjs(text.replace(/\.\d{3}/, '')).valueOf());
  });

  test.prop([instant, fc.integer({ min: -2 * DAY_MS, max: 2 * DAY_MS })])('isSameSeoulDay follows Seoul midnight', (a, delta) => {
    const b = a + delta;
    expect(isSameSeoulDay(a, b)).toBe(seoulReference(a).day === seoulReference(b).day);
  });

  test.prop([instant, fc.integer({ min: 1, max: 400 * DAY_MS })])(
    'relative time says 후 for the future and 전 for the past',
    (now, distance) => {
      expect(formatRelative(now + distance, now)).toMatch(/ 후$/);
      expect(formatRelative(now - distance, now)).toMatch(/ 전$/);
      expect(formatRelative(now + distance, now)).toBe(`${formatDistance(now + distance, now)} 후`);
    },
  );
});
