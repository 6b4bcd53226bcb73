// The world's data: one indexed collection per kind of record, built from the fixture rows. Every lookup a
// handler makes goes through an id or an index; nothing on a request path scans a whole collection.
import type {
  AddressRow,
  AlarmRow,
  CartRow,
  CreatorProfile,
  DeviceRow,
  MarketRow,
  NotificationRow,
  Preview,
  ProductRow,
  ReceiptRow,
  RoomRow,
  SubscriptionRow,
  World as GeneratedWorld,
  Account as FixtureAccount,
  BannerList,
  HotKeywords,
} from '@creator-market/fixtures';
import { Collection } from './collection';
import { SearchIndex } from './search-index';

export type Account = FixtureAccount;
export type { AddressRow, AlarmRow, CartRow, DeviceRow, MarketRow, NotificationRow, ProductRow, ReceiptRow, RoomRow, SubscriptionRow };

/** A phone verification in progress: the 6-digit code the mock "sent" and when. */
export interface PhoneVerification {
  uid: string;
  phone: string;
  code: string;
  sentAt: number;
}

/** The extra state that is not a collection of records. */
export interface StoreState {
  banners: BannerList;
  hotKeywords: HotKeywords;
  /** Search counts of keywords (feeds the hot keywords). */
  keywordCounts: Record<string, number>;
  /** Phone verifications by uid. */
  phoneVerifications: Record<string, PhoneVerification>;
  /** Uploaded profile photos by uid: content type and base64 bytes, served back by the server. */
  uploads: Record<string, { contentType: string; base64: string }>;
  /** Monotonic counters for new ids and receipt numbers. */
  counters: { id: number; receipt: number };
}

/** The record lists of a world, empty: a store loaded in steps starts from them, and a replay of a recording alone. */
export const NO_RECORDS = {
  accounts: [],
  sellers: [],
  markets: [],
  products: [],
  previews: [],
  addresses: [],
  subscriptions: [],
  alarms: [],
  devices: [],
  carts: [],
  rooms: [],
  receipts: [],
  notifications: [],
} satisfies Partial<GeneratedWorld>;

/**
 * On a world whose lists of records are built on first read (the seed cache's, see seed-cache.ts): each such
 * list by its name (DeferredList). Those lists' records are frozen as they are made; a store's collection of
 * one reads it on its first use (Collection.defer), and never freezes it again (freezeSteps).
 */
export const DEFERRED_RECORDS = Symbol('deferred records');

/** A list of records built on first read: how many it holds, and its building in steps (the list then read at once). */
export interface DeferredList {
  size: number;
  steps(): Generator<void, void, void>;
}

type DeferredRecords = { [DEFERRED_RECORDS]?: ReadonlyMap<string, DeferredList> };

/** A new store's state: the world's banners and hot keywords, nothing counted yet, then what `state` holds. */
function initialState(world: Pick<GeneratedWorld, 'banners' | 'hotKeywords'>, state?: Partial<StoreState>): StoreState {
  return {
    banners: world.banners,
    hotKeywords: world.hotKeywords,
    keywordCounts: {},
    phoneVerifications: {},
    uploads: {},
    counters: { id: 0, receipt: 0 },
    ...state,
  };
}

/** The records of each collection of `C`, by the same names. */
type RecordsOf<C> = { [K in keyof C]: C[K] extends { all(): Iterable<infer T> } ? T[] : never };

export class Store {
  readonly accounts: Collection<Account, 'persona'>;
  /** Seller profiles; `_id` is the seller's account uid. */
  readonly sellers: Collection<CreatorProfile, 'publicId' | 'category'>;
  readonly markets: Collection<MarketRow, 'seller' | 'sellerMarket'>;
  readonly products: Collection<ProductRow, 'market'>;
  readonly previews: Collection<Preview, 'seller'>;
  readonly addresses: Collection<AddressRow, 'owner'>;
  readonly subscriptions: Collection<SubscriptionRow, 'owner' | 'seller' | 'ownerSeller'>;
  readonly alarms: Collection<AlarmRow, 'owner' | 'ownerMarket'>;
  readonly devices: Collection<DeviceRow, 'owner'>;
  readonly carts: Collection<CartRow, 'owner' | 'ownerMarket'>;
  readonly rooms: Collection<RoomRow, 'owner' | 'ownerSeller'>;
  readonly receipts: Collection<ReceiptRow, 'owner' | 'publicId' | 'room' | 'market' | 'seller'>;
  readonly notifications: Collection<NotificationRow, 'recipient'>;

  /** Sellers by name and products by title and tags, as loaded (an overlay shares its base's). */
  readonly search: SearchIndex;

  state: StoreState;

