// Model-based test of the stateful server: random sequences of cart, order, cancel, stock, subscription and
// alarm calls over real HTTP, one fresh world per run, compared after every call with a small model of what
// the buyer should see. The model states the rules itself, in plain arithmetic from SPEC.md and the
// operations' descriptions (market timing, stock left, the per-buyer limit over live orders, an order being
// its cart entry, delivery weight and minimum price): it imports none of the sdk's rule functions the server
// uses, so a wrong rule there shows up here as a disagreement.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_OFFSETS_MINUTES } from '@creator-market/sdk/domain';
import type { components } from '@creator-market/sdk/generated/api';
import type { World } from '../src/world/world';
import { errorCode, startTestServer, type CallResult, type ResponseBody, type TestServer } from './support/harness';

type Market = components['schemas']['Market'];

const RUNS = Number(process.env.FC_MODEL_RUNS ?? 100);
const MAX_COMMANDS = 20;
const MINUTE = 60_000;
/** A buyer does not click twice in the same millisecond: the clock moves on between calls, so timestamps differ. */
const STEP_MS = 1000;

let server: TestServer;
beforeAll(async () => {
  // 100 runs, one world each: more than the default 64 kept worlds, none idle long enough to go.
  server = await startTestServer({ maxWorlds: 256 });
});
afterAll(() => server.close());

// ---------------------------------------------------------------- the rules, stated by the model

type ModelMarketState = 'none' | 'before-open' | 'closed' | 'opened' | 'pre-open';

/** SPEC.md section 4, market timing: publicId 0 none; status 0 before open; ended or status 3 closed; then by start. */
function marketStateOf(market: Market, now: number): ModelMarketState {
  if (market.publicId === 0) return 'none';
  if (market.status === 0) return 'before-open';
  if (Date.parse(market.marketED) < now || market.status === 3) return 'closed';
  return Date.parse(market.marketST) <= now ? 'opened' : 'pre-open';
}

/** Units of an option still in stock: stock - ordered, stock -1 unlimited, never negative. */
const stockLeft = (stock: number, ordered: number) => (stock === -1 ? Infinity : Math.max(0, stock - ordered));
/** limitAmount 0 means no limit. */
const limitOf = (limitAmount: number) => (limitAmount === 0 ? Infinity : limitAmount);

// ---------------------------------------------------------------- the catalog a run works with

interface CatalogOption {
  key: string;
  productId: string;
  option: string;
  stock: number;
  limitAmount: number;
  price: number;
  weight: number;
}

interface CatalogMarket {
  market: Market;
  options: CatalogOption[];
}

interface Catalog {
  /** Cart markets: open (every quantity case), open with a minimum price, opening later, closed. */
  carts: CatalogMarket[];
  /** Alarm markets: opening within the hour, opening later, open, before open (status 0). */
  alarms: Market[];
  sellerIds: string[];
  optionsByKey: Map<string, CatalogOption>;
}

