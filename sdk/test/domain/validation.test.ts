import { fc, test } from '@fast-check/vitest';
import { getExampleNumber, type CountryCode } from 'libphonenumber-js/mobile';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import {
  BUYER_NAME_MAX_LENGTH,
  canResendVerificationCode,
  cashReceiptDigits,
  checkUserInfo,
  formatCashReceipt,
  hasOnlyNameCharacters,
  IMAGE_INPUT_ACCEPT,
  isAcceptedImageType,
  isAddressComplete,
  isHexColour,
  isValidStoredPhone,
  needsSmsVerification,
  PHONE_DEFAULT_COUNTRY,
  PHONE_FAVOURITE_COUNTRIES,
  PHONE_PLACEHOLDER,
  PHONE_VERIFICATION_TOASTS,
  phoneToE164,
  phoneFieldOf,
  formatPhoneForDisplay,
  TEXT_INPUT_MAX_LENGTH,
  testAlertBlocker,
  utf8ByteLength,
  validateAddressLines,
  validateBankAccount,
  validateBuyerName,
  validateCancelReason,
  validateCashReceipt,
  validateOrderMemo,
  validatePaymentRefundAccount,
  validatePhone,
  validateRecipientName,
  validateSnsId,
  validateVerificationCode,
  VALIDATION_MESSAGES,
  verificationSecondsLeft,
  weightedNameLength,
} from '../../src/domain/validation';
import { normalizeSearchTerm } from '../../src/domain/search';

const NAME_CHARACTERS_MESSAGE = '한글, 영문 대소문자, 특수문자( _, - )만 입력해주세요(띄어쓰기 불가)';

// The allowed alphabet written out from the rule: Hangul syllables, compatibility jamo, ASCII letters, _ and -.
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => String.fromCharCode(from + index));
const KOREAN = [...range(0xac00, 0xd7a3), ...range(0x3131, 0x3163)];
const LATIN = [...range(0x41, 0x5a), ...range(0x61, 0x7a), '_', '-'];
const ALLOWED = new Set([...KOREAN, ...LATIN]);

const koreanChar = fc.constantFrom(...KOREAN);
const latinChar = fc.constantFrom(...LATIN);
const nameChar = fc.oneof(koreanChar, latinChar);
const forbiddenChar = fc
  .oneof(
    fc.constantFrom(' ', '\t', '0', '9', '.', '!', '@', '가 ', 'é', '日', '😀', '\u3000'),
    fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
  )
  .filter((text) => [...text].some((character) => !ALLOWED.has(character)));
const KOREAN_SET = new Set(KOREAN);
const weightOf = (name: string) => [...name].reduce((sum, character) => sum + (KOREAN_SET.has(character) ? 3 : 1), 0);
const insertAt = (text: string, insert: string, position: number) => {
  const characters = [...text];
  const at = position % (characters.length + 1);
  return [...characters.slice(0, at), insert, ...characters.slice(at)].join('');
};

describe('buyer name', () => {
  it('pins the messages', () => {
    expect(validateBuyerName('')).toBe('이름을 입력해주세요');
    expect(validateBuyerName('   ')).toBe('이름을 입력해주세요');
    expect(validateBuyerName('홍 길동')).toBe(NAME_CHARACTERS_MESSAGE);
    expect(validateBuyerName('mallang_studio-1')).toBe(NAME_CHARACTERS_MESSAGE);
    expect(validateBuyerName('말랑_studio-ㅋ')).toBeNull();
    expect(validateBuyerName('a'.repeat(30))).toBeNull();
    expect(validateBuyerName('a'.repeat(31))).toBe(VALIDATION_MESSAGES.buyerNameTooLong);
    expect(BUYER_NAME_MAX_LENGTH).toBe(30);
  });

  test.prop([fc.array(nameChar, { minLength: 1, maxLength: 30 })])('accepts 1-30 allowed characters', (characters) => {
    expect(validateBuyerName(characters.join(''))).toBeNull();
  });

  test.prop([fc.array(nameChar, { maxLength: 29 }), forbiddenChar, fc.nat()])(
    'rejects a space or any other character',
    (characters, bad, at) => {
      const name = insertAt(characters.join(''), bad, at);
      const expected = name.trim() === '' ? '이름을 입력해주세요' : NAME_CHARACTERS_MESSAGE;
      expect(validateBuyerName(name)).toBe(expected);
    },
  );

  test.prop([fc.array(nameChar, { minLength: 31, maxLength: 80 })])('rejects more than 30 characters', (characters) => {
    expect(validateBuyerName(characters.join(''))).toBe(VALIDATION_MESSAGES.buyerNameTooLong);
  });

  test.prop([fc.string({ unit: 'binary', maxLength: 40 })])('whatever it accepts is 1-30 characters of the alphabet', (text) => {
    if (validateBuyerName(text) === null) {
      expect([...text].every((character) => ALLOWED.has(character))).toBe(true);
      expect([...text].length).toBeGreaterThan(0);
      expect([...text].length).toBeLessThanOrEqual(30);
    }
    expect(hasOnlyNameCharacters(text)).toBe([...text].every((character) => ALLOWED.has(character)));
  });
});

