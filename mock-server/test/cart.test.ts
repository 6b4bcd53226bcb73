// cart: one entry per market, its lines and their quantity rules, locking while ordering and ownership,
// against the real server. Markets and products for each case are found in the seeded world's store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonaId } from '@creator-market/fixtures';
import { availableQuantity, marketState } from '@creator-market/sdk/domain';
import type { components } from '@creator-market/sdk/generated/api';
import { issueToken } from '../src/auth/tokens';
import { entryAnswerBytes } from '../src/handlers/cart';
import type { MarketRow, Store } from '../src/world/store';
import { errorCode, errorList, startTestServer, type TestServer } from './support/harness';

type Product = components['schemas']['Product'];
type ProductOption = components['schemas']['ProductOption'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const BUYER_UID = '65f0c0de0000000000000001';
const NO_SUCH_ID = 'ffffffffffffffffffffffff';

const left = (option: ProductOption) => availableQuantity(0, option.stock, option.order);
const onSale = (product: Product, option: ProductOption) => product.useYN && option.useYN;

/** What the server must show for a line: the product's and option's current sale data. */
function expectedLine(store: Store, productId: string, optionTitle: string, amount: number) {
  const product = store.products.get(productId)!.product;
  const option = product.option.find((o) => o.title === optionTitle)!;
  return {
    _id: productId,
    option: optionTitle,
    amount,
    productTitle: product.title,
    price: option.price,
    weight: product.weight,
    stock: option.stock,
    order: option.order,
    limitAmount: product.limitAmount,
    useYN: product.useYN && option.useYN,
    cover: product.cover[0],
  };
}

/** A fresh, isolated world for one test, the cart calls as a persona or an account, and finders over its store. */
function freshWorld() {
  const { name, headers, world } = server.freshWorld('cart');
  const store = world.store;

  const client = (token: string | null) => ({
    list: () => server.call('GET', '/cart/v2/get', { token, headers }),
    get: (id: string) => server.call('GET', '/cart/v2/get/single', { token, headers, query: { id } }),
    add: (body: unknown) => server.call('POST', '/cart/add/common', { token, headers, body }),
    update: (cartId: string, productList: unknown[]) =>
      server.call('POST', '/cart/update', { token, headers, body: { cartId, productList } }),
    remove: (cartId: string) => server.call('POST', '/cart/delete', { token, headers, body: { cartId } }),
    delivery: (cartId: string, title: string) =>
      server.call('POST', `/cart/update/delivery-option/${cartId}`, { token, headers, body: { title } }),
    entries: async () => (await server.call('GET', '/cart/v2/get', { token, headers })).body.data,
  });
  const as = (persona: PersonaId | null) => client(persona ? server.token(persona, name) : null);
  const asAccount = (uid: string) => client(issueToken(uid));

  const markets = (predicate: (row: MarketRow, now: number) => boolean) => {
    const now = world.clock.now();
    return [...store.markets.all()].filter((row) => predicate(row, now)).sort((a, b) => a.market._id.localeCompare(b.market._id));
  };
  const stateOf = (row: MarketRow) => marketState(row.market, world.clock.now());
  /** The `seller` persona's market of this title (the fixtures fix them: one per timing). */
  const personaMarket = (title: string) => {
    const row = markets((r) => r.market.sellerPublicId === 'mallang_studio' && r.market.title === title)[0];
    if (!row) throw new Error(`no persona market ${title}`);
    return row.market;
  };
  type Fits = (product: Product, option: ProductOption) => boolean;
  /** The first product option of a market that fits, with the add-to-cart line for it. */
  const find = (marketId: string, fits: Fits) => {
    for (const row of store.products.by('market', marketId)) {
      const option = row.product.option.find((o) => fits(row.product, o));
      if (option)
        return { product: row.product, option, line: (amount: number) => ({ _id: row.product._id, option: option.title, amount }) };
    }
    return undefined;
  };
  const pick = (marketId: string, fits: Fits) => {
    const found = find(marketId, fits);
    if (!found) throw new Error(`no product fits in market ${marketId}`);
    return found;
  };
  /** Open public markets with a product option that fits, each with that option. */
  const openMarketsWith = (fits: Fits) =>
    markets((r, now) => r.market.public && r.market.publicId > 0 && marketState(r.market, now) === 'opened').flatMap((r) => {
      const item = find(r.market._id, fits);
      return item ? [{ market: r.market, item }] : [];
    });
  const addBody = (market: { _id: string; sellerPublicId: string }, ...productList: unknown[]) => ({
    marketId: market._id,
    seller: market.sellerPublicId,
    productList,
  });

  // The open persona market shows every quantity case (fixtures: unlimited, sold out, a limit, a few left).
  const open = personaMarket('겨울 스티커 마켓');
  const unlimited = pick(open._id, (p, o) => onSale(p, o) && p.limitAmount === 0 && o.stock === -1);
  const soldOut = pick(open._id, (p, o) => onSale(p, o) && left(o) === 0);
  const limited = pick(open._id, (p, o) => onSale(p, o) && p.limitAmount === 2 && left(o) > 2);
  const few = pick(open._id, (p, o) => onSale(p, o) && p.limitAmount === 0 && left(o) === 2);

  /** Marks an entry as being ordered: the state insertReceipt holds it in while it places the order. */
  const markOrdering = (cartId: string) => store.carts.update(cartId, (row) => ({ ...row, cart: { ...row.cart, status: 1 } }));
  const buyerEntryOf = (marketId: string) => store.carts.by('owner', BUYER_UID).find((r) => r.cart.market._id === marketId)!.cart;

  return {
    world,
    store,
    as,
    asAccount,
    markets,
    stateOf,
    personaMarket,
    pick,
    openMarketsWith,
    addBody,
    open,
    unlimited,
    soldOut,
    limited,
    few,
    markOrdering,
    buyerEntryOf,
  };
}

describe('listCarts', () => {
  it("lists the buyer's entries newest first, each line with its product's current sale data", async () => {
    const { store, as } = freshWorld();
    const res = await as('buyer').list();
    expect(res.status).toBe(200);
    const entries = res.body.data;
    const stored = store.carts.by('owner', BUYER_UID);
    expect(entries.map((e) => e._id).sort()).toEqual(stored.map((r) => r.cart._id).sort());
    const times = entries.map((e) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const entry of entries) {
      expect(entry.market).toEqual(store.markets.get(entry.market._id)!.market);
      for (const line of entry.productList) expect(line).toEqual(expectedLine(store, line._id, line.option, line.amount));
    }
  });

  it('shows a change of sale data (other buyers ordering) in the lines', async () => {
    const { store, as, buyerEntryOf, open } = freshWorld();
    const line = buyerEntryOf(open._id).productList[0]!;
    store.products.update(line._id, (row) => ({
      ...row,
      product: { ...row.product, option: row.product.option.map((o) => (o.title === line.option ? { ...o, order: o.order + 1 } : o)) },
    }));
    const entry = (await as('buyer').entries()).find((e) => e.market._id === open._id)!;
    expect(entry.productList.find((l) => l._id === line._id && l.option === line.option)!.order).toBe(line.order + 1);
  });

  it('is empty for an account without a cart', async () => {
    const { as } = freshWorld();
    expect(await as('buyer-new').entries()).toEqual([]);
  });

  it('is 401 for a guest', async () => {
    const { as } = freshWorld();
    const res = await as(null).list();
    expect(res.status).toBe(401);
    expect(errorCode(res.body)).toBe('unauthorized');
  });
});

describe('getCart', () => {
  it('reads one entry as the list shows it', async () => {
    const { as } = freshWorld();
    const buyer = as('buyer');
    const entries = await buyer.entries();
    for (const entry of entries) {
      const res = await buyer.get(entry._id);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(entry);
    }
  });

  it('is 404 for an entry that does not exist', async () => {
    const { as } = freshWorld();
    const res = await as('buyer').get(NO_SUCH_ID);
    expect(res.status).toBe(404);
    expect(errorCode(res.body)).toBe('not-found');
  });

  it("is 403 for another account's entry, without its data", async () => {
    const { as } = freshWorld();
    const theirs = (await as('buyer').entries())[0]!;
    const res = await as('buyer-new').get(theirs._id);
    expect(res.status).toBe(403);
    expect(errorCode(res.body)).toBe('permission-denied');
    expect(res.text).not.toContain(theirs.market.title);
  });

  it('is 401 for a guest', async () => {
    const { as } = freshWorld();
    const theirs = (await as('buyer').entries())[0]!;
    expect((await as(null).get(theirs._id)).status).toBe(401);
  });
});

describe('addToCart', () => {
  it('creates the market entry with every line field filled from the product and option', async () => {
    const { store, as, addBody, open, unlimited } = freshWorld();
    const buyer = as('buyer-new');
    const res = await buyer.add(addBody(open, unlimited.line(2)));
    expect(res.status).toBe(200);
    const entry = res.body.data;
    const seller = store.sellers.one('publicId', 'mallang_studio')!;
    expect(entry).toMatchObject({
      status: 0,
      seller: { publicId: 'mallang_studio', profile: seller.info.profile },
      market: store.markets.get(open._id)!.market,
      deliveryOption: null,
      productList: [expectedLine(store, unlimited.product._id, unlimited.option.title, 2)],
    });
    expect(Date.parse(res.headers.get('x-mock-now')!) - Date.parse(entry.timestamp)).toBeLessThan(5000);
    expect(await buyer.entries()).toEqual([entry]);
    expect((await buyer.get(entry._id)).body.data).toEqual(entry);
  });

  it('merges into the market entry already in the cart, adds up amounts and moves the entry to the top', async () => {
    const { store, as, addBody, open, unlimited, buyerEntryOf, personaMarket, pick } = freshWorld();
    const buyer = as('buyer');
    const before = buyerEntryOf(open._id);
    // Another market's entry comes first after an add to it.
    const other = personaMarket('연말 다꾸 팩 마켓');
    expect(
      (await buyer.add(addBody(other, pick(other._id, (p, o) => onSale(p, o) && left(o) > 5 && p.limitAmount === 0).line(1)))).status,
    ).toBe(200);
    const listed = await buyer.entries();
    expect(listed[0]!.market._id).toBe(other._id);
    const already = before.productList.find((l) => l._id === unlimited.product._id && l.option === unlimited.option.title)?.amount ?? 0;

    const res = await buyer.add(addBody(open, unlimited.line(1), unlimited.line(2)));
    expect(res.status).toBe(200);
    const entry = res.body.data;
    expect(entry._id).toBe(before._id);
    expect(entry.deliveryOption).toEqual(before.deliveryOption);
    expect(entry.productList.find((l) => l._id === unlimited.product._id && l.option === unlimited.option.title)).toEqual(
      expectedLine(store, unlimited.product._id, unlimited.option.title, already + 3),
    );
    for (const line of before.productList.filter((l) => !(l._id === unlimited.product._id && l.option === unlimited.option.title))) {
      expect(entry.productList).toContainEqual(expectedLine(store, line._id, line.option, line.amount));
    }
    expect(Date.parse(entry.timestamp)).toBeGreaterThan(Date.parse(before.timestamp));

    const after = await buyer.entries();
    expect(after.map((e) => e._id)).toEqual([before._id, ...listed.map((e) => e._id).filter((id) => id !== before._id)]);
    expect(after[0]).toEqual(entry);
  });

  it('accepts a market whose start is still ahead', async () => {
    const { as, addBody, personaMarket, pick, stateOf, store } = freshWorld();
    const market = personaMarket('새해 스티커 마켓');
    expect(stateOf(store.markets.get(market._id)!)).toBe('pre-open');
    const item = pick(market._id, (p, o) => onSale(p, o) && left(o) > 0);
    const res = await as('buyer-new').add(addBody(market, item.line(1)));
    expect(res.status).toBe(200);
    expect(res.body.data.market._id).toBe(market._id);
  });

  it('is invalid-market for an unknown market, another seller, or a market without a public number', async () => {
    const { as, addBody, markets, open, unlimited } = freshWorld();
    const buyer = as('buyer-new');
    const code = async (body: unknown) => {
      const res = await buyer.add(body);
      expect(res.status).toBe(400);
      return errorCode(res.body);
    };
    expect(await code(addBody({ _id: NO_SUCH_ID, sellerPublicId: 'mallang_studio' }, unlimited.line(1)))).toBe('invalid-market');
    expect(await code(addBody({ _id: open._id, sellerPublicId: 'monggeul_shop' }, unlimited.line(1)))).toBe('invalid-market');
    const unnumbered = markets((r) => r.market.publicId === 0)[0];
    if (!unnumbered) throw new Error('the world has no market with publicId 0');
    expect(await code(addBody(unnumbered.market, unlimited.line(1)))).toBe('invalid-market');
    expect(await buyer.entries()).toEqual([]);
  });

  it('is market-unavailable for a market that is not public', async () => {
    const { world, store, as, addBody, openMarketsWith } = freshWorld();
    // An open market its seller hides (the seeded 2 % of private markets need not include an open one).
    const [chosen] = openMarketsWith((p, o) => onSale(p, o) && left(o) > 0);
    if (!chosen) throw new Error('the world has no open market with something left');
    store.markets.update(chosen.market._id, (row) => ({ ...row, market: { ...row.market, public: false } }));
    world.touched();
    const res = await as('buyer-new').add(addBody(chosen.market, chosen.item.line(1)));
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('market-unavailable');
  });

  it('is market-schedule, naming the market, for a closed market or one before open', async () => {
    const { as, addBody, personaMarket, pick } = freshWorld();
    const buyer = as('buyer-new');
    for (const title of ['가을 스티커 마켓', '오픈 기념 키링 마켓', '봄맞이 마스킹테이프 마켓']) {
      const market = personaMarket(title);
      const item = pick(market._id, (p, o) => onSale(p, o));
      const res = await buyer.add(addBody(market, item.line(1)));
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('market-schedule');
      expect(errorList(res.body)).toEqual([{ _id: market._id, title: market.title }]);
    }
    expect(await buyer.entries()).toEqual([]);
  });

  it('is market-schedule once the clock passes the end of a market that was open', async () => {
    const { world, as, addBody, open, unlimited } = freshWorld();
    world.clock.set(Date.parse(open.marketED) + 1000);
    const res = await as('buyer-new').add(addBody(open, unlimited.line(1)));
    expect(errorCode(res.body)).toBe('market-schedule');
  });

  it('is invalid-product for a product of another market or one not on sale', async () => {
    const { as, addBody, pick, openMarketsWith, open, personaMarket } = freshWorld();
    const buyer = as('buyer-new');
    const elsewhere = pick(personaMarket('연말 다꾸 팩 마켓')._id, (p, o) => onSale(p, o));
    expect(errorCode((await buyer.add(addBody(open, elsewhere.line(1)))).body)).toBe('invalid-product');

    const stopped = openMarketsWith((p) => !p.useYN)[0];
    if (!stopped) throw new Error('the world has no stopped product in an open market');
    const res = await buyer.add(addBody(stopped.market, stopped.item.line(1)));
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('invalid-product');
    expect(await buyer.entries()).toEqual([]);
  });

  it('is invalid-product-option for an unknown option or one not on sale', async () => {
    const { as, addBody, openMarketsWith, open, unlimited } = freshWorld();
    const buyer = as('buyer-new');
    const unknown = await buyer.add(addBody(open, { _id: unlimited.product._id, option: '없는 옵션', amount: 1 }));
    expect(unknown.status).toBe(400);
    expect(errorCode(unknown.body)).toBe('invalid-product-option');

    const stopped = openMarketsWith((p, o) => p.useYN && !o.useYN)[0];
    if (!stopped) throw new Error('the world has no stopped option in an open market');
    expect(errorCode((await buyer.add(addBody(stopped.market, stopped.item.line(1)))).body)).toBe('invalid-product-option');
    expect(await buyer.entries()).toEqual([]);
  });

  it('is already-in-order while an order is being placed from the entry', async () => {
    const { as, addBody, open, unlimited, buyerEntryOf, markOrdering } = freshWorld();
    const buyer = as('buyer');
    markOrdering(buyerEntryOf(open._id)._id);
    const before = await buyer.entries();
    const res = await buyer.add(addBody(open, unlimited.line(1)));
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('already-in-order');
    expect(await buyer.entries()).toEqual(before);
    expect(before.find((e) => e.market._id === open._id)!.status).toBe(1);
  });

  it('is limit-cart for a 21st market, while a market already in the cart can still be added to', async () => {
    const { as, addBody, openMarketsWith } = freshWorld();
    const buyer = as('buyer-new');
    const orderable = openMarketsWith((p, o) => onSale(p, o) && left(o) > 1 && p.limitAmount !== 1).slice(0, 21);
    expect(orderable).toHaveLength(21);
    for (const { market, item } of orderable.slice(0, 20)) expect((await buyer.add(addBody(market, item.line(1)))).status).toBe(200);

    const [last] = orderable.slice(20);
    const res = await buyer.add(addBody(last!.market, last!.item.line(1)));
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('limit-cart');
    const entries = await buyer.entries();
    expect(entries).toHaveLength(20);
    expect(entries.map((e) => e.market._id)).not.toContain(last!.market._id);

    const first = orderable[0]!;
    expect((await buyer.add(addBody(first.market, first.item.line(1)))).status).toBe(200);
  });

  it('is out-of-stock for an option with nothing left', async () => {
    const { as, addBody, open, soldOut } = freshWorld();
    const buyer = as('buyer-new');
    const res = await buyer.add(addBody(open, soldOut.line(1)));
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('out-of-stock');
    expect(await buyer.entries()).toEqual([]);
  });

  it("is amount-exceeded above the stock left or the product's limit, counting what the cart holds", async () => {
    const { as, addBody, open, few, limited } = freshWorld();
    const buyer = as('buyer-new');
    expect(errorCode((await buyer.add(addBody(open, few.line(3)))).body)).toBe('amount-exceeded');
    expect(errorCode((await buyer.add(addBody(open, few.line(1), few.line(2)))).body)).toBe('amount-exceeded');
    expect(errorCode((await buyer.add(addBody(open, limited.line(3)))).body)).toBe('amount-exceeded');
    expect(await buyer.entries()).toEqual([]);

    const added = await buyer.add(addBody(open, few.line(2), limited.line(2)));
    expect(added.status).toBe(200);
    expect(errorCode((await buyer.add(addBody(open, few.line(1)))).body)).toBe('amount-exceeded');
    expect(errorCode((await buyer.add(addBody(open, limited.line(1)))).body)).toBe('amount-exceeded');
    // The limit is per product: another option of the limited product counts against it too.
    const otherOption = limited.product.option.find((o) => o.title !== limited.option.title && o.useYN && left(o) > 0);
    if (otherOption) {
      const res = await buyer.add(addBody(open, { _id: limited.product._id, option: otherOption.title, amount: 1 }));
      expect(errorCode(res.body)).toBe('amount-exceeded');
    }
    expect(await buyer.entries()).toEqual([added.body.data]);
  });

  it('rejects a line with amount 0', async () => {
    const { as, addBody, open, unlimited } = freshWorld();
    const res = await as('buyer-new').add(addBody(open, unlimited.line(0)));
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });

  it('is 401 for a guest', async () => {
    const { as, addBody, open, unlimited } = freshWorld();
    const res = await as(null).add(addBody(open, unlimited.line(1)));
    expect(res.status).toBe(401);
  });
});

describe('updateCart', () => {
  it('sets the quantities of the listed lines, removes a line at 0 and keeps the entry in its place', async () => {
    const { store, as, addBody, open, unlimited, limited, personaMarket, pick } = freshWorld();
    const buyer = as('buyer-new');
    const entry = (await buyer.add(addBody(open, unlimited.line(1), limited.line(1)))).body.data;
    const otherMarket = personaMarket('연말 다꾸 팩 마켓');
    await buyer.add(addBody(otherMarket, pick(otherMarket._id, (p, o) => onSale(p, o) && left(o) > 0).line(1)));
    const order = (await buyer.entries()).map((e) => e._id);

    const raised = await buyer.update(entry._id, [unlimited.line(5)]);
    expect(raised.status).toBe(200);
    expect(raised.body.data.status).toBe(0);
    expect(raised.body.data.productList).toEqual([
      expectedLine(store, unlimited.product._id, unlimited.option.title, 5),
      expectedLine(store, limited.product._id, limited.option.title, 1),
    ]);

    const removed = await buyer.update(entry._id, [limited.line(0)]);
    expect(removed.body.data.productList).toEqual([expectedLine(store, unlimited.product._id, unlimited.option.title, 5)]);
    expect((await buyer.get(entry._id)).body.data).toEqual(removed.body.data);
    expect((await buyer.entries()).map((e) => e._id)).toEqual(order);
  });

  it('deletes the entry when its last line is removed, answering status 2', async () => {
    const { as, addBody, open, unlimited, few } = freshWorld();
    const buyer = as('buyer-new');
    const entry = (await buyer.add(addBody(open, unlimited.line(1), few.line(1)))).body.data;
    const res = await buyer.update(entry._id, [unlimited.line(0), few.line(0)]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: entry._id, status: 2, productList: [] });
    expect((await buyer.get(entry._id)).status).toBe(404);
    expect(await buyer.entries()).toEqual([]);
  });

  it('is invalid-cart for a line that is not in the entry, and nothing changes', async () => {
    const { as, addBody, open, unlimited, few } = freshWorld();
    const buyer = as('buyer-new');
    const entry = (await buyer.add(addBody(open, unlimited.line(1)))).body.data;
    const res = await buyer.update(entry._id, [unlimited.line(2), few.line(1)]);
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('invalid-cart');
    expect(await buyer.entries()).toEqual([entry]);
  });

  it('is out-of-stock when raising a line that sold out or stopped selling, while lowering it is allowed', async () => {
    const { store, asAccount, stateOf } = freshWorld();
    // Seeded carts keep lines whose option sold out or stopped selling after they were added.
    const stale = [...store.carts.all()].flatMap((row) =>
      row.cart.productList
        .filter((line) => {
          const product = store.products.get(line._id)!.product;
          const option = product.option.find((o) => o.title === line.option)!;
          return stateOf(store.markets.get(row.cart.market._id)!) === 'opened' && (left(option) === 0 || !onSale(product, option));
        })
        .map((line) => ({ row, line })),
    );
    expect(stale.length).toBeGreaterThan(0);
    for (const { row, line } of stale) {
      const owner = asAccount(row.ownerUid);
      const res = await owner.update(row.cart._id, [{ _id: line._id, option: line.option, amount: line.amount + 1 }]);
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('out-of-stock');
      const lowered = await owner.update(row.cart._id, [{ _id: line._id, option: line.option, amount: line.amount - 1 }]);
      expect(lowered.status).toBe(200);
      const after = lowered.body.data.productList.find(
        (l: { _id: string; option: string }) => l._id === line._id && l.option === line.option,
      );
      expect(after?.amount ?? 0).toBe(line.amount - 1);
    }
  });

  it("is amount-exceeded when raising above the stock left or the product's limit", async () => {
    const { as, addBody, open, few, limited } = freshWorld();
    const buyer = as('buyer-new');
    const entry = (await buyer.add(addBody(open, few.line(1), limited.line(1)))).body.data;
    expect(errorCode((await buyer.update(entry._id, [few.line(3)])).body)).toBe('amount-exceeded');
    expect(errorCode((await buyer.update(entry._id, [limited.line(3)])).body)).toBe('amount-exceeded');
    expect(await buyer.entries()).toEqual([entry]);
    expect((await buyer.update(entry._id, [few.line(2), limited.line(2)])).status).toBe(200);
  });

  it('is already-in-order while an order is being placed from the entry', async () => {
    const { as, open, buyerEntryOf, markOrdering } = freshWorld();
    const buyer = as('buyer');
    const entry = buyerEntryOf(open._id);
    markOrdering(entry._id);
    const line = entry.productList[0]!;
    const res = await buyer.update(entry._id, [{ _id: line._id, option: line.option, amount: 0 }]);
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('already-in-order');
    expect((await buyer.get(entry._id)).body.data.productList).toHaveLength(entry.productList.length);
  });

  it("is 403 for another account's entry and 404 for an unknown one", async () => {
    const { as, open, buyerEntryOf } = freshWorld();
    const entry = buyerEntryOf(open._id);
    const line = entry.productList[0]!;
    const change = [{ _id: line._id, option: line.option, amount: 0 }];
    const denied = await as('buyer-new').update(entry._id, change);
    expect(denied.status).toBe(403);
    expect(errorCode(denied.body)).toBe('permission-denied');
    expect((await as('buyer').get(entry._id)).body.data.productList).toHaveLength(entry.productList.length);
    const missing = await as('buyer').update(NO_SUCH_ID, change);
    expect(missing.status).toBe(404);
  });

  it('is 401 for a guest', async () => {
    const { as, open, buyerEntryOf } = freshWorld();
    const entry = buyerEntryOf(open._id);
    const line = entry.productList[0]!;
    expect((await as(null).update(entry._id, [{ _id: line._id, option: line.option, amount: 1 }])).status).toBe(401);
  });
});

