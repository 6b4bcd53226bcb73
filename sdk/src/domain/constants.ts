// Every business constant, default and timing of SPEC.md (section 9, with the defaults of section 3), stated once.
// Durations are in milliseconds unless the name says otherwise.
import type { ErrorCode, TransportErrorCode } from './error-codes.js';

// ---------------------------------------------------------------- money, fees, versions, retention

/** Platform fee rate of a creator profile and of a market (section 3 default). */
export const PLATFORM_FEE_RATE = 0.05;

/** Minimum native app versions (three numeric parts); below them the forced-update dialog shows. */
export const MIN_APP_VERSION = { ios: '0.2.2', android: '1.8.6' } as const;
export type NativePlatform = keyof typeof MIN_APP_VERSION;

/** Order records are kept 5 years (commerce law). */
export const ORDER_RECORD_RETENTION_YEARS = 5;

/** A price range whose maximum reaches this is shown open-ended ('<min> ~'). */
export const MILLION_PRICE_THRESHOLD = 1_000_000;

// ---------------------------------------------------------------- market timing

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

// ---------------------------------------------------------------- products and cart

/** Product limitAmount 0 means no per-order limit. */
export const LIMIT_AMOUNT_NONE = 0;
/** Option stock -1 means unlimited stock. */
export const STOCK_UNLIMITED = -1;
/** Cart entry status: 0 normal, 1 ordering (replace or sync), 2 remove. */
export const CART_ENTRY_STATUS = { normal: 0, ordering: 1, remove: 2 } as const;
export type CartEntryStatusCode = (typeof CART_ENTRY_STATUS)[keyof typeof CART_ENTRY_STATUS];

/** User level: 0 buyer, 1 seller. */
export const USER_LEVEL = { buyer: 0, seller: 1 } as const;
/** Address status: 1 primary, 0 not. */
export const ADDRESS_STATUS = { primary: 1, other: 0 } as const;

// ---------------------------------------------------------------- list sizes and caches

export const HOME_SECTION_MAX_ITEMS = 7;
export const HOME_PREVIEW_MAX_ITEMS = 7;
/** The market list shows 10 first, then 10 more at a time. */
export const MARKET_LIST_FIRST_PAGE = 10;
export const MARKET_LIST_NEXT_PAGE = 10;
/** Offset and search pages hold at most 20 items (team decision; the spec does not give it). */
export const PAGE_SIZE = 20;
export const MARKET_DETAIL_HISTORY_CACHE = 10;
export const SCROLL_POSITION_CACHE = 10;
export const KEEP_ALIVE_MAX = 5;
/** Lists in the my page show their first 3 entries. */
export const MY_PAGE_LIST_COUNT = 3;
export const SKELETON_COUNT = { orderDetailCards: 3, orderHistoryRows: 4, grid: 8 } as const;
export const CAROUSEL_PLACEHOLDER_COUNT = 8;

// ---------------------------------------------------------------- timings (ms)

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

// ---------------------------------------------------------------- locale and dates

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

// ---------------------------------------------------------------- colours

export const DEFAULT_BG_COLOR = '#07D1AE';
export const DEFAULT_PAGE_BG_COLOR = '#FFFFFF';

// ---------------------------------------------------------------- taxonomies

/** Seller category keywords with their Korean labels, in display order. */
export const SELLER_CATEGORIES = {
  stickers: '스티커',
  confetti: '조각스티커',
  alphabet: '알파벳',
  washitape: '마스킹테이프',
  removable: '리무버블',
  pack: '팩',
  keyring: '키링',
  case: '케이스',
} as const;
export type SellerCategory = keyof typeof SELLER_CATEGORIES;
export const SELLER_CATEGORY_KEYS = Object.keys(SELLER_CATEGORIES) as SellerCategory[];

/**
 * The six listed market identifiers get special treatment (purpose not shown in the spec): four begin
 * with 'kakao_', two with the product's own prefix ({product}_). Only the prefixes are known.
 */
export const SPECIAL_MARKET_ID_PREFIXES = { kakao: 'kakao_', product: 'creatormarket_' } as const;
export const SPECIAL_MARKET_ID_COUNTS = { kakao: 4, product: 2 } as const;

/** The catalogue code of an HTTP status whose meaning does not depend on the body (SPEC.md section 8). */
export const CATALOGUE_CODE_OF_STATUS: Readonly<Record<number, ErrorCode | TransportErrorCode>> = {
  0: 'network-error',
  401: 'unauthorized',
  403: 'permission-denied',
  404: 'not-found',
  408: 'request-timeout',
  413: 'payload-too-large',
  420: 'server-notice',
  504: 'gateway-timeout',
};
