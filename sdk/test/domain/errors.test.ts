import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_CODE_OF_STATUS } from '../../src/domain/constants';
import {
  catalogueEntry,
  ERROR_CATALOGUE_ENTRIES,
  ERROR_HANDLING_DELAY_MS,
  errorCatalogue,
  isUnpayableOrder,
  LOGIN_PROMPT,
  resolveError,
  RESULT_TOASTS,
  tokenLoginFailure,
  UNPAYABLE_ORDER_CANCEL_REASON,
  UNPAYABLE_ORDER_DIALOG,
  type CatalogueCode,
  type ErrorUiKind,
} from '../../src/domain/errors';
import type { ApiErrorCode } from '../../src/domain/error-codes';

// The team's code catalogue, by HTTP status, copied from the shared decisions.
const DECIDED_CODES: ReadonlyArray<readonly [number, CatalogueCode]> = [
  ...(['stock-shortage', 'market-schedule', 'deleted-product', 'failed'] as const).map((code) => [400, code] as const),
  ...(
    [
      'limit-cart',
      'already-in-order',
      'invalid-delivery-option',
      'weight-exceeded',
      'under-total-price',
      'invalid-user-type',
      'receipt-remained',
      'popbill-error',
      'validate-sms-failed',
      'card-payment-failed',
      'notification-send-failed',
      'not-supported',
      'permission-not-granted',
    ] as const
  ).map((code) => [400, code] as const),
  ...(
    [
      'out-of-stock',
      'amount-exceeded',
      'invalid-product',
      'invalid-product-option',
      'invalid-market',
      'operation-failed',
      'transaction-exceeded',
      'transaction-failed',
      'already-subscribed',
      'already-added',
      'already-canceled',
      'already-exists',
      'alarm-not-exists',
      'already-scrapped',
      'market-unavailable',
      'invalid-cart',
    ] as const
  ).map((code) => [400, code] as const),
  [400, 'bad-request'],
  [401, 'unauthorized'],
  [403, 'permission-denied'],
  [404, 'not-found'],
  [408, 'request-timeout'],
  [413, 'payload-too-large'],
  [420, 'server-notice'],
  [504, 'gateway-timeout'],
  [500, 'internal'],
  [0, 'network-error'],
  [0, 'timeout'],
];

const KINDS: ErrorUiKind[] = ['toast', 'alert', 'confirm', 'inquiry', 'login', 'not-found', 'relogin', 'silent'];
const ORDER_RUSH = '주문 폭주로 요청을 완료 할 수 없어요. 잠시 후 다시 주문해주세요.';

describe('the catalogue', () => {
  it('has exactly one entry per decided (status, code)', () => {
    const listed = ERROR_CATALOGUE_ENTRIES.map((entry) => `${entry.status}:${entry.code}`);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual(DECIDED_CODES.map(([status, code]) => `${status}:${code}`).sort());
    for (const entry of ERROR_CATALOGUE_ENTRIES) expect(errorCatalogue[`${entry.status}:${entry.code}`]).toBe(entry);
    for (const [status, code] of Object.entries(CATALOGUE_CODE_OF_STATUS)) expect(errorCatalogue[`${status}:${code}`]).toBeDefined();
  });

  it('gives every entry a UI that can be shown', () => {
    for (const entry of ERROR_CATALOGUE_ENTRIES) {
      expect(KINDS).toContain(entry.kind);
      if (
        entry.kind === 'alert' ||
        entry.kind === 'confirm' ||
        entry.kind === 'inquiry' ||
        entry.kind === 'login' ||
        entry.kind === 'relogin'
      ) {
        expect(entry.title ?? (entry.usesServerText ? 'server' : undefined)).toBeTruthy();
      }
      if (entry.kind === 'toast') expect(entry.message).toBeTruthy();
      if (entry.kind === 'confirm' || entry.kind === 'login') expect(entry.buttons?.length).toBe(2);
    }
  });

  it.each(DECIDED_CODES)('resolves %i %s to a defined UI action', (status, code) => {
    const action = resolveError({ status, code, message: 'server says', title: 't', msg: 'm' });
    expect(KINDS).toContain(action.kind);
    expect(action.status).toBe(status);
    expect(action.code).toBe(code);
  });

  it('handles errors 200 ms after the response', () => {
    expect(ERROR_HANDLING_DELAY_MS).toBe(200);
  });
});

