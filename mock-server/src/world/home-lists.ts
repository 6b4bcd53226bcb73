// Derived lists of a world: the home rankings and feeds, and search results. Building them needs a scan
// of the world or a sort of a long list, so each is computed once, kept until a collection it reads
// changes (and per hour for lists that depend on the clock), and later requests serve slices of it: a
// request's cost stays flat as the world grows. Collections count their own changes (Collection.version).
import type { components } from '@creator-market/sdk/generated/api';
import { isReceiptCancelled, latestStatus, PAGE_SIZE, seoulDayKey } from '@creator-market/sdk/domain';
import type { MarketRow, ProductRow, Store } from './store';
import type { World } from './world';
import { byMarketStart, calendarEvent, compareIds, isOrderableOrScheduled, productSummary } from './views';

type Schemas = components['schemas'];
type CreatorProfile = Schemas['CreatorProfile'];
type Preview = Schemas['Preview'];

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

/** Size of the ranked home sections (top, new, topcart, topsold, special). */
export const HOME_SECTION_SIZE = 30;
/** Size of the random picks (lucky sellers and products). */
export const LUCKY_PICK_SIZE = 20;

// ---- The cache: per world, each entry kept until a collection it reads changes (or the store is
// replaced by a reset or an import). Keying on the whole world's version emptied every list on every cart
// write, which made the next home request recompute all rankings (half the CPU under a mixed load).

type CollectionName = 'markets' | 'products' | 'sellers' | 'accounts' | 'previews' | 'carts' | 'receipts';

interface Entry {
  signature: string;
  value: unknown;
}

interface Cache {
  store: Store;
  entries: Map<string, Entry>;
}

/** By world; worlds that have changed nothing of their base share one cache, by that base (Store.pristineBase). */
const caches = new WeakMap<World | Store, Cache>();
/** Bounds the entries of one world (search results are cached per keyword); the oldest goes first. */
const MAX_ENTRIES = 256;

/** The value of `key`, computed on first use and again only when one of the collections in `reads` changed. */
export function derived<T>(world: World, key: string, reads: readonly CollectionName[], compute: (store: Store) => T): T {
  // A new world's first requests then cost what the default world's cached answers cost, not a ranking each.
  const base = world.store.pristineBase;
  const source = base ?? world.store;
  let cache = caches.get(base ?? world);
  if (!cache || cache.store !== source) {
    cache = { store: source, entries: new Map() };
    caches.set(base ?? world, cache);
  }
  const signature = reads.map((name) => source[name].version).join(',');
  const entry = cache.entries.get(key);
  if (entry && entry.signature === signature) return entry.value as T;
  const value = compute(world.store);
  cache.entries.delete(key);
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value as string);
  cache.entries.set(key, { signature, value });
  return value;
}

/** Rankings by carts and sales follow those collections at most once a minute, not on every write. */
const minuteOf = (now: number) => Math.floor(now / 60_000);

/** A cached list with its cursor positions, so that paging by the last id shown costs no search. */
export class CursorList<T> {
  private readonly positions = new Map<string, number>();

  constructor(
    readonly items: readonly T[],
    idOf: (item: T) => string,
  ) {
    items.forEach((item, index) => this.positions.set(idOf(item), index));
  }

  /**
   * Up to `size` items after the one whose id is `offset` (from the start without it) that pass `keep`.
   * An unknown cursor (an item deleted meanwhile) ends the list rather than restarting it.
   */
  page(offset: string | undefined, keep: (item: T) => boolean = () => true, size = PAGE_SIZE): T[] {
    let start = 0;
    if (offset) {
      const at = this.positions.get(offset);
      if (at === undefined) return [];
      start = at + 1;
    }
    const out: T[] = [];
    for (let i = start; i < this.items.length && out.length < size; i++) {
      const item = this.items[i] as T;
      if (keep(item)) out.push(item);
    }
    return out;
  }
}

// ---- Determinism helpers

/** FNV-1a 32-bit hash of a text: a stable pseudo-random number for deterministic picks. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * `count` items picked at random, the same all day for one world: each item's rank is a hash of the
 * world's seed, the Seoul day and its id, so that an item leaving the pool does not reshuffle the others.
 */