describe('recipient name (weighted length)', () => {
  it('pins the messages and the weights', () => {
    expect(validateRecipientName('')).toBe('받는 사람 이름을 입력해주세요');
    expect(validateRecipientName('김 철수')).toBe(NAME_CHARACTERS_MESSAGE);
    expect(validateRecipientName('가'.repeat(10))).toBeNull();
    expect(validateRecipientName('가'.repeat(11))).toBe('받는 사람 이름은 한글 10자, 영문30자 이내로 입력해주세요');
    expect(validateRecipientName('a'.repeat(30))).toBeNull();
    expect(validateRecipientName('가'.repeat(9) + 'abcd')).toBe('받는 사람 이름은 한글 10자, 영문30자 이내로 입력해주세요');
    expect(weightedNameLength('가ㄱa_')).toBe(8);
  });

  // The longest prefix weighing at most 30, and names padded with letters until they weigh more.
  const withinWeight = fc.array(nameChar, { minLength: 1, maxLength: 30 }).map((characters) => {
    const kept: string[] = [];
    for (const character of characters) if (weightOf([...kept, character].join('')) <= 30) kept.push(character);
    return kept;
  });
  const overWeight = fc
    .tuple(fc.array(nameChar, { maxLength: 30 }), fc.array(latinChar, { minLength: 31, maxLength: 31 }))
    .map(([start, padding]) => {
      const name = [...start];
      for (const character of padding) if (weightOf(name.join('')) <= 30) name.push(character);
      return name;
    });
  test.prop([withinWeight])('accepts names of the alphabet weighing at most 30', (characters) => {
    expect(weightOf(characters.join(''))).toBeLessThanOrEqual(30);
    expect(validateRecipientName(characters.join(''))).toBeNull();
  });

  test.prop([overWeight])('rejects names weighing more than 30', (characters) => {
    expect(weightOf(characters.join(''))).toBeGreaterThan(30);
    expect(validateRecipientName(characters.join(''))).toBe('받는 사람 이름은 한글 10자, 영문30자 이내로 입력해주세요');
  });

  test.prop([fc.array(nameChar, { maxLength: 40 })])('weighs Korean 3 and the rest 1', (characters) => {
    expect(weightedNameLength(characters.join(''))).toBe(weightOf(characters.join('')));
  });

  test.prop([withinWeight, forbiddenChar, fc.nat()])('rejects a space or a forbidden character', (characters, bad, at) => {
    const name = insertAt(characters.join(''), bad, at);
    expect(validateRecipientName(name)).toBe(NAME_CHARACTERS_MESSAGE);
  });
});

describe('SNS id', () => {
  it('is required once a type is chosen, worded per screen', () => {
    expect(validateSnsId({ type: 0, id: '' })).toBeNull();
    expect(validateSnsId({ type: 1, id: '' })).toBe('SNS를 입력해주세요');
    expect(validateSnsId({ type: 10, id: '  ' }, 'receipt')).toBe('아이디를 입력해주세요');
    expect(validateSnsId({ type: 6, id: 'mallang' }, 'receipt')).toBeNull();
  });
});

