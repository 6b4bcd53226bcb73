// Receipt (order) status rules of SPEC.md sections 4 and 8: labels, who may change what, the notes shown
// instead, the status stepper and the payment result messages.
import { TIMING } from './constants.js';
import { toEpochMs, type Now, type TimeInput } from './dates.js';

export const RECEIPT_STATUS = {
  ordered: 0,
  paid: 1,
  shipped: 3,
  shippedAlt: 4,
  cancelledByBuyer: 10,
  cancelledBySeller: 11,
  paymentConfirming: 99,
} as const;
export type ReceiptStatusCode = (typeof RECEIPT_STATUS)[keyof typeof RECEIPT_STATUS];

/** The status a buyer's cancellation sends. */
export const BUYER_CANCEL_STATUS = RECEIPT_STATUS.cancelledByBuyer;

export type ReceiptBadgeColour = 'yellow' | 'green' | 'blue' | 'red';
export interface ReceiptBadge {
  label: string;
  colour: ReceiptBadgeColour;
}

const BEFORE_PAYMENT: ReceiptBadge = { label: '결제 전', colour: 'yellow' };
const PAID: ReceiptBadge = { label: '결제 완료', colour: 'green' };
const SHIPPED: ReceiptBadge = { label: '발송 완료', colour: 'blue' };
const CANCELLED: ReceiptBadge = { label: '주문 취소', colour: 'red' };

/** The badge of a status; statuses without a label give null. */
export function receiptStatusBadge(status: number | null | undefined): ReceiptBadge | null {
  switch (status) {
    case RECEIPT_STATUS.ordered:
    case RECEIPT_STATUS.paymentConfirming:
      return BEFORE_PAYMENT;
    case RECEIPT_STATUS.paid:
      return PAID;
    case RECEIPT_STATUS.shipped:
    case RECEIPT_STATUS.shippedAlt:
      return SHIPPED;
    case RECEIPT_STATUS.cancelledByBuyer:
    case RECEIPT_STATUS.cancelledBySeller:
      return CANCELLED;
    default:
      return null;
  }
}

export interface ReceiptStatusEntry {
  status: number;
  timestamp?: TimeInput | null;
  desc?: string | null;
}

/**
 * The entry of the status list that is in force: the one with the latest timestamp; on equal or unreadable
 * timestamps the later entry of the list wins (the server appends). Null for an empty list.
 */
export function latestStatusEntry<E extends ReceiptStatusEntry>(statusList: readonly E[] | null | undefined): E | null {
  let latest: E | null = null;
  let latestMs = Number.NEGATIVE_INFINITY;
  for (const entry of statusList ?? []) {
    const ms = toEpochMs(entry.timestamp);
    const time = Number.isNaN(ms) ? latestMs : ms;
    if (latest === null || time >= latestMs) {
      latest = entry;
      latestMs = time;
    }
  }
  return latest;
}

/** The status in force, or null for an empty list. */
export function latestStatus(statusList: readonly ReceiptStatusEntry[] | null | undefined): number | null {
  return latestStatusEntry(statusList)?.status ?? null;
}

export function isReceiptCancelled(status: number | null): boolean {
  return status === RECEIPT_STATUS.cancelledByBuyer || status === RECEIPT_STATUS.cancelledBySeller;
}

// ---------------------------------------------------------------- who may change what

export const RECEIPT_NOTES = {
  cancelAfterPayment: '결제 완료 주문 취소는 판매 작가님에게 문의해주세요',
  noEditAfterCancel: '주문 취소 후에는 수정할 수 없어요.',
  noEditAfterPayment: '결제 완료 후에는 수정이 어려워요. 판매 작가님께 문의해주세요',
  /** Ours: 99 is not paid yet, so the note after payment would not be true (section 4 still locks the address). */
  noEditWhileConfirming: '결제 확인 중에는 수정이 어려워요. 판매 작가님께 문의해주세요',
  missingInvoice: '송장번호 없음 (판매 작가 문의)',
} as const;

/** The buyer may cancel only while the order is neither paid nor cancelled (status 0 or 99). */
export function canBuyerCancel(status: number | null): boolean {
  return status === RECEIPT_STATUS.ordered || status === RECEIPT_STATUS.paymentConfirming;
}

