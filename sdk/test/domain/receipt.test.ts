import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  awaitsDeposit,
  BUYER_CANCEL_STATUS,
  canBuyerCancel,
  canEditAddress,
  canEditBuyerInfo,
  canEditMemo,
  invoiceText,
  isAwaitingPayment,
  isReceiptCancelled,
  isReceiptPaid,
  latestStatus,
  latestStatusEntry,
  paidAt,
  paymentPendingWarning,
  paymentResultToast,
  receiptPermissions,
  receiptStatusBadge,
  receiptStepper,
  showsPaymentSuccessToast,
  type ReceiptStatusEntry,
} from '../../src/domain/receipt';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const STATUSES = [0, 1, 3, 4, 10, 11, 99];
const status = fc.oneof(fc.constantFrom(...STATUSES), fc.integer({ min: -5, max: 120 }));
const entries = (...list: Array<[number, number]>): ReceiptStatusEntry[] =>
  list.map(([code, at]) => ({ status: code, timestamp: iso(at), desc: '' }));

describe('status badges', () => {
  it('labels and colours every status of the spec', () => {
    expect(receiptStatusBadge(0)).toEqual({ label: '결제 전', colour: 'yellow' });
    expect(receiptStatusBadge(99)).toEqual({ label: '결제 전', colour: 'yellow' });
    expect(receiptStatusBadge(1)).toEqual({ label: '결제 완료', colour: 'green' });
    expect(receiptStatusBadge(3)).toEqual({ label: '발송 완료', colour: 'blue' });
    expect(receiptStatusBadge(4)).toEqual({ label: '발송 완료', colour: 'blue' });
    expect(receiptStatusBadge(10)).toEqual({ label: '주문 취소', colour: 'red' });
    expect(receiptStatusBadge(11)).toEqual({ label: '주문 취소', colour: 'red' });
  });

  test.prop([fc.integer({ min: -1000, max: 1000 }).filter((code) => !STATUSES.includes(code))])('other statuses have no badge', (code) => {
    expect(receiptStatusBadge(code)).toBeNull();
    expect(receiptStatusBadge(null)).toBeNull();
  });
});

describe('latestStatus', () => {
  it('takes the latest timestamp, the later entry on ties, null when empty', () => {
    expect(latestStatus(entries([0, T0], [1, T0 + MINUTE]))).toBe(1);
    expect(latestStatus(entries([1, T0 + MINUTE], [0, T0]))).toBe(1);
    expect(latestStatus(entries([0, T0], [10, T0]))).toBe(10);
    expect(
      latestStatus([
        { status: 0, timestamp: null },
        { status: 1, timestamp: 'garbage' },
      ]),
    ).toBe(1);
    expect(latestStatus([])).toBeNull();
    expect(latestStatus(undefined)).toBeNull();
  });

  test.prop([fc.array(fc.tuple(status, fc.integer({ min: 0, max: 100 })), { minLength: 1, maxLength: 8 })])(
    'is the status of an entry with the greatest time',
    (list) => {
      const statusList = entries(...list.map(([code, minutes]) => [code, T0 + minutes * MINUTE] as [number, number]));
      const latest = latestStatusEntry(statusList)!;
      const greatest = Math.max(...list.map(([, minutes]) => minutes));
      expect(Date.parse(latest.timestamp as string)).toBe(T0 + greatest * MINUTE);
      expect(latestStatus(statusList)).toBe(latest.status);
    },
  );
});

test.prop([
  fc.uniqueArray(fc.tuple(status, fc.integer({ min: 0, max: 100 })), { minLength: 1, maxLength: 8, selector: ([, minutes]) => minutes }),
])('with distinct times the list order does not matter', (list) => {
  const statusList = entries(...list.map(([code, minutes]) => [code, T0 + minutes * MINUTE] as [number, number]));
  expect(latestStatus([...statusList].reverse())).toBe(latestStatus(statusList));
});

