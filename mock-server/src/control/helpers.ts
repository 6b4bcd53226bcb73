// Test helpers (Stripe's test_helpers are the model): the things only the outside world or a seller does,
// done on demand in the caller's world: a deposit arrives, the seller moves a receipt, a notification is
// pushed, a market opens or closes now, the SMS code is read.
import { ownValue } from '../lib/own';
import type { components } from '@creator-market/sdk/generated/api';
import { latestStatus, MARKET_STATUS, TIMING, USER_LEVEL } from '@creator-market/sdk/domain';
import { notificationKind, type PersonaId } from '@creator-market/fixtures';
import { ApiFailure, notFound } from '../http/failure';
import { marketKey, type Account, type MarketRow, type PhoneVerification, type Store } from '../world/store';
import { sellerProfileImage } from '../world/views';
import { confirmDeposit, findReceipt, setReceiptStatus, type SellerStatus, type SellerStatusChange } from '../world/orders';
import type { World } from '../world/world';

type Schemas = components['schemas'];

const DAY_MS = 24 * 60 * 60 * 1000;

export const badInput = (message: string) => new ApiFailure(400, 'bad-request', { message });

// ---------------------------------------------------------------- accounts

export interface AccountRef {
  uid?: string;
  persona?: PersonaId;
}

/** The account named by `uid` or `persona` (exactly one of them) in `world`. */
export function findAccount(store: Store, ref: AccountRef): Account {
  if ((ref.uid === undefined) === (ref.persona === undefined)) throw badInput('uid 또는 persona 중 하나만 보내주세요.');
  const account = ref.uid !== undefined ? store.accounts.get(ref.uid) : store.accounts.one('persona', ref.persona);
  if (!account) {
    throw new ApiFailure(404, 'not-found', {
      message:
        ref.persona !== undefined
          ? `이 세계에 '${ref.persona}' 계정이 없어요(탈퇴했을 수 있어요). POST /__mock/reset으로 초기화해주세요.`
          : '계정을 찾을 수 없어요.',
    });
  }
  return account;
}

// ---------------------------------------------------------------- receipts

/** The virtual-account deposit of an order waiting for it arrives: the receipt becomes paid (99 → 1). */
export function depositReceipt(world: World, publicId: string): Schemas['Receipt'] {
  return confirmDeposit(world, publicId, world.clock.now());
}

/** The seller moves a receipt: paid (1), shipped (3 with the invoice, 4), cancelled by the seller (11, with a message). */
export function moveReceipt(world: World, publicId: string, status: SellerStatus, change: SellerStatusChange): Schemas['Receipt'] {
  return setReceiptStatus(world, publicId, status, change, world.clock.now());
}

// ---------------------------------------------------------------- notifications

export interface NotificationInput extends AccountRef {
  category: 'buyer' | 'seller';
  title: string;
  contents: string;
  receiptPublicId?: string;
}

/** Pushes a notification to an account; it appears in that account's notification list. */
export function sendNotification(world: World, input: NotificationInput): Schemas['Notification'] {
  const { store } = world;
  const now = world.clock.now();
  const recipient = findAccount(store, input);
  if (input.category === 'seller' && recipient.user.level !== USER_LEVEL.seller)
    throw badInput('판매 알림은 작가 계정에만 보낼 수 있어요.');

  let kind: ReturnType<typeof notificationKind> | null = null;
  let sellerProfile = '';
  if (input.receiptPublicId !== undefined) {
    const row = findReceipt(store, input.receiptPublicId);
    const concerned = input.category === 'buyer' ? row.ownerUid : row.sellerUID;
    if (concerned !== recipient.uid)
      throw badInput(`주문 ${input.receiptPublicId}은(는) 이 계정의 ${input.category === 'buyer' ? '구매' : '판매'} 주문이 아니에요.`);
    const status = latestStatus(row.receipt.status) ?? 0;
    kind = notificationKind(status as Schemas['ReceiptStatusCode']);
    const seller = store.sellers.get(row.sellerUID);
    sellerProfile = seller ? sellerProfileImage(seller) : '';
  }

  const notification: Schemas['Notification'] = {
    _id: store.newId(now),
    title: input.title,
    contents: input.contents,
    timestamp: new Date(now).toISOString(),
    ...(input.receiptPublicId !== undefined ? { receiptPublicId: input.receiptPublicId } : {}),
    sellerProfile,
  };
  store.notifications.insert({ recipientUid: recipient.uid, category: input.category, kind, notification });
  return notification;
}

