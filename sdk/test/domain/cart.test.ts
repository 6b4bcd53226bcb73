import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  availableQuantity,
  buyerLimitLeft,
  canAddToCart,
  CART_PRODUCT_STATE_LABELS,
  cartProductState,
  clampQuantity,
  lineAvailableQuantity,
  MIN_QUANTITY,
  orderButton,
  orderLines,
  quantityLabel,
  quantityState,
  sortCartEntries,
  syncCart,
  visibleOptions,
  visibleProducts,
  WAITING_MESSAGES,
  waitingMessage,
  type CartLine,
  type QuantityContext,
} from '../../src/domain/cart';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const limitArb = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20 }));
const stockArb = fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 30 }));
const orderArb = fc.integer({ min: 0, max: 40 });

describe('availableQuantity', () => {
  it('is the smaller of the limit and the stock left', () => {
    expect(availableQuantity(3, 10, 2)).toBe(3);
    expect(availableQuantity(0, 10, 2)).toBe(8);
    expect(availableQuantity(5, -1, 100)).toBe(5);
    expect(availableQuantity(0, 5, 9)).toBe(0);
    expect(availableQuantity(null, 4, undefined)).toBe(4);
    expect(availableQuantity(0, -1, 3)).toBe(Number.POSITIVE_INFINITY);
  });

  test.prop([limitArb, stockArb, orderArb])('never exceeds stock - order or limitAmount and is never negative', (limit, stock, order) => {
    const available = availableQuantity(limit, stock, order);
    expect(available).toBeGreaterThanOrEqual(0);
    if (limit > 0) expect(available).toBeLessThanOrEqual(limit);
    if (stock !== -1) expect(available).toBeLessThanOrEqual(Math.max(0, stock - order));
    expect(Number.isFinite(available)).toBe(limit > 0 || stock !== -1);
    // It is one of its bounds (or 0 when the stock ran out), not an arbitrary smaller number.
    const bounds = [limit > 0 ? limit : Infinity, stock === -1 ? Infinity : Math.max(0, stock - order)];
    expect(available).toBe(Math.min(...bounds));
  });
});

describe('buyerLimitLeft', () => {
  it("is what the buyer's live orders leave of limitAmount (0 = none)", () => {
    expect(buyerLimitLeft(2, 0)).toBe(2);
    expect(buyerLimitLeft(2, 1)).toBe(1);
    expect(buyerLimitLeft(2, 2)).toBe(0);
    expect(buyerLimitLeft(2, 6)).toBe(0);
    expect(buyerLimitLeft(0, 50)).toBe(Number.POSITIVE_INFINITY);
    expect(buyerLimitLeft(null, 3)).toBe(Number.POSITIVE_INFINITY);
  });

  // A buyer places and cancels orders of one product in any order; an order goes through when it fits in
  // what is left. Whatever the sequence, the live units never pass the limit, and an order is refused only
  // when it would pass it (three orders of 2 never buy 6 of a limit-2 product).
  const eventArb = fc.oneof(
    fc.record({ kind: fc.constant('order' as const), amount: fc.integer({ min: 1, max: 5 }) }),
    fc.record({ kind: fc.constant('cancel' as const), index: fc.nat(10) }),
  );
  test.prop([limitArb, fc.array(eventArb, { maxLength: 30 })])(
    'the live orders of a buyer never exceed the limit, and only orders that would are refused',
    (limit, events) => {
      const live: number[] = [];
      for (const event of events) {
        const ordered = live.reduce((sum, amount) => sum + amount, 0);
        if (event.kind === 'cancel') {
          if (live.length > 0) live.splice(event.index % live.length, 1);
          continue;
        }
        const accepted = event.amount <= buyerLimitLeft(limit, ordered);
        expect(accepted).toBe(limit === 0 || ordered + event.amount <= limit);
        if (accepted) live.push(event.amount);
        if (limit > 0) expect(live.reduce((sum, amount) => sum + amount, 0)).toBeLessThanOrEqual(limit);
      }
    },
  );
  test.prop([limitArb, stockArb, orderArb])('with nothing ordered yet it is the cart formula without stock', (limit, stock, order) => {
    expect(Math.min(buyerLimitLeft(limit, 0), availableQuantity(0, stock, order))).toBe(availableQuantity(limit, stock, order));
  });
});