/** The order memo is editable while the latest status is at most 1 and packaging has not started. */
export function canEditMemo(status: number | null, packagingStatus: number | null | undefined): boolean {
  return status !== null && status <= RECEIPT_STATUS.paid && packagingStatus === 0;
}

/** The delivery address is editable only before payment (latest status 0). */
export function canEditAddress(status: number | null): boolean {
  return status === RECEIPT_STATUS.ordered;
}

/** Buyer info stays editable unless the order was cancelled. */
export function canEditBuyerInfo(status: number | null): boolean {
  return status !== null && !isReceiptCancelled(status);
}

export interface ReceiptPermissions {
  cancel: boolean;
  memo: boolean;
  address: boolean;
  buyerInfo: boolean;
  /** Shown where the cancel button would be. */
  cancelNote: string | null;
  /** Shown on the address button when it is disabled. */
  addressNote: string | null;
  /** Shown on the buyer-info button when it is disabled. */
  buyerInfoNote: string | null;
}

export function receiptPermissions(receipt: {
  status: readonly ReceiptStatusEntry[] | null | undefined;
  packagingStatus?: number | null;
}): ReceiptPermissions {
  const status = latestStatus(receipt.status);
  const cancelled = isReceiptCancelled(status);
  const cancel = canBuyerCancel(status);
  const address = canEditAddress(status);
  const buyerInfo = canEditBuyerInfo(status);
  return {
    cancel,
    memo: canEditMemo(status, receipt.packagingStatus),
    address,
    buyerInfo,
    cancelNote: cancel || cancelled || status === null ? null : RECEIPT_NOTES.cancelAfterPayment,
    addressNote: address || status === null ? null : addressLockedNote(status),
    buyerInfoNote: cancelled ? RECEIPT_NOTES.noEditAfterCancel : null,
  };
}

/** Why the address is locked (section 4: once the latest status is past 0): cancelled, being confirmed or paid. */
function addressLockedNote(status: number): string {
  if (isReceiptCancelled(status)) return RECEIPT_NOTES.noEditAfterCancel;
  if (status === RECEIPT_STATUS.paymentConfirming) return RECEIPT_NOTES.noEditWhileConfirming;
  return RECEIPT_NOTES.noEditAfterPayment;
}

/** The invoice line: the courier and number, or the missing-invoice note. */
export function invoiceText(invoice: { company?: string | null; no?: string | null } | null | undefined): string {
  const no = invoice?.no?.trim();
  if (!no) return RECEIPT_NOTES.missingInvoice;
  const company = invoice?.company?.trim();
  return company ? `${company} ${no}` : no;
}

// ---------------------------------------------------------------- stepper

export interface ReceiptStep {
  label: string;
  reached: boolean;
  /** When the step was reached (the first status entry that reached it). */
  timestamp: TimeInput | null;
}

const STEP_OF_STATUS: Readonly<Record<number, number>> = {
  [RECEIPT_STATUS.ordered]: 0,
  [RECEIPT_STATUS.paymentConfirming]: 0,
  [RECEIPT_STATUS.paid]: 1,
  [RECEIPT_STATUS.shipped]: 2,
  [RECEIPT_STATUS.shippedAlt]: 2,
};
const STEP_LABELS = [BEFORE_PAYMENT.label, PAID.label, SHIPPED.label] as const;

/**
 * The status stepper: 결제 전 → 결제 완료 → 발송 완료. A cancelled order keeps the steps it reached and ends
 * with 주문 취소 instead of the steps it never reached.
 */
export function receiptStepper(statusList: readonly ReceiptStatusEntry[] | null | undefined): ReceiptStep[] {
  const entries = statusList ?? [];
  const latest = latestStatusEntry(entries);
  const reachedAt: (TimeInput | null)[] = STEP_LABELS.map(() => null);
  let furthest = -1;
  for (const entry of entries) {
    const step = STEP_OF_STATUS[entry.status];
    if (step === undefined) continue;
    for (let earlier = 0; earlier <= step; earlier += 1) reachedAt[earlier] ??= entry.timestamp ?? null;
    furthest = Math.max(furthest, step);
  }
  const steps = STEP_LABELS.map((label, index) => ({ label, reached: index <= furthest, timestamp: reachedAt[index] ?? null }));
  if (latest === null || !isReceiptCancelled(latest.status)) return steps;
  return [...steps.filter((step) => step.reached), { label: CANCELLED.label, reached: true, timestamp: latest.timestamp ?? null }];
}

