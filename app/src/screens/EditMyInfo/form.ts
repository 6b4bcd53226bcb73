// The buyer-info form's values and their rules, all from the sdk (SPEC.md section 5): name, verified phone,
// SNS, cash receipt, verified refund account, colour and photo.
import type { Schemas } from '@creator-market/sdk';
import {
  BANKS,
  cashReceiptDigits,
  DEFAULT_BG_COLOR,
  isHexColour,
  validateBankAccount,
  validateBuyerName,
  validateCashReceipt,
  validatePhone,
  validateSnsId,
  type CashReceiptKind,
} from '@creator-market/sdk/domain';
import { phoneValueOf, type PhoneValue } from '../../features/forms/PhoneField';

type User = Schemas['User'];
type BankAccount = Schemas['BankAccount'];

export const EDIT_MY_INFO_MESSAGES = {
  // Ours: the spec has no text for a phone typed but not verified, an account typed but not verified, or a
  // colour that is not hex, nor for a file of another type.
  phoneNotVerified: '휴대폰 번호 인증을 완료해주세요',
  accountNotVerified: '환불 계좌 인증을 완료해주세요',
  colourInvalid: '#RRGGBB 형식의 색상을 입력해주세요',
  photoType: 'JPEG, PNG, WebP 이미지만 올릴 수 있어요',
} as const;

export interface RefundAccountState {
  /** Bank code ('' = not chosen). */
  bank: string;
  number: string;
  /** The verified account shown locked; null while one is being entered. */
  verified: BankAccount | null;
}

export interface BuyerInfoForm {
  name: string;
  /** The phone being entered (a verified phone shows locked until '변경'). */
  phone: PhoneValue;
  /** True while a new phone is entered in place of the verified one. */
  changingPhone: boolean;
  sns: { type: number; id: string };
  cashReceipt: { kind: CashReceiptKind; no: string; lastIsPersonal: boolean };
  account: RefundAccountState;
  bgColor: string;
  /** A newly chosen photo (uploaded before the rest is saved). */
  photo: File | null;
}

export type BuyerInfoField = 'name' | 'phone' | 'snsId' | 'cashReceipt' | 'account' | 'bgColor';
export type BuyerInfoErrors = Partial<Record<BuyerInfoField, string>>;

function cashReceiptKindOf(receipt: User['cashReceipt']): CashReceiptKind {
  if (!receipt || receipt.no === '') return 'none';
  return receipt.isPersonal ? 'personal' : 'business';
}

export function formOf(user: User): BuyerInfoForm {
  return {
    name: user.name ?? '',
    phone: phoneValueOf(user.phone),
    changingPhone: false,
    sns: { type: user.sns?.type ?? 0, id: user.sns?.id ?? '' },
    cashReceipt: {
      kind: cashReceiptKindOf(user.cashReceipt),
      no: user.cashReceipt?.no ?? '',
      lastIsPersonal: user.cashReceipt?.isPersonal ?? true,
    },
    account: { bank: user.account?.type ?? '', number: user.account?.no ?? '', verified: user.account ?? null },
    bgColor: user.bgColor || DEFAULT_BG_COLOR,
    photo: null,
  };
}

export function bankName(code: string): string {
  return BANKS.find((bank) => bank.code === code)?.name ?? code;
}

/** Only digits, at most `max` of them (cash receipt and account numbers). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

export function cashReceiptMaxDigits(kind: CashReceiptKind): number {
  return kind === 'none' ? 0 : cashReceiptDigits(kind);
}

/**
 * The form's messages; empty when it can be saved. The phone and the refund account are stored only by
 * their verifications: the account needs a verified one of each, and a new one typed in must be verified
 * (or cleared) before saving.
 */
export function validateBuyerInfo(
  form: BuyerInfoForm,
  stored: { phone?: string | undefined; account?: BankAccount | undefined },
): BuyerInfoErrors {
  const errors: BuyerInfoErrors = {};
  const name = validateBuyerName(form.name);
  if (name) errors.name = name;

  const typingPhone = !stored.phone || form.changingPhone;
  if (typingPhone && (!stored.phone || form.phone.number.trim() !== '')) {
    errors.phone =
      validatePhone({ country: form.phone.country, number: form.phone.number, ownPhone: stored.phone ?? null }) ??
      EDIT_MY_INFO_MESSAGES.phoneNotVerified;
  }

  const sns = validateSnsId(form.sns);
  if (sns) errors.snsId = sns;

  const cash = validateCashReceipt({ kind: form.cashReceipt.kind, no: form.cashReceipt.no });
  if (cash) errors.cashReceipt = cash;

  const { bank, number, verified } = form.account;
  if (!verified && (!stored.account || bank !== '' || number !== '')) {
    const storedAccount = stored.account ? { bank: stored.account.type, number: stored.account.no } : null;
    errors.account = validateBankAccount({ bank, number }, storedAccount) ?? EDIT_MY_INFO_MESSAGES.accountNotVerified;
  }

  if (!isHexColour(form.bgColor)) errors.bgColor = EDIT_MY_INFO_MESSAGES.colourInvalid;
  return errors;
}

/** The body of POST /user for a valid form. */
export function userBody(form: BuyerInfoForm): { name: string; sns: Schemas['Sns']; cashReceipt: Schemas['CashReceipt']; bgColor: string } {
  const { kind, no, lastIsPersonal } = form.cashReceipt;
  return {
    name: form.name,
    sns: { type: form.sns.type as Schemas['SnsType'], id: form.sns.type === 0 ? '' : form.sns.id.trim() },
    cashReceipt: kind === 'none' ? { isPersonal: lastIsPersonal, no: '' } : { isPersonal: kind === 'personal', no },
    bgColor: form.bgColor,
  };
}
