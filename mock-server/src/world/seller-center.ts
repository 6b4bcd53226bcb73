// What the seller center (a separate site the app only links to) does to a world, for the mock's own seller
// center pages (pages/seller-center.ts): an account becomes an author, an author completes the profile, and
// the transaction form's token (GET /notification/market) is issued and read back.
import type { components } from '@creator-market/sdk/generated/api';
import { CREATOR_STATE_DEFAULT, DEFAULT_BG_COLOR, PLATFORM_FEE_RATE, USER_LEVEL } from '@creator-market/sdk/domain';
import { ApiFailure } from '../http/failure';
import { paymentSignature } from './orders';
import type { Account } from './store';
import type { World } from './world';

type Schemas = components['schemas'];

/** The transaction form's token lives 10 minutes (paths/notification.yaml). */
export const TRANSACTION_TOKEN_TTL_MS = 10 * 60 * 1000;

const base64url = (text: string) =>
  btoa(unescape(encodeURIComponent(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64url = (text: string) => decodeURIComponent(escape(atob(text.replace(/-/g, '+').replace(/_/g, '/'))));

function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface TransactionClaims {
  /** `tx_{receipt publicId}`. */
  tx: string;
  /** The seller's uid. */
  sub: string;
  /** The world it was issued in. */
  world: string;
  /** Expiry, epoch seconds. */
  exp: number;
}

/**
 * The transaction form's token, in a JWT's shape: the transaction, the seller, the world and the expiry, a
 * random id (`jti`) that makes every token different, and the mock's signature (it proves the token came
 * from this server; it is not security).
 */
export function transactionToken(claims: Omit<TransactionClaims, 'exp'>, now: number): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ ...claims, exp: Math.floor((now + TRANSACTION_TOKEN_TTL_MS) / 1000), jti: randomHex(8) }));
  return `${header}.${payload}.${paymentSignature(['seller-transaction', header, payload])}`;
}

const refused = (message: string) => new ApiFailure(400, 'bad-request', { message });

/**
 * The claims of a token this server issued for `tx` and that has not expired by `clockOf(world)`, else a 400
 * saying why. It was issued on its world's clock (which QA may move), so it expires on that clock too.
 */
export function readTransactionToken(token: string, tx: string, clockOf: (world: string) => number): TransactionClaims {
  const [header, payload, signature, ...rest] = token.split('.');
  if (!header || !payload || !signature || rest.length > 0 || signature !== paymentSignature(['seller-transaction', header, payload]))
    throw refused('주문 처리 링크가 올바르지 않아요. 앱의 판매 알림에서 다시 열어주세요.');
  const claims = JSON.parse(fromBase64url(payload)) as TransactionClaims;
  if (claims.tx !== tx) throw refused('이 주문의 처리 링크가 아니에요.');
  if (claims.exp * 1000 <= clockOf(claims.world)) throw refused('주문 처리 링크가 만료되었어요(10분). 앱의 판매 알림에서 다시 열어주세요.');
  return claims;
}

// ---------------------------------------------------------------- becoming an author

export interface SellerApplication {
  /** The author name (작가명), 1 to 30 characters. */
  name: string;
  /** The public id of the author page (`/go/{publicId}`). */
  publicId: string;
}

const PUBLIC_ID = /^[a-z0-9][a-z0-9_-]{1,39}$/;

/** Why an application cannot be approved, or null. */
export function applicationProblem(world: World, account: Account, input: SellerApplication): string | null {
  if (account.user.level === USER_LEVEL.seller) return '이미 작가로 등록된 계정이에요.';
  const name = input.name.trim();
  if (name.length < 1 || name.length > 30) return '작가명은 1~30자로 입력해주세요.';
  if (!PUBLIC_ID.test(input.publicId)) return '작가 페이지 주소는 영문 소문자, 숫자, -, _ 로 2~40자여야 해요.';
  if (world.store.sellers.one('publicId', input.publicId)) return '이미 쓰고 있는 작가 페이지 주소예요.';
  return null;
}

/**
 * The seller center approves the application: the account becomes an author (level 1) with a public author
 * page, and a seller record without settlement account and business registration, so the app next asks to
 * complete the profile.
 */