describe('phone', () => {
  it('pins the favourites, default and placeholder', () => {
    expect(PHONE_FAVOURITE_COUNTRIES).toEqual(['kr', 'jp', 'us', 'cn', 'hk', 'th', 'vn', 'tw', 'sg', 'ca']);
    expect(PHONE_DEFAULT_COUNTRY).toBe('kr');
    expect(PHONE_PLACEHOLDER).toBe('010-1234-5678');
  });

  it('pins the messages in their order', () => {
    expect(validatePhone({ country: 'kr', number: '' })).toBe('휴대폰 번호를 입력해주세요');
    expect(validatePhone({ country: 'kr', number: '010-1234-5678', ownPhone: '+821012345678' })).toBe(
      VALIDATION_MESSAGES.phoneAlreadyRegistered,
    );
    expect(VALIDATION_MESSAGES.phoneAlreadyRegistered).toBe('이미 등록된 휴대폰 번호예요');
    expect(validatePhone({ country: 'kr', number: '010-1234-567' })).toBe('휴대폰 번호 숫자 11자리를 입력해주세요');
    expect(validatePhone({ country: 'kr', number: '+821012345678' })).toBe('휴대폰 번호 숫자 11자리를 입력해주세요');
    expect(validatePhone({ country: 'kr', number: '021-2345-6789' })).toBe('유효한 휴대폰 번호를 입력해주세요');
    expect(validatePhone({ country: 'kr', number: '010-1234-5678' })).toBeNull();
    expect(validatePhone({ country: 'kr', number: '010-1234-5678', ownPhone: '+821099998888' })).toBeNull();
    expect(validatePhone({ country: 'jp', number: '12' })).toBe('유효한 휴대폰 번호를 입력해주세요');
    expect(validatePhone({ country: 'us', number: '201-555-01x3' })).toBe('유효한 휴대폰 번호를 입력해주세요');
    expect(validatePhone({ country: 'xx', number: '010-1234-5678' })).toBe('유효한 휴대폰 번호를 입력해주세요');
  });

  it('writes E.164, 13 characters for +82', () => {
    expect(phoneToE164('kr', '010-1234-5678')).toBe('+821012345678');
    expect(phoneToE164('KR', '010 1234 5678')).toBe('+821012345678');
    expect(phoneToE164('kr', '02-123-4567')).toBeNull(); // a landline is not a mobile number
    expect(phoneToE164('kr', '+1 201 555 0123')).toBeNull(); // another country's number
    expect(phoneToE164('kr', '010-abcd-5678')).toBeNull();
  });

  const koreanMobile = fc
    .tuple(fc.constantFrom('0', '1', '2', '3', '4', '6', '7', '8', '9'), fc.stringMatching(/^\d{7}$/))
    .map(([first, rest]) => `010${first}${rest}`);
  const grouping = fc.constantFrom(
    (d: string) => d,
    (d: string) => `${d.slice(0, 3)}-${d.slice(3, 7)}-${d.slice(7)}`,
    (d: string) => `${d.slice(0, 3)} ${d.slice(3, 7)} ${d.slice(7)}`,
  );

  test.prop([koreanMobile, grouping])('accepts 010 mobile numbers however grouped, as 13-character E.164', (digits, group) => {
    expect(validatePhone({ country: 'kr', number: group(digits) })).toBeNull();
    const e164 = phoneToE164('kr', group(digits));
    expect(e164).toBe(`+82${digits.slice(1)}`);
    expect(e164).toHaveLength(13);
    expect(isValidStoredPhone(e164)).toBe(true);
    expect(validatePhone({ country: 'kr', number: group(digits), ownPhone: e164 })).toBe(VALIDATION_MESSAGES.phoneAlreadyRegistered);
  });

  test.prop([fc.stringMatching(/^\d{1,20}$/).filter((digits) => digits.length !== 11)])('asks Korean numbers for 11 digits', (digits) => {
    expect(validatePhone({ country: 'kr', number: digits })).toBe('휴대폰 번호 숫자 11자리를 입력해주세요');
  });

  it('accepts each favourite country example mobile number', () => {
    for (const country of PHONE_FAVOURITE_COUNTRIES) {
      const example = getExampleNumber(country.toUpperCase() as CountryCode, examples)!;
      const national = example.formatNational();
      expect(validatePhone({ country, number: national })).toBeNull();
      expect(phoneToE164(country, national)).toBe(example.number);
      expect(isValidStoredPhone(example.number)).toBe(true);
    }
  });

  it('checks stored E.164 phones', () => {
    expect(isValidStoredPhone('+821012345678')).toBe(true);
    expect(isValidStoredPhone('821012345678')).toBe(false);
    expect(isValidStoredPhone('+82 10 1234 5678')).toBe(false); // not the full form
    expect(isValidStoredPhone('+8201012345678')).toBe(false);
    expect(isValidStoredPhone('+8212')).toBe(false);
    expect(isValidStoredPhone(null)).toBe(false);
  });

  it('reads a stored phone back into the field and for display', () => {
    expect(phoneFieldOf('+821012345678')).toEqual({ country: 'kr', number: '010-1234-5678' });
    expect(formatPhoneForDisplay('+821012345678')).toBe('010-1234-5678');
    expect(formatPhoneForDisplay('+819012345678')).toBe('+81 90 1234 5678');
    expect(phoneFieldOf('')).toBeNull();
    expect(phoneFieldOf('010')).toBeNull();
    expect(formatPhoneForDisplay('abc')).toBe('abc');
    for (const country of PHONE_FAVOURITE_COUNTRIES) {
      const example = getExampleNumber(country.toUpperCase() as CountryCode, examples)!;
      const field = phoneFieldOf(example.number)!;
      expect(phoneToE164(field.country, field.number)).toBe(example.number);
    }
  });

  it('pins the verification toasts', () => {
    expect(PHONE_VERIFICATION_TOASTS).toEqual({ codeSent: '인증번호가 발송되었습니다', verified: '인증이 완료되었습니다.' });
  });

  it('skips the SMS step for China only', () => {
    expect(needsSmsVerification('cn')).toBe(false);
    expect(needsSmsVerification('CN')).toBe(false);
    expect(needsSmsVerification('kr')).toBe(true);
  });
});