  /** The store this one is an overlay over (kept: World's table of bases holds bases only weakly). */
  private readonly base: Store | null;
  /** The deep-freezing of this store's records, once begun (see freezeSteps). */
  private freezing: Generator<void, void, void> | null = null;
  /** The collections whose records were made frozen (DEFERRED_RECORDS), by name: freezeSteps skips them. */
  private readonly bornFrozen = new Set<string>();

  /**
   * A store holding `source`'s records, made at once; or, from another store, a copy-on-write store over
   * that one's records (see Collection.overlay), which must not change from then on.
   */
  constructor(source: GeneratedWorld | Store, state?: Partial<StoreState>) {
    const base = source instanceof Store ? source : undefined;
    this.base = base ?? null;
    this.state = initialState(source instanceof Store ? source.state : source, state);
    this.accounts = base?.accounts.overlay() ?? new Collection((a) => a.uid, { persona: (a) => a.persona });
    this.sellers = base?.sellers.overlay() ?? new Collection((s) => s._id, { publicId: (s) => s.publicId, category: (s) => s.category });
    this.markets =
      base?.markets.overlay() ??
      new Collection((r) => r.market._id, {
        seller: (r) => r.sellerUID,
        sellerMarket: (r) => marketKey(r.market.sellerPublicId, r.market.publicId),
      });
    this.products = base?.products.overlay() ?? new Collection((r) => r.product._id, { market: (r) => r.marketUID });
    this.previews = base?.previews.overlay() ?? new Collection((p) => p.previewUID, { seller: (p) => p.sellerUID });
    this.addresses = base?.addresses.overlay() ?? new Collection((r) => r.address._id, { owner: (r) => r.ownerUid });
    this.subscriptions =
      base?.subscriptions.overlay() ??
      new Collection((r) => r.subscription._id, {
        owner: (r) => r.ownerUid,
        seller: (r) => r.subscription.sellerId,
        ownerSeller: (r) => pairKey(r.ownerUid, r.subscription.sellerId),
      });
    this.alarms =
      base?.alarms.overlay() ??
      new Collection((r) => r.alarm._id, { owner: (r) => r.ownerUid, ownerMarket: (r) => pairKey(r.ownerUid, r.alarm.marketUID) });
    this.devices =
      base?.devices.overlay() ?? new Collection((r) => pairKey(r.ownerUid, r.device.deviceToken), { owner: (r) => r.ownerUid });
    this.carts =
      base?.carts.overlay() ??
      new Collection((r) => r.cart._id, { owner: (r) => r.ownerUid, ownerMarket: (r) => pairKey(r.ownerUid, r.cart.market._id) });
    this.rooms =
      base?.rooms.overlay() ??
      new Collection((r) => r.room._id, { owner: (r) => r.ownerUid, ownerSeller: (r) => pairKey(r.ownerUid, r.sellerUID) });
    this.receipts =
      base?.receipts.overlay() ??
      new Collection((r) => r.receipt._id, {
        owner: (r) => r.ownerUid,
        publicId: (r) => r.receipt.publicId,
        room: (r) => r.roomId,
        market: (r) => r.marketUID,
        seller: (r) => r.sellerUID,
      });
    this.notifications =
      base?.notifications.overlay() ?? new Collection((r) => r.notification._id, { recipient: (r) => pairKey(r.recipientUid, r.category) });
    this.search = base?.search ?? new SearchIndex();
    if (source instanceof Store) return;
    for (const _ of this.load(source)) {
      // made at once: nothing to do between steps
    }
  }

  /**
   * A store made in steps: the generator yields after every few hundred records (see World.createInSlices,
   * which runs it in slices so a new world never holds the server's event loop) and returns the store.
   */
  static *inSteps(world: GeneratedWorld, state?: Partial<StoreState>): Generator<void, Store, void> {
    // (the world's fields by name, not spread: a spread would read every list a deferred world holds)
    const { seed, scale, now, banners, hotKeywords } = world;
    const store = new Store({ seed, scale, now, banners, hotKeywords, ...NO_RECORDS }, state);
    yield* store.load(world);
    return store;
  }

  private *load(world: GeneratedWorld): Generator<void, void, void> {
    const STEP = 250;
    let count = 0;
    const deferred = (world as GeneratedWorld & DeferredRecords)[DEFERRED_RECORDS];
    const collections = this.collections();
    for (const name of Object.keys(collections) as (keyof typeof collections)[]) {
      const collection = collections[name] as Collection<object, string>;
      // A device's id is its owner and token: a world may list one twice (the last one holds).
      const mode = name === 'devices' ? 'replace' : 'insert';
      const list = deferred?.get(name);
      if (list) {
        collection.defer(
          () => world[name],
          list.size,
          mode,
          () => list.steps(),
        );
        this.bornFrozen.add(name);
        continue;
      }
      for (const record of world[name] as object[]) {
        if (mode === 'insert') collection.insert(record);
        else collection.replace(record);
        if (++count % STEP === 0) yield;
      }
    }
    // Built on the first search, or in slices by World.createInSlices and the CLI (see SearchIndex.defer).
    this.search.defer(this);
  }