describe('lineAvailableQuantity', () => {
  it('shares the per-order limit among the lines of one product', () => {
    expect(lineAvailableQuantity({ limitAmount: 3, stock: 10, order: 2 }, 2)).toBe(1);
    expect(lineAvailableQuantity({ limitAmount: 3, stock: 10, order: 2 }, 5)).toBe(0);
    expect(lineAvailableQuantity({ limitAmount: 3, stock: 2, order: 1 }, 1)).toBe(1);
    expect(lineAvailableQuantity({ limitAmount: 0, stock: 10, order: 2 }, 7)).toBe(8);
    expect(lineAvailableQuantity({ limitAmount: 0, stock: -1, order: 0 }, 3)).toBe(Number.POSITIVE_INFINITY);
  });

  test.prop([limitArb, stockArb, orderArb, fc.integer({ min: 0, max: 30 })])(
    'is availableQuantity without other lines, and the limit left after them otherwise',
    (limit, stock, order, others) => {
      const line = { limitAmount: limit, stock, order };
      expect(lineAvailableQuantity(line, 0)).toBe(availableQuantity(limit, stock, order));
      const available = lineAvailableQuantity(line, others);
      expect(available).toBeGreaterThanOrEqual(0);
      expect(available).toBeLessThanOrEqual(availableQuantity(limit, stock, order));
      if (limit > 0) expect(available).toBeLessThanOrEqual(Math.max(0, limit - others));
    },
  );
});

describe('clampQuantity', () => {
  it('keeps 1 as the cart minimum and 0 in the drawer', () => {
    expect(clampQuantity(0, 5, 'cart')).toBe(1);
    expect(clampQuantity(0, 5, 'drawer')).toBe(0);
    expect(clampQuantity(9, 5, 'cart')).toBe(5);
    expect(clampQuantity(2.7, 5, 'cart')).toBe(2);
    expect(clampQuantity(Number.NaN, 5, 'cart')).toBe(1);
    expect(clampQuantity(3, 0, 'cart')).toBe(0);
    expect(clampQuantity(1_000, Number.POSITIVE_INFINITY, 'drawer')).toBe(1_000);
  });

  const valueArb = fc.oneof(
    fc.integer({ min: -50, max: 80 }),
    fc.double({ min: -100, max: 100 }),
    fc.constantFrom(Number.NaN, Infinity, -Infinity),
  );
  test.prop([valueArb, limitArb, stockArb, orderArb, fc.constantFrom<QuantityContext>('cart', 'drawer')])(
    'never exceeds what is available and never falls below the minimum',
    (value, limit, stock, order, context) => {
      const available = availableQuantity(limit, stock, order);
      const q = clampQuantity(value, available, context);
      expect(Number.isInteger(q)).toBe(true);
      expect(q).toBeLessThanOrEqual(available);
      if (available >= MIN_QUANTITY[context]) expect(q).toBeGreaterThanOrEqual(MIN_QUANTITY[context]);
      else expect(q).toBe(0);
      if (Number.isInteger(value) && value >= MIN_QUANTITY[context] && value <= available) expect(q).toBe(value + 0);
      expect(clampQuantity(q, available, context)).toBe(q);
    },
  );
});

