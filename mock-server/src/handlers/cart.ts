// cart: one entry per market and buyer (CartRow), holding product-option lines. Entry status: 0 normal,
// 1 ordering (insertReceipt locks the entry while it turns it into an order), 2 removed (never listed).
// Lines show the product's current sale data, so every answer refreshes them from the products.
import type { components } from '@creator-market/sdk/generated/api';
import {
  CART_ENTRY_STATUS,
  LIMIT_AMOUNT_NONE,
  STOCK_UNLIMITED,
  availableQuantity,
  isInUse,
  sortCartEntries,
} from '@creator-market/sdk/domain';
import { JSON_TYPE } from '../http/exchange';
import { badRequest, notFound, permissionDenied } from '../http/failure';
import { pairKey, type CartRow, type Store } from '../world/store';
import { sellerProfileImage, stateOf } from '../world/views';
import type { HandlerMap, RawResponse, RequestBody } from './types';
import { signedIn } from './types';

type Schemas = components['schemas'];
type CartEntry = Schemas['CartEntry'];
type CartProduct = Schemas['CartProduct'];
type Product = Schemas['Product'];
type ProductOption = Schemas['ProductOption'];

/** Markets a cart may hold at once (the OpenAPI's decision: the spec gives no number). */
const MAX_CART_ENTRIES = 20;
/** The CartEntry and CartProduct schemas' bounds on lines per entry and units per line. */
const MAX_LINES = 100;
const MAX_LINE_AMOUNT = 999;

const lineKey = (productId: string, option: string) => pairKey(productId, option);

/** A cart line with the product's and option's current sale data. */
function lineOf(product: Product, option: ProductOption, amount: number): CartProduct {
  return {
    _id: product._id,
    option: option.title,
    amount,
    productTitle: product.title,
    price: option.price,
    weight: product.weight,
    stock: option.stock,
    order: option.order,
    limitAmount: product.limitAmount,
    useYN: isInUse(product) && isInUse(option),
    cover: product.cover[0] ?? '',
  };
}

function productAndOption(store: Store, productId: string, optionTitle: string): { product?: Product; option?: ProductOption } {
  const product = store.products.get(productId)?.product;
  return { product, option: product?.option.find((o) => o.title === optionTitle) };
}

/** A stored line refreshed from its product; a product or option that no longer exists is no longer on sale. */
function currentLine(store: Store, line: CartProduct): CartProduct {
  const { product, option } = productAndOption(store, line._id, line.option);
  return product && option ? lineOf(product, option, line.amount) : { ...line, useYN: false };
}

/** The entry as the buyer sees it: current market, seller and sale data of every line. */
function currentEntry(store: Store, cart: CartEntry): CartEntry {
  const marketRow = store.markets.get(cart.market._id);
  const seller = marketRow ? store.sellers.get(marketRow.sellerUID) : undefined;
  return {
    ...cart,
    market: marketRow?.market ?? cart.market,
    seller: seller ? { publicId: seller.publicId, profile: sellerProfileImage(seller) } : cart.seller,
    productList: cart.productList.map((line) => currentLine(store, line)),
  };
}

const isListed = (row: CartRow) => row.cart.status !== CART_ENTRY_STATUS.remove;

/** The caller's entry `cartId`: 404 when it does not exist (any more), 403 when it is another account's. */
function ownEntry(store: Store, uid: string, cartId: string): CartRow {
  const row = store.carts.get(cartId);
  if (!row || !isListed(row)) throw notFound('장바구니');
  if (row.ownerUid !== uid) throw permissionDenied();
  return row;
}

/** An entry being ordered is locked. */
function assertUnlocked(row: CartRow): void {
  if (row.cart.status === CART_ENTRY_STATUS.ordering) throw badRequest('already-in-order');
}

/**
 * The quantity rule of SPEC.md section 5 as ordering checks it: the option's stock left (stock - order,
 * -1 unlimited) bounds the line, the product's limitAmount (0 none) bounds all its lines together.
 */
function assertQuantity(product: Product, option: ProductOption, lineAmount: number, productAmount: number): void {
  const stockLeft = availableQuantity(LIMIT_AMOUNT_NONE, option.stock, option.order);
  if (stockLeft === 0) throw badRequest('out-of-stock');
  const perBuyer = availableQuantity(product.limitAmount, STOCK_UNLIMITED, 0);
  if (lineAmount > stockLeft || productAmount > perBuyer || lineAmount > MAX_LINE_AMOUNT) throw badRequest('amount-exceeded');
}