describe('verification code', () => {
  const issuedAt = Date.parse('2026-11-21T10:00:00.000Z');

  it('pins the messages', () => {
    expect(validateVerificationCode({ code: '12345', issuedAt, now: issuedAt + 1000 })).toBe('인증 번호는 숫자 6자리를 입력해주세요');
    expect(validateVerificationCode({ code: '123456', issuedAt, now: issuedAt + 1000 })).toBeNull();
    expect(validateVerificationCode({ code: '123456', issuedAt, now: issuedAt + 300_000 })).toBe('인증 번호를 재발송 해주세요');
    expect(validateVerificationCode({ code: '123456', issuedAt: 'never', now: issuedAt })).toBe('인증 번호를 재발송 해주세요');
  });

  it('counts 300 seconds down and allows a resend at 0', () => {
    expect(verificationSecondsLeft(issuedAt, issuedAt)).toBe(300);
    expect(verificationSecondsLeft(new Date(issuedAt).toISOString(), issuedAt + 299_001)).toBe(1);
    expect(verificationSecondsLeft(issuedAt, new Date(issuedAt + 300_000))).toBe(0);
    expect(canResendVerificationCode(issuedAt, issuedAt + 299_999)).toBe(false);
    expect(canResendVerificationCode(issuedAt, issuedAt + 300_000)).toBe(true);
  });

  test.prop([fc.stringMatching(/^\d{6}$/), fc.integer({ min: 0, max: 299_999 })])('accepts 6 digits before expiry', (code, elapsed) => {
    expect(validateVerificationCode({ code, issuedAt, now: issuedAt + elapsed })).toBeNull();
  });

  test.prop([fc.string({ maxLength: 10 }).filter((code) => !/^\d{6}$/.test(code)), fc.integer({ min: 0, max: 299_999 })])(
    'rejects anything but 6 digits',
    (code, elapsed) => {
      expect(validateVerificationCode({ code, issuedAt, now: issuedAt + elapsed })).toBe('인증 번호는 숫자 6자리를 입력해주세요');
    },
  );

  test.prop([fc.string({ maxLength: 10 }), fc.integer({ min: 300_000, max: 10_000_000 })])(
    'asks for a resend once expired',
    (code, elapsed) => {
      expect(validateVerificationCode({ code, issuedAt, now: issuedAt + elapsed })).toBe('인증 번호를 재발송 해주세요');
    },
  );
});

