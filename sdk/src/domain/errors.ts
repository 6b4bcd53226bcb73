// The error catalogue of SPEC.md section 8 (and the login prompt of section 6) as data, and the one function
// that turns an API error into what the UI does. Titles and messages quoted by the spec are exact; where the
// spec names an error without its text, the Korean below is ours (marked "ours").
import { CATALOGUE_CODE_OF_STATUS, TIMING } from './constants.js';
import type { ApiErrorCode, ErrorCode, TransportErrorCode } from './error-codes.js';
import { PAYMENT_MESSAGES, RECEIPT_NOTES } from './receipt.js';

/** Errors are handled this long after the response arrives. */
export const ERROR_HANDLING_DELAY_MS = TIMING.errorHandleDelayMs;

export type ErrorUiKind = 'toast' | 'alert' | 'confirm' | 'inquiry' | 'login' | 'not-found' | 'relogin' | 'silent';
export type ErrorFollowUp = 'reload-cart' | 'go-home' | 'open-inquiry' | 'go-cart' | 'login' | 'relogin' | 'cancel-order' | 'none';
export type ErrorToastType = 'success' | 'warning' | 'error' | 'info';

export interface ErrorButton {
  label: string;
  action: ErrorFollowUp;
}

/** What the UI shows for one error, and what it does afterwards. */
export interface ErrorUi {
  kind: ErrorUiKind;
  title?: string;
  message?: string;
  buttons?: readonly ErrorButton[];
  followUp?: ErrorFollowUp;
  toastType?: ErrorToastType;
}

/** A code the catalogue has an entry for: the response codes and the two with no response. */
export type CatalogueCode = ErrorCode | TransportErrorCode;

export interface ErrorCatalogueEntry extends ErrorUi {
  status: number;
  code: CatalogueCode;
  /** The alert shows the server's own title and msg (status 420). */
  usesServerText?: boolean;
  /** The server's message is appended to the message as a detail line. */
  appendsServerDetail?: boolean;
  /** The error body carries a `list` of the items concerned, shown in the dialog. */
  showsList?: boolean;
  /** The caller treats this error as success (subscribe flows: already-subscribed, already-canceled). */
  treatAsSuccess?: boolean;
  /** An analytics event is sent for this error. */
  tracked?: boolean;
}

export const LOGIN_PROMPT = {
  kind: 'login',
  title: '로그인 필요',
  message: '간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?',
  // In the spec's order; the UI places them by action.
  buttons: [
    { label: '로그인', action: 'login' },
    { label: '다음에', action: 'none' },
  ],
} as const satisfies ErrorUi;

const INQUIRY_BUTTONS: readonly ErrorButton[] = [
  { label: '다음에', action: 'none' },
  { label: '문의하기', action: 'open-inquiry' }, // ours
];

/** The general handler: a dialog offering an inquiry carrying status, message, uid, api and location. */
const GENERAL_INQUIRY: ErrorUi = {
  kind: 'inquiry',
  title: '일시적인 오류가 발생했어요', // ours
  message: '잠시 후 다시 시도해주세요. 문제가 계속되면 문의해주세요.', // ours
  buttons: INQUIRY_BUTTONS,
};

const ORDER_RUSH_MESSAGE = '주문 폭주로 요청을 완료 할 수 없어요. 잠시 후 다시 주문해주세요.';
const REQUEST_FAILED_MESSAGE = '요청에 실패했습니다. 잠시 후 다시 시도해주세요.';

function entry(status: number, code: CatalogueCode, ui: Omit<ErrorCatalogueEntry, 'status' | 'code'>): ErrorCatalogueEntry {
  return { status, code, ...ui };
}

const orderRush = (status: number, code: ErrorCode) =>
  entry(status, code, { kind: 'alert', title: '주문 실패', message: ORDER_RUSH_MESSAGE });
const soldOut = (code: ErrorCode, tracked: boolean) =>
  entry(400, code, { kind: 'toast', toastType: 'warning', message: '품절된 물품이 있어요', followUp: 'reload-cart', tracked });
const generalInquiry = (status: number, code: ErrorCode) => entry(status, code, GENERAL_INQUIRY);

