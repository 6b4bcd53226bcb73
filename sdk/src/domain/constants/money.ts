// The business constants of SPEC.md (section 9, with the defaults of section 3) of one kind: money, fees, app
// versions and retention. Each is stated once; ../constants.ts exports every kind.

/** Platform fee rate of a creator profile and of a market (section 3 default). */
export const PLATFORM_FEE_RATE = 0.05;

/** Minimum native app versions (three numeric parts); below them the forced-update dialog shows. */
export const MIN_APP_VERSION = { ios: '0.2.2', android: '1.8.6' } as const;
export type NativePlatform = keyof typeof MIN_APP_VERSION;

/** Order records are kept 5 years (commerce law). */
export const ORDER_RECORD_RETENTION_YEARS = 5;

/** A price range whose maximum reaches this is shown open-ended ('<min> ~'). */
export const MILLION_PRICE_THRESHOLD = 1_000_000;
