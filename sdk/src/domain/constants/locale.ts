// The business constants of SPEC.md (section 9, with the defaults of section 3) of one kind: locale and dates
// (the time zone and its offset, locales, currency, date formats). Each is stated once; ../constants.ts
// exports every kind.

export const TIMEZONE = 'Asia/Seoul';
/**
 * Asia/Seoul's offset from UTC in minutes: +09:00 all year, without daylight saving since 1988. Times are
 * shifted by it rather than looked up in the time zone database, which costs an Intl formatter per call
 * (dates.test.ts checks the two agree).
 */
export const SEOUL_UTC_OFFSET_MINUTES = 9 * 60;
export const LOCALE = 'ko';
export const WEB_LOCALE_FALLBACK = 'en_US';
export const CURRENCY = 'KRW';
export const DATE_FORMAT = {
  /** Default date format (section 1). */
  dateTime: 'YYYY.MM.DD HH:mm:ss',
  /** Short date with Korean weekday, e.g. '26. 11. 21. (토)'. */
  short: 'YY. M. D. (dd)',
  time: 'HH:mm',
} as const;