describe('what the buyer may change', () => {
  it('pins the rules on each status', () => {
    expect(STATUSES.filter((code) => canBuyerCancel(code))).toEqual([0, 99]);
    expect(STATUSES.filter((code) => canEditAddress(code))).toEqual([0]);
    expect(STATUSES.filter((code) => canEditBuyerInfo(code))).toEqual([0, 1, 3, 4, 99]);
    expect(STATUSES.filter((code) => canEditMemo(code, 0))).toEqual([0, 1]);
    expect(STATUSES.filter((code) => canEditMemo(code, 1))).toEqual([]);
    expect(canBuyerCancel(null) || canEditAddress(null) || canEditBuyerInfo(null) || canEditMemo(null, 0)).toBe(false);
    expect(BUYER_CANCEL_STATUS).toBe(10);
  });

  test.prop([status, fc.integer({ min: 0, max: 3 })])('each rule as the spec states it', (code, packaging) => {
    const cancelled = code === 10 || code === 11;
    expect(isReceiptCancelled(code)).toBe(cancelled);
    expect(canBuyerCancel(code)).toBe(code === 0 || code === 99);
    expect(canEditMemo(code, packaging)).toBe(code <= 1 && packaging === 0);
    expect(canEditAddress(code)).toBe(code === 0);
    expect(canEditBuyerInfo(code)).toBe(!cancelled);
  });

  it('shows the notes of the spec', () => {
    const unpaid = receiptPermissions({ status: entries([0, T0]), packagingStatus: 0 });
    expect(unpaid).toEqual({
      cancel: true,
      memo: true,
      address: true,
      buyerInfo: true,
      cancelNote: null,
      addressNote: null,
      buyerInfoNote: null,
    });

    const paid = receiptPermissions({ status: entries([0, T0], [1, T0 + MINUTE]), packagingStatus: 0 });
    expect(paid).toMatchObject({ cancel: false, memo: true, address: false, buyerInfo: true });
    expect(paid.cancelNote).toBe('결제 완료 주문 취소는 판매 작가님에게 문의해주세요');
    expect(paid.addressNote).toBe('결제 완료 후에는 수정이 어려워요. 판매 작가님께 문의해주세요');
    expect(paid.buyerInfoNote).toBeNull();

    // 99 (a virtual account awaits its deposit) is not paid: the address is locked (latest status past 0)
    // with a note that says why, not the one after payment.
    const confirming = receiptPermissions({ status: entries([0, T0], [99, T0 + MINUTE]), packagingStatus: 0 });
    expect(confirming).toMatchObject({ cancel: true, memo: false, address: false, buyerInfo: true, cancelNote: null });
    expect(confirming.addressNote).toBe('결제 확인 중에는 수정이 어려워요. 판매 작가님께 문의해주세요');

    const cancelled = receiptPermissions({ status: entries([0, T0], [10, T0 + MINUTE]) });
    expect(cancelled).toMatchObject({ cancel: false, memo: false, address: false, buyerInfo: false, cancelNote: null });
    expect(cancelled.addressNote).toBe('주문 취소 후에는 수정할 수 없어요.');
    expect(cancelled.buyerInfoNote).toBe('주문 취소 후에는 수정할 수 없어요.');

    expect(receiptPermissions({ status: [] })).toEqual({
      cancel: false,
      memo: false,
      address: false,
      buyerInfo: false,
      cancelNote: null,
      addressNote: null,
      buyerInfoNote: null,
    });
  });

  it('shows the invoice or its missing note', () => {
    expect(invoiceText(null)).toBe('송장번호 없음 (판매 작가 문의)');
    expect(invoiceText({ company: 'CJ대한통운', no: ' ' })).toBe('송장번호 없음 (판매 작가 문의)');
    expect(invoiceText({ company: 'CJ대한통운', no: '123456789012' })).toBe('CJ대한통운 123456789012');
    expect(invoiceText({ no: '123456789012' })).toBe('123456789012');
  });
});