describe('quantity label and state', () => {
  it('labels the maximum and sold out', () => {
    expect(quantityLabel(3, 3)).toBe('3개 주문 가능');
    expect(quantityLabel(1, 3)).toBeNull();
    expect(quantityLabel(0, 0)).toBe('품절');
    expect(quantityLabel(100, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('tells a per-order limit from the stock maximum', () => {
    expect(quantityState(3, { limitAmount: 3, stock: 10, order: 0 })).toBe('limit');
    expect(quantityState(3, { limitAmount: 3, stock: 3, order: 0 })).toBe('limit');
    expect(quantityState(3, { limitAmount: 0, stock: 5, order: 2 })).toBe('max');
    expect(quantityState(2, { limitAmount: 5, stock: 5, order: 3 })).toBe('max');
    expect(quantityState(1, { limitAmount: 3, stock: -1 })).toBe('normal');
    expect(quantityState(50, { limitAmount: 0, stock: -1 })).toBe('normal');
  });
});

describe('cart product state', () => {
  const line = { useYN: true, stock: 5, order: 0, limitAmount: 0 };
  it('is ended, unused, sold out, ordering or available, with the spec labels', () => {
    expect(cartProductState(line, { marketState: 'closed' })).toBe('ended');
    expect(cartProductState({ ...line, useYN: false }, { marketState: 'opened' })).toBe('unused');
    expect(cartProductState({ ...line, order: 5 }, { marketState: 'opened' })).toBe('sold-out');
    expect(cartProductState(line, { marketState: 'opened', cartStatus: 1 })).toBe('ordering');
    expect(cartProductState(line, { marketState: 'opened', cartStatus: 0 })).toBe('available');
    expect(CART_PRODUCT_STATE_LABELS).toEqual({
      ended: '주문 종료',
      unused: '판매 종료',
      'sold-out': '품절',
      ordering: null,
      available: null,
    });
  });

  it('shows only what is in use and sends only amounts above 0', () => {
    const items = [{ id: 1, useYN: true }, { id: 2, useYN: false }, { id: 3 }, { id: 4, useYN: null }];
    expect(visibleProducts(items).map((p) => p.id)).toEqual([1]);
    expect(visibleOptions(items).map((p) => p.id)).toEqual([1]);
    const lines = [
      { _id: 'a', option: 0, amount: 2, price: 100 },
      { _id: 'b', option: 1, amount: 0, price: 100 },
      { _id: 'c', amount: -1, price: 100 },
    ];
    expect(orderLines(lines)).toEqual([{ _id: 'a', option: 0, amount: 2 }]);
    expect(canAddToCart(lines)).toBe(true);
    expect(canAddToCart([{ amount: 0 }, { amount: -3 }])).toBe(false);
    expect(canAddToCart([])).toBe(false);
  });
});

describe('waiting messages', () => {
  it('has 16 distinct Korean messages rotated every 2 s', () => {
    expect(WAITING_MESSAGES).toHaveLength(16);
    expect(new Set(WAITING_MESSAGES).size).toBe(16);
    for (const message of WAITING_MESSAGES) expect(message).toMatch(/[가-힣]/);
    expect(waitingMessage(0)).toBe(WAITING_MESSAGES[0]);
    expect(waitingMessage(1999)).toBe(WAITING_MESSAGES[0]);
    expect(waitingMessage(2000)).toBe(WAITING_MESSAGES[1]);
    expect(waitingMessage(32_000)).toBe(WAITING_MESSAGES[0]);
    expect(waitingMessage(-5)).toBe(WAITING_MESSAGES[0]);
    expect(waitingMessage(Number.NaN)).toBe(WAITING_MESSAGES[0]);
  });
});

describe('orderButton', () => {
  const open = { publicId: 1, status: 2, marketST: iso(NOW - DAY), marketED: iso(NOW + DAY), minPrice: 0 };
  const line = (extra: Partial<CartLine> = {}): CartLine => ({
    _id: 'p',
    amount: 1,
    price: 5000,
    stock: 10,
    order: 0,
    limitAmount: 0,
    useYN: true,
    ...extra,
  });
  const button = (extra: Partial<Parameters<typeof orderButton>[0]> = {}) =>
    orderButton({ market: open, cartStatus: 0, lines: [line()], now: NOW, ...extra });

  it('offers to delete the cart of a closed market', () => {
    expect(button({ market: { ...open, status: 3 } })).toEqual({ state: 'delete', label: '장바구니 삭제', disabled: false });
    expect(button({ market: { ...open, marketED: iso(NOW - 1) }, loading: true }).disabled).toBe(true);
  });

  it('rotates waiting messages while ordering', () => {
    expect(button({ cartStatus: 1 })).toEqual({ state: 'ordering', label: WAITING_MESSAGES[0], disabled: true });
    expect(button({ cartStatus: 1, orderingSince: NOW - 4_100 }).label).toBe(WAITING_MESSAGES[2]);
  });

  it('counts down to the start before open', () => {
    const later = { ...open, marketST: iso(NOW + 3 * MINUTE) };
    expect(button({ market: later })).toEqual({ state: 'before-open', label: '3분 후 주문 시작', disabled: true });
    expect(button({ market: { ...later, status: 0, marketST: iso(NOW + 2 * DAY) } }).label).toBe('2일 후 주문 시작');
  });

  it('cannot order without a market', () => {
    expect(button({ market: null })).toEqual({ state: 'unavailable', label: '주문 시작', disabled: true });
  });

  it('starts the order, or orders without sold-out lines', () => {
    expect(button()).toEqual({ state: 'order', label: '주문 시작', disabled: false });
    expect(button({ lines: [line(), line({ _id: 'q', order: 10 })] })).toEqual({
      state: 'order',
      label: '품절 제외 후 주문',
      disabled: false,
    });
    expect(button({ lines: [line(), line({ _id: 'q', useYN: false })] }).label).toBe('품절 제외 후 주문');
  });

  it('is disabled when loading, empty, below the minimum or invalid', () => {
    expect(button({ loading: true }).disabled).toBe(true);
    expect(button({ lines: [] }).disabled).toBe(true);
    expect(button({ lines: [line({ order: 10 })] }).disabled).toBe(true);
    expect(button({ market: { ...open, minPrice: 5001 } }).disabled).toBe(true);
    expect(button({ market: { ...open, minPrice: 5000 } }).disabled).toBe(false);
    expect(button({ hasValidationErrors: true }).disabled).toBe(true);
  });

  test.prop([
    fc.integer({ min: -3 * DAY, max: 3 * DAY }),
    fc.integer({ min: -3 * DAY, max: 3 * DAY }),
    fc.constantFrom(0, 1, 2, 3),
    fc.constantFrom(0, 1, 2),
  ])('is only ever enabled to order an opened market or to delete a closed one', (startOffset, length, status, cartStatus) => {
    const market = { publicId: 1, status, marketST: NOW + startOffset, marketED: NOW + startOffset + length };
    const result = orderButton({ market, cartStatus, lines: [line()], now: NOW });
    if (!result.disabled) expect(['order', 'delete']).toContain(result.state);
    if (result.state === 'order') expect(NOW >= market.marketST && NOW <= market.marketED && status !== 0 && status !== 3).toBe(true);
  });
});

describe('syncCart', () => {
  type Entry = { _id: string; status?: number; productList?: string[]; timestamp?: string | number; tag?: number };
  const entry = (id: string, timestamp: number, extra: Partial<Entry> = {}): Entry => ({
    _id: id,
    status: 0,
    productList: ['p'],
    timestamp,
    ...extra,
  });

  it('updates, removes, or puts a new entry first, newest first', () => {
    const list = [entry('a', 3), entry('b', 2), entry('c', 1)];
    expect(syncCart(list, entry('b', 2, { status: 1, tag: 1 }))).toEqual([
      entry('a', 3),
      entry('b', 2, { status: 1, tag: 1 }),
      entry('c', 1),
    ]);
    expect(syncCart(list, entry('b', 2, { status: 2 })).map((e) => e._id)).toEqual(['a', 'c']);
    expect(syncCart(list, entry('d', 4)).map((e) => e._id)).toEqual(['d', 'a', 'b', 'c']);
    expect(syncCart(list, entry('d', 0)).map((e) => e._id)).toEqual(['a', 'b', 'c', 'd']);
    expect(syncCart(list, entry('c', 9)).map((e) => e._id)).toEqual(['c', 'a', 'b']);
    expect(syncCart(list, entry('d', 9, { status: 1 })).map((e) => e._id)).toEqual(['a', 'b', 'c']);
    expect(syncCart(list, entry('b', 2, { productList: [] })).map((e) => e._id)).toEqual(['a', 'c']);
    expect(syncCart(list, entry('z', 2, { status: 2 })).map((e) => e._id)).toEqual(['a', 'b', 'c']);
  });

  it('sorts ISO and epoch timestamps together, unreadable ones last', () => {
    const mixed: Entry[] = [
      { _id: 'x' },
      { _id: 'y', timestamp: '2026-11-21T10:00:00Z' },
      { _id: 'z', timestamp: Date.parse('2026-11-22T00:00:00Z') },
    ];
    expect(sortCartEntries(mixed).map((e) => e._id)).toEqual(['z', 'y', 'x']);
  });

  // The model: a plain list rebuilt by the spec's words, then filtered and sorted with explicit tie-breaking.
  function model(entries: readonly Entry[], incoming: Entry): Entry[] {
    const present = entries.some((e) => e._id === incoming._id);
    let list: Entry[];
    if (incoming.status === 2) list = entries.filter((e) => e._id !== incoming._id);
    else if (present) list = entries.map((e) => (e._id === incoming._id ? incoming : e));
    else if (incoming.status === 1) list = [...entries];
    else list = [incoming, ...entries];
    const key = (e: Entry) =>
      typeof e.timestamp === 'number' ? e.timestamp : e.timestamp === undefined ? -Infinity : Date.parse(e.timestamp);
    return list
      .filter((e) => (e.productList ?? []).length > 0)
      .map((e, position) => ({ e, position }))
      .sort((a, b) => key(b.e) - key(a.e) || a.position - b.position)
      .map(({ e }) => e);
  }

  const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
  const timestampArb = fc.option(
    fc.oneof(
      fc.integer({ min: 0, max: 5 }),
      fc.integer({ min: 0, max: 5 }).map((n) => iso(Date.UTC(2026, 0, 1) + n)),
    ),
    { nil: undefined },
  );
  const entryArb = (idArb: fc.Arbitrary<string>) =>
    fc.record(
      {
        _id: idArb,
        status: fc.constantFrom(0, 1, 2),
        productList: fc.array(fc.constantFrom('p', 'q'), { maxLength: 2 }),
        timestamp: timestampArb,
        tag: fc.nat(),
      },
      { requiredKeys: ['_id', 'tag'] },
    );
  test.prop([
    fc.uniqueArray(entryArb(fc.constantFrom(...ids)), { selector: (e) => e._id, maxLength: 6 }),
    entryArb(fc.constantFrom(...ids, 'new')),
  ])('equals the simple model and keeps newest first', (entries, incoming) => {
    const result = syncCart(entries, incoming);
    expect(result).toEqual(model(entries, incoming));
    const times = result.map((e) => (e.timestamp === undefined ? -Infinity : new Date(e.timestamp).getTime()));
    for (let i = 1; i < times.length; i += 1) expect(times[i - 1]).toBeGreaterThanOrEqual(times[i] as number);
    expect(result.every((e) => (e.productList?.length ?? 0) > 0)).toBe(true);
  });
});