describe('deleteCart', () => {
  it('deletes the entry with all its lines', async () => {
    const { as } = freshWorld();
    const buyer = as('buyer');
    const before = await buyer.entries();
    const target = before[1]!;
    const res = await buyer.remove(target._id);
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(true);
    expect(await buyer.entries()).toEqual(before.filter((e) => e._id !== target._id));
    expect((await buyer.get(target._id)).status).toBe(404);
    expect((await buyer.remove(target._id)).status).toBe(404);
  });

  it('is already-in-order while an order is being placed from the entry', async () => {
    const { as, open, buyerEntryOf, markOrdering } = freshWorld();
    const entry = buyerEntryOf(open._id);
    markOrdering(entry._id);
    const res = await as('buyer').remove(entry._id);
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('already-in-order');
    expect((await as('buyer').get(entry._id)).status).toBe(200);
  });

  it("is 403 for another account's entry and 404 for an unknown one", async () => {
    const { as } = freshWorld();
    const theirs = (await as('buyer').entries())[0]!;
    const denied = await as('buyer-new').remove(theirs._id);
    expect(denied.status).toBe(403);
    expect(errorCode(denied.body)).toBe('permission-denied');
    expect((await as('buyer').get(theirs._id)).status).toBe(200);
    expect((await as('buyer').remove(NO_SUCH_ID)).status).toBe(404);
  });

  it('is 401 for a guest', async () => {
    const { as } = freshWorld();
    const theirs = (await as('buyer').entries())[0]!;
    expect((await as(null).remove(theirs._id)).status).toBe(401);
  });
});