describe('stepper', () => {
  const labels = (list: ReceiptStatusEntry[]) => receiptStepper(list).map((step) => `${step.label}${step.reached ? '*' : ''}`);

  it('walks 결제 전 → 결제 완료 → 발송 완료', () => {
    expect(labels(entries([0, T0]))).toEqual(['결제 전*', '결제 완료', '발송 완료']);
    expect(labels(entries([99, T0]))).toEqual(['결제 전*', '결제 완료', '발송 완료']);
    expect(labels(entries([0, T0], [1, T0 + 1]))).toEqual(['결제 전*', '결제 완료*', '발송 완료']);
    expect(labels(entries([0, T0], [1, T0 + 1], [3, T0 + 2]))).toEqual(['결제 전*', '결제 완료*', '발송 완료*']);
    expect(labels([])).toEqual(['결제 전', '결제 완료', '발송 완료']);
  });

  it('ends a cancelled order with 주문 취소 after the steps it reached', () => {
    expect(labels(entries([0, T0], [10, T0 + 1]))).toEqual(['결제 전*', '주문 취소*']);
    expect(labels(entries([0, T0], [1, T0 + 1], [11, T0 + 2]))).toEqual(['결제 전*', '결제 완료*', '주문 취소*']);
    expect(receiptStepper(entries([0, T0], [10, T0 + 1]))[1]?.timestamp).toBe(iso(T0 + 1));
  });

  it('dates each step by the first status that reached it', () => {
    const steps = receiptStepper(entries([0, T0], [4, T0 + 2]));
    expect(steps.map((step) => step.timestamp)).toEqual([iso(T0), iso(T0 + 2), iso(T0 + 2)]);
  });
});

describe('payment results', () => {
  it('pins the toasts', () => {
    expect(paymentResultToast('success')).toEqual({ type: 'success', message: '결제에 성공했어요' });
    expect(paymentResultToast('failed')).toEqual({ type: 'error', message: '결제에 실패했어요' });
    expect(paymentResultToast('pending')).toEqual({ type: 'warning', message: '결제 확인 중이에요' });
  });

  test.prop([fc.integer({ min: 0, max: 60 * MINUTE })])('pending warns, then after 10 minutes asks to get in touch', (elapsed) => {
    const warning = paymentPendingWarning(T0, T0 + elapsed);
    expect(warning).toBe(elapsed >= 10 * MINUTE ? '10분 후에도 확인 중이면 문의주세요' : '결제 확인 중이에요');
  });

  test.prop([fc.integer({ min: -MINUTE, max: 60 * MINUTE })])(
    'the success toast shows only when paid within the last 10 minutes',
    (elapsed) => {
      expect(showsPaymentSuccessToast(iso(T0), T0 + elapsed)).toBe(elapsed >= 0 && elapsed <= 10 * MINUTE);
    },
  );

  it('knows when an order was paid', () => {
    expect(paidAt(entries([0, T0], [1, T0 + MINUTE], [3, T0 + 2 * MINUTE]))).toBe(iso(T0 + MINUTE));
    expect(paidAt(entries([0, T0], [99, T0 + MINUTE]))).toBeNull();
    expect(paidAt(undefined)).toBeNull();
    expect([0, 1, 3, 4, 10, 11, 99, null].filter((code) => isReceiptPaid(code))).toEqual([1, 3, 4]);
  });

  it('waits for the payment while the order is 결제 전 (0, 99)', () => {
    expect([0, 1, 3, 4, 10, 11, 99, null].filter((code) => isAwaitingPayment(code))).toEqual([0, 99]);
  });

  it('shows a virtual account while it waits for its deposit and has not expired', () => {
    const account = { type: 'vbank', status: 'pending', expire: iso(T0 + MINUTE) };
    expect(awaitsDeposit(account, T0)).toBe(true);
    expect(awaitsDeposit(account, T0 + MINUTE)).toBe(false);
    expect(awaitsDeposit({ ...account, status: 'success' }, T0)).toBe(false);
    expect(awaitsDeposit({ ...account, type: 'card', expire: null }, T0)).toBe(false);
    expect(awaitsDeposit({ ...account, expire: null }, T0)).toBe(false);
    expect(awaitsDeposit(null, T0)).toBe(false);
  });
});
