// The one way a handler fails: throw an ApiFailure. Both adapters turn it into the shared ErrorBody, whose
// `data` carries the catalogue code (SPEC.md sections 7-8): a string, or `{code, list}` for the list errors.
import { isListErrorCode, type ErrorCode } from '@creator-market/sdk/domain';
import { ownValue } from '../lib/own';
import type { components } from '@creator-market/sdk/generated/api';
import type { ErrorDetail } from '@creator-market/sdk/client';

export type ErrorBody = components['schemas']['ErrorBody'];
export type ErrorListItem = components['schemas']['ErrorListItem'];
export type { ErrorDetail };

/** Korean log/inquiry messages by catalogue code; the app's UI text comes from the sdk's catalogue. */
const MESSAGES: Record<ErrorCode, string> = {
  'bad-request': '요청 형식이 올바르지 않아요.',
  unauthorized: '로그인이 필요해요.',
  'permission-denied': '접근 권한이 없어요.',
  'not-found': '찾을 수 없어요.',
  forbidden: '허용되지 않은 요청이에요.',
  'unsupported-media-type': '지원하지 않는 요청 형식이에요.',
  'too-many-requests': '요청이 너무 많아요. 잠시 후 다시 시도해주세요.',
  'request-timeout': '주문이 몰려 요청 시간이 초과되었어요.',
  'payload-too-large': '요청 크기가 너무 커요.',
  'header-too-large': '요청 주소와 헤더가 너무 길어요.',
  'server-notice': '서버 안내',
  'gateway-timeout': '주문이 몰려 응답이 지연되고 있어요.',
  'bad-gateway': '프록시 대상 서버가 올바르게 답하지 않았어요.',
  internal: '서버 오류가 발생했어요.',
  'stock-shortage': '재고가 부족한 물품이 있어요.',
  'market-schedule': '주문 가능한 마켓 일정이 아니에요.',
  'deleted-product': '삭제된 물품이 있어요.',
  failed: '주문 폭주로 처리하지 못한 물품이 있어요.',
  'limit-cart': '장바구니가 꽉 찼어요.',
  'already-in-order': '이미 주문 접수 중인 장바구니예요.',
  'invalid-delivery-option': '선택할 수 없는 배송 옵션이에요.',
  'weight-exceeded': '배송 옵션의 무게 한도를 넘었어요.',
  'under-total-price': '최소 주문 금액보다 적어요.',
  'invalid-user-type': '작가 계정은 직접 탈퇴할 수 없어요.',
  'receipt-remained': '결제 완료 또는 진행 중인 주문이 있어요.',
  'popbill-error': '은행 계좌 인증에 실패했어요.',
  'validate-sms-failed': '인증번호가 올바르지 않아요.',
  'card-payment-failed': '카드 결제가 거절되었어요.',
  'notification-send-failed': '알림을 보내지 못했어요.',
  'not-supported': '알림을 받을 수 없는 기기예요.',
  'permission-not-granted': '알림 권한이 없어요.',
  'out-of-stock': '품절된 물품이 있어요.',
  'amount-exceeded': '주문 가능 수량을 넘었어요.',
  'invalid-product': '존재하지 않거나 판매하지 않는 물품이에요.',
  'invalid-product-option': '존재하지 않거나 판매하지 않는 옵션이에요.',
  'invalid-market': '존재하지 않는 마켓이에요.',
  'operation-failed': '요청을 처리하지 못했어요.',
  'transaction-exceeded': '동시에 처리할 수 있는 주문 수를 넘었어요.',
  'transaction-failed': '주문 처리 중 오류가 발생했어요.',
  'already-subscribed': '이미 구독 중인 작가예요.',
  'already-added': '이미 추가되었어요.',
  'already-canceled': '이미 취소되었어요.',
  'already-exists': '이미 등록되어 있어요.',
  'alarm-not-exists': '설정된 알림이 없어요.',
  'already-scrapped': '이미 스크랩했어요.',
  'market-unavailable': '지금은 주문할 수 없는 마켓이에요.',
  'invalid-cart': '존재하지 않는 장바구니예요.',
};

export function messageFor(code: ErrorCode): string {
  // The fallback is for a code that reached here untyped (a cast); the contract refuses its body anyway.
  return ownValue(MESSAGES, code) ?? '요청을 처리하지 못했어요.';
}

/** What a failure may carry beside its code: its own message, and the fields of the code's shape. */
export interface FailureExtras {
  message?: string;
  /** The items of a list error (`stock-shortage`, `market-schedule`, `deleted-product`, `failed`). */
  list?: ErrorListItem[];
  /** The alert of `server-notice` (420). */
  title?: string;
  msg?: string;
  /** What did not match, for `bad-request`. */
  details?: ErrorDetail[];
  /** Headers the answer carries besides the body's (a 429's `Retry-After`); the core's errorAnswer copies them. */
  headers?: Record<string, string>;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly extra: FailureExtras = {},
  ) {
    super(extra.message ?? messageFor(code));
  }

  /** The body in the shape of the code: each code's own fields, and only those. */
  get body(): ErrorBody {
    const { code, message } = this;
    const { list, title, msg, details } = this.extra;
    if (isListErrorCode(code)) return { data: { code, list: list ?? [] }, message };
    if (code === 'server-notice') return { data: code, message, title: title ?? message, msg: msg ?? message };
    if (code === 'bad-request') return { data: code, message, ...(details && { details }) };
    return { data: code, message };
  }
}

/** A 400 with a catalogue data code (and the list for list errors). */
export const badRequest = (code: ErrorCode, list?: ErrorListItem[]) => new ApiFailure(400, code, list ? { list } : {});
/** A return address outside the allow-list (../http/access-policy): no token or result is sent there. */
export const unlistedOrigin = (origin: string) =>
  new ApiFailure(403, 'forbidden', {
    message: `${origin}(으)로는 돌아갈 수 없어요: 이 컴퓨터의 앱(localhost, 127.0.0.1)이나 --allow-origin으로 더한 출처만 받아요.`,
  });
export const unauthorized = () => new ApiFailure(401, 'unauthorized');
export const permissionDenied = () => new ApiFailure(403, 'permission-denied');
export const notFound = (what?: string) => new ApiFailure(404, 'not-found', what ? { message: `${what}을(를) 찾을 수 없어요.` } : {});

/** ApiFailure → its status and body; anything else is a bug, answered as a 500 without internals. */
export function toErrorResponse(err: unknown): { status: number; body: ErrorBody } {
  if (err instanceof ApiFailure) return { status: err.status, body: err.body };
  console.error('[mock] unexpected error:', err);
  return { status: 500, body: { data: 'internal', message: '서버 오류가 발생했어요.' } };
}