function dailyPick<T>(world: World, now: number, items: readonly T[], idOf: (item: T) => string, count: number): T[] {
  const salt = `${world.seed}:${seoulDayKey(now)}:`;
  return items
    .map((item) => ({ item, rank: hashText(salt + idOf(item)) }))
    .sort((a, b) => a.rank - b.rank || compareIds(idOf(a.item), idOf(b.item)))
    .slice(0, count)
    .map((entry) => entry.item);
}

const hourOf = (now: number) => Math.floor(now / HOUR) * HOUR;
const newestFirst = (a: { time: number; id: string }, b: { time: number; id: string }) => b.time - a.time || compareIds(b.id, a.id);

// ---- Markets

export interface ListedMarket {
  row: MarketRow;
  event: Schemas['CalendarEvent'];
  endsAt: number;
}

/**
 * Markets orderable or scheduled at the start of the current hour, earliest start first. Those that ended
 * since (`endsAt` before now) are still in it: callers skip them.
 */
export function listedMarkets(world: World, now: number): ListedMarket[] {
  const hour = hourOf(now);
  return derived(world, `markets@${hour}`, ['markets'], (store) => {
    const rows: MarketRow[] = [];
    for (const row of store.markets.all()) if (isOrderableOrScheduled(row, hour)) rows.push(row);
    return rows.sort(byMarketStart).map((row) => ({ row, event: calendarEvent(store, row), endsAt: Date.parse(row.market.marketED) }));
  });
}

/** listOpenedMarkets: every orderable or scheduled market, earliest start first. */
export function orderableOrScheduledMarkets(world: World, now: number): Schemas['CalendarEvent'][] {
  // Markets that ended since the hour began drop out here; nothing else about the rule depends on the time.
  return listedMarkets(world, now)
    .filter((m) => m.endsAt >= now)
    .map((m) => m.event);
}

// ---- Products of the home lists

export interface ListedProduct {
  row: ProductRow;
  summary: Schemas['ProductSummary'];
  /** The end of the product's market: the product leaves the lists then. */
  endsAt: number;
  publishedAt: number;
}

const stillListed = (now: number) => (p: ListedProduct) => p.endsAt >= now;

/**
 * Products the home lists may show: on sale (`useYN`), of a market orderable or scheduled at the start of
 * the current hour. Those whose market ended since (`endsAt` before now) are still in it: callers skip them.
 */
export function listedProductPool(world: World, now: number): ListedProduct[] {
  return derived(world, `products@${hourOf(now)}`, ['markets'], (store) => {
    const pool: ListedProduct[] = [];
    for (const market of listedMarkets(world, now)) {
      for (const row of store.products.by('market', market.row.market._id)) {
        if (!row.product.useYN) continue;
        pool.push({ row, summary: productSummary(store, row), endsAt: market.endsAt, publishedAt: Date.parse(row.product.publicTime) });
      }
    }
    return pool;
  });
}

function newestProducts(world: World, now: number): CursorList<ListedProduct> {
  return derived(world, `products-new@${hourOf(now)}`, ['markets'], () => {
    const sorted = [...listedProductPool(world, now)].sort((a, b) =>
      newestFirst({ time: a.publishedAt, id: a.row.product._id }, { time: b.publishedAt, id: b.row.product._id }),
    );
    return new CursorList(sorted, (p) => p.row.product._id);
  });
}

/** listNewProducts: newest first, paged by the last productUID shown. */
export function newProductsPage(world: World, now: number, offset: string | undefined): Schemas['ProductSummary'][] {
  return newestProducts(world, now)
    .page(offset, stillListed(now))
    .map((p) => p.summary);
}

export type HomeProductSection = 'topcart' | 'topsold' | 'lucky' | 'special';