describe('receipt and save operations', () => {
  it('a refused save of buyer info or an address says 저장에 실패했습니다.', () => {
    for (const operation of [
      'updateUser',
      'addAddress',
      'updateAddress',
      'updateReceiptSns',
      'updateReceiptCashReceipt',
      'updateReceiptDelivery',
      'updateReceiptMemo',
    ]) {
      for (const code of ['bad-request', 'already-canceled', 'operation-failed'] as const) {
        expect(resolveError({ status: 400, code }, { operation })).toMatchObject({
          kind: 'toast',
          toastType: 'error',
          message: '저장에 실패했습니다.',
        });
      }
      // Statuses with their own meaning keep it.
      expect(resolveError({ status: 403, code: 'permission-denied' }, { operation }).kind).toBe('relogin');
      expect(resolveError({ status: 401, code: 'unauthorized' }, { operation }).kind).toBe('login');
    }
    expect(RESULT_TOASTS).toEqual({
      saved: '저장 완료 되었어요',
      saveFailed: '저장에 실패했습니다.',
      deleted: '삭제되었습니다',
      copied: '복사가 완료되었습니다!',
    });
  });

  it('a buyer cancel of an order paid meanwhile points to the seller; one already cancelled is done', () => {
    expect(resolveError({ status: 400, code: 'operation-failed' }, { operation: 'changeReceiptStatus' })).toMatchObject({
      kind: 'toast',
      message: '결제 완료 주문 취소는 판매 작가님에게 문의해주세요',
    });
    expect(resolveError({ status: 400, code: 'already-canceled' }, { operation: 'changeReceiptStatus' })).toMatchObject({
      kind: 'silent',
      treatAsSuccess: true,
    });
  });

  it('starting a payment the order no longer allows failed', () => {
    for (const operation of ['getNaverPayParams', 'getKakaoPayParams', 'issueVirtualAccount']) {
      for (const code of ['already-canceled', 'operation-failed'] as const) {
        expect(resolveError({ status: 400, code }, { operation })).toMatchObject({
          kind: 'toast',
          toastType: 'error',
          message: '결제에 실패했어요',
        });
      }
    }
  });
});

