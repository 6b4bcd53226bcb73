// Form rules of SPEC.md section 5. Each validator returns null when the value is valid, otherwise the exact
// Korean message to show under the field.
// Phone numbers use libphonenumber-js with its 'mobile' metadata on purpose: every phone field of the product
// is a mobile number ('휴대폰 번호'), and that metadata validates mobile digits strictly (max-grade rules)
// while staying smaller than 'max' (about 95 kB against 145 kB); 'min' only checks lengths.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import { IMAGE_INPUT_TYPES, LIMITS, SNS_TYPE, type PaymentMethod } from './choices.js';
import { TIMING } from './constants.js';
import { toEpochMs, type Now, type TimeInput } from './dates.js';

export const VALIDATION_MESSAGES = {
  buyerNameRequired: '이름을 입력해주세요',
  // The spec gives no text for a buyer name over 30 characters (the input caps it); this one is ours.
  buyerNameTooLong: '이름은 30자 이내로 입력해주세요',
  nameCharacters: '한글, 영문 대소문자, 특수문자( _, - )만 입력해주세요(띄어쓰기 불가)',
  snsIdRequired: 'SNS를 입력해주세요',
  snsIdRequiredOnReceipt: '아이디를 입력해주세요',
  phoneRequired: '휴대폰 번호를 입력해주세요',
  // The spec says only "already registered" for the account's own number; this wording is ours.
  phoneAlreadyRegistered: '이미 등록된 휴대폰 번호예요',
  phoneKoreanDigits: '휴대폰 번호 숫자 11자리를 입력해주세요',
  phoneInvalid: '유효한 휴대폰 번호를 입력해주세요',
  verificationCodeDigits: '인증 번호는 숫자 6자리를 입력해주세요',
  verificationCodeExpired: '인증 번호를 재발송 해주세요',
  bankAccountRequired: '환불 계좌를 입력해주세요',
  bankAccountDigits: '계좌번호는 숫자 8자리~14자리 사이로 입력해주세요',
  // The spec says only "already registered" for the verified account; this wording is ours.
  bankAccountAlreadyRegistered: '이미 등록된 계좌예요',
  cashReceiptRequired: '현금영수증 번호를 입력해주세요',
  recipientNameRequired: '받는 사람 이름을 입력해주세요',
  recipientNameTooLong: '받는 사람 이름은 한글 10자, 영문30자 이내로 입력해주세요',
  addressRequired: '배송 주소를 입력해주세요',
  orderMemoRequired: '주문 메모를 입력해주세요',
  cancelReasonRequired: '주문 취소 사유를 입력해주세요',
} as const;

const M = VALIDATION_MESSAGES;

/** Required fields treat a value of only whitespace as empty. */
function isBlank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

// ---------------------------------------------------------------- names

/** Buyer name: at most 30 characters (no weighting, unlike the recipient name). */
export const BUYER_NAME_MAX_LENGTH = 30;

// Hangul syllables and the compatibility jamo a Korean keyboard produces while composing, ASCII letters, _ and -.
const NAME_CHARACTER = /^[가-힣ㄱ-ㅎㅏ-ㅣa-zA-Z_-]$/;
const KOREAN_CHARACTER = /^[가-힣ㄱ-ㅎㅏ-ㅣ]$/;

/** True when every character is Korean, an ASCII letter, '_' or '-' (so no spaces, digits or symbols). */
export function hasOnlyNameCharacters(name: string): boolean {
  return [...name].every((character) => NAME_CHARACTER.test(character));
}

/** Weighted length of a name: a Korean character weighs 3, any other character 1 (10 Korean or 30 English). */
export function weightedNameLength(name: string): number {
  let length = 0;
  for (const character of name) length += KOREAN_CHARACTER.test(character) ? LIMITS.nameKoreanCharWeight : 1;
  return length;
}

export function validateBuyerName(name: string): string | null {
  if (isBlank(name)) return M.buyerNameRequired;
  if (!hasOnlyNameCharacters(name)) return M.nameCharacters;
  if ([...name].length > BUYER_NAME_MAX_LENGTH) return M.buyerNameTooLong;
  return null;
}