// ---------------------------------------------------------------- markets

/** A market by its `_id`, or by `{sellerPublicId}:{marketPublicId}` as in the app's `/m/...` address. */
export function findMarket(store: Store, ref: string): MarketRow {
  const pair = /^([a-z0-9][a-z0-9_-]{1,39}):([0-9]{1,9})$/.exec(ref);
  const row = pair ? store.markets.one('sellerMarket', marketKey(pair[1]!, Number(pair[2]))) : store.markets.get(ref);
  if (!row) throw notFound('마켓');
  return row;
}

/** Opens the market now: it starts now, ends in the future, and follows its times again (status 2). */
export function openMarket(world: World, ref: string): Schemas['Market'] {
  const now = world.clock.now();
  const { market } = findMarket(world.store, ref);
  const start = Date.parse(market.marketST);
  const end = Date.parse(market.marketED);
  // An ended market gets its original length again (a week when it had none).
  const length = end > start ? end - start : 7 * DAY_MS;
  const marketED = end > now ? market.marketED : new Date(now + length).toISOString();
  return changeMarket(world.store, market._id, { marketST: new Date(now).toISOString(), marketED, status: MARKET_STATUS.default });
}

/** Closes the market now: status 3 (closed), and it ends now if it was to end later. */
export function closeMarket(world: World, ref: string): Schemas['Market'] {
  const now = world.clock.now();
  const { market } = findMarket(world.store, ref);
  const nowIso = new Date(now).toISOString();
  const endsLater = Date.parse(market.marketED) > now;
  const startsLater = Date.parse(market.marketST) > now;
  return changeMarket(world.store, market._id, {
    status: MARKET_STATUS.closed,
    ...(endsLater ? { marketED: nowIso } : {}),
    ...(startsLater ? { marketST: nowIso } : {}),
  });
}

/** Changes the market record and the copy of its status its products carry. */
function changeMarket(store: Store, marketId: string, change: Partial<Schemas['Market']>): Schemas['Market'] {
  const row = store.markets.update(marketId, (r) => ({ ...r, market: { ...r.market, ...change } }))!;
  if (change.status !== undefined) {
    const status = change.status;
    for (const { product } of store.products.by('market', marketId)) {
      if (product.marketStatus !== status)
        store.products.update(product._id, (r) => ({ ...r, product: { ...r.product, marketStatus: status } }));
    }
  }
  return row.market;
}

// ---------------------------------------------------------------- phone verification

export interface PhoneCode {
  uid: string;
  phone: string;
  code: string;
  sentAt: string;
  expiresAt: string;
}

/** The latest SMS code the mock "sent" to the account (the one `validatePhone` will accept). */
export function latestPhoneCode(world: World, ref: AccountRef): PhoneCode {
  const account = findAccount(world.store, ref);
  const sent: PhoneVerification | undefined = ownValue(world.store.state.phoneVerifications, account.uid);
  if (!sent) throw new ApiFailure(404, 'not-found', { message: '이 계정에 보낸 인증번호가 없어요. 먼저 인증번호를 요청해주세요.' });
  return {
    uid: account.uid,
    phone: sent.phone,
    code: sent.code,
    sentAt: new Date(sent.sentAt).toISOString(),
    expiresAt: new Date(sent.sentAt + TIMING.phoneCodeValidityMs).toISOString(),
  };
}