/** The products of one home section, ranked; the request takes the first ones still listed. */
function rankedProducts(world: World, now: number, section: HomeProductSection): CursorList<ListedProduct> {
  return derived(
    world,
    `products-${section}@${hourOf(now)}:${section === 'topcart' || section === 'topsold' ? minuteOf(now) : ''}`,
    ['markets'],
    (store) => {
      const pool = listedProductPool(world, now);
      const idOf = (p: ListedProduct) => p.row.product._id;
      switch (section) {
        case 'topcart': {
          const carts = cartCounts(store);
          const ranked = pool
            .filter((p) => carts.has(idOf(p)))
            .sort((a, b) => carts.get(idOf(b))! - carts.get(idOf(a))! || compareIds(idOf(b), idOf(a)));
          return new CursorList(ranked, idOf);
        }
        case 'topsold': {
          const sold = recentlySoldUnits(store, hourOf(now));
          const ranked = pool
            .filter((p) => sold.has(idOf(p)))
            .sort((a, b) => sold.get(idOf(b))! - sold.get(idOf(a))! || compareIds(idOf(b), idOf(a)));
          return new CursorList(ranked, idOf);
        }
        case 'lucky':
          // More than the section shows, so that products leaving within the hour still leave a full pick.
          return new CursorList(dailyPick(world, now, pool, idOf, LUCKY_PICK_SIZE * 2), idOf);
        case 'special':
          return new CursorList(
            newestProducts(world, now).items.filter((p) => p.row.product.promotion.list.length > 0),
            idOf,
          );
      }
    },
  );
}

/** listHomeProducts: one home product section. */
export function homeProducts(world: World, now: number, section: HomeProductSection): Schemas['ProductSummary'][] {
  const size = section === 'lucky' ? LUCKY_PICK_SIZE : HOME_SECTION_SIZE;
  return rankedProducts(world, now, section)
    .page(undefined, stillListed(now), size)
    .map((p) => p.summary);
}

/** How many carts hold each product. */
function cartCounts(store: Store): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { cart } of store.carts.all()) {
    for (const productId of new Set(cart.productList.map((line) => line._id))) counts.set(productId, (counts.get(productId) ?? 0) + 1);
  }
  return counts;
}

/** Units of each product in the orders of the 7 days before `until` that were not cancelled. */
function recentlySoldUnits(store: Store, until: number): Map<string, number> {
  const units = new Map<string, number>();
  for (const { receipt } of store.receipts.all()) {
    const at = Date.parse(receipt.timestamp);
    if (!(at > until - WEEK && at <= until + HOUR) || isReceiptCancelled(latestStatus(receipt.status))) continue;
    for (const line of receipt.productList) units.set(line._id, (units.get(line._id) ?? 0) + line.amount);
  }
  return units;
}

// ---- Sellers

/** When the seller joined: the account's creation time (else the time in the seller's id). */
export function sellerJoinedAt(store: Store, sellerUid: string): number {
  const created = store.accounts.get(sellerUid)?.auth.metadata.createdAt;
  return created ? Date.parse(created) : parseInt(sellerUid.slice(0, 8), 16) * 1000;
}

/** A seller who joined in the last 7 days. */
export function isNewSeller(joinedAt: number, now: number): boolean {
  return joinedAt <= now && now - joinedAt < WEEK;
}

export interface JoinedSeller {
  profile: CreatorProfile;
  joinedAt: number;
}

const bySubscribers = (a: CreatorProfile, b: CreatorProfile) => b.subscribe - a.subscribe || compareIds(a._id, b._id);
const byJoinedDesc = (a: JoinedSeller, b: JoinedSeller) =>
  newestFirst({ time: a.joinedAt, id: a.profile._id }, { time: b.joinedAt, id: b.profile._id });

function sellersByJoined(world: World): JoinedSeller[] {
  return derived(world, 'sellers-joined', ['sellers', 'accounts'], (store) => {
    const sellers: JoinedSeller[] = [];
    for (const profile of store.sellers.all()) sellers.push({ profile, joinedAt: sellerJoinedAt(store, profile._id) });
    return sellers.sort(byJoinedDesc);
  });
}

/** listHomeSellers top: the most subscribed sellers. */
export function topSellers(world: World): JoinedSeller[] {
  return derived(world, 'sellers-top', ['sellers', 'accounts'], () =>
    sellersByJoined(world)
      .slice()
      .sort((a, b) => bySubscribers(a.profile, b.profile))
      .slice(0, HOME_SECTION_SIZE),
  );
}