export function validateRecipientName(name: string): string | null {
  if (isBlank(name)) return M.recipientNameRequired;
  if (!hasOnlyNameCharacters(name)) return M.nameCharacters;
  if (weightedNameLength(name) > LIMITS.nameMaxWeighted) return M.recipientNameTooLong;
  return null;
}

// ---------------------------------------------------------------- SNS

/** The SNS id is required once a type other than none is chosen; the receipt screen words it differently. */
export function validateSnsId(sns: { type: number; id: string }, screen: 'profile' | 'receipt' = 'profile'): string | null {
  if (sns.type === SNS_TYPE.None || !isBlank(sns.id)) return null;
  return screen === 'receipt' ? M.snsIdRequiredOnReceipt : M.snsIdRequired;
}

// ---------------------------------------------------------------- phone

/** Countries offered first in the phone country picker, in order. */
export const PHONE_FAVOURITE_COUNTRIES = ['kr', 'jp', 'us', 'cn', 'hk', 'th', 'vn', 'tw', 'sg', 'ca'] as const;
export type PhoneCountry = (typeof PHONE_FAVOURITE_COUNTRIES)[number];
export const PHONE_DEFAULT_COUNTRY: PhoneCountry = 'kr';
export const PHONE_PLACEHOLDER = '010-1234-5678';

// Spaces, hyphens, dots and parentheses are how people group digits; anything else makes the number invalid.
const PHONE_GROUPING = /[\s\-.()]/g;

function phoneDigits(number: string): string {
  return number.replace(PHONE_GROUPING, '');
}

/**
 * The number in E.164 form (`+821012345678`) when it is a valid mobile number of the chosen country,
 * otherwise null. The national number is typed without the country code, as the placeholder shows.
 */
export function phoneToE164(country: string, number: string): string | null {
  const digits = phoneDigits(number);
  if (!/^\d+$/.test(digits)) return null;
  const countryCode = country.toUpperCase() as CountryCode;
  const parsed = parsePhoneNumberFromString(digits, countryCode);
  if (!parsed || parsed.country !== countryCode || !parsed.isValid()) return null;
  return parsed.number;
}

/**
 * A phone field: required; the account's own number is already registered; a Korean number has 11 digits;
 * otherwise it must be a valid mobile number of the chosen country. `ownPhone` is the account's E.164 phone.
 */
export function validatePhone(input: { country: string; number: string; ownPhone?: string | null }): string | null {
  if (isBlank(input.number)) return M.phoneRequired;
  const e164 = phoneToE164(input.country, input.number);
  if (e164 !== null && input.ownPhone && e164 === input.ownPhone) return M.phoneAlreadyRegistered;
  const isKorean = input.country.toLowerCase() === 'kr';
  if (isKorean && !new RegExp(`^\\d{${LIMITS.phoneDigits}}$`).test(phoneDigits(input.number))) return M.phoneKoreanDigits;
  return e164 === null ? M.phoneInvalid : null;
}

/**
 * A phone already stored in E.164 form (an address's tel, the account's phone): a valid mobile number,
 * and a +82 number is 13 characters long in that full form.
 */
export function isValidStoredPhone(phone: string | null | undefined): boolean {
  if (!phone || !phone.startsWith('+')) return false;
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed || !parsed.isValid() || parsed.number !== phone) return false;
  return parsed.countryCallingCode !== '82' || phone.length === LIMITS.phoneE164KrLength;
}

/**
 * A stored E.164 phone back in the phone field's form: its country (lowercase) and the national number as
 * people write it (`+821012345678` → kr, '010-1234-5678'); null when it cannot be read.
 */
export function phoneFieldOf(phone: string | null | undefined): { country: string; number: string } | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed?.country) return null;
  return { country: parsed.country.toLowerCase(), number: parsed.formatNational() };
}

/** A stored E.164 phone for display: national form for Korean numbers, international otherwise; as stored when unreadable. */
export function formatPhoneForDisplay(phone: string | null | undefined): string {
  if (!phone) return '';
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed) return phone;
  return parsed.countryCallingCode === '82' ? parsed.formatNational() : parsed.formatInternational();
}