/** Every catalogue entry, one per (HTTP status, code), in the order of the team's code catalogue. */
export const ERROR_CATALOGUE_ENTRIES: readonly ErrorCatalogueEntry[] = [
  // Client-side only (no response).
  entry(0, 'network-error', { kind: 'alert', title: '인터넷에 연결할 수 없어요', message: 'Wi-Fi 또는 LTE 연결 상태를 확인해주세요.' }),
  entry(0, 'timeout', { kind: 'alert', title: '인터넷에 연결할 수 없어요', message: 'Wi-Fi 또는 LTE 연결 상태를 확인해주세요.' }),

  // 400 list errors: the body's list names the items concerned.
  entry(400, 'stock-shortage', {
    kind: 'alert',
    title: '재고 부족 안내',
    message: '재고가 부족한 물품이 있어요. 수량을 확인해주세요.', // ours
    showsList: true,
    followUp: 'reload-cart',
  }),
  entry(400, 'market-schedule', {
    kind: 'alert',
    title: '마켓 일정을 확인해주세요',
    message: '오픈 전이거나 종료된 마켓이에요.', // ours
    showsList: true,
    followUp: 'go-home',
  }),
  entry(400, 'deleted-product', {
    kind: 'alert',
    title: '삭제된 물품 확인',
    message: '삭제된 물품이 있어요. 장바구니를 확인해주세요.', // ours
    showsList: true,
    followUp: 'reload-cart',
  }),
  entry(400, 'failed', { kind: 'alert', title: '주문 폭주', message: ORDER_RUSH_MESSAGE, showsList: true }),

  // 400 data codes.
  entry(400, 'limit-cart', {
    kind: 'confirm',
    title: '장바구니가 꽉 찼어요',
    message: '장바구니를 정리한 후 다시 담아주세요.', // ours
    buttons: [
      { label: '다음에', action: 'none' },
      { label: '장바구니', action: 'go-cart' },
    ],
  }),
  entry(400, 'already-in-order', {
    kind: 'alert',
    title: '주문 접수 중',
    message: '이미 주문을 접수하고 있어요. 잠시 후 다시 확인해주세요.', // ours
    followUp: 'reload-cart',
  }),
  entry(400, 'invalid-delivery-option', {
    kind: 'alert',
    title: '배송 옵션 확인',
    message: '선택한 배송 옵션을 이용할 수 없어요. 다시 선택해주세요.', // ours
    followUp: 'reload-cart',
  }),
  entry(400, 'weight-exceeded', {
    kind: 'alert',
    title: '배송 무게 초과',
    message: '배송 옵션의 무게 한도를 넘었어요. 다시 선택해주세요.', // ours
    followUp: 'reload-cart',
  }),
  entry(400, 'under-total-price', {
    kind: 'alert',
    title: '최소 주문 금액 확인',
    message: '최소 주문 금액 이상 담아주세요.', // ours
    followUp: 'reload-cart',
  }),
  entry(400, 'invalid-user-type', {
    kind: 'inquiry',
    title: '회원 탈퇴 실패',
    message: '작가 회원 탈퇴는 관리자 확인이 필요해요. 문의해주세요.', // ours (section 6)
    buttons: INQUIRY_BUTTONS,
  }),
  entry(400, 'receipt-remained', {
    kind: 'alert',
    title: '회원 탈퇴 실패',
    message: '결제 완료되었거나 진행 중인 주문이 있어 탈퇴할 수 없어요.', // ours
  }),
  entry(400, 'popbill-error', {
    kind: 'alert',
    title: '은행 인증 오류',
    message: '계좌 인증에 실패했어요. 은행과 계좌번호를 확인해주세요.', // ours
  }),
  entry(400, 'validate-sms-failed', {
    kind: 'alert',
    title: '인증번호 오류',
    message: '인증번호가 일치하지 않아요. 다시 확인해주세요.', // ours
  }),
  entry(400, 'card-payment-failed', {
    kind: 'alert',
    title: '결제 시도 오류',
    message: '오류로 인해 실패했습니다.',
    appendsServerDetail: true,
  }),
  // Device and test-notification failures (and a falsy result) go to the general handler.
  generalInquiry(400, 'notification-send-failed'),
  entry(400, 'not-supported', {
    kind: 'alert',
    title: '알림을 받을 수 없는 기기예요', // ours
    message: '이 기기에서는 알림을 지원하지 않아요.', // ours
  }),
  entry(400, 'permission-not-granted', {
    kind: 'alert',
    title: '알림 권한이 필요해요', // ours
    message: '앱 알림 설정에서 알림을 허용해주세요.', // ours
  }),

  // 400 product error codes.
  soldOut('out-of-stock', true),
  soldOut('amount-exceeded', false),
  entry(400, 'invalid-product', {
    kind: 'alert',
    title: '삭제된 물품 확인',
    message: '판매하지 않는 물품이 있어요. 장바구니를 확인해주세요.', // ours
    followUp: 'reload-cart',
  }),
  entry(400, 'invalid-product-option', {
    kind: 'alert',
    title: '삭제된 물품 확인',
    message: '판매하지 않는 옵션이 있어요. 장바구니를 확인해주세요.', // ours
    followUp: 'reload-cart',
  }),
  entry(400, 'invalid-market', {
    kind: 'alert',
    title: '마켓 일정을 확인해주세요',
    message: '주문할 수 없는 마켓이에요.', // ours
    followUp: 'go-home',
  }),
  entry(400, 'operation-failed', { kind: 'alert', title: '주문 폭주', message: ORDER_RUSH_MESSAGE }),
  entry(400, 'transaction-exceeded', { kind: 'alert', title: '주문 폭주', message: ORDER_RUSH_MESSAGE }),
  entry(400, 'transaction-failed', { kind: 'toast', toastType: 'error', message: REQUEST_FAILED_MESSAGE }),
  entry(400, 'already-subscribed', { kind: 'silent', treatAsSuccess: true }),
  entry(400, 'already-added', { kind: 'toast', toastType: 'info', message: '이미 추가되어 있어요' }), // ours
  entry(400, 'already-canceled', { kind: 'silent', treatAsSuccess: true }),
  entry(400, 'already-exists', { kind: 'toast', toastType: 'info', message: '이미 등록되어 있어요' }), // ours
  entry(400, 'alarm-not-exists', { kind: 'toast', toastType: 'info', message: '이미 해제된 알림이에요' }), // ours
  entry(400, 'already-scrapped', { kind: 'toast', toastType: 'info', message: '이미 저장한 물품이에요' }), // ours
  entry(400, 'market-unavailable', {
    kind: 'alert',
    title: '마켓 일정을 확인해주세요',
    message: '지금은 주문할 수 없는 마켓이에요.', // ours
    followUp: 'go-home',
  }),
  entry(400, 'invalid-cart', {
    kind: 'alert',
    title: '장바구니 확인', // ours
    message: '장바구니 정보가 바뀌었어요. 다시 확인해주세요.', // ours
    followUp: 'reload-cart',
  }),

  // Transport-level statuses.
  generalInquiry(400, 'bad-request'),
  entry(401, 'unauthorized', LOGIN_PROMPT),
  // Receipts are viewable only by the ordering account: the only permission rule of the spec.
  entry(403, 'permission-denied', {
    kind: 'relogin',
    title: '주문 계정 확인 필요',
    message: '주문한 계정으로 다시 로그인해주세요.', // ours
    followUp: 'relogin',
  }),
  entry(404, 'not-found', { kind: 'not-found' }),
  orderRush(408, 'request-timeout'),
  entry(413, 'payload-too-large', {
    kind: 'alert',
    title: '파일 용량 초과', // ours
    message: '파일 용량이 너무 커요. 더 작은 이미지를 올려주세요.', // ours
  }),
  entry(420, 'server-notice', { kind: 'alert', usesServerText: true }),
  generalInquiry(500, 'internal'),
  orderRush(504, 'gateway-timeout'),
];