export function approveSeller(world: World, account: Account, input: SellerApplication, now: number): void {
  const problem = applicationProblem(world, account, input);
  if (problem) throw refused(problem);
  const name = input.name.trim();
  const profileImage = account.user.profileImage || `/img/profile/${input.publicId}.svg`;
  const bgColor = account.user.bgColor || DEFAULT_BG_COLOR;
  const profile: Schemas['CreatorProfile'] = {
    _id: account.uid,
    inquiry: { tel: '', time: '' },
    sns: [],
    category: [],
    publicId: input.publicId,
    msg: '',
    state: CREATOR_STATE_DEFAULT,
    fee: PLATFORM_FEE_RATE,
    info: { name, profile: profileImage },
    bgColor,
    openedmarketList: [],
    subscribe: 0,
  };
  world.store.sellers.insert(profile);
  world.store.accounts.replace({
    ...account,
    user: { ...account.user, level: USER_LEVEL.seller },
    seller: {
      publicId: input.publicId,
      info: { name, profile: profileImage, uploadDT: new Date(now).toISOString() },
      bgColor,
      inquiry: { tel: '', time: '' },
    },
  });
  world.touched();
}

// ---------------------------------------------------------------- completing the profile

export interface SellerProfileInput {
  bank: { no: string; name: string; type: string };
  business: {
    type: string;
    regNo: string;
    name: string;
    ceo: string;
    addr: string;
    addr2: string;
    tel: string;
    email: string;
    mailOrderNo: string;
    terms: boolean;
  };
  inquiry: { tel: string; time: string };
}

export const BUSINESS_TYPES = ['개인사업자', '법인사업자', '간이과세자'] as const;

/** Why the profile cannot be saved (the contract's rules of SellerRecord), or null. */
export function profileProblem(input: SellerProfileInput): string | null {
  const { bank, business, inquiry } = input;
  if (!/^[0-9]{8,14}$/.test(bank.no)) return '정산 계좌번호는 숫자 8~14자리로 입력해주세요.';
  if (!bank.name.trim() || bank.name.length > 50) return '예금주를 입력해주세요.';
  if (!/^[0-9]{3}$/.test(bank.type)) return '은행을 선택해주세요.';
  if (!(BUSINESS_TYPES as readonly string[]).includes(business.type)) return '사업자 유형을 선택해주세요.';
  if (!/^[0-9]{10}$/.test(business.regNo)) return '사업자등록번호는 숫자 10자리로 입력해주세요.';
  if (!business.name.trim() || business.name.length > 100) return '상호를 입력해주세요.';
  if (!business.ceo.trim() || business.ceo.length > 50) return '대표자 이름을 입력해주세요.';
  if (!business.addr.trim() || business.addr.length > 200 || business.addr2.length > 100) return '사업장 주소를 입력해주세요.';
  if (!business.tel.trim() || business.tel.length > 30) return '사업장 전화번호를 입력해주세요.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(business.email)) return '이메일 주소가 올바르지 않아요.';
  if (!business.mailOrderNo.trim() || business.mailOrderNo.length > 50) return '통신판매업 신고번호를 입력해주세요.';
  if (!business.terms) return '판매자 이용약관에 동의해주세요.';
  if (inquiry.tel.length > 30 || inquiry.time.length > 50) return '문의 연락처와 시간은 짧게 입력해주세요.';
  return null;
}

/** Saves the settlement account, business registration and inquiry contact to the seller's records. */
export function completeSellerProfile(world: World, account: Account, input: SellerProfileInput, now: number): void {
  if (account.user.level !== USER_LEVEL.seller || !account.seller)
    throw refused('작가 계정만 프로필을 완성할 수 있어요. 먼저 작가 신청을 해주세요.');
  const problem = profileProblem(input);
  if (problem) throw refused(problem);
  const uploadDT = new Date(now).toISOString();
  const bank = { ...input.bank, name: input.bank.name.trim(), uploadDT };
  const business = { ...input.business, subRegNo: '', uploadDT } as Schemas['SellerRecord']['business'] & object;
  const inquiry = { tel: input.inquiry.tel.trim(), time: input.inquiry.time.trim() };
  world.store.accounts.replace({ ...account, seller: { ...account.seller, bank, business, inquiry } });
  world.store.sellers.update(account.uid, (profile) => ({ ...profile, bank, business, inquiry }));
  world.touched();
}