  /**
   * Deep-freezes every record, in steps (a base shared by worlds: a record changed in place would throw
   * rather than change other worlds). Callers share one run: a second caller goes on where the first is.
   */
  *freezeSteps(): Generator<void, void, void> {
    this.freezing ??= deepFreeze([
      this.state.banners,
      this.state.hotKeywords,
      ...Object.entries(this.collections())
        .filter(([name]) => !this.bornFrozen.has(name))
        .map(([, collection]) => [...(collection as Collection<object, string>).all()]),
    ]);
    while (!this.freezing.next().done) yield;
  }

  /**
   * The base this store is an overlay over, while it has changed none of its records: every read of it then
   * answers as the base does (home-lists.ts lets such worlds share the lists derived from it).
   */
  get pristineBase(): Store | null {
    if (!this.base) return null;
    return Object.values(this.collections()).every((collection) => collection.version === 0) ? this.base : null;
  }

  /**
   * Readies what new worlds share with this one, in steps: the search index built and, for an overlay, its
   * base's records frozen (see freezeSteps). A world made later then waits for neither.
   */
  *sharingSteps(): Generator<void, void, void> {
    // The lists the search index reads, built in steps first when they are deferred (a request meanwhile that
    // needs one builds the rest of it at once).
    const source = this.base ?? this;
    yield* source.sellers.loadSteps();
    yield* source.products.loadSteps();
    yield* this.search.pendingSteps();
    if (this.base) yield* this.base.freezeSteps();
  }

  /** Every collection by the name of its records in the fixture world (toData's fields). */
  private collections() {
    return {
      accounts: this.accounts,
      sellers: this.sellers,
      markets: this.markets,
      products: this.products,
      previews: this.previews,
      addresses: this.addresses,
      subscriptions: this.subscriptions,
      alarms: this.alarms,
      devices: this.devices,
      carts: this.carts,
      rooms: this.rooms,
      receipts: this.receipts,
      notifications: this.notifications,
    };
  }

  /** The plain data of the store, in the fixture world's shape (for export and --state). */
  toData(meta: { seed: number; scale: number; now: string }): { world: GeneratedWorld; state: StoreState } {
    const collections = this.collections();
    const records = Object.fromEntries(Object.entries(collections).map(([name, collection]) => [name, [...collection.all()]])) as RecordsOf<
      typeof collections
    >;
    return {
      world: { ...meta, ...records, banners: this.state.banners, hotKeywords: this.state.hotKeywords },
      state: this.state,
    };
  }

  /**
   * A new 24-hex id whose first 8 digits are the creation time in seconds (Mongo style), unique in this store.
   * The counter alone does not make it so: records brought in (a replayed recording, an import, the control
   * plane's records) may hold ids another mock made the same way, and one made in the same second with the
   * same count is the same id, so an id some record already has is skipped.
   */
  newId(now: number): string {
    const seconds = Math.floor(now / 1000)
      .toString(16)
      .padStart(8, '0')
      .slice(-8);
    let id: string;
    do {
      this.state.counters.id += 1;
      id = `${seconds}ffff${this.state.counters.id.toString(16).padStart(12, '0')}`;
    } while (this.holdsId(id));
    return id;
  }

  /** Whether a record of any collection has `id` as its key. */
  private holdsId(id: string): boolean {
    return Object.values(this.collections()).some((collection) => collection.has(id));
  }

  /** A new receipt public number: Seoul date YYMMDD and a 6-digit sequence, unique in this store. */
  newReceiptPublicId(now: number): string {
    const seoul = new Date(now + 9 * 3_600_000).toISOString();
    const day = seoul.slice(2, 4) + seoul.slice(5, 7) + seoul.slice(8, 10);
    let publicId: string;
    do {
      this.state.counters.receipt += 1;
      publicId = day + String(900_000 + (this.state.counters.receipt % 100_000)).padStart(6, '0');
    } while (this.receipts.one('publicId', publicId));
    return publicId;
  }
}

/** Deep-freezes `roots`, in steps. */
export function* deepFreeze(roots: unknown[]): Generator<void, void, void> {
  const pending = [...roots];
  let count = 0;
  while (pending.length > 0) {
    if (++count % 2000 === 0) yield;
    const value = pending.pop();
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) continue;
    for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) pending.push(child);
    Object.freeze(value);
  }
}

export const pairKey = (a: string, b: string) => `${a}\u0000${b}`;
export const marketKey = (sellerPublicId: string, marketPublicId: number | string) => `${sellerPublicId}/${marketPublicId}`;