/** The seeded world's persona markets and products for each case (their titles are fixed by the fixtures). */
function catalogOf(world: World): Catalog {
  const { store } = world;
  const now = world.clock.now();
  const sellerUid = store.sellers.one('publicId', 'mallang_studio')!._id;
  const personaMarket = (title: string) => {
    const row = store.markets.by('seller', sellerUid).find((r) => r.market.title === title);
    if (!row) throw new Error(`no persona market ${title}`);
    return row.market;
  };
  const optionsOf = (market: Market, wanted: ((o: CatalogOption, order: number) => boolean)[]) => {
    const all = store.products.by('market', market._id).flatMap((row) =>
      row.product.useYN
        ? row.product.option
            .filter((o) => o.useYN)
            .map((o) => ({
              entry: {
                key: `${row.product._id}/${o.title}`,
                productId: row.product._id,
                option: o.title,
                stock: o.stock,
                limitAmount: row.product.limitAmount,
                price: o.price,
                weight: row.product.weight,
              },
              order: o.order,
            }))
        : [],
    );
    return wanted.map((fits) => {
      const found = all.find(({ entry, order }) => fits(entry, order));
      if (!found) throw new Error(`market ${market.title} lacks a product case`);
      return found.entry;
    });
  };
  const left = (o: CatalogOption, order: number) => stockLeft(o.stock, order);

  const open = personaMarket('겨울 스티커 마켓');
  const limited = (o: CatalogOption, order: number) => o.limitAmount === 2 && left(o, order) > 2;
  const openOptions = optionsOf(open, [
    (o) => o.limitAmount === 0 && o.stock === -1,
    (o, order) => left(o, order) === 0,
    limited,
    (o, order) => o.limitAmount === 0 && left(o, order) === 2,
  ]);
  // A second option of the limited product, when it has one: the limit counts over all of a product's lines.
  const limitedOption = openOptions[2]!;
  const secondLimited = store.products
    .get(limitedOption.productId)!
    .product.option.filter((o) => o.useYN && o.title !== limitedOption.option)
    .slice(0, 1)
    .map((o) => ({ ...limitedOption, key: `${limitedOption.productId}/${o.title}`, option: o.title, stock: o.stock, price: o.price }));
  const minPriceMarket = personaMarket('연말 다꾸 팩 마켓');
  const later = personaMarket('새해 스티커 마켓');
  const closed = personaMarket('가을 스티커 마켓');
  const carts: CatalogMarket[] = [
    { market: open, options: [...openOptions, ...secondLimited] },
    {
      market: minPriceMarket,
      options: optionsOf(minPriceMarket, [(o, order) => left(o, order) > 5, (o, order) => o.limitAmount === 0 && left(o, order) > 0]),
    },
    { market: later, options: optionsOf(later, [(o, order) => left(o, order) > 0]) },
    { market: closed, options: optionsOf(closed, [() => true]) },
  ];
  if (marketStateOf(open, now) !== 'opened' || marketStateOf(later, now) !== 'pre-open' || marketStateOf(closed, now) !== 'closed') {
    throw new Error('the persona markets are not in their expected states');
  }

  const alarms = [personaMarket('크리스마스 키링 마켓 2차'), later, open, personaMarket('봄맞이 마스킹테이프 마켓')];
  const crowdSellers = [...store.sellers.all()].filter((s) => s._id !== sellerUid).slice(0, 3);
  const optionsByKey = new Map(carts.flatMap((m) => m.options).map((o) => [o.key, o]));
  return { carts, alarms, sellerIds: [sellerUid, ...crowdSellers.map((s) => s._id)], optionsByKey };
}

// ---------------------------------------------------------------- the model and the system under test

interface ModelLine {
  key: string;
  amount: number;
}

interface ModelEntry {
  id: string;
  marketIndex: number;
  lines: ModelLine[];
  delivery: string | null;
}

interface Model {
  /** Newest first. */
  carts: ModelEntry[];
  /** Seller ids, newest subscription first. */
  subscriptions: string[];
  /** Alarm times by market id. */
  alarms: Map<string, number[]>;
  /** Units ordered so far, by option key (the seeded orders plus ours, less the cancelled ones). */
  ordered: Map<string, number>;
  /** The buyer's orders, oldest first (the buyer starts with none). */
  orders: ModelOrder[];
}

interface ModelOrder {
  publicId: string;
  lines: ModelLine[];
  cancelled: boolean;
}

interface Real {
  world: World;
  catalog: Catalog;
  buyerUid: string;
  call: <M extends 'GET' | 'POST', P extends string>(
    who: 'buyer-new' | 'buyer',
    method: M,
    path: P,
    options?: { body?: unknown; query?: Record<string, string> },
  ) => Promise<CallResult<ResponseBody<M, P>>>;
}

type Cmd = fc.AsyncCommand<Model, Real>;

let runCount = 0;
/** How often each write answered each status, to show what the runs exercised. */
const outcomes = new Map<string, number>();