// ---------------------------------------------------------------- writing upcoming-release news

export interface PreviewInput {
  /** The news text the app shows, 1 to 2,000 characters (Preview.previewContents). */
  contents: string;
  /** The planned release, a Seoul wall-clock time `YYYY-MM-DD HH:mm` (or with a `T`, as datetime-local). */
  schedule: string;
  /** One of `previewCoverChoices`. */
  cover: string;
}

const SEOUL_LOCAL = /^([0-9]{4})-([0-9]{2})-([0-9]{2})[ T]([0-9]{2}):([0-9]{2})$/;
/** News announces something still to come, within a year (the app labels it '출시 예정'). */
const PREVIEW_SCHEDULE_MAX_MS = 365 * 24 * 60 * 60 * 1000;

/** The epoch ms of a Seoul wall-clock `YYYY-MM-DD HH:mm`, or NaN when it is not one. */
export function seoulLocalTime(value: string): number {
  const m = SEOUL_LOCAL.exec(value);
  if (!m) return NaN;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h - 9, mi);
  // Date.UTC rolls over an impossible day (02-30); the round trip catches it.
  const back = new Date(ms + 9 * 60 * 60 * 1000);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? ms : NaN;
}

/** The covers the tester may pick: the seeded covers of the seller's markets and earlier news, at most 8. */
export function previewCoverChoices(world: World, sellerUid: string): string[] {
  const covers = [
    ...world.store.markets.by('seller', sellerUid).map((row) => row.market.cover[0]),
    ...world.store.previews.by('seller', sellerUid).map((preview) => preview.previewCover[0]),
  ].filter((cover): cover is string => typeof cover === 'string' && cover.length > 0);
  return [...new Set(covers)].slice(0, 8);
}

/** Why the news cannot be published, or null. */
export function previewProblem(world: World, account: Account, input: PreviewInput, now: number): string | null {
  if (account.user.level !== USER_LEVEL.seller || !account.seller) return '작가 계정만 소식을 쓸 수 있어요. 먼저 작가 신청을 해주세요.';
  const contents = input.contents.trim();
  if (contents.length < 1 || contents.length > 2000) return '소식 내용은 1~2,000자로 입력해주세요.';
  const schedule = seoulLocalTime(input.schedule);
  if (Number.isNaN(schedule)) return '출시 예정일을 입력해주세요.';
  if (schedule <= now || schedule > now + PREVIEW_SCHEDULE_MAX_MS) return '출시 예정일은 지금부터 1년 안으로 정해주세요.';
  if (!previewCoverChoices(world, account.uid).includes(input.cover)) return '대표 이미지를 골라주세요.';
  return null;
}

/**
 * Publishes the news now: it joins the seller's previews, so the app's seller news, the author page and
 * the home feed list it (the existing preview operations read the same collection).
 */
export function publishPreview(world: World, account: Account, input: PreviewInput, now: number): Schemas['Preview'] {
  const problem = previewProblem(world, account, input, now);
  if (problem) throw refused(problem);
  const seller = world.store.sellers.get(account.uid)!;
  const own = world.store.previews.by('seller', account.uid);
  const previewUID = world.store.newId(now);
  const schedule = new Date(seoulLocalTime(input.schedule)).toISOString();
  const publicTime = new Date(now).toISOString();
  const preview: Schemas['Preview'] = {
    previewUID,
    previewCover: [input.cover],
    previewSchedule: schedule,
    previewPublicTime: publicTime,
    previewPublicId: Math.max(0, ...own.map((p) => p.previewPublicId)) + 1,
    previewImpressCount: 0,
    previewContents: input.contents.trim(),
    sellerUID: account.uid,
    isImpress: false,
    sellerProfile: seller.info.profile,
    sellerName: seller.info.name,
    publicId: seller.publicId,
    cover: [input.cover],
    schedule,
    public_dt: publicTime,
  };
  world.store.previews.insert(preview);
  world.touched();
  return preview;
}