/** listHomeSellers new: sellers who joined in the 7 days before now, newest first. */
export function newSellers(world: World, now: number): JoinedSeller[] {
  const sellers = sellersByJoined(world);
  // The list is newest first: skip those who join after now (a clock set back), then take the week.
  let low = 0;
  let high = sellers.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sellers[mid] as JoinedSeller).joinedAt > now) low = mid + 1;
    else high = mid;
  }
  const out: JoinedSeller[] = [];
  for (let i = low; i < sellers.length && out.length < HOME_SECTION_SIZE; i++) {
    const seller = sellers[i] as JoinedSeller;
    if (!isNewSeller(seller.joinedAt, now)) break;
    out.push(seller);
  }
  return out;
}

/** listHomeSellers lucky: random sellers, the same all day. */
export function luckySellers(world: World, now: number): JoinedSeller[] {
  return derived(world, `sellers-lucky@${seoulDayKey(now)}`, ['sellers', 'accounts'], () =>
    dailyPick(world, now, sellersByJoined(world), (s) => s.profile._id, LUCKY_PICK_SIZE),
  );
}

/** A category's sellers, the most recent member first (listCategorySellers). */
export function categoryMembers(world: World, category: string): CursorList<JoinedSeller> {
  return derived(world, `category-members:${category}`, ['sellers', 'accounts'], (store) => {
    const members = store.sellers.by('category', category).map((profile) => ({ profile, joinedAt: sellerJoinedAt(store, profile._id) }));
    return new CursorList(members.sort(byJoinedDesc), (s) => s.profile._id);
  });
}

/** A category's sellers, most subscribers first (listRecommendedSellers ctg). */
export function categoryBySubscribers(world: World, category: string): CreatorProfile[] {
  return derived(world, `category-top:${category}`, ['sellers'], (store) => store.sellers.by('category', category).sort(bySubscribers));
}

// ---- Previews

/** Every preview, latest release date first (listPreviews without a seller). */
export function previewFeed(world: World): CursorList<Preview> {
  return derived(world, 'previews', ['previews'], (store) => {
    const previews: Preview[] = [];
    for (const preview of store.previews.all()) previews.push(preview);
    return new CursorList(sortPreviews(previews), (p) => p.previewUID);
  });
}

/**
 * By the date every list shows, the planned release (previewSchedule): latest first, then the newer id. A
 * list by publication time showed its dates out of order.
 */
export function sortPreviews(previews: Preview[]): Preview[] {
  return previews.sort((a, b) =>
    newestFirst({ time: Date.parse(a.previewSchedule), id: a.previewUID }, { time: Date.parse(b.previewSchedule), id: b.previewUID }),
  );
}

// ---- Search results (the search index finds the ids; ranking and paging them is cached per keyword)

/** searchSellers: sellers whose name or public id contains the keyword, most subscribers first. */
export function sellerSearch(world: World, keyword: string): CreatorProfile[] {
  return derived(world, `search-sellers:${keyword}`, ['sellers'], (store) =>
    store.search
      .sellerIds(keyword, store.sellers)
      .map((id) => store.sellers.get(id))
      .filter((s): s is CreatorProfile => s !== undefined)
      .sort(bySubscribers),
  );
}

/**
 * searchProducts: products on sale of public markets whose title or tags, or whose seller's name,
 * contain the keyword; newest first.
 */
export function productSearch(world: World, keyword: string): ProductRow[] {
  return derived(world, `search-products:${keyword}`, ['products', 'markets', 'sellers'], (store) => {
    const found = new Map<string, ProductRow>();
    const consider = (row: ProductRow | undefined) => {
      if (!row || !row.product.useYN || found.has(row.product._id)) return;
      const market = store.markets.get(row.marketUID)?.market;
      if (market?.public && market.publicId !== 0) found.set(row.product._id, row);
    };
    for (const id of store.search.productIds(keyword, store.products)) consider(store.products.get(id));
    for (const sellerId of store.search.sellerIds(keyword, store.sellers)) {
      for (const market of store.markets.by('seller', sellerId))
        for (const row of store.products.by('market', market.market._id)) consider(row);
    }
    return [...found.values()].sort((a, b) =>
      newestFirst(
        { time: Date.parse(a.product.publicTime), id: a.product._id },
        { time: Date.parse(b.product.publicTime), id: b.product._id },
      ),
    );
  });
}
