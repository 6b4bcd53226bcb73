// Model-based test of the stateful server: random sequences of cart, order, subscription and alarm calls
// over real HTTP, one fresh world per run, compared after every call with a small model of what the buyer
// should see. The model states the rules from the operations' descriptions; the server must agree.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_OFFSETS_MINUTES, availableQuantity, checkOrder, marketState } from '@creator-market/sdk/domain';
import type { components } from '@creator-market/sdk/generated/api';
import type { World } from '../src/world/world';
import { errorCode, startTestServer, type CallResult, type TestServer } from './harness';

type Market = components['schemas']['Market'];
type CartEntry = components['schemas']['CartEntry'];
type AlarmEntry = components['schemas']['AlarmEntry'];

const RUNS = Number(process.env.FC_MODEL_RUNS ?? 100);
const MAX_COMMANDS = 20;
const MINUTE = 60_000;
/** A buyer does not click twice in the same millisecond: the clock moves on between calls, so timestamps differ. */
const STEP_MS = 1000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

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
  const left = (o: CatalogOption, order: number) => availableQuantity(0, o.stock, order);

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
  if (marketState(open, now) !== 'opened' || marketState(later, now) !== 'pre-open' || marketState(closed, now) !== 'closed') {
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
  /** Units ordered so far, by option key (the seeded orders plus ours). */
  ordered: Map<string, number>;
}

interface Real {
  world: World;
  catalog: Catalog;
  call: (
    who: 'buyer-new' | 'buyer',
    method: 'GET' | 'POST',
    path: string,
    options?: { body?: unknown; query?: Record<string, string> },
  ) => Promise<CallResult>;
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
  const ordered = new Map<string, number>();
  for (const option of catalog.optionsByKey.values()) {
    ordered.set(option.key, world.store.products.get(option.productId)!.product.option.find((o) => o.title === option.option)!.order);
  }
  return {
    model: { carts: [], subscriptions: [], alarms: new Map(), ordered },
    real: {
      world,
      catalog,
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

const left = (model: Model, option: CatalogOption) => availableQuantity(0, option.stock, model.ordered.get(option.key) ?? 0);
const perBuyerLimit = (option: CatalogOption) => availableQuantity(option.limitAmount, -1, 0);
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

  const carts = (await real.call('buyer-new', 'GET', '/cart/v2/get')).body.data as CartEntry[];
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

  const alarms = (await real.call('buyer-new', 'GET', '/alarm')).body.data as AlarmEntry[];
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

    const state = marketState(market, world.clock.now());
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

class PlaceOrder extends Step {
  constructor(readonly entryIndex: number) {
    super();
  }
  check = (model: Readonly<Model>) => model.carts.length > 0;
  toString = () => `insertReceipt(entry ${this.entryIndex})`;

  async apply(model: Model, real: Real): Promise<void> {
    const { catalog, world } = real;
    const entry = pickEntry(model, this.entryIndex);
    const { market } = catalog.carts[entry.marketIndex]!;
    const title = entry.delivery ?? '택배';
    const lines = entry.lines.map((l) => ({ option: catalog.optionsByKey.get(l.key)!, amount: l.amount }));
    const res = await real.call('buyer-new', 'POST', '/receipt/insert', {
      body: {
        marketId: market._id,
        memo: '빠른 배송 부탁드려요',
        productList: lines.map((l) => ({ _id: l.option.productId, option: l.option.option, amount: l.amount })),
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

    // The order's own rules (tested in full by the receipt tests); here only whether it goes through.
    const productIds = [...new Set(lines.map((l) => l.option.productId))];
    const orderable =
      marketState(market, world.clock.now()) === 'opened' &&
      productIds.every(
        (id) => productAmount(catalog, entry.lines, id) <= perBuyerLimit(lines.find((l) => l.option.productId === id)!.option),
      ) &&
      lines.every((l) => left(model, l.option) >= l.amount) &&
      checkOrder({
        lines: lines.map((l) => ({ price: l.option.price, amount: l.amount, weight: l.option.weight })),
        deliveryOptions: market.delivery.option.filter((o) => o.useYN),
        selectedTitle: title,
        minPrice: market.minPrice,
      }) === null;
    if (!orderable) return expectFailure(res);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const { option, amount } of lines) model.ordered.set(option.key, (model.ordered.get(option.key) ?? 0) + amount);
    model.carts = model.carts.filter((e) => e !== entry);
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
    const state = marketState(market, now);
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
    fc.constantFrom(0, 0, 0, 1, 1, 2, 3),
    fc.array(fc.record({ option: fc.nat(5), amount: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 2 }),
  )
  .map(([market, picks]) => new AddToCart(market % CART_MARKETS, picks));
/** fc.commands picks uniformly among these: adding to the cart is listed three times so carts fill up. */
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
  fc.nat(3).map((entry) => new PlaceOrder(entry)),
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

describe('model of the stateful server', () => {
  const { seed } = fc.readConfigureGlobal();
  it(`cart, orders, subscriptions and alarms match the model (${RUNS} runs of up to ${MAX_COMMANDS} commands, seed ${seed})`, async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.commands(commandArbitraries, { maxCommands: MAX_COMMANDS, size: 'max' }), (commands) =>
        fc.asyncModelRun(setup, commands),
      ),
      { numRuns: RUNS },
    );
    console.log(`[model] ${RUNS} runs of up to ${MAX_COMMANDS} commands, seed ${seed}, ${runCount} worlds, ${Date.now() - started} ms`);
    console.log(
      `[model] outcomes: ${[...outcomes]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join('; ')}`,
    );
  }, 300_000);
});