const catalogueKey = (status: number, code: string) => `${status}:${code}`;

/** The catalogue by `${status}:${code}`. */
export const errorCatalogue: Readonly<Record<string, ErrorCatalogueEntry>> = Object.fromEntries(
  ERROR_CATALOGUE_ENTRIES.map((item) => [catalogueKey(item.status, item.code), item]),
);

/** The catalogue entry of an error: by status and code, else by the status alone (CATALOGUE_CODE_OF_STATUS). */
export function catalogueEntry(status: number, code: string | undefined): ErrorCatalogueEntry | undefined {
  return (code === undefined ? undefined : errorCatalogue[catalogueKey(status, code)]) ?? lookupByStatus(status);
}

function lookupByStatus(status: number): ErrorCatalogueEntry | undefined {
  const code = CATALOGUE_CODE_OF_STATUS[status];
  return code === undefined ? undefined : errorCatalogue[catalogueKey(status, code)];
}

// ---------------------------------------------------------------- resolving one error

export interface ApiErrorInput {
  status: number;
  code?: ApiErrorCode;
  /** Server-given title and msg (status 420). */
  title?: string;
  msg?: string;
  message?: string;
  list?: unknown[];
}

export interface ErrorContext {
  /** operationId of the failed call. */
  operation?: string;
  /** Method and path of the call, shown in the inquiry. */
  api?: string;
  /** The page where it happened. */
  location?: string;
  uid?: string;
}