describe('exact texts of the spec', () => {
  const ui = (status: number, code: ApiErrorCode) => resolveError({ status, code });

  it('no connection', () => {
    for (const code of ['network-error', 'timeout', undefined] as const) {
      const action = resolveError({ status: 0, ...(code ? { code } : {}) });
      expect(action).toMatchObject({ kind: 'alert', title: '인터넷에 연결할 수 없어요' });
      expect(action.message).toContain('Wi-Fi');
      expect(action.message).toContain('LTE');
    }
  });

  it('not signed in: the login prompt', () => {
    expect(LOGIN_PROMPT).toEqual({
      kind: 'login',
      title: '로그인 필요',
      message: '간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?',
      buttons: [
        { label: '로그인', action: 'login' },
        { label: '다음에', action: 'none' },
      ],
    });
    expect(resolveError({ status: 401, code: 'unauthorized' })).toMatchObject(LOGIN_PROMPT);
    expect(resolveError({ status: 401 }, { operation: 'addSubscription' })).toMatchObject(LOGIN_PROMPT);
  });

  it('server notice shows the server title and msg', () => {
    expect(resolveError({ status: 420, code: 'server-notice', title: '서버 점검 안내', msg: '02:00까지 점검해요' })).toMatchObject({
      kind: 'alert',
      title: '서버 점검 안내',
      message: '02:00까지 점검해요',
    });
    expect(resolveError({ status: 420, title: '점검', message: '곧 끝나요' }, { operation: 'getReceipt' })).toMatchObject({
      kind: 'alert',
      title: '점검',
      message: '곧 끝나요',
    });
    expect(resolveError({ status: 420 })).toMatchObject({ kind: 'alert' });
  });

  it('timeouts are an order rush', () => {
    for (const status of [408, 504])
      expect(resolveError({ status })).toMatchObject({ kind: 'alert', title: '주문 실패', message: ORDER_RUSH });
  });

  it('400 list errors', () => {
    const list = [{ productTitle: '말랑 스티커' }];
    expect(resolveError({ status: 400, code: 'stock-shortage', list })).toMatchObject({ kind: 'alert', title: '재고 부족 안내', list });
    expect(resolveError({ status: 400, code: 'market-schedule', list })).toMatchObject({
      title: '마켓 일정을 확인해주세요',
      followUp: 'go-home',
      list,
    });
    expect(resolveError({ status: 400, code: 'deleted-product' })).toMatchObject({ title: '삭제된 물품 확인' });
    expect(resolveError({ status: 400, code: 'deleted-product' }).list).toBeUndefined();
    expect(ui(400, 'failed')).toMatchObject({ title: '주문 폭주', message: ORDER_RUSH });
  });

  it('400 data codes', () => {
    expect(ui(400, 'limit-cart')).toMatchObject({ kind: 'confirm', title: '장바구니가 꽉 찼어요' });
    expect(ui(400, 'limit-cart').buttons).toContainEqual({ label: '장바구니', action: 'go-cart' });
    expect(ui(400, 'already-in-order').title).toBe('주문 접수 중');
    expect(ui(400, 'invalid-delivery-option').title).toBe('배송 옵션 확인');
    expect(ui(400, 'weight-exceeded').title).toBe('배송 무게 초과');
    expect(ui(400, 'under-total-price').title).toBe('최소 주문 금액 확인');
    expect(ui(400, 'invalid-user-type')).toMatchObject({ kind: 'inquiry', title: '회원 탈퇴 실패' });
    expect(ui(400, 'receipt-remained')).toMatchObject({ kind: 'alert', title: '회원 탈퇴 실패' });
    expect(ui(400, 'popbill-error').title).toBe('은행 인증 오류');
    expect(ui(400, 'not-supported').kind).toBe('alert');
    expect(ui(400, 'permission-not-granted').kind).toBe('alert');
    expect(ui(400, 'notification-send-failed').kind).toBe('inquiry');
  });

  it('order product errors', () => {
    for (const code of ['out-of-stock', 'amount-exceeded'] as const) {
      expect(resolveError({ status: 400, code }, { operation: 'insertReceipt' })).toMatchObject({
        kind: 'toast',
        toastType: 'warning',
        message: '품절된 물품이 있어요',
        followUp: 'reload-cart',
      });
    }
    // Adding to the cart past the limit is not 'sold out': the toast names the limit.
    expect(resolveError({ status: 400, code: 'amount-exceeded' }, { operation: 'addToCart' })).toMatchObject({
      kind: 'toast',
      toastType: 'warning',
      message: '주문 가능 수량을 넘었어요. 장바구니에 담긴 수량을 확인해주세요',
    });
    expect(resolveError({ status: 400, code: 'out-of-stock' }, { operation: 'addToCart' }).message).toBe('품절된 물품이 있어요');
    expect(errorCatalogue['400:out-of-stock']?.tracked).toBe(true);
    expect(errorCatalogue['400:amount-exceeded']?.tracked).toBe(false);
    expect(ui(400, 'operation-failed')).toMatchObject({ kind: 'alert', title: '주문 폭주', message: ORDER_RUSH });
  });

  it('phone verification', () => {
    expect(resolveError({ status: 400, code: 'validate-sms-failed' }, { operation: 'validatePhone' })).toMatchObject({
      kind: 'alert',
      title: '인증번호 오류',
    });
    const other = resolveError(
      { status: 400, code: 'bad-request', message: 'phone' },
      { operation: 'validatePhone', uid: 'u1', api: 'POST /user/valid-phone', location: '/edit/myinfo' },
    );
    expect(other).toMatchObject({ kind: 'inquiry', title: '인증 오류' });
    expect(other.inquiry).toEqual({
      status: 400,
      code: 'bad-request',
      message: 'phone',
      uid: 'u1',
      api: 'POST /user/valid-phone',
      location: '/edit/myinfo',
    });
  });

  it('card payment failure appends the detail', () => {
    expect(resolveError({ status: 400, code: 'card-payment-failed', message: '한도 초과' })).toMatchObject({
      title: '결제 시도 오류',
      message: '오류로 인해 실패했습니다.\n한도 초과',
    });
    expect(resolveError({ status: 400, code: 'bad-request', message: '카드 거절' }, { operation: 'payWithAppCard' }).message).toBe(
      '오류로 인해 실패했습니다.\n카드 거절',
    );
    expect(resolveError({ status: 400, code: 'card-payment-failed' }).message).toBe('오류로 인해 실패했습니다.');
    expect(resolveError({ status: 504 }, { operation: 'payWithAppCard' }).title).toBe('주문 실패');
  });

  it('a receipt of another account asks to sign in again; other receipt or profile failures are notFound', () => {
    expect(resolveError({ status: 403, code: 'permission-denied' }, { operation: 'getReceipt' })).toMatchObject({
      kind: 'relogin',
      title: '주문 계정 확인 필요',
      followUp: 'relogin',
    });
    expect(resolveError({ status: 404, code: 'not-found' }, { operation: 'getReceipt' }).kind).toBe('not-found');
    expect(resolveError({ status: 500 }, { operation: 'getReceipt' }).kind).toBe('not-found');
    expect(resolveError({ status: 404, code: 'not-found' }, { operation: 'getSeller' }).kind).toBe('not-found');
    expect(resolveError({ status: 0, code: 'network-error' }, { operation: 'getSeller' }).title).toBe('인터넷에 연결할 수 없어요');
  });

  it('subscribe flows: already done is success, anything else a toast', () => {
    const subscribed = resolveError({ status: 400, code: 'already-subscribed' }, { operation: 'addSubscription' });
    expect(subscribed).toMatchObject({ kind: 'silent', treatAsSuccess: true });
    expect(resolveError({ status: 400, code: 'already-canceled' }, { operation: 'cancelSubscription' }).treatAsSuccess).toBe(true);
    expect(resolveError({ status: 400, code: 'invalid-market' }, { operation: 'cancelSubscription' })).toMatchObject({
      kind: 'toast',
      toastType: 'error',
      message: '요청에 실패했습니다. 잠시 후 다시 시도해주세요.',
      treatAsSuccess: false,
    });
    expect(resolveError({ status: 500 }, { operation: 'addSubscription' }).message).toBe('요청에 실패했습니다. 잠시 후 다시 시도해주세요.');
  });

  it('silent operations show nothing', () => {
    for (const operation of ['addDevice', 'listRecommendedSellers', 'requestAd', 'listSellerOpenedMarkets', 'listSellerPreviews']) {
      expect(resolveError({ status: 0, code: 'network-error' }, { operation })).toMatchObject({ kind: 'silent', treatAsSuccess: false });
    }
  });

  it('token login failure, unpayable order', () => {
    expect(tokenLoginFailure('auth/invalid-custom-token')).toEqual({
      kind: 'alert',
      title: '토큰 인증 실패',
      message: 'auth/invalid-custom-token',
      followUp: 'relogin',
    });
    expect(UNPAYABLE_ORDER_DIALOG).toEqual({
      kind: 'confirm',
      title: '결제 불가',
      message: '현재 결제할 수 없는 주문이에요. 주문을 취소해 주세요.',
      buttons: [
        { label: '다음에', action: 'none' },
        { label: '주문 취소', action: 'cancel-order' },
      ],
    });
    expect(UNPAYABLE_ORDER_CANCEL_REASON).toBe('결제 불가 주문 취소');
    expect(isUnpayableOrder(0)).toBe(true);
    expect(isUnpayableOrder(1)).toBe(false);
    expect(isUnpayableOrder(undefined)).toBe(false);
  });
});

