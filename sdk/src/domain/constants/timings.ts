// The business constants of SPEC.md (section 9, with the defaults of section 3) of one kind: timings (TIMING,
// in ms: debounces, throttles, timeouts, delays) and drag and scroll distances. Each is stated once;
// ../constants.ts exports every kind.

export const TIMING = {
  addToCartDebounceMs: 1000,
  orderClickDebounceMs: 1000,
  cartUpdateDebounceMs: 1000,
  bulkDeleteDebounceMs: 2000,
  saveDebounceMs: 1000,
  bankVerifyDebounceMs: 3000,
  drawerClickThrottleMs: 200,
  orderStatusPollMs: 7000,
  waitingMessageRotateMs: 2000,
  toastMs: 3000,
  socialLoginSpinnerResetMs: 8000,
  appOpenFallbackShortMs: 500,
  appOpenFallbackLongMs: 2500,
  bridgeTimeoutMs: 5000,
  nativeReplyTimeoutMs: 3000,
  permissionRequestTimeoutMs: 30_000,
  scrollThrottleFastMs: 16,
  scrollThrottleMs: 50,
  bannerAutoplayMs: 3000,
  hotKeywordPopupDelayMs: 2000,
  dragClickSuppressionMs: 300,
  redirectDelayMs: 1000,
  /** Errors are handled this long after the response arrives (section 8). */
  errorHandleDelayMs: 200,
  /** view_item is sent after 5 s in the product scroll view (section 7). */
  viewItemDelayMs: 5000,
  phoneCodeValidityMs: 300_000,
  openAlertDelayMs: 30_000,
  openAlertCountdownMs: 29_000,
  /** The open-alert test's sample market opens this long after now. */
  openAlertSampleOffsetMs: 60_000,
  paymentPendingWarningMs: 10 * 60 * 1000,
} as const;

/** Multiplier applied to drag distance in draggable carousels. */
export const DRAG_SPEED = 1.2;
/** Images load lazily once within this many pixels of the viewport. */
export const LAZY_IMAGE_MARGIN_PX = 1000;
export const PHONE_CODE_VALIDITY_SECONDS = 300;
export const OPEN_ALERT_COUNTDOWN_SECONDS = 29;
/** Refund after a seller cancels a paid order: automatic within 1-3 business days. */
export const REFUND_BUSINESS_DAYS = { min: 1, max: 3 } as const;
/** Status-bar overlay fades in around this scroll offset (plus or minus the top inset), px. */
export const STATUS_BAR_FADE_SCROLL_PX = 320;