// ---------------------------------------------------------------- payment results

export type PaymentOutcome = 'success' | 'failed' | 'pending';

export const PAYMENT_MESSAGES = {
  success: '결제에 성공했어요',
  failed: '결제에 실패했어요',
  pending: '결제 확인 중이에요',
  pendingTooLong: '10분 후에도 확인 중이면 문의주세요',
} as const;

export interface PaymentToast {
  type: 'success' | 'error' | 'warning';
  message: string;
}

/** The toast after a payment attempt returns. */
export function paymentResultToast(outcome: PaymentOutcome): PaymentToast {
  if (outcome === 'success') return { type: 'success', message: PAYMENT_MESSAGES.success };
  if (outcome === 'failed') return { type: 'error', message: PAYMENT_MESSAGES.failed };
  return { type: 'warning', message: PAYMENT_MESSAGES.pending };
}

/**
 * The warning while a virtual-account payment is being confirmed: '결제 확인 중이에요' at first, and once it
 * has been pending for 10 minutes, the advice to get in touch.
 */
export function paymentPendingWarning(pendingSince: TimeInput, now: Now): string {
  const elapsed = toEpochMs(now) - toEpochMs(pendingSince);
  return elapsed >= TIMING.paymentPendingWarningMs ? PAYMENT_MESSAGES.pendingTooLong : PAYMENT_MESSAGES.pending;
}

/**
 * The pay page of an order found paid says '결제에 성공했어요' only when the payment is at most 10 minutes
 * old (the buyer has just paid), not when an old paid order's pay page is opened again.
 */
export function showsPaymentSuccessToast(paidAt: TimeInput, now: Now): boolean {
  const elapsed = toEpochMs(now) - toEpochMs(paidAt);
  return elapsed >= 0 && elapsed <= TIMING.paymentPendingWarningMs;
}

/** Paid, shipped or delivered (1, 3, 4): the pay page has nothing left to do. */
export function isReceiptPaid(status: number | null): boolean {
  return status === RECEIPT_STATUS.paid || status === RECEIPT_STATUS.shipped || status === RECEIPT_STATUS.shippedAlt;
}

/** When the order was paid: the time of its first paid step; null when it never was. */
export function paidAt(statusList: readonly ReceiptStatusEntry[] | null | undefined): TimeInput | null {
  return (statusList ?? []).find((entry) => entry.status === RECEIPT_STATUS.paid)?.timestamp ?? null;
}

/**
 * Waiting for the buyer's payment ('결제 전': 0, or 99 while a deposit is being confirmed): the receipt screen
 * refreshes the order's status every 7 s meanwhile.
 */
export function isAwaitingPayment(status: number | null): boolean {
  return status === RECEIPT_STATUS.ordered || status === RECEIPT_STATUS.paymentConfirming;
}

/**
 * A virtual account still waiting for its deposit: the pay page shows it (number, copy, '입금 확인') while
 * it has not expired; once expired the order can be paid again.
 */
export function awaitsDeposit(
  paymentResult: { type: string; status: string; expire?: TimeInput | null } | null | undefined,
  now: Now,
): boolean {
  if (paymentResult?.type !== 'vbank' || paymentResult.status !== 'pending') return false;
  return toEpochMs(paymentResult.expire) > toEpochMs(now);
}

// ---------------------------------------------------------------- order history

/**
 * The order of the order history's rooms: pinned rooms first, then the rest, each part by last activity,
 * newest first (on equal times the later id first: ids begin with their creation time).
 */
export function compareOrderRooms(
  a: { _id: string; pinned: boolean; timestamp: TimeInput },
  b: { _id: string; pinned: boolean; timestamp: TimeInput },
): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  const byTime = toEpochMs(b.timestamp) - toEpochMs(a.timestamp);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}