describe('bank account', () => {
  it('pins the messages', () => {
    expect(validateBankAccount({ bank: '', number: '12345678' })).toBe('환불 계좌를 입력해주세요');
    expect(validateBankAccount({ bank: '004', number: '' })).toBe('환불 계좌를 입력해주세요');
    expect(validateBankAccount({ bank: '004', number: '1234-5678' })).toBe('계좌번호는 숫자 8자리~14자리 사이로 입력해주세요');
    expect(validateBankAccount({ bank: '004', number: '12345678' })).toBeNull();
    expect(validateBankAccount({ bank: '004', number: '12345678' }, { bank: '004', number: '12345678' })).toBe('이미 등록된 계좌예요');
    expect(validateBankAccount({ bank: '004', number: '12345678' }, { bank: '088', number: '12345678' })).toBeNull();
  });

  test.prop([fc.stringMatching(/^\d{8,14}$/)])('accepts 8-14 digits', (number) => {
    expect(validateBankAccount({ bank: '020', number })).toBeNull();
  });

  test.prop([
    fc.oneof(
      fc.stringMatching(/^\d{1,7}$/),
      fc.stringMatching(/^\d{15,30}$/),
      fc.string({ minLength: 1 }).filter((s) => s.trim() !== '' && !/^\d+$/.test(s)),
    ),
  ])('rejects other lengths and non-digits', (number) => {
    expect(validateBankAccount({ bank: '020', number })).toBe('계좌번호는 숫자 8자리~14자리 사이로 입력해주세요');
  });

  it('asks a virtual account payment for a refund account', () => {
    expect(validatePaymentRefundAccount('vbank', null)).toBe('환불 계좌를 입력해주세요');
    expect(validatePaymentRefundAccount('vbank', { bank: '004', number: ' ' })).toBe('환불 계좌를 입력해주세요');
    expect(validatePaymentRefundAccount('vbank', { bank: '004', number: '12345678' })).toBeNull();
    expect(validatePaymentRefundAccount('card', null)).toBeNull();
  });
});

describe('cash receipt', () => {
  it('pins the message and digits', () => {
    expect(validateCashReceipt({ kind: 'none', no: '' })).toBeNull();
    expect(validateCashReceipt({ kind: 'personal', no: '' })).toBe('현금영수증 번호를 입력해주세요');
    expect(validateCashReceipt({ kind: 'personal', no: '01012345678' })).toBeNull();
    expect(validateCashReceipt({ kind: 'business', no: '1234567890' })).toBeNull();
    expect(validateCashReceipt({ kind: 'business', no: '01012345678' })).toBe('현금영수증 번호를 입력해주세요');
    expect(cashReceiptDigits('personal')).toBe(11);
    expect(cashReceiptDigits('business')).toBe(10);
  });

  const kind = fc.constantFrom('personal' as const, 'business' as const);
  test.prop([kind.chain((k) => fc.tuple(fc.constant(k), fc.stringMatching(new RegExp(`^\\d{${cashReceiptDigits(k)}}$`))))])(
    'accepts exactly the kind digits',
    ([k, no]) => {
      expect(validateCashReceipt({ kind: k, no })).toBeNull();
    },
  );

  test.prop([kind, fc.string({ maxLength: 14 })])('rejects anything else', (k, no) => {
    fc.pre(!new RegExp(`^\\d{${cashReceiptDigits(k)}}$`).test(no));
    expect(validateCashReceipt({ kind: k, no })).toBe('현금영수증 번호를 입력해주세요');
  });

  it('formats 3-3-4 / 3-4-4 and 3-2-5', () => {
    expect(formatCashReceipt('personal', '0101234567')).toBe('010-123-4567');
    expect(formatCashReceipt('personal', '01012345678')).toBe('010-1234-5678');
    expect(formatCashReceipt('business', '1234567890')).toBe('123-45-67890');
    expect(formatCashReceipt('business', '123456')).toBe('123456');
    expect(formatCashReceipt('none', '01012345678')).toBe('01012345678');
  });

  test.prop([fc.stringMatching(/^\d{10,11}$/)])('formatting keeps the digits', (no) => {
    const formatted = formatCashReceipt('personal', no);
    expect(formatted.replaceAll('-', '')).toBe(no);
    expect(formatted).toMatch(no.length === 10 ? /^\d{3}-\d{3}-\d{4}$/ : /^\d{3}-\d{4}-\d{4}$/);
  });
});

