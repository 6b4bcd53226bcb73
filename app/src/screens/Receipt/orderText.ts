// How the receipt pages word an order's parts: banks, SNS, cash receipts, ways of paying. Display only; the
// rules are the sdk's. Labels the spec does not give are ours.
import type { Schemas } from '@creator-market/sdk';
import {
  BANKS,
  formatCashReceipt,
  SNS_DISPLAY_NAMES,
  type CashReceiptKind,
  type PaymentMethod,
  type SnsTypeCode,
} from '@creator-market/sdk/domain';

export function bankName(code: string): string {
  return BANKS.find((bank) => bank.code === code)?.name ?? code;
}

export function snsName(type: number): string {
  return SNS_DISPLAY_NAMES[type as SnsTypeCode] ?? SNS_DISPLAY_NAMES[0];
}

export function snsText(sns: Schemas['Sns']): string {
  return sns.type === 0 ? snsName(0) : `${snsName(sns.type)} · ${sns.id}`;
}

export const CASH_RECEIPT_LABELS: Record<CashReceiptKind, string> = {
  none: '신청 안 함',
  personal: '개인 소득공제용',
  business: '사업자 지출증빙용',
};

/** The kind of a stored cash-receipt choice: an empty number means none. */
export function cashReceiptKind(cashReceipt: { isPersonal: boolean; no: string }): CashReceiptKind {
  if (cashReceipt.no === '') return 'none';
  return cashReceipt.isPersonal ? 'personal' : 'business';
}

export function cashReceiptText(cashReceipt: { isPersonal: boolean; no: string }): string {
  const kind = cashReceiptKind(cashReceipt);
  return kind === 'none' ? CASH_RECEIPT_LABELS.none : `${CASH_RECEIPT_LABELS[kind]} · ${formatCashReceipt(kind, cashReceipt.no)}`;
}

export function bankAccountText(account: Schemas['BankAccount']): string {
  return `${bankName(account.type)} ${account.no} (${account.name})`;
}

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  naver: '네이버페이',
  kakao: '카카오페이',
  card: '신용카드',
  vbank: '가상계좌',
};

const PAYMENT_TYPE_LABELS: Record<Schemas['PaymentType'], string> = {
  naverpay: PAYMENT_METHOD_LABELS.naver,
  kakaopay: PAYMENT_METHOD_LABELS.kakao,
  card: PAYMENT_METHOD_LABELS.card,
  vbank: PAYMENT_METHOD_LABELS.vbank,
};

export function paymentTypeLabel(type: Schemas['PaymentType']): string {
  return PAYMENT_TYPE_LABELS[type];
}

/** A remaining time as 'HH:MM:SS' (hours may exceed 24), never below zero. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const parts = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return parts.map((part) => String(part).padStart(2, '0')).join(':');
}

/** The goods of an order as payment pages name them: the first product and how many other lines. */
export function goodsSummary(productList: ReadonlyArray<{ title: string }>): string {
  const first = productList[0]?.title ?? '';
  const others = productList.length - 1;
  return others > 0 ? `${first} 외 ${others}건` : first;
}
