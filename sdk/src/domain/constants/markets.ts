// The business constants of SPEC.md (section 9, with the defaults of section 3) of one kind: market timing
// (alarms, the deadline window, market and creator states). Each is stated once; ../constants.ts exports every
// kind.

/** Minutes before a market's start at which an open alarm may ring: at open, 3, 5, 10, 30 minutes, 1 day. */
export const ALARM_OFFSETS_MINUTES = [0, 3, 5, 10, 30, 1440] as const;
/** Adding to the cart in the native app sets this alarm automatically when none is set. */
export const AUTO_ALARM_OFFSET_MINUTES = 3;
/** A market is in its deadline group during the last 3 days before it ends. */
export const DEADLINE_WINDOW_DAYS = 3;
export const DEADLINE_WINDOW_MS = DEADLINE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Market status codes (section 3/4). Other values' meanings are not given; 2 is the default. */
export const MARKET_STATUS = { beforeOpen: 0, default: 2, closed: 3 } as const;
/** A market publicId of 0 means "no market". */
export const MARKET_PUBLIC_ID_NONE = 0;
/** Creator profile state default (meaning not given). */
export const CREATOR_STATE_DEFAULT = 2;