/** Units of each product over all lines. */
function amountsByProduct(lines: readonly CartProduct[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line._id, (totals.get(line._id) ?? 0) + line.amount);
  return totals;
}

/**
 * Each market record's JSON as UTF-8 bytes, made once. A cart entry carries its whole market (1.6 of a cart
 * answer's 2.1 KB, most of it Korean text): serializing it per answer was the write path's largest cost (pnpm
 * bench, docs/decisions/bench-gates.md). Records are immutable values (a change replaces the record), so a
 * record's JSON never changes.
 */
const marketJson = new WeakMap<CartEntry['market'], Uint8Array>();
const utf8 = new TextEncoder();
const ANSWER_HEAD = utf8.encode('{"data":{"market":');

/**
 * An entry's answer, `{"data": entry}`, as UTF-8 bytes: its market's bytes first, then its other fields in one
 * JSON.stringify (the same JSON value as the entry's, its market's key moved to the front), encoded straight
 * into the answer (room for 3 bytes per UTF-16 unit, the most UTF-8 takes). Bytes, not a string: a string
 * answer of Korean text was copied twice and encoded on every write (Content-Length, then the socket), a
 * third of the write path's allocation and 1.5-2 µs of its CPU per request (scripts/bench/write-path.mjs).
 */
export function entryAnswerBytes(entry: CartEntry): Uint8Array {
  const { market, ...others } = entry;
  let marketBytes = marketJson.get(market);
  if (marketBytes === undefined) marketJson.set(market, (marketBytes = utf8.encode(JSON.stringify(market))));
  const rest = JSON.stringify(others);
  const tail = rest === '{}' ? '}}' : `,${rest.slice(1)}}`;
  const tailAt = ANSWER_HEAD.length + marketBytes.length;
  const answer = new Uint8Array(tailAt + tail.length * 3);
  answer.set(ANSWER_HEAD);
  answer.set(marketBytes, ANSWER_HEAD.length);
  const { written } = utf8.encodeInto(tail, answer.subarray(tailAt));
  return answer.subarray(0, tailAt + written);
}

const entryAnswer = (entry: CartEntry): RawResponse => ({ raw: true, status: 200, contentType: JSON_TYPE, body: entryAnswerBytes(entry) });

/**
 * Adds the request's lines to the buyer's entry for the market (a new entry when it has none) and returns the
 * entry: the addToCart operation, and the control plane's cart records (control/records.ts).
 */
export function addToCartEntry(store: Store, uid: string, body: RequestBody<'addToCart'>, now: number): CartEntry {
  // 1-3: the market. A market without a public number (publicId 0) is "no market" (SPEC.md section 4).
  const marketRow = store.markets.get(body.marketId);
  const state = marketRow ? stateOf(marketRow, now) : 'none';
  if (!marketRow || marketRow.market.sellerPublicId !== body.seller || state === 'none') throw badRequest('invalid-market');
  const { market } = marketRow;
  if (!market.public) throw badRequest('market-unavailable');
  if (state === 'before-open' || state === 'closed') throw badRequest('market-schedule', [{ _id: market._id, title: market.title }]);

  // 4: every requested product and option is on sale in this market.
  const requested = body.productList.map((item) => {
    const productRow = store.products.get(item._id);
    if (!productRow || productRow.marketUID !== market._id || !isInUse(productRow.product)) throw badRequest('invalid-product');
    const option = productRow.product.option.find((o) => o.title === item.option);
    if (!option || !isInUse(option)) throw badRequest('invalid-product-option');
    return { product: productRow.product, option, amount: item.amount };
  });

  // 5-6: the entry this market already has, or room for a new one.
  const existing = store.carts.by('ownerMarket', pairKey(uid, market._id)).find(isListed);
  if (existing) assertUnlocked(existing);
  else if (store.carts.by('owner', uid).filter(isListed).length >= MAX_CART_ENTRIES) throw badRequest('limit-cart');

  // 7: the lines after the add, each amount added to the same line (existing lines keep their place).
  const lines = new Map<string, CartProduct>();
  for (const line of existing?.cart.productList ?? []) lines.set(lineKey(line._id, line.option), currentLine(store, line));
  const touched = new Map<string, (typeof requested)[number]>();
  for (const item of requested) {
    const key = lineKey(item.product._id, item.option.title);
    const amount = (lines.get(key)?.amount ?? 0) + item.amount;
    lines.set(key, lineOf(item.product, item.option, amount));
    touched.set(key, item);
  }
  const productList = [...lines.values()];
  if (productList.length > MAX_LINES) throw badRequest('limit-cart');
  const productAmounts = amountsByProduct(productList);
  for (const [key, { product, option }] of touched) {
    assertQuantity(product, option, lines.get(key)?.amount ?? 0, productAmounts.get(product._id) ?? 0);
  }

  const seller = store.sellers.get(marketRow.sellerUID);
  const cart: CartEntry = {
    _id: existing?.cart._id ?? store.newId(now),
    status: CART_ENTRY_STATUS.normal,
    seller: { publicId: market.sellerPublicId, profile: seller ? sellerProfileImage(seller) : '' },
    market,
    productList,
    deliveryOption: existing?.cart.deliveryOption ?? null,
    timestamp: new Date(now).toISOString(),
  };
  store.carts.replace({ ownerUid: uid, cart });
  return cart;
}