function setup(): { model: Model; real: Real } {
  const name = `model-${++runCount}`;
  const world = server.mock.worlds.fromRequest(name);
  const catalog = catalogOf(world);
  const tokens = { 'buyer-new': server.token('buyer-new', name), buyer: server.token('buyer', name) };
  const headers = { 'x-mock-world': name };
  const buyerUid = world.store.accounts.one('persona', 'buyer-new')!.uid;
  if (world.store.receipts.by('owner', buyerUid).length > 0) throw new Error('the new buyer persona is expected to start without orders');
  const ordered = new Map<string, number>();
  for (const option of catalog.optionsByKey.values()) {
    ordered.set(option.key, world.store.products.get(option.productId)!.product.option.find((o) => o.title === option.option)!.order);
  }
  return {
    model: { carts: [], subscriptions: [], alarms: new Map(), ordered, orders: [] },
    real: {
      world,
      catalog,
      buyerUid,
      call: async (who, method, path, options = {}) => {
        const res = await server.call(method, path, { token: tokens[who], headers, ...options });
        if (method === 'POST') {
          const outcome = `${path.replace(/\/[0-9a-f]{24}$/, '/:id')} ${res.status}${res.status === 400 ? ` ${errorCode(res.body)}` : ''}`;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
        return res;
      },
    },
  };
}

const left = (model: Model, option: CatalogOption) => stockLeft(option.stock, model.ordered.get(option.key) ?? 0);
/** The cart bounds an entry by limitAmount alone (SPEC.md section 5: it does not know the buyer's orders). */
const perBuyerLimit = (option: CatalogOption) => limitOf(option.limitAmount);
/** Units of the product in the buyer's orders that were not cancelled. */
const liveUnits = (model: Model, catalog: Catalog, productId: string) =>
  model.orders.filter((o) => !o.cancelled).reduce((sum, o) => sum + productAmount(catalog, o.lines, productId), 0);
const productAmount = (catalog: Catalog, lines: readonly ModelLine[], productId: string) =>
  lines.reduce((sum, line) => sum + (catalog.optionsByKey.get(line.key)!.productId === productId ? line.amount : 0), 0);

/** The quantity rule for lines whose amount grew: the first failing one's code, or null. */
function quantityFailure(model: Model, catalog: Catalog, lines: readonly ModelLine[], grown: readonly string[]): string | null {
  for (const key of grown) {
    const option = catalog.optionsByKey.get(key)!;
    const amount = lines.find((l) => l.key === key)!.amount;
    if (left(model, option) === 0) return 'out-of-stock';
    if (amount > left(model, option) || productAmount(catalog, lines, option.productId) > perBuyerLimit(option)) return 'amount-exceeded';
  }
  return null;
}

function expectFailure(res: CallResult, code?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  if (code) expect(errorCode(res.body)).toBe(code);
}

/** Everything the buyer can read equals the model, stock never goes negative, and nobody else reads the cart. */
async function checkInvariants(model: Model, real: Real): Promise<void> {
  const { catalog, world } = real;
  const now = world.clock.now();

  const carts = (await real.call('buyer-new', 'GET', '/cart/v2/get')).body.data;
  expect(
    carts.map((e) => ({
      id: e._id,
      market: e.market._id,
      delivery: e.deliveryOption?.title ?? null,
      lines: e.productList.map((l) => `${l._id}/${l.option}x${l.amount}`),
    })),
  ).toEqual(
    model.carts.map((e) => ({
      id: e.id,
      market: catalog.carts[e.marketIndex]!.market._id,
      delivery: e.delivery,
      lines: e.lines.map((l) => `${l.key}x${l.amount}`),
    })),
  );
  for (const line of carts.flatMap((e) => e.productList)) expect(line.order).toBe(model.ordered.get(`${line._id}/${line.option}`));

  expect((await real.call('buyer-new', 'GET', '/subscribe/getsubscriberlist')).body.data).toEqual(model.subscriptions);
  const page = (await real.call('buyer-new', 'GET', '/subscribe/list')).body.data as { sellerId: string }[];
  expect(page.map((s) => s.sellerId)).toEqual(model.subscriptions);

  const alarms = (await real.call('buyer-new', 'GET', '/alarm')).body.data;
  const expectedAlarms = [...model.alarms]
    .map(([marketUID, at]) => ({ marketUID, at: at.filter((t) => t > now) }))
    .filter((a) => a.at.length > 0)
    .sort(
      (a, b) =>
        Date.parse(catalog.alarms.find((m) => m._id === a.marketUID)!.marketST) -
        Date.parse(catalog.alarms.find((m) => m._id === b.marketUID)!.marketST),
    );
  expect(alarms.map(({ marketUID, at }) => ({ marketUID, at }))).toEqual(expectedAlarms);

  for (const option of catalog.optionsByKey.values()) {
    const stored = world.store.products.get(option.productId)!.product.option.find((o) => o.title === option.option)!;
    if (stored.stock !== -1) expect(stored.order).toBeLessThanOrEqual(stored.stock);
    expect(stored.order).toBe(model.ordered.get(option.key));
  }

  for (const entry of model.carts) {
    const res = await real.call('buyer', 'GET', '/cart/v2/get/single', { query: { id: entry.id } });
    expect(res.status).toBe(403);
  }

  // the buyer's receipts: the model's orders, each with its lines, cancelled (10) or not (0)
  const receipts = world.store.receipts.by('owner', real.buyerUid).map(({ receipt }) => ({
    publicId: receipt.publicId,
    lines: receipt.productList.map((l) => `${l._id}/${l.option}x${l.amount}`),
    cancelled: receipt.status.at(-1)!.status === 10,
  }));
  expect(receipts).toEqual(
    model.orders.map((o) => ({ publicId: o.publicId, lines: o.lines.map((l) => `${l.key}x${l.amount}`), cancelled: o.cancelled })),
  );
}

/** Every command lets a second pass before it runs, then checks the invariants after it. */
abstract class Step implements Cmd {
  abstract check(model: Readonly<Model>): boolean;
  abstract apply(model: Model, real: Real): Promise<void>;
  abstract toString(): string;
  async run(model: Model, real: Real): Promise<void> {
    real.world.clock.set(real.world.clock.now() + STEP_MS);
    await this.apply(model, real);
    await checkInvariants(model, real);
  }
}

const pickEntry = (model: Readonly<Model>, index: number) => model.carts[index % model.carts.length]!;

// ---------------------------------------------------------------- commands

class AddToCart extends Step {
  constructor(
    readonly marketIndex: number,
    readonly picks: readonly { option: number; amount: number }[],
  ) {
    super();
  }
  check = () => true;
  toString = () => `addToCart(market ${this.marketIndex}, ${this.picks.map((p) => `${p.option}x${p.amount}`).join(' ')})`;

  async apply(model: Model, real: Real): Promise<void> {
    const { catalog, world } = real;
    const { market, options } = catalog.carts[this.marketIndex]!;
    const lines = this.picks.map((p) => ({ option: options[p.option % options.length]!, amount: p.amount }));
    const res = await real.call('buyer-new', 'POST', '/cart/add/common', {
      body: {
        marketId: market._id,
        seller: market.sellerPublicId,
        productList: lines.map((l) => ({ _id: l.option.productId, option: l.option.option, amount: l.amount })),
      },
    });

    const state = marketStateOf(market, world.clock.now());
    if (state === 'closed' || state === 'before-open') return expectFailure(res, 'market-schedule');
    const existing = model.carts.find((e) => e.marketIndex === this.marketIndex);
    const merged = existing ? existing.lines.map((l) => ({ ...l })) : [];
    const grown: string[] = [];
    for (const { option, amount } of lines) {
      const line = merged.find((l) => l.key === option.key);
      if (line) line.amount += amount;
      else merged.push({ key: option.key, amount });
      if (!grown.includes(option.key)) grown.push(option.key);
    }
    const failure = quantityFailure(model, catalog, merged, grown);
    if (failure) return expectFailure(res, failure);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe(0);
    const entry: ModelEntry = {
      id: existing?.id ?? res.body.data._id,
      marketIndex: this.marketIndex,
      lines: merged,
      delivery: existing?.delivery ?? null,
    };
    expect(res.body.data._id).toBe(entry.id);
    model.carts = [entry, ...model.carts.filter((e) => e !== existing)];
  }
}

class UpdateLine extends Step {
  constructor(
    readonly entryIndex: number,
    readonly lineIndex: number,
    readonly amount: number,
    readonly missingLine: boolean,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => model.carts.length > 0;
  toString = () =>
    `updateCart(entry ${this.entryIndex}, line ${this.lineIndex}${this.missingLine ? ' (not in the entry)' : ''} = ${this.amount})`;

  async apply(model: Model, real: Real): Promise<void> {
    const { catalog } = real;
    const entry = pickEntry(model, this.entryIndex);
    const inEntry = new Set(entry.lines.map((l) => l.key));
    const outside = catalog.carts[entry.marketIndex]!.options.find((o) => !inEntry.has(o.key));
    const key = this.missingLine && outside ? outside.key : entry.lines[this.lineIndex % entry.lines.length]!.key;
    const option = catalog.optionsByKey.get(key)!;
    const res = await real.call('buyer-new', 'POST', '/cart/update', {
      body: { cartId: entry.id, productList: [{ _id: option.productId, option: option.option, amount: this.amount }] },
    });

    if (!inEntry.has(key)) return expectFailure(res, 'invalid-cart');
    const previous = entry.lines.find((l) => l.key === key)!.amount;
    const after = entry.lines.map((l) => (l.key === key ? { ...l, amount: this.amount } : l)).filter((l) => l.amount > 0);
    const failure = this.amount > previous ? quantityFailure(model, catalog, after, [key]) : null;
    if (failure) return expectFailure(res, failure);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (after.length === 0) {
      expect(res.body.data).toMatchObject({ _id: entry.id, status: 2, productList: [] });
      model.carts = model.carts.filter((e) => e !== entry);
    } else {
      expect(res.body.data.status).toBe(0);
      entry.lines = after;
    }
  }
}

class DeleteCart extends Step {
  constructor(readonly entryIndex: number) {
    super();
  }
  check = (model: Readonly<Model>) => model.carts.length > 0;
  toString = () => `deleteCart(entry ${this.entryIndex})`;

  async apply(model: Model, real: Real): Promise<void> {
    const entry = pickEntry(model, this.entryIndex);
    const res = await real.call('buyer-new', 'POST', '/cart/delete', { body: { cartId: entry.id } });
    expect(res.status).toBe(200);
    model.carts = model.carts.filter((e) => e !== entry);
    expect((await real.call('buyer-new', 'GET', '/cart/v2/get/single', { query: { id: entry.id } })).status).toBe(404);
  }
}

const DELIVERY_TITLES = ['일반우편', '준등기', '택배', '퀵서비스'] as const;

class SetDelivery extends Step {
  constructor(
    readonly entryIndex: number,
    readonly title: string,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => model.carts.length > 0;
  toString = () => `updateCartDeliveryOption(entry ${this.entryIndex}, ${this.title})`;

  async apply(model: Model, real: Real): Promise<void> {
    const entry = pickEntry(model, this.entryIndex);
    const res = await real.call('buyer-new', 'POST', `/cart/update/delivery-option/${entry.id}`, { body: { title: this.title } });
    const usable = real.catalog.carts[entry.marketIndex]!.market.delivery.option.some((o) => o.title === this.title && o.useYN);
    if (!usable) return expectFailure(res, 'invalid-delivery-option');
    expect(res.status).toBe(200);
    entry.delivery = this.title;
  }
}

/**
 * What the order request sends of its entry: the app's way (`orderable`: every line that has stock left,
 * '품절 제외 후 주문'), all of the entry's lines as they are, or a body that differs from the entry (one unit
 * more on a line, another of the market's options instead of a line, a line sent twice).
 */
type OrderBodyKind = 'orderable' | 'cart' | 'more' | 'other' | 'twice';
const ORDER_BODY_KINDS: readonly OrderBodyKind[] = [...Array<OrderBodyKind>(8).fill('orderable'), 'cart', 'more', 'other', 'twice'];

class PlaceOrder extends Step {
  constructor(
    readonly entryIndex: number,
    readonly kind: OrderBodyKind,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => model.carts.length > 0;
  toString = () => `insertReceipt(entry ${this.entryIndex}, ${this.kind})`;

  /** The lines the body sends. */
  private sentLines(model: Model, catalog: Catalog, entry: ModelEntry): ModelLine[] {
    const [first, ...rest] = entry.lines as [ModelLine, ...ModelLine[]];
    switch (this.kind) {
      case 'orderable':
        return entry.lines.filter((l) => left(model, catalog.optionsByKey.get(l.key)!) > 0);
      case 'cart':
        return entry.lines;
      case 'more':
        return [{ ...first, amount: first.amount + 1 }, ...rest];
      case 'other': {
        const outside = catalog.carts[entry.marketIndex]!.options.find((o) => !entry.lines.some((l) => l.key === o.key));
        return outside ? [{ key: outside.key, amount: first.amount }, ...rest] : [{ ...first, amount: first.amount + 1 }, ...rest];
      }
      case 'twice':
        return [...entry.lines, first];
    }
  }

  async apply(model: Model, real: Real): Promise<void> {
    const { catalog } = real;
    const entry = pickEntry(model, this.entryIndex);
    const { market } = catalog.carts[entry.marketIndex]!;
    const title = entry.delivery ?? '택배';
    const sent = this.sentLines(model, catalog, entry);
    const res = await real.call('buyer-new', 'POST', '/receipt/insert', {
      body: {
        marketId: market._id,
        memo: '빠른 배송 부탁드려요',
        productList: sent.map((l) => {
          const option = catalog.optionsByKey.get(l.key)!;
          return { _id: option.productId, option: option.option, amount: l.amount };
        }),
        delivery: {
          addr: '서울특별시 마포구 와우산로 94',
          addr2: '3층 301호',
          msg: '',
          name: '이새봄',
          tel: '+821098765432',
          zip: '04066',
          title,
        },
        sns: { type: 0, id: '' },
        buyerAccount: { name: '이새봄', no: '110987654321', type: '088' },
        payment: { option: 1, depositExpect: '' },
        cashReceipt: { useYN: false, isPersonal: true, no: '' },
        cartId: entry.id,
      },
    });

    const failure = this.expectedFailure(model, real, entry, sent, title);
    if (failure) return expectFailure(res, failure);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const line of sent) model.ordered.set(line.key, (model.ordered.get(line.key) ?? 0) + line.amount);
    model.orders.push({ publicId: res.body.data, lines: sent.map((l) => ({ ...l })), cancelled: false });
    model.carts = model.carts.filter((e) => e !== entry);
  }

  /** The first check of insertReceipt's description that fails, or null. */
  private expectedFailure(model: Model, real: Real, entry: ModelEntry, sent: readonly ModelLine[], title: string): string | null {
    const { catalog, world } = real;
    const { market } = catalog.carts[entry.marketIndex]!;
    const optionOf = (l: ModelLine) => catalog.optionsByKey.get(l.key)!;
    // 1. the body: at least one line
    if (sent.length === 0) return 'bad-request';
    // 3. the market is open
    if (marketStateOf(market, world.clock.now()) !== 'opened') return 'market-schedule';
    // 4. the lines are the entry's: same amounts, none twice, only lines without stock left out
    const keys = sent.map((l) => l.key);
    const sameAsEntry = sent.every((l) => entry.lines.some((e) => e.key === l.key && e.amount === l.amount));
    const leftOutOrderable = entry.lines.some((e) => !keys.includes(e.key) && left(model, optionOf(e)) > 0);
    if (new Set(keys).size !== keys.length || !sameAsEntry || leftOutOrderable) return 'invalid-cart';
    // 6. per product: this order and the buyer's live orders together within limitAmount
    for (const productId of new Set(sent.map((l) => optionOf(l).productId))) {
      const limit = limitOf(optionOf(sent.find((l) => optionOf(l).productId === productId)!).limitAmount);
      if (productAmount(catalog, sent, productId) + liveUnits(model, catalog, productId) > limit) return 'amount-exceeded';
    }
    // 7. stock: nothing left is out-of-stock, less than asked a shortage
    if (sent.some((l) => left(model, optionOf(l)) === 0)) return 'out-of-stock';
    if (sent.some((l) => l.amount > left(model, optionOf(l)))) return 'stock-shortage';
    // 8-9. a usable delivery option carrying the weight, and the minimum product total
    const delivery = market.delivery.option.find((o) => o.title === title && o.useYN);
    if (!delivery) return 'invalid-delivery-option';
    const weight = sent.reduce((sum, l) => sum + optionOf(l).weight * l.amount, 0);
    if (delivery.weight != null && weight > delivery.weight) return 'weight-exceeded';
    const total = sent.reduce((sum, l) => sum + optionOf(l).price * l.amount, 0);
    if (market.minPrice > 0 && total < market.minPrice) return 'under-total-price';
    return null;
  }
}

/** The buyer cancels one of their orders (status 10): allowed once, before payment; the units go back. */
class CancelOrder extends Step {
  constructor(readonly orderIndex: number) {
    super();
  }
  check = (model: Readonly<Model>) => model.orders.length > 0;
  toString = () => `changeReceiptStatus(order ${this.orderIndex}, 10)`;

  async apply(model: Model, real: Real): Promise<void> {
    const order = model.orders[this.orderIndex % model.orders.length]!;
    const res = await real.call('buyer-new', 'POST', '/receipt/change-status', {
      query: { id: order.publicId },
      body: { status: 10, msg: '다시 담아서 주문할게요' },
    });
    if (order.cancelled) return expectFailure(res, 'already-canceled');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    order.cancelled = true;
    for (const line of order.lines) model.ordered.set(line.key, Math.max(0, (model.ordered.get(line.key) ?? 0) - line.amount));
  }
}

/** The buyer puts the lines of one of their orders in the cart again (buying again meets the per-buyer limit). */
class BuyAgain extends Step {
  constructor(readonly orderIndex: number) {
    super();
  }
  check = (model: Readonly<Model>) => model.orders.length > 0;
  toString = () => `addToCart(the lines of order ${this.orderIndex})`;

  async apply(model: Model, real: Real): Promise<void> {
    const order = model.orders[this.orderIndex % model.orders.length]!;
    const marketIndex = real.catalog.carts.findIndex((m) => m.options.some((o) => o.key === order.lines[0]!.key));
    const { options } = real.catalog.carts[marketIndex]!;
    const picks = order.lines.map((l) => ({ option: options.findIndex((o) => o.key === l.key), amount: l.amount }));
    await new AddToCart(marketIndex, picks).apply(model, real);
  }
}

/** The seller sets an option's stock to what is ordered plus 0-2 (no API: the seller's side of the world). */
class SellerSetsStock extends Step {
  constructor(
    readonly optionIndex: number,
    readonly more: number,
  ) {
    super();
  }
  check = () => true;
  toString = () => `sellerSetsStock(option ${this.optionIndex}, ordered + ${this.more})`;

  /** A direct change of the world (no request), answered as the other steps' promise. */
  apply(model: Model, real: Real): Promise<void> {
    const options = [...real.catalog.optionsByKey.values()];
    const option = options[this.optionIndex % options.length]!;
    const stock = (model.ordered.get(option.key) ?? 0) + this.more;
    real.world.store.products.update(option.productId, (row) => ({
      ...row,
      product: { ...row.product, option: row.product.option.map((o) => (o.title === option.option ? { ...o, stock } : o)) },
    }));
    option.stock = stock;
    return Promise.resolve();
  }
}

class Subscribe extends Step {
  constructor(readonly sellerIndex: number) {
    super();
  }
  check = () => true;
  toString = () => `addSubscription(seller ${this.sellerIndex})`;

  async apply(model: Model, real: Real): Promise<void> {
    const sellerId = real.catalog.sellerIds[this.sellerIndex % real.catalog.sellerIds.length]!;
    const res = await real.call('buyer-new', 'POST', '/subscribe/add', { body: { sellerId } });
    if (model.subscriptions.includes(sellerId)) return expectFailure(res, 'already-subscribed');
    expect(res.status).toBe(200);
    model.subscriptions = [sellerId, ...model.subscriptions];
  }
}

class Unsubscribe extends Step {
  constructor(readonly sellerIndex: number) {
    super();
  }
  check = () => true;
  toString = () => `cancelSubscription(seller ${this.sellerIndex})`;

  async apply(model: Model, real: Real): Promise<void> {
    const sellerId = real.catalog.sellerIds[this.sellerIndex % real.catalog.sellerIds.length]!;
    const res = await real.call('buyer-new', 'POST', '/subscribe/cancel', { body: { sellerId } });
    if (!model.subscriptions.includes(sellerId)) return expectFailure(res, 'already-canceled');
    expect(res.status).toBe(200);
    model.subscriptions = model.subscriptions.filter((id) => id !== sellerId);
  }
}

/** Offsets in minutes; 7 is not an allowed one. */
const ALARM_OFFSET_CHOICES = [...ALARM_OFFSETS_MINUTES, 7] as const;

class AddAlarm extends Step {
  constructor(
    readonly marketIndex: number,
    readonly offsets: readonly number[] | null,
  ) {
    super();
  }
  check = () => true;
  toString = () => `addAlarm(market ${this.marketIndex}, ${this.offsets ? `${this.offsets.join('/')} min` : 'default'})`;

  async apply(model: Model, real: Real): Promise<void> {
    const market = real.catalog.alarms[this.marketIndex]!;
    const start = Date.parse(market.marketST);
    const requested = this.offsets?.map((minutes) => start - minutes * MINUTE);
    const res = await real.call('buyer-new', 'POST', '/alarm/add', {
      body: { marketId: market._id, ...(requested ? { at: requested } : {}) },
    });

    const now = real.world.clock.now();
    const state = marketStateOf(market, now);
    if (!market.public || !(state === 'pre-open' || state === 'before-open') || start <= now) return expectFailure(res, 'invalid-market');
    const valid = (at: number, minutes: number) => (ALARM_OFFSETS_MINUTES as readonly number[]).includes(minutes) && at > now;
    if (requested && !requested.every((at, i) => valid(at, this.offsets![i]!))) return expectFailure(res, 'bad-request');
    const at = requested ? [...requested].sort((a, b) => a - b) : [start - 3 * MINUTE > now ? start - 3 * MINUTE : start];
    const pending = (model.alarms.get(market._id) ?? []).filter((t) => t > now);
    if (pending.length === at.length && pending.every((t, i) => t === at[i])) return expectFailure(res, 'already-exists');

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.at).toEqual(at);
    model.alarms.set(market._id, at);
  }
}

class DeleteAlarm extends Step {
  constructor(readonly marketIndex: number) {
    super();
  }
  check = () => true;
  toString = () => `deleteAlarm(market ${this.marketIndex})`;

  async apply(model: Model, real: Real): Promise<void> {
    const market = real.catalog.alarms[this.marketIndex]!;
    const res = await real.call('buyer-new', 'POST', '/alarm/delete', { body: { marketId: market._id } });
    const pending = (model.alarms.get(market._id) ?? []).filter((t) => t > real.world.clock.now());
    if (pending.length === 0) return expectFailure(res, 'alarm-not-exists');
    expect(res.status).toBe(200);
    model.alarms.delete(market._id);
  }
}

const CART_MARKETS = 4;
const ALARM_MARKETS = 4;
const addToCart = fc
  .tuple(
    fc.constantFrom(0, 0, 0, 0, 0, 1, 1, 2, 3),
    fc.array(fc.record({ option: fc.nat(5), amount: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 2 }),
  )
  .map(([market, picks]) => new AddToCart(market % CART_MARKETS, picks));
/** Mostly the newest entry (the one just filled), so that an order follows its add. */
const placeOrder = fc
  .tuple(fc.constantFrom(0, 0, 0, 1, 2, 3), fc.constantFrom(...ORDER_BODY_KINDS))
  .map(([entry, kind]) => new PlaceOrder(entry, kind));
/** fc.commands picks uniformly among these: adding to the cart and ordering are listed three times so carts fill up and empty. */
const commandArbitraries = [
  addToCart,
  addToCart,
  addToCart,
  fc
    .tuple(
      fc.nat(3),
      fc.nat(3),
      fc.integer({ min: 0, max: 4 }),
      fc.nat(3).map((n) => n === 0),
    )
    .map(([entry, line, amount, missing]) => new UpdateLine(entry, line, amount, missing)),
  fc.nat(3).map((entry) => new DeleteCart(entry)),
  fc.tuple(fc.nat(3), fc.constantFrom(...DELIVERY_TITLES)).map(([entry, title]) => new SetDelivery(entry, title)),
  placeOrder,
  placeOrder,
  placeOrder,
  fc.nat(5).map((order) => new CancelOrder(order)),
  fc.tuple(fc.nat(10), fc.nat(2)).map(([option, more]) => new SellerSetsStock(option, more)),
  fc.nat(3).map((seller) => new Subscribe(seller)),
  fc.nat(3).map((seller) => new Unsubscribe(seller)),
  fc
    .tuple(
      fc.nat(ALARM_MARKETS - 1),
      fc.option(fc.uniqueArray(fc.constantFrom(...ALARM_OFFSET_CHOICES), { minLength: 1, maxLength: 3 }), { nil: null, freq: 2 }),
    )
    .map(([market, offsets]) => new AddAlarm(market, offsets)),
  fc.nat(ALARM_MARKETS - 1).map((market) => new DeleteAlarm(market)),
];

/**
 * Only what moves stock and limits: carts of the open market (mostly its limited product, option 2, so that
 * orders meet the per-buyer limit) and of the minimum-price market, orders, cancels and stock changes.
 */
const orderArbitraries = [
  fc
    .tuple(
      fc.constantFrom(0, 0, 0, 0, 0, 1),
      fc.array(fc.record({ option: fc.constantFrom(0, 1, 2, 2, 2, 2, 3, 4), amount: fc.integer({ min: 1, max: 2 }) }), {
        minLength: 1,
        maxLength: 2,
      }),
    )
    .map(([market, picks]) => new AddToCart(market, picks)),
  fc.tuple(fc.nat(3), fc.nat(3), fc.integer({ min: 0, max: 4 })).map(([entry, line, amount]) => new UpdateLine(entry, line, amount, false)),
  placeOrder,
  placeOrder,
  fc.nat(5).map((order) => new BuyAgain(order)),
  fc.nat(5).map((order) => new CancelOrder(order)),
  fc.tuple(fc.nat(10), fc.nat(2)).map(([option, more]) => new SellerSetsStock(option, more)),
];

describe('model of the stateful server', () => {
  const { seed } = fc.readConfigureGlobal();
  it(`cart, orders, cancels, stock, subscriptions and alarms match the model (${RUNS} runs of up to ${MAX_COMMANDS} commands, seed ${seed})`, async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.commands(commandArbitraries, { maxCommands: MAX_COMMANDS, size: 'max' }), (commands) =>
        fc.asyncModelRun(setup, commands),
      ),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.commands(orderArbitraries, { maxCommands: MAX_COMMANDS, size: 'max' }), (commands) =>
        fc.asyncModelRun(setup, commands),
      ),
      { numRuns: RUNS },
    );
    console.log(`[model] 2 x ${RUNS} runs of up to ${MAX_COMMANDS} commands, seed ${seed}, ${runCount} worlds, ${Date.now() - started} ms`);
    console.log(
      `[model] outcomes: ${[...outcomes]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join('; ')}`,
    );
  }, 300_000);
});