describe('address, memos and the rest', () => {
  it('pins the address, memo and cancel messages', () => {
    expect(validateAddressLines({ addr: '', addr2: '101호' })).toBe('배송 주소를 입력해주세요');
    expect(validateAddressLines({ addr: '서울시 마포구 양화로 1', addr2: ' ' })).toBe('배송 주소를 입력해주세요');
    expect(validateAddressLines({ addr: '서울시 마포구 양화로 1', addr2: '101호' })).toBeNull();
    expect(validateOrderMemo('')).toBe('주문 메모를 입력해주세요');
    expect(validateOrderMemo('빨리 보내주세요')).toBeNull();
    expect(validateCancelReason(' ')).toBe('주문 취소 사유를 입력해주세요');
    expect(validateCancelReason('단순 변심')).toBeNull();
  });

  it('knows a complete address', () => {
    const address = { name: '김철수', tel: '+821012345678', addr: '서울시 마포구 양화로 1', addr2: '101호' };
    expect(isAddressComplete(address)).toBe(true);
    expect(isAddressComplete({ ...address, tel: '01012345678' })).toBe(false);
    expect(isAddressComplete({ ...address, name: '김 철수' })).toBe(false);
    expect(isAddressComplete({ ...address, addr2: '' })).toBe(false);
    expect(isAddressComplete(null)).toBe(false);
  });

  it('accepts jpeg, png and webp images', () => {
    expect(IMAGE_INPUT_ACCEPT).toBe('image/jpeg,image/png,image/webp');
    expect(isAcceptedImageType('image/png')).toBe(true);
    expect(isAcceptedImageType('IMAGE/WEBP')).toBe(true);
    expect(isAcceptedImageType('image/gif')).toBe(false);
  });

  test.prop([fc.stringMatching(/^#[0-9a-fA-F]{6}$/)])('accepts #RRGGBB', (colour) => {
    expect(isHexColour(colour)).toBe(true);
  });

  it('rejects other colour forms', () => {
    for (const colour of ['#fff', '07D1AE', '#07D1AE00', 'rgb(0,0,0)', '#07D1AG', ' #07D1AE']) expect(isHexColour(colour)).toBe(false);
  });

  it('normalizes missing terms', () => {
    expect(normalizeSearchTerm(undefined)).toBeNull();
    expect(normalizeSearchTerm('  스티커 ')).toBe('스티커');
  });

  const anyText = fc.string({
    unit: fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
    ),
  });
  test.prop([anyText])('utf8ByteLength agrees with the encoder', (text) => {
    expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });

  it('pins the text limits', () => {
    expect(utf8ByteLength('가a')).toBe(4);
    expect(TEXT_INPUT_MAX_LENGTH).toBe(524288);
  });

  it('test alerts need support and permissions (alarm too for the open alert)', () => {
    const ready = { supported: true, notificationGranted: true, alarmGranted: true };
    expect(testAlertBlocker({ kind: 'open', ...ready })).toBeNull();
    expect(testAlertBlocker({ kind: 'push', ...ready, alarmGranted: false })).toBeNull();
    expect(testAlertBlocker({ kind: 'open', ...ready, alarmGranted: false })).toBe('permission-not-granted');
    expect(testAlertBlocker({ kind: 'push', ...ready, notificationGranted: false })).toBe('permission-not-granted');
    expect(testAlertBlocker({ kind: 'push', ...ready, supported: false, notificationGranted: false })).toBe('not-supported');
  });

  it('checks the buyer info before ordering', () => {
    const me = {
      cashReceipt: { isPersonal: true, no: '01012345678' },
      sns: { type: 0, id: '' },
      account: { name: '김철수', no: '12345678', type: '004' },
      phone: '+821012345678',
    };
    expect(checkUserInfo(me)).toBe('ok');
    expect(checkUserInfo({ ...me, cashReceipt: null })).toBe('info');
    expect(checkUserInfo({ ...me, sns: undefined })).toBe('info');
    expect(checkUserInfo({ ...me, account: null })).toBe('info');
    expect(checkUserInfo({ ...me, phone: '01012345678' })).toBe('phoneFormat');
    expect(checkUserInfo({ ...me, phone: null })).toBe('phoneFormat');
  });
});