describe('unknown errors', () => {
  // What ApiError carries when the body names no known code: `http-<status>`.
  const unknownCode = fc.integer({ min: 100, max: 599 }).map((status): ApiErrorCode => `http-${status}`);
  const codeStatus = fc.constantFrom(400, 500, 502, 503, 409, 418);

  test.prop([codeStatus, unknownCode, fc.option(fc.string(), { nil: undefined }), fc.string(), fc.string(), fc.string()])(
    'open the inquiry dialog with status, message, uid, api and location',
    (status, code, message, uid, api, location) => {
      const action = resolveError({ status, code, ...(message === undefined ? {} : { message }) }, { uid, api, location });
      expect(action.kind).toBe('inquiry');
      expect(action.treatAsSuccess).toBe(false);
      expect(action.inquiry).toEqual({ status, code, ...(message === undefined ? {} : { message }), uid, api, location });
      expect(action.buttons).toContainEqual({ label: '문의하기', action: 'open-inquiry' });
    },
  );

  it('without a code or context', () => {
    expect(resolveError({ status: 502 })).toMatchObject({ kind: 'inquiry', inquiry: { status: 502 } });
    expect(resolveError({ status: 404, code: 'http-404' }).kind).toBe('not-found');
    expect(catalogueEntry(418, undefined)).toBeUndefined();
  });

  test.prop([fc.constantFrom(...DECIDED_CODES), fc.string()])(
    'the operation name never makes a catalogue error undefined',
    ([status, code], operation) => {
      expect(KINDS).toContain(resolveError({ status, code }, { operation }).kind);
    },
  );
});