/** Toasts of the phone verification flow. */
export const PHONE_VERIFICATION_TOASTS = {
  codeSent: '인증번호가 발송되었습니다',
  verified: '인증이 완료되었습니다.',
} as const;

/** The SMS step of phone verification is skipped for China. */
export function needsSmsVerification(country: string): boolean {
  return country.toLowerCase() !== 'cn';
}

/** Whole seconds left before a verification code issued at `issuedAt` expires (300 s), never below 0. */
export function verificationSecondsLeft(issuedAt: TimeInput, now: Now): number {
  const elapsed = toEpochMs(now) - toEpochMs(issuedAt);
  if (!Number.isFinite(elapsed)) return 0;
  return Math.max(0, Math.ceil((TIMING.phoneCodeValidityMs - elapsed) / 1000));
}

/** A new code may be requested only once the countdown has reached 0. */
export function canResendVerificationCode(issuedAt: TimeInput, now: Now): boolean {
  return verificationSecondsLeft(issuedAt, now) === 0;
}

/** The code typed in: expired first (the user must resend), otherwise exactly 6 digits. */
export function validateVerificationCode(input: { code: string; issuedAt: TimeInput; now: Now }): string | null {
  if (verificationSecondsLeft(input.issuedAt, input.now) === 0) return M.verificationCodeExpired;
  const pattern = new RegExp(`^\\d{${LIMITS.verificationCodeDigits}}$`);
  return pattern.test(input.code) ? null : M.verificationCodeDigits;
}

// ---------------------------------------------------------------- bank account

export interface BankAccountInput {
  /** Bank code (or name) chosen in the picker. */
  bank: string;
  number: string;
}

function hasBankAccount(account: BankAccountInput | null | undefined): account is BankAccountInput {
  return !!account && !isBlank(account.bank) && !isBlank(account.number);
}

/** Refund account: bank and number required, 8-14 digits; the account already verified needs no new check. */
export function validateBankAccount(account: BankAccountInput, verified?: BankAccountInput | null): string | null {
  if (!hasBankAccount(account)) return M.bankAccountRequired;
  const pattern = new RegExp(`^\\d{${LIMITS.bankNumberMinDigits},${LIMITS.bankNumberMaxDigits}}$`);
  if (!pattern.test(account.number)) return M.bankAccountDigits;
  if (verified && verified.bank === account.bank && verified.number === account.number) return M.bankAccountAlreadyRegistered;
  return null;
}

// ---------------------------------------------------------------- cash receipt

export type CashReceiptKind = 'none' | 'personal' | 'business';

/** Number of digits of a cash receipt number: personal (phone) 11, business registration 10. */
export function cashReceiptDigits(kind: Exclude<CashReceiptKind, 'none'>): number {
  return kind === 'personal' ? LIMITS.cashReceiptPersonalDigits : LIMITS.cashReceiptBusinessDigits;
}

/**
 * Cash receipt: nothing to check for none; otherwise the number is required and is exactly the kind's digits.
 * The spec has a single message for this field, so an incomplete number shows it too.
 */
export function validateCashReceipt(input: { kind: CashReceiptKind; no: string }): string | null {
  if (input.kind === 'none') return null;
  const pattern = new RegExp(`^\\d{${cashReceiptDigits(input.kind)}}$`);
  return pattern.test(input.no) ? null : M.cashReceiptRequired;
}

/**
 * Display form of a cash receipt number: personal 3-3-4 or 3-4-4 (010-123-4567, 010-1234-5678), business
 * 3-2-5 (123-45-67890). A number that is not complete is shown as typed.
 */
export function formatCashReceipt(kind: CashReceiptKind, no: string): string {
  if (kind === 'personal' && /^\d{10,11}$/.test(no)) {
    const middle = no.length - 7;
    return `${no.slice(0, 3)}-${no.slice(3, 3 + middle)}-${no.slice(3 + middle)}`;
  }
  if (kind === 'business' && /^\d{10}$/.test(no)) return `${no.slice(0, 3)}-${no.slice(3, 5)}-${no.slice(5)}`;
  return no;
}

