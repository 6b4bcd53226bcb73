// The list and public forms of records (SPEC.md section 3's "list forms"), made in one place so every
// handler that shows a seller, a market or a product shows it the same way.
import type { components } from '@creator-market/sdk/generated/api';
import { BANKS, marketState, visibleOptions, type MarketState } from '@creator-market/sdk/domain';
import type { Account, MarketRow, ProductRow, Store } from './store';

type Schemas = components['schemas'];

export function sellerName(profile: Schemas['CreatorProfile']): string {
  return profile.info.name ?? profile.publicId;
}

export function sellerProfileImage(profile: Schemas['CreatorProfile']): string {
  return profile.info.profile ?? '';
}

/** The seller card of lists (top sellers, search, subscriptions' grid, recommendations). */
export function sellerSummary(profile: Schemas['CreatorProfile'], isNew?: boolean): Schemas['SellerSummary'] {
  return {
    sellerUID: profile._id,
    sellerPublicId: profile.publicId,
    sellerName: sellerName(profile),
    sellerProfile: sellerProfileImage(profile),
    sellerCategory: profile.category,
    msg: profile.msg,
    ...(isNew === undefined ? {} : { isNew }),
  };
}

/** How long a client may keep a public seller profile (CreatorProfile `_ttl`; our decision, the spec gives none). */
export const PROFILE_TTL_MS = 10 * 60 * 1000;

/** A profile's `_ttl` for an answer at `now`: now + PROFILE_TTL_MS, to the whole minute (answers within a minute are equal). */
export function profileTtl(now: number): string {
  return new Date(Math.floor((now + PROFILE_TTL_MS) / 60_000) * 60_000).toISOString();
}

/** A seller profile as the public sees it at `now`: no bank account, no private phone number, with its `_ttl`. */
export function publicProfile(profile: Schemas['CreatorProfile'], now: number): Schemas['CreatorProfile'] {
  const { bank: _bank, ...rest } = profile;
  const { phone: _phone, ...info } = profile.info;
  return { ...rest, _ttl: profileTtl(now), info };
}

/** The market card of market lists and the calendar. */
export function calendarEvent(store: Store, row: MarketRow): Schemas['CalendarEvent'] {
  const seller = store.sellers.get(row.sellerUID);
  return {
    marketUID: row.market._id,
    marketST: row.market.marketST,
    marketED: row.market.marketED,
    marketTitle: row.market.title,
    marketCover: row.market.cover[0] ?? '',
    sellerPublicId: row.market.sellerPublicId,
    marketPublicId: row.market.publicId,
    sellerName: seller ? sellerName(seller) : row.market.sellerPublicId,
    sellerProfile: seller ? sellerProfileImage(seller) : '',
    marketStatus: row.market.status,
  };
}

/** The product card: price range over the options on sale (null prices when none are). */
export function productSummary(store: Store, row: ProductRow): Schemas['ProductSummary'] {
  const prices = visibleOptions(row.product.option).map((o) => o.price);
  const seller = store.sellers.get(row.sellerUID);
  const market = store.markets.get(row.marketUID)?.market;
  return {
    productUID: row.product._id,
    productCover: row.product.cover[0] ?? '',
    productTitle: row.product.title,
    productPriceMin: prices.length ? Math.min(...prices) : null,
    productPriceMax: prices.length ? Math.max(...prices) : null,
    sellerPublicId: seller?.publicId ?? market?.sellerPublicId ?? '',
    sellerName: seller ? sellerName(seller) : '',
    marketPublicId: market?.publicId ?? 0,
  };
}

export function stateOf(row: MarketRow, now: number): MarketState {
  return marketState(row.market, now);
}

/** Markets of a seller that can be ordered from now. */
export function openMarketsOf(store: Store, sellerUid: string, now: number): MarketRow[] {
  return store.markets.by('seller', sellerUid).filter((r) => r.market.public && stateOf(r, now) === 'opened');
}

/** Cursor paging of offset lists: the items after the one whose id is `offset`, at most `size`. */
export function pageAfter<T>(items: readonly T[], idOf: (item: T) => string, offset: string | undefined, size = 20): T[] {
  if (!offset) return items.slice(0, size);
  const index = items.findIndex((item) => idOf(item) === offset);
  // An unknown cursor (an item deleted meanwhile) ends the list rather than restarting it.
  return index < 0 ? [] : items.slice(index + 1, index + 1 + size);
}

// ---------------------------------------------------------------- bank account verification (Popbill mock)
// One rule for `POST /user/valid-account` and `POST /receipt/valid-account`. The mock bank confirms an
// account of a known bank (the sdk's BANKS) unless its number ends in '000' (the documented way to make
// the verification fail); the holder is the caller: their name, else their sign-in display name, else a
// name chosen by the account number (stable).

const FALLBACK_HOLDERS = ['김민준', '이서연', '박지호', '최수아', '정하준', '강지유'];

/** The verified account (holder name from the bank), or null when the bank does not confirm it (`popbill-error`). */
export function verifyBankAccount(caller: Account, account: { no: string; type: string }): Schemas['BankAccount'] | null {
  if (!BANKS.some((bank) => bank.code === account.type) || account.no.endsWith('000')) return null;
  const digitSum = [...account.no].reduce((sum, digit) => sum + Number(digit), 0);
  const name = caller.user.name ?? caller.auth.displayName ?? FALLBACK_HOLDERS[digitSum % FALLBACK_HOLDERS.length]!;
  return { name, no: account.no, type: account.type };
}

// ---------------------------------------------------------------- public market lists (home, seller, market, search)

/**
 * A market a buyer can order from now or that is scheduled to open (listOpenedMarkets' rule): public, with
 * a public id, not closed and not past its end. Its timing state comes from the sdk's market-timing rule.
 */
export function isOrderableOrScheduled(row: MarketRow, now: number): boolean {
  const state = stateOf(row, now);
  return row.market.public && state !== 'none' && state !== 'closed' && !(Date.parse(row.market.marketED) < now);
}

/** Market lists' order: earliest start first, then market id. */
export function byMarketStart(a: MarketRow, b: MarketRow): number {
  return Date.parse(a.market.marketST) - Date.parse(b.market.marketST) || compareIds(a.market._id, b.market._id);
}

/** Plain code-unit order of ids (24-hex ids start with their creation time, so a larger id is newer). */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------- subscriber counts

/** Keeps a seller's `subscribe` count in step with its subscriptions (never below 0). */
export function countSubscriber(store: Store, sellerId: string, delta: 1 | -1): void {
  store.sellers.update(sellerId, (profile) => ({ ...profile, subscribe: Math.max(0, profile.subscribe + delta) }));
}