/** The details an inquiry dialog carries to the support chat. */
export interface InquiryDetails {
  status: number;
  code?: ApiErrorCode;
  message?: string;
  uid?: string;
  api?: string;
  location?: string;
}

export interface ErrorAction extends ErrorUi {
  status: number;
  code?: ApiErrorCode;
  treatAsSuccess: boolean;
  /** Items named by a 400 list error. */
  list?: unknown[];
  inquiry?: InquiryDetails;
}

/** Operations whose failures show nothing: the caller leaves its section empty. */
const SILENT_OPERATIONS = new Set([
  'addDevice', // registering the device token never shows an error
  'listSellerOpenedMarkets', // profile sections other than the seller itself stay empty
  'listSellerPreviews',
  'listRecommendedSellers',
  'requestAd',
]);

const PHONE_VERIFICATION_FAILED: ErrorUi = {
  kind: 'inquiry',
  title: '인증 오류',
  message: '휴대폰 인증에 실패했어요. 문제가 계속되면 문의해주세요.', // ours
  buttons: INQUIRY_BUTTONS,
};

const SUBSCRIBE_FAILED: ErrorUi = { kind: 'toast', toastType: 'error', message: REQUEST_FAILED_MESSAGE };

/** Toasts after saving, deleting and copying (SPEC.md section 8). */
export const RESULT_TOASTS = {
  saved: '저장 완료 되었어요',
  saveFailed: '저장에 실패했습니다.',
  deleted: '삭제되었습니다',
  copied: '복사가 완료되었습니다!',
} as const;

const SAVE_FAILED: ErrorUi = { kind: 'toast', toastType: 'error', message: RESULT_TOASTS.saveFailed };

/** Saves of buyer info and addresses (the account's and an order's): a refused save says '저장에 실패했습니다.'. */
const SAVE_OPERATIONS = new Set([
  'updateUser',
  'addAddress',
  'updateAddress',
  'updateReceiptSns',
  'updateReceiptCashReceipt',
  'updateReceiptDelivery',
  'updateReceiptMemo',
]);

/**
 * Starting a payment the order no longer allows (cancelled, paid, awaiting a deposit meanwhile): the attempt
 * failed ('결제에 실패했어요'); the pay page reloads the order to show where it stands.
 */
const PAYMENT_START_OPERATIONS = new Set(['getNaverPayParams', 'getKakaoPayParams', 'issueVirtualAccount']);
const PAYMENT_START_FAILED: ErrorUi = { kind: 'toast', toastType: 'error', message: PAYMENT_MESSAGES.failed };

/** A buyer cancel of an order paid meanwhile: after payment the seller cancels ('결제 완료 주문 취소는 ...'). */
const CANCEL_AFTER_PAYMENT: ErrorUi = { kind: 'toast', toastType: 'warning', message: RECEIPT_NOTES.cancelAfterPayment };

/**
 * Adding more than may be ordered (with what the cart already holds): section 8's '품절된 물품이 있어요' is the
 * order's toast for both codes; on add-to-cart nothing is sold out, so the toast names the limit (ours).
 */
const ADD_AMOUNT_EXCEEDED: ErrorUi = {
  kind: 'toast',
  toastType: 'warning',
  message: '주문 가능 수량을 넘었어요. 장바구니에 담긴 수량을 확인해주세요', // ours
};

/** The rule an operation adds over the catalogue, or undefined to use the catalogue. */
function operationRule(error: ApiErrorInput, operation: string | undefined): ErrorUi | ErrorCatalogueEntry | undefined {
  if (operation === undefined) return undefined;
  const known = error.code === undefined ? undefined : errorCatalogue[catalogueKey(error.status, error.code)];
  switch (operation) {
    // A profile or receipt that fails to load replaces the screen with notFound, except a receipt of
    // another account, which asks to sign in again with the ordering account.
    case 'getSeller':
      return { kind: 'not-found' };
    case 'getReceipt':
      return error.status === 403 ? undefined : { kind: 'not-found' };
    case 'validatePhone':
      return error.code === 'validate-sms-failed' ? undefined : PHONE_VERIFICATION_FAILED;
    case 'addSubscription':
    case 'cancelSubscription':
      return known?.treatAsSuccess ? known : SUBSCRIBE_FAILED;
    case 'payWithAppCard':
      return error.status === 400 ? errorCatalogue[catalogueKey(400, 'card-payment-failed')] : undefined;
    case 'changeReceiptStatus':
      return error.code === 'operation-failed' ? CANCEL_AFTER_PAYMENT : undefined;
    case 'addToCart':
      return error.code === 'amount-exceeded' ? ADD_AMOUNT_EXCEEDED : undefined;
    default:
      if (error.status === 400 && SAVE_OPERATIONS.has(operation)) return SAVE_FAILED;
      if (error.status === 400 && PAYMENT_START_OPERATIONS.has(operation)) return PAYMENT_START_FAILED;
      return undefined;
  }
}