// ---------------------------------------------------------------- address, memos, payment

/** Road address and detail address are both required; the delivery memo is optional and never checked. */
export function validateAddressLines(input: { addr: string; addr2: string }): string | null {
  return isBlank(input.addr) || isBlank(input.addr2) ? M.addressRequired : null;
}

/** A saved address is complete when its recipient name, phone and both address lines pass their rules. */
export function isAddressComplete(address: { name: string; tel: string; addr: string; addr2: string } | null | undefined): boolean {
  if (!address) return false;
  return validateRecipientName(address.name) === null && isValidStoredPhone(address.tel) && validateAddressLines(address) === null;
}

export function validateOrderMemo(memo: string): string | null {
  return isBlank(memo) ? M.orderMemoRequired : null;
}

export function validateCancelReason(reason: string): string | null {
  return isBlank(reason) ? M.cancelReasonRequired : null;
}

/** Paying by virtual account needs a refund account. */
export function validatePaymentRefundAccount(method: PaymentMethod, refundAccount: BankAccountInput | null | undefined): string | null {
  if (method !== 'vbank') return null;
  return hasBankAccount(refundAccount) ? null : M.bankAccountRequired;
}

// ---------------------------------------------------------------- files, colours, search, text

/** The `accept` attribute of image inputs. */
export const IMAGE_INPUT_ACCEPT = IMAGE_INPUT_TYPES.join(',');

export function isAcceptedImageType(mimeType: string): boolean {
  return (IMAGE_INPUT_TYPES as readonly string[]).includes(mimeType.toLowerCase());
}

/** The colour picker accepts `#RRGGBB` only. */
export function isHexColour(value: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(value);
}

/** Default maxLength of text inputs. */
export const TEXT_INPUT_MAX_LENGTH = LIMITS.textInputMaxLength;

/** Length of the text in UTF-8 bytes (a lone surrogate counts as the 3-byte replacement character). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const codePoint = character.codePointAt(0) as number;
    if (codePoint < 0x80) bytes += 1;
    else if (codePoint < 0x800) bytes += 2;
    else if (codePoint < 0x10000) bytes += 3;
    else bytes += 4;
  }
  return bytes;
}

// ---------------------------------------------------------------- test alerts

/**
 * What stops a test alert (settings screen): a device that cannot receive alerts, or a missing notification
 * permission (and, for the open alert, a missing alarm permission). The result is the error catalogue's code.
 */
export function testAlertBlocker(input: {
  kind: 'open' | 'push';
  supported: boolean;
  notificationGranted: boolean;
  alarmGranted?: boolean;
}): 'not-supported' | 'permission-not-granted' | null {
  if (!input.supported) return 'not-supported';
  if (!input.notificationGranted || (input.kind === 'open' && input.alarmGranted !== true)) return 'permission-not-granted';
  return null;
}

// ---------------------------------------------------------------- buyer info check

export type UserInfoCheck = 'ok' | 'info' | 'phoneFormat';

/**
 * Whether the account's buyer info is complete enough to order: cash receipt, SNS and refund account must be
 * set ('info' otherwise), and the phone must be in international form starting with '+' ('phoneFormat').
 */
export function checkUserInfo(me: { cashReceipt?: unknown; sns?: unknown; account?: unknown; phone?: string | null }): UserInfoCheck {
  if (me.cashReceipt == null || me.sns == null || me.account == null) return 'info';
  if (!me.phone?.startsWith('+')) return 'phoneFormat';
  return 'ok';
}

// ---------------------------------------------------------------- seller profile

/**
 * A seller's dashboard (the seller side of the my page) needs a complete profile: the profile info, the
 * settlement account and the business registration are all present (SPEC.md sections 2 and 6).
 */
export function isSellerProfileComplete(seller: { info?: unknown; bank?: unknown; business?: unknown } | null | undefined): boolean {
  return !!seller && seller.info != null && seller.bank != null && seller.business != null;
}
