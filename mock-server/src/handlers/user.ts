// user: the signed-in account's buyer record, its verifications (bank account, phone) and profile photo.
import type { components } from '@creator-market/sdk/generated/api';
import {
  isAcceptedImageType,
  isValidStoredPhone,
  needsSmsVerification,
  validateBuyerName,
  validateCashReceipt,
  validateSnsId,
  verificationSecondsLeft,
  VALIDATION_MESSAGES,
  type CashReceiptKind,
} from '@creator-market/sdk/domain';
import { ApiFailure, badRequest } from '../http/failure';
import { ownValue } from '../lib/own';
import type { Account, PhoneVerification, Store } from '../world/store';
import { hashText } from '../world/home-lists';
import { invalidField } from '../world/input-rules';
import { verifyBankAccount } from '../world/views';
import type { HandlerMap, UploadedFile } from './types';
import { signedIn } from './types';

type User = components['schemas']['User'];
type CashReceipt = components['schemas']['CashReceipt'];

function changeUser(store: Store, uid: string, change: (user: User) => User): Account {
  const updated = store.accounts.update(uid, (account) => ({ ...account, user: change(account.user) }));
  if (!updated) throw new ApiFailure(401, 'unauthorized');
  return updated;
}

function cashReceiptKind(receipt: CashReceipt): CashReceiptKind {
  if (receipt.no === '') return 'none';
  return receipt.isPersonal ? 'personal' : 'business';
}

// ---------------------------------------------------------------- phone verification

/** Chinese numbers (+86) skip the SMS step (SPEC.md section 4; the sdk states the rule by country). */
function phoneCountry(phone: string): string {
  return phone.startsWith('+86') ? 'cn' : 'other';
}

/**
 * A 6-digit code drawn from the world's seed, the account, the number and the time it was asked at: QA reads it
 * through GET /__mock/phone-code, and the same requests in a world of the same seed give the same code (a run
 * replays exactly, in every door).
 */
function smsCode(seed: number, uid: string, phone: string, now: number): string {
  return String(hashText(`sms:${seed}:${uid}:${phone}:${now}`) % 1_000_000).padStart(6, '0');
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

// ---------------------------------------------------------------- profile photo

const IMAGE_FORMATS = [
  { ext: 'jpg', contentType: 'image/jpeg', matches: (b: Uint8Array) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { ext: 'png', contentType: 'image/png', matches: (b: Uint8Array) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  // RIFF....WEBP
  {
    ext: 'webp',
    contentType: 'image/webp',
    matches: (b: Uint8Array) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b.subarray(8), [0x57, 0x45, 0x42, 0x50]),
  },
] as const;

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

/** The image format of an upload, judged by its bytes (a renamed text file is not an image). */
function imageFormat(file: UploadedFile) {
  if (!isAcceptedImageType(file.mimetype)) return null;
  return IMAGE_FORMATS.find((format) => format.matches(file.buffer)) ?? null;
}

/** Base64 without Node's Buffer, so the handler also runs in the browser adapter. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

const NOT_AN_IMAGE = 'JPEG, PNG, WebP 이미지만 올릴 수 있어요.';

export const userHandlers = {
  getMe({ user }) {
    const account = signedIn(user);
    return { data: { user: account.user, seller: account.seller, auth: account.auth } };
  },

  updateUser({ user, body }, { world }) {
    const uid = signedIn(user).uid;
    // Rules the schema cannot state, checked before anything is written.
    if (body.name !== undefined) {
      const problem = validateBuyerName(body.name);
      if (problem) throw invalidField('/body/name', problem);
    }
    if (body.sns) {
      const problem = validateSnsId(body.sns);
      if (problem) throw invalidField('/body/sns/id', problem);
    }
    if (body.cashReceipt) {
      const problem = validateCashReceipt({ kind: cashReceiptKind(body.cashReceipt), no: body.cashReceipt.no });
      if (problem) throw invalidField('/body/cashReceipt/no', problem);
    }

    const account = changeUser(world.store, uid, (current) => ({
      ...current,
      ...(body.name !== undefined ? { name: body.name } : {}),
      // With no SNS chosen the id is stored empty, whatever was typed before switching to none.
      ...(body.sns ? { sns: body.sns.type === 0 ? { type: 0, id: '' } : { type: body.sns.type, id: body.sns.id.trim() } } : {}),
      ...(body.cashReceipt ? { cashReceipt: body.cashReceipt } : {}),
      ...(body.bgColor !== undefined ? { bgColor: body.bgColor } : {}),
    }));
    return { data: account.user };
  },

  validateUserAccount({ user, body }, { world }) {
    const account = signedIn(user);
    const verified = verifyBankAccount(account, body);
    if (verified === null) throw badRequest('popbill-error');
    changeUser(world.store, account.uid, (current) => ({ ...current, account: verified }));
    return { data: verified };
  },

  validatePhone({ user, body }, { world, now }) {
    const uid = signedIn(user).uid;
    const { store } = world;
    const { phone } = body;
    const savePhone = () => changeUser(store, uid, (current) => ({ ...current, phone }));
    if (!isValidStoredPhone(phone)) throw invalidField('/body/phone', VALIDATION_MESSAGES.phoneInvalid);

    if (!needsSmsVerification(phoneCountry(phone))) {
      // No SMS for China: the request step sends nothing, the check step stores the number without a code.
      if (!body.isRequestSMS) {
        store.state.phoneVerifications = withoutKey(store.state.phoneVerifications, uid);
        savePhone();
      }
      return { data: { phone } };
    }

    if (body.isRequestSMS) {
      // A new code only once the last one's 300 s have run out (SPEC.md section 4: resend only at 0).
      const previous = ownValue(store.state.phoneVerifications, uid);
      if (previous && verificationSecondsLeft(previous.sentAt, now) > 0) {
        throw invalidField('/body/isRequestSMS', `인증번호는 ${verificationSecondsLeft(previous.sentAt, now)}초 뒤에 다시 받을 수 있어요.`);
      }
      // Asking again replaces the previous code.
      const verification: PhoneVerification = { uid, phone, code: smsCode(world.seed, uid, phone, now), sentAt: now };
      store.state.phoneVerifications = { ...store.state.phoneVerifications, [uid]: verification };
      return { data: { phone } };
    }

    const sent = ownValue(store.state.phoneVerifications, uid);
    const valid =
      sent !== undefined &&
      sent.phone === phone &&
      body.code !== undefined &&
      sent.code === body.code &&
      verificationSecondsLeft(sent.sentAt, now) > 0;
    if (!valid) throw badRequest('validate-sms-failed');
    store.state.phoneVerifications = withoutKey(store.state.phoneVerifications, uid);
    savePhone();
    return { data: { phone } };
  },

  uploadUserProfile({ user, files }, { world, now }) {
    const uid = signedIn(user).uid;
    const { store } = world;
    const file = files.find((f) => f.fieldname === 'data');
    if (!file) throw invalidField('/body/data', '이미지 파일을 data 필드로 올려주세요.');
    const format = imageFormat(file);
    if (!format) throw invalidField('/body/data', NOT_AN_IMAGE);

    store.state.uploads = { ...store.state.uploads, [uid]: { contentType: format.contentType, base64: toBase64(file.buffer) } };
    // The address stays the same for every photo of the account; `v` makes caches fetch the new one.
    const address = `/uploads/profiles/${uid}.${format.ext}?v=${now}`;
    changeUser(store, uid, (current) => ({ ...current, profileImage: address }));
    return { data: address };
  },
} satisfies Partial<HandlerMap>;