function detailOf(error: ApiErrorInput): string | undefined {
  return error.msg ?? error.message;
}

/**
 * What the UI does for an API error. Precedence: operations that never show errors; no connection; not signed
 * in; the server's notice; the failing operation's own rule; the catalogue; the general inquiry dialog.
 */
export function resolveError(error: ApiErrorInput, context: ErrorContext = {}): ErrorAction {
  const base = { status: error.status, ...(error.code === undefined ? {} : { code: error.code }) };
  if (context.operation !== undefined && SILENT_OPERATIONS.has(context.operation)) {
    return { ...base, kind: 'silent', treatAsSuccess: false };
  }
  const global = error.status === 0 || error.status === 401 || error.status === 420 ? catalogueEntry(error.status, error.code) : undefined;
  const chosen = global ?? operationRule(error, context.operation) ?? catalogueEntry(error.status, error.code);
  if (chosen === undefined) return inquiryAction(error, GENERAL_INQUIRY, context);
  return toAction(error, chosen, context);
}

function toAction(error: ApiErrorInput, chosen: ErrorUi | ErrorCatalogueEntry, context: ErrorContext): ErrorAction {
  const flags: Partial<ErrorCatalogueEntry> = chosen;
  const ui: ErrorUi = {
    kind: chosen.kind,
    ...(chosen.title === undefined ? {} : { title: chosen.title }),
    ...(chosen.message === undefined ? {} : { message: chosen.message }),
    ...(chosen.buttons === undefined ? {} : { buttons: chosen.buttons }),
    ...(chosen.followUp === undefined ? {} : { followUp: chosen.followUp }),
    ...(chosen.toastType === undefined ? {} : { toastType: chosen.toastType }),
  };
  if (flags.usesServerText) {
    if (error.title !== undefined) ui.title = error.title;
    const text = detailOf(error);
    if (text !== undefined) ui.message = text;
  }
  const detail = detailOf(error);
  if (flags.appendsServerDetail && detail) ui.message = `${ui.message}\n${detail}`;
  if (ui.kind === 'inquiry') return inquiryAction(error, ui, context);
  return {
    status: error.status,
    ...(error.code === undefined ? {} : { code: error.code }),
    ...ui,
    treatAsSuccess: flags.treatAsSuccess ?? false,
    ...(flags.showsList && error.list ? { list: error.list } : {}),
  };
}

function inquiryAction(error: ApiErrorInput, ui: ErrorUi, context: ErrorContext): ErrorAction {
  const inquiry: InquiryDetails = { status: error.status };
  if (error.code !== undefined) inquiry.code = error.code;
  const message = detailOf(error);
  if (message !== undefined) inquiry.message = message;
  if (context.uid !== undefined) inquiry.uid = context.uid;
  if (context.api !== undefined) inquiry.api = context.api;
  if (context.location !== undefined) inquiry.location = context.location;
  return { status: error.status, ...(error.code === undefined ? {} : { code: error.code }), ...ui, treatAsSuccess: false, inquiry };
}

// ---------------------------------------------------------------- errors that are not API responses

/** Signing in with a custom token failed: the alert shows the code; its button reloads into /auth. */
export function tokenLoginFailure(code: string): ErrorUi {
  return { kind: 'alert', title: '토큰 인증 실패', message: code, followUp: 'relogin' };
}

/** An order whose payment option is 0 cannot be paid: the buyer may cancel it with a fixed reason. */
export const UNPAYABLE_ORDER_DIALOG = {
  kind: 'confirm',
  title: '결제 불가',
  message: '현재 결제할 수 없는 주문이에요. 주문을 취소해 주세요.',
  buttons: [
    { label: '다음에', action: 'none' },
    { label: '주문 취소', action: 'cancel-order' },
  ],
} as const satisfies ErrorUi;
export const UNPAYABLE_ORDER_CANCEL_REASON = '결제 불가 주문 취소';

/** True when an order cannot be paid (its payment option is 0). */
export function isUnpayableOrder(paymentOption: number | null | undefined): boolean {
  return paymentOption === 0;
}