describe('updateCartDeliveryOption', () => {
  it("sets the entry's delivery option, without checking the weight limit", async () => {
    const { as, addBody, open, unlimited } = freshWorld();
    const buyer = as('buyer-new');
    // '일반우편' carries at most 50 g; 999 units weigh far more, which only ordering refuses.
    const entry = (await buyer.add(addBody(open, unlimited.line(999)))).body.data;
    const res = await buyer.delivery(entry._id, '일반우편');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...entry, deliveryOption: { title: '일반우편' } });
    expect(await buyer.entries()).toEqual([res.body.data]);

    const changed = await buyer.delivery(entry._id, '택배');
    expect((await buyer.get(entry._id)).body.data.deliveryOption).toEqual({ title: '택배' });
    expect(changed.body.data.timestamp).toBe(entry.timestamp);
  });

  it('is invalid-delivery-option for an option the market does not have or does not use', async () => {
    const { as, addBody, openMarketsWith, open, unlimited } = freshWorld();
    const buyer = as('buyer-new');
    const entry = (await buyer.add(addBody(open, unlimited.line(1)))).body.data;
    const unknown = await buyer.delivery(entry._id, '퀵서비스');
    expect(unknown.status).toBe(400);
    expect(errorCode(unknown.body)).toBe('invalid-delivery-option');

    const withUnused = openMarketsWith((p, o) => onSale(p, o) && left(o) > 0).find(({ market }) =>
      market.delivery.option.some((o) => !o.useYN),
    );
    if (!withUnused) throw new Error('the world has no open market with an unused delivery option');
    const added = await buyer.add(addBody(withUnused.market, withUnused.item.line(1)));
    expect(added.status).toBe(200);
    const other = added.body.data;
    const unused = withUnused.market.delivery.option.find((o) => !o.useYN)!;
    const res = await buyer.delivery(other._id, unused.title);
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('invalid-delivery-option');
    expect((await buyer.get(other._id)).body.data.deliveryOption).toBeNull();
  });

  it('is already-in-order while an order is being placed from the entry', async () => {
    const { as, open, buyerEntryOf, markOrdering } = freshWorld();
    const entry = buyerEntryOf(open._id);
    markOrdering(entry._id);
    const res = await as('buyer').delivery(entry._id, '택배');
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('already-in-order');
    expect((await as('buyer').get(entry._id)).body.data.deliveryOption).toEqual(entry.deliveryOption);
  });

  it("is 403 for another account's entry and 404 for an unknown one", async () => {
    const { as, open, buyerEntryOf } = freshWorld();
    const entry = buyerEntryOf(open._id);
    const denied = await as('buyer-new').delivery(entry._id, '택배');
    expect(denied.status).toBe(403);
    expect(errorCode(denied.body)).toBe('permission-denied');
    expect((await as('buyer').get(entry._id)).body.data.deliveryOption).toEqual(entry.deliveryOption);
    expect((await as('buyer').delivery(NO_SUCH_ID, '택배')).status).toBe(404);
  });

  it('is 401 for a guest', async () => {
    const { as, open, buyerEntryOf } = freshWorld();
    expect((await as(null).delivery(buyerEntryOf(open._id)._id, '택배')).status).toBe(401);
  });
});

describe('a cart answer', () => {
  it('is its entry as UTF-8 JSON, the market first, its bytes made once per market record', () => {
    const { open, buyerEntryOf } = freshWorld();
    const entry = buyerEntryOf(open._id);
    const answered = (e: typeof entry) => new TextDecoder().decode(entryAnswerBytes(e));
    const { market, ...others } = entry;
    expect(answered(entry)).toBe(JSON.stringify({ data: { market, ...others } }));
    const withOption = { ...entry, deliveryOption: { title: '택배' } };
    expect(JSON.parse(answered(withOption))).toEqual({ data: withOption });
    // A market that changes is a new record: its own JSON, not the one kept for the record before it.
    const renamed = { ...entry, market: { ...entry.market, title: '이름을 바꾼 마켓 "따옴표"' } };
    expect(JSON.parse(answered(renamed))).toEqual({ data: renamed });
    expect(answered({ market } as typeof entry)).toBe(JSON.stringify({ data: { market } }));
  });
});