export const cartHandlers = {
  listCarts({ user }, { world }) {
    const { store } = world;
    // Written last first, so that entries with the same timestamp keep the most recently changed first.
    const rows = store.carts.by('owner', signedIn(user).uid).filter(isListed).reverse();
    return { data: sortCartEntries(rows.map((row) => currentEntry(store, row.cart))) };
  },

  getCart({ user, query }, { world }) {
    const row = ownEntry(world.store, signedIn(user).uid, query.id);
    return entryAnswer(currentEntry(world.store, row.cart));
  },

  addToCart({ user, body }, { world, now }) {
    return entryAnswer(addToCartEntry(world.store, signedIn(user).uid, body, now));
  },

  updateCart({ user, body }, { world }) {
    const { store } = world;
    const row = ownEntry(store, signedIn(user).uid, body.cartId);
    assertUnlocked(row);

    const before = row.cart.productList.map((line) => currentLine(store, line));
    const wanted = new Map<string, number>(); // a line listed twice: the last amount wins
    for (const item of body.productList) {
      const key = lineKey(item._id, item.option);
      if (!before.some((line) => lineKey(line._id, line.option) === key)) throw badRequest('invalid-cart');
      wanted.set(key, item.amount);
    }
    const after = before
      .map((line) => ({ ...line, amount: wanted.get(lineKey(line._id, line.option)) ?? line.amount }))
      .filter((line) => line.amount > 0);

    // Only a raised line is checked: lowering or removing is always allowed.
    const productAmounts = amountsByProduct(after);
    for (const line of after) {
      const previous = before.find((b) => b._id === line._id && b.option === line.option);
      if (!previous || line.amount <= previous.amount) continue;
      const { product, option } = productAndOption(store, line._id, line.option);
      if (!product || !option || !isInUse(product) || !isInUse(option)) throw badRequest('out-of-stock');
      assertQuantity(product, option, line.amount, productAmounts.get(line._id) ?? 0);
    }

    if (after.length === 0) {
      store.carts.remove(row.cart._id);
      return entryAnswer({ ...currentEntry(store, row.cart), status: CART_ENTRY_STATUS.remove, productList: [] });
    }
    // The timestamp stays: changing a quantity does not move the entry to the top of the cart.
    const cart: CartEntry = { ...row.cart, productList: after };
    store.carts.replace({ ...row, cart });
    return entryAnswer(currentEntry(store, cart));
  },

  deleteCart({ user, body }, { world }) {
    const row = ownEntry(world.store, signedIn(user).uid, body.cartId);
    assertUnlocked(row);
    world.store.carts.remove(row.cart._id);
    return { data: true as const };
  },

  updateCartDeliveryOption({ user, params, body }, { world }) {
    const { store } = world;
    const row = ownEntry(store, signedIn(user).uid, params.cartId);
    assertUnlocked(row);
    // The weight limit is checked when ordering (weight-exceeded), not here, as the operation says.
    const market = store.markets.get(row.cart.market._id)?.market ?? row.cart.market;
    const option = market.delivery.option.find((o) => o.title === body.title);
    if (!option || !isInUse(option)) throw badRequest('invalid-delivery-option');

    const cart: CartEntry = { ...row.cart, deliveryOption: { title: option.title } };
    store.carts.replace({ ...row, cart });
    return entryAnswer(currentEntry(store, cart));
  },
} satisfies Partial<HandlerMap>;
