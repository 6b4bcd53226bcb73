// receipt: placing orders for real (cart first, through the cart API), every refusal of the order checks,
// and the buyer's reads and edits of a receipt in every state that matters. Each test runs in its own
// X-Mock-World; receipt states the buyer cannot reach (paid, shipped, seller-cancelled) come from the
// shared order functions the control plane's test helpers also use.
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import { confirmDeposit, setReceiptStatus } from '../src/world/orders';
import { pairKey, type MarketRow, type ProductRow, type Store } from '../src/world/store';
import type { World } from '../src/world/world';
import {
  errorCode,
  errorDetails,
  errorList,
  errorMessage,
  startTestServer,
  type CallOptions,
  type TestServer,
  type Method,
} from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  // A world per test (65 of them), none idle long enough to be evicted: more than the default 64.
  srv = await startTestServer({ maxWorlds: 256 });
});
afterAll(() => srv.close());

const SELLER_SLUG = 'mallang_studio';
const OPEN_MARKET = '겨울 스티커 마켓';

interface Line {
  _id: string;
  option: string;
  amount: number;
}

/**
 * A fresh world with the seller persona's open market, whose first four products are (fixtures): unlimited
 * stock, sold out, limited to 2 per buyer, and 2 left of each option.
 */
function setup(label: string) {
  const worldName = `receipt-${label}-${Math.random().toString(36).slice(2, 8)}`;
  const world: World = srv.mock.worlds.fromRequest(worldName);
  const store: Store = world.store;
  const sellerUid = store.accounts.one('persona', 'seller')!.uid;
  const marketRow = store.markets.by('seller', sellerUid).find((r) => r.market.title === OPEN_MARKET) as MarketRow;
  const [unlimited, soldOut, limited, few] = store.products.by('market', marketRow.market._id) as [
    ProductRow,
    ProductRow,
    ProductRow,
    ProductRow,
  ];
  const buyer = srv.token('buyer-new', worldName);
  const other = srv.token('buyer', worldName);
  const buyerUid = store.accounts.one('persona', 'buyer-new')!.uid;
  const call = <M extends Method, P extends string>(method: M, path: P, options: CallOptions = {}) =>
    srv.call(method, path, { ...options, headers: { 'X-Mock-World': worldName, ...options.headers } });
  const line = (row: ProductRow, amount: number, optionIndex = 0): Line => ({
    _id: row.product._id,
    option: row.product.option[optionIndex]!.title,
    amount,
  });
  const market = () => store.markets.get(marketRow.market._id)!.market;
  const option = (productId: string, title: string) => store.products.get(productId)!.product.option.find((o) => o.title === title)!;

  async function addToCart(lines: Line[], token = buyer): Promise<string> {
    const res = await call('POST', '/cart/add/common', {
      token,
      body: { marketId: marketRow.market._id, seller: SELLER_SLUG, productList: lines },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data._id;
  }

  function orderBody(cartId: string, lines: Line[], overrides: Record<string, unknown> = {}) {
    return {
      marketId: marketRow.market._id,
      memo: '선물 포장 부탁드려요',
      productList: lines,
      delivery: {
        name: '이새봄',
        tel: '+821098765432',
        addr: '서울특별시 마포구 와우산로 94',
        addr2: '3층 301호',
        zip: '04066',
        msg: '문 앞에 놓아주세요',
        title: '택배',
      },
      sns: { type: 1, id: 'saebom_daily' },
      buyerAccount: { name: '이새봄', no: '1002345678901', type: '020' },
      payment: { option: 1, depositExpect: '' },
      cashReceipt: { useYN: false, isPersonal: true, no: '' },
      cartId,
      ...overrides,
    };
  }

  const insert = (body: unknown, token = buyer) => call('POST', '/receipt/insert', { token, body });

  /** Adds the lines to the cart and orders exactly them; answers the new receipt's publicId. */
  async function placeOrder(lines: Line[] = [line(unlimited, 2)], overrides: Record<string, unknown> = {}): Promise<string> {
    const cartId = await addToCart(lines);
    const res = await insert(orderBody(cartId, lines, overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  const getReceipt = async (publicId: string, token = buyer) => (await call('GET', `/receipt/get/${publicId}`, { token })).body.data;
  const latest = async (publicId: string) => (await getReceipt(publicId)).receiptInfo.status.at(-1)!.status;

  return {
    worldName,
    world,
    store,
    marketRow,
    unlimited,
    soldOut,
    limited,
    few,
    buyer,
    other,
    buyerUid,
    call,
    line,
    market,
    option,
    addToCart,
    orderBody,
    insert,
    placeOrder,
    getReceipt,
    latest,
  };
}

/** The catalogue code of an error answer (one place to change when the error envelope changes). */
const codeOf = (res: { body: unknown }) => errorCode(res.body);

/** Sets how many units of the product's option are already ordered (by other buyers, as far as the test goes). */
function setOrdered(t: { store: Store }, row: ProductRow, optionIndex: number, order: number): void {
  t.store.products.update(row.product._id, (current) => ({
    ...current,
    product: { ...current.product, option: current.product.option.map((o, i) => (i === optionIndex ? { ...o, order } : o)) },
  }));
}

describe('insertReceipt', () => {
  it('reserves exactly the ordered units, creates the receipt and the room, removes the cart and notifies both sides', async () => {
    const t = setup('insert-ok');
    const lines = [t.line(t.unlimited, 2), t.line(t.limited, 1)];
    const before = lines.map((l) => t.option(l._id, l.option).order);
    const cartId = await t.addToCart(lines);

    const res = await t.insert(t.orderBody(cartId, lines));
    expect(res.status).toBe(200);
    const publicId = res.body.data;
    expect(publicId).toMatch(/^[0-9]{12}$/);

    // the stock, as the market screen reads it
    const marketRes = await t.call('GET', `/common/market/get/${SELLER_SLUG}/${t.market().publicId}`);
    expect(marketRes.status).toBe(200);
    lines.forEach((l, i) => {
      const product = marketRes.body.data.product.find((p) => p._id === l._id)!;
      expect(product.option.find((o) => o.title === l.option)!.order).toBe(before[i]! + l.amount);
    });

    // the receipt
    const detail = await t.getReceipt(publicId);
    expect(detail.marketInfo._id).toBe(t.marketRow.market._id);
    expect(detail.sellerInfo.publicId).toBe(SELLER_SLUG);
    expect(detail.sellerInfo.bank).toBeUndefined();
    const receipt = detail.receiptInfo;
    expect(receipt.status).toHaveLength(1);
    expect(receipt.status[0]).toMatchObject({ status: 0, desc: '' });
    const price = (l: Line) => t.option(l._id, l.option).price;
    const productPrice = lines.reduce((sum, l) => sum + price(l) * l.amount, 0);
    expect(receipt.productList.map((p: Line) => [p._id, p.option, p.amount])).toEqual(lines.map((l) => [l._id, l.option, l.amount]));
    expect(receipt.productPrice).toBe(productPrice);
    expect(receipt.delivery).toMatchObject({ name: '이새봄', title: '택배', price: 3500, msg: '문 앞에 놓아주세요' });
    // the open market takes 3,500 off shipping from a product total of 30,000
    const discount = productPrice >= 30000 ? 3500 : 0;
    expect(receipt.shipDiscounted).toBe(discount);
    expect(receipt.totalPrice).toBe(productPrice + 3500 - discount);
    expect(receipt).toMatchObject({
      memo: '선물 포장 부탁드려요',
      paymentResult: null,
      invoice: null,
      packagingStatus: 0,
      payment: { option: 1 },
      sns: { type: 1, id: 'saebom_daily' },
    });
    expect(receipt.receiptNotice).toBe(t.market().notice.receipt);

    // the cart is gone
    const carts = await t.call('GET', '/cart/v2/get', { token: t.buyer });
    expect(carts.body.data.map((c: { _id: string }) => c._id)).not.toContain(cartId);

    // the room with the seller lists the receipt
    const rooms = await t.call('GET', '/room', { token: t.buyer });
    expect(rooms.body.data).toHaveLength(1);
    expect(rooms.body.data[0]!.sellerName).toBe('말랑공방');
    const groups = await t.call('GET', '/room/receipt', { token: t.buyer, query: { seller: t.marketRow.sellerUID } });
    expect(groups.body.data[0]!.receipt[0]).toMatchObject({
      receiptPublicId: publicId,
      status: 0,
      receiver: '이새봄',
      totalPrice: receipt.totalPrice,
    });

    // the seller's sales notification and the buyer's order notification
    const sellerNotes = t.store.notifications.by('recipient', pairKey(t.marketRow.sellerUID, 'seller')).map((r) => r.notification);
    expect(sellerNotes.find((n) => n.receiptPublicId === publicId)).toMatchObject({
      title: '새 주문',
      contents: `[${OPEN_MARKET}] 새 주문이 접수되었어요.`,
    });
    const buyerNotes = t.store.notifications.by('recipient', pairKey(t.buyerUid, 'buyer')).map((r) => r.notification);
    expect(buyerNotes.find((n) => n.receiptPublicId === publicId)?.title).toBe('주문 접수');
  });

  it('applies the shipping discount once the product total reaches 30,000원', async () => {
    const t = setup('insert-discount');
    const option = t.unlimited.product.option[0]!;
    const amount = Math.min(999, Math.ceil(30000 / Math.max(1, option.price)));
    const publicId = await t.placeOrder([t.line(t.unlimited, amount)]);
    const receipt = (await t.getReceipt(publicId)).receiptInfo;
    expect(receipt.productPrice).toBe(option.price * amount);
    expect(receipt.shipDiscounted).toBe(3500);
    expect(receipt.totalPrice).toBe(receipt.productPrice);
  });

  it('saves the remembered buyer info, address and cash receipt to the account', async () => {
    const t = setup('insert-remember');
    const cashReceipt = { useYN: true, isPersonal: true, no: '01098765432' };
    await t.placeOrder([t.line(t.unlimited, 1)], { remember: { buyer: true, delivery: true, cashReceipt: true }, cashReceipt });
    const me = (await t.call('GET', '/user/me', { token: t.buyer })).body.data.user;
    expect(me.sns).toEqual({ type: 1, id: 'saebom_daily' });
    expect(me.account).toEqual({ name: '이새봄', no: '1002345678901', type: '020' });
    expect(me.cashReceipt).toMatchObject({ isPersonal: true, no: '01098765432' });
    const book = (await t.call('GET', '/address/list', { token: t.buyer })).body.data;
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ name: '이새봄', addr2: '3층 301호', zip: '04066', status: 1 });
  });

  it('saves nothing to the account without remember flags', async () => {
    const t = setup('insert-no-remember');
    await t.placeOrder([t.line(t.unlimited, 1)]);
    const me = (await t.call('GET', '/user/me', { token: t.buyer })).body.data.user;
    expect(me.sns).toBeUndefined();
    expect((await t.call('GET', '/address/list', { token: t.buyer })).body.data).toHaveLength(0);
  });

  it('a second order from the same seller joins the same room and moves it to the top', async () => {
    const t = setup('insert-room');
    const first = await t.placeOrder([t.line(t.unlimited, 1)]);
    t.world.clock.advance(60_000);
    const second = await t.placeOrder([t.line(t.unlimited, 1)]);
    const rooms = (await t.call('GET', '/room', { token: t.buyer })).body.data;
    expect(rooms).toHaveLength(1);
    const groups = (await t.call('GET', '/room/receipt', { token: t.buyer, query: { seller: t.marketRow.sellerUID } })).body.data;
    expect(groups[0]!.receipt.map((r) => r.receiptPublicId)).toEqual([second, first]);
  });

  describe('refusals (nothing changes)', () => {
    it('invalid-market: no such market', async () => {
      const t = setup('insert-invalid-market');
      const cartId = await t.addToCart([t.line(t.unlimited, 1)]);
      const res = await t.insert(t.orderBody(cartId, [t.line(t.unlimited, 1)], { marketId: '0123456789abcdef01234567' }));
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('invalid-market');
    });

    it('market-unavailable: the market was hidden', async () => {
      const t = setup('insert-hidden');
      const cartId = await t.addToCart([t.line(t.unlimited, 1)]);
      t.store.markets.replace({ ...t.marketRow, market: { ...t.market(), public: false } });
      const res = await t.insert(t.orderBody(cartId, [t.line(t.unlimited, 1)]));
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('market-unavailable');
    });

    it('market-schedule: the market ended meanwhile, with a list naming the market', async () => {
      const t = setup('insert-ended');
      const lines = [t.line(t.unlimited, 1)];
      const cartId = await t.addToCart(lines);
      const orderBefore = t.option(lines[0]!._id, lines[0]!.option).order;
      t.world.clock.set(Date.parse(t.market().marketED) + 60_000);
      const res = await t.insert(t.orderBody(cartId, lines));
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('market-schedule');
      expect(errorList(res.body)).toEqual([{ _id: t.marketRow.market._id, title: OPEN_MARKET }]);
      expect(t.option(lines[0]!._id, lines[0]!.option).order).toBe(orderBefore);
      expect(t.store.carts.get(cartId)).toBeDefined();
    });

    it('market-schedule: before the market starts', async () => {
      const t = setup('insert-early');
      const cartId = await t.addToCart([t.line(t.unlimited, 1)]);
      t.world.clock.set(Date.parse(t.market().marketST) - 60_000);
      const res = await t.insert(t.orderBody(cartId, [t.line(t.unlimited, 1)]));
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('market-schedule');
    });

    it("invalid-cart: another account's cart, or no cart", async () => {
      const t = setup('insert-invalid-cart');
      const othersCart = await t.addToCart([t.line(t.unlimited, 1)], t.other);
      const lines = [t.line(t.unlimited, 1)];
      for (const cartId of [othersCart, '0123456789abcdef01234567']) {
        const res = await t.insert(t.orderBody(cartId, lines));
        expect(res.status).toBe(400);
        expect(errorCode(res.body)).toBe('invalid-cart');
      }
      expect(t.store.carts.get(othersCart)).toBeDefined();
    });

    it('already-in-order: an order is being placed from the cart', async () => {
      const t = setup('insert-ordering');
      const cartId = await t.addToCart([t.line(t.unlimited, 1)]);
      t.store.carts.update(cartId, (row) => ({ ...row, cart: { ...row.cart, status: 1 } }));
      const res = await t.insert(t.orderBody(cartId, [t.line(t.unlimited, 1)]));
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('already-in-order');
    });

    it('deleted-product: a product taken off sale, listed', async () => {
      const t = setup('insert-deleted');
      const lines = [t.line(t.unlimited, 1), t.line(t.limited, 1)];
      const cartId = await t.addToCart(lines);
      t.store.products.update(t.limited.product._id, (row) => ({ ...row, product: { ...row.product, useYN: false } }));
      const res = await t.insert(t.orderBody(cartId, lines));
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('deleted-product');
      expect(errorList(res.body)).toEqual([{ _id: t.limited.product._id, title: t.limited.product.title }]);
    });

    it('deleted-product: a product of the cart that no longer exists, listed by its cart title', async () => {
      const t = setup('insert-removed');
      const lines = [t.line(t.unlimited, 1), t.line(t.limited, 1)];
      const cartId = await t.addToCart(lines);
      t.store.products.remove(t.limited.product._id);
      const res = await t.insert(t.orderBody(cartId, lines));
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('deleted-product');
      expect(errorList(res.body)).toEqual([{ _id: t.limited.product._id, title: t.limited.product.title }]);
    });

    it('invalid-product-option: an option of the cart that the product no longer has', async () => {
      const t = setup('insert-invalid-option');
      const lines = [t.line(t.unlimited, 1)];
      const cartId = await t.addToCart(lines);
      t.store.products.update(t.unlimited.product._id, (row) => ({
        ...row,
        product: { ...row.product, option: row.product.option.map((o, i) => (i === 0 ? { ...o, title: '바뀐 옵션' } : o)) },
      }));
      const res = await t.insert(t.orderBody(cartId, lines));
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe('invalid-product-option');
    });

    it('out-of-stock: an option of the cart that sold out meanwhile', async () => {
      const t = setup('insert-sold-out');
      const lines = [t.line(t.unlimited, 1), t.line(t.few, 1)];
      const cartId = await t.addToCart(lines);
      setOrdered(t, t.few, 0, t.few.product.option[0]!.stock);
      const res = await t.insert(t.orderBody(cartId, lines));
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe('out-of-stock');
      expect(t.store.carts.get(cartId)).toBeDefined();
    });

    it('stock-shortage: fewer left than the cart holds, with what is available', async () => {
      const t = setup('insert-shortage');
      const lines = [t.line(t.unlimited, 1), t.line(t.few, 2)];
      const cartId = await t.addToCart(lines);
      const orderBefore = t.option(t.unlimited.product._id, lines[0]!.option).order;
      setOrdered(t, t.few, 0, t.few.product.option[0]!.stock - 1);
      const res = await t.insert(t.orderBody(cartId, lines));
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe('stock-shortage');
      expect(errorList(res.body)).toEqual([
        { _id: t.few.product._id, title: t.few.product.title, option: t.few.product.option[0]!.title, available: 1 },
      ]);
      expect(t.option(t.unlimited.product._id, lines[0]!.option).order).toBe(orderBefore);
    });

    it('invalid-delivery-option: an option the market does not offer, or no longer offers', async () => {
      const t = setup('insert-delivery');
      const lines = [t.line(t.unlimited, 1)];
      const cartId = await t.addToCart(lines);
      const unknown = await t.insert(
        t.orderBody(cartId, lines, { delivery: { ...t.orderBody(cartId, lines).delivery, title: '퀵서비스' } }),
      );
      expect(unknown.status).toBe(400);
      expect(errorCode(unknown.body)).toBe('invalid-delivery-option');
      const market = t.market();
      t.store.markets.replace({
        ...t.marketRow,
        market: {
          ...market,
          delivery: { ...market.delivery, option: market.delivery.option.map((o) => (o.title === '택배' ? { ...o, useYN: false } : o)) },
        },
      });
      const unused = await t.insert(t.orderBody(cartId, lines));
      expect(unused.status).toBe(400);
      expect(errorCode(unused.body)).toBe('invalid-delivery-option');
    });

    it("weight-exceeded: heavier than the delivery option's limit", async () => {
      const t = setup('insert-weight');
      // 일반우편 carries at most 50 g; make one unit weigh 40 g, so that 2 units are too heavy for it
      t.store.products.update(t.unlimited.product._id, (row) => ({ ...row, product: { ...row.product, weight: 40 } }));
      const lines = [t.line(t.unlimited, 2)];
      const cartId = await t.addToCart(lines);
      const body = t.orderBody(cartId, lines);
      const res = await t.insert({ ...body, delivery: { ...body.delivery, title: '일반우편' } });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('weight-exceeded');
      // one unit less in the cart, and the same option carries it
      const lowered = await t.call('POST', '/cart/update', { token: t.buyer, body: { cartId, productList: [t.line(t.unlimited, 1)] } });
      expect(lowered.status).toBe(200);
      const light = await t.insert({ ...body, productList: [t.line(t.unlimited, 1)], delivery: { ...body.delivery, title: '일반우편' } });
      expect(light.status).toBe(200);
    });

    it("under-total-price: below the market's minimum order price", async () => {
      const t = setup('insert-min-price');
      const cartId = await t.addToCart([t.line(t.unlimited, 1)]);
      t.store.markets.replace({ ...t.marketRow, market: { ...t.market(), minPrice: 100_000_000 } });
      const res = await t.insert(t.orderBody(cartId, [t.line(t.unlimited, 1)]));
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('under-total-price');
    });

    it('bad-request: no lines', async () => {
      const t = setup('insert-empty');
      const cartId = await t.addToCart([t.line(t.unlimited, 1)]);
      const res = await t.insert(t.orderBody(cartId, []));
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('bad-request');
    });

    it('401 for a guest', async () => {
      const t = setup('insert-guest');
      const res = await t.insert(t.orderBody('0123456789abcdef01234567', [t.line(t.unlimited, 1)]), '');
      expect(res.status).toBe(401);
      expect(errorCode(res.body)).toBe('unauthorized');
    });
  });
});

describe('insertReceipt: the order is what the cart entry holds', () => {
  it('refuses an order for other lines than the cart holds (1 x A in the cart, 5 x B ordered), storing nothing', async () => {
    const t = setup('cart-other-lines');
    const cartId = await t.addToCart([t.line(t.unlimited, 1)]);
    const ordersBefore = t.store.receipts.by('owner', t.buyerUid).length;
    const stockBefore = t.option(t.few.product._id, t.few.product.option[0]!.title).order;
    const res = await t.insert(t.orderBody(cartId, [t.line(t.few, 2)]));
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('invalid-cart');
    expect(t.store.receipts.by('owner', t.buyerUid)).toHaveLength(ordersBefore);
    expect(t.option(t.few.product._id, t.few.product.option[0]!.title).order).toBe(stockBefore);
    expect(t.store.carts.get(cartId)).toBeDefined();
  });

  it('refuses another amount than the cart line holds, more or less', async () => {
    const t = setup('cart-amount');
    const cartId = await t.addToCart([t.line(t.unlimited, 2)]);
    for (const amount of [5, 1]) {
      const res = await t.insert(t.orderBody(cartId, [t.line(t.unlimited, amount)]));
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe('invalid-cart');
    }
    expect((await t.insert(t.orderBody(cartId, [t.line(t.unlimited, 2)]))).status).toBe(200);
  });

  it('refuses a line sent twice, and a line added beside the cart lines', async () => {
    const t = setup('cart-twice');
    const lines = [t.line(t.unlimited, 1)];
    const cartId = await t.addToCart(lines);
    const twice = await t.insert(t.orderBody(cartId, [...lines, ...lines]));
    expect(codeOf(twice)).toBe('invalid-cart');
    const extra = await t.insert(t.orderBody(cartId, [...lines, t.line(t.few, 1)]));
    expect(codeOf(extra)).toBe('invalid-cart');
  });

  it('refuses leaving out a cart line that can be ordered', async () => {
    const t = setup('cart-left-out');
    const cartId = await t.addToCart([t.line(t.unlimited, 1), t.line(t.few, 1)]);
    const res = await t.insert(t.orderBody(cartId, [t.line(t.unlimited, 1)]));
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('invalid-cart');
  });

  it("orders without the lines that sold out or went off sale ('품절 제외 후 주문'), and removes the entry", async () => {
    const t = setup('cart-without-sold-out');
    const cartId = await t.addToCart([t.line(t.unlimited, 1), t.line(t.few, 1), t.line(t.limited, 1)]);
    setOrdered(t, t.few, 0, t.few.product.option[0]!.stock);
    t.store.products.update(t.limited.product._id, (row) => ({ ...row, product: { ...row.product, useYN: false } }));
    const res = await t.insert(t.orderBody(cartId, [t.line(t.unlimited, 1)]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const receipt = (await t.getReceipt(res.body.data)).receiptInfo;
    expect(receipt.productList.map((p: Line) => [p._id, p.amount])).toEqual([[t.unlimited.product._id, 1]]);
    expect(t.store.carts.get(cartId)).toBeUndefined();
  });
});

describe("insertReceipt: limitAmount is per buyer, over the buyer's live orders", () => {
  // The limited product of the open market allows 2 units per buyer.
  it('three orders of 2 of a limit-2 product: the first goes through, the next are amount-exceeded', async () => {
    const t = setup('limit-three-orders');
    expect(t.limited.product.limitAmount).toBe(2);
    await t.placeOrder([t.line(t.limited, 2)]);
    const orderAfterFirst = t.option(t.limited.product._id, t.limited.product.option[0]!.title).order;
    // the cart itself still takes 2 (SPEC.md section 5: it does not know the buyer's orders)
    const cartId = await t.addToCart([t.line(t.limited, 2)]);
    for (let i = 0; i < 2; i++) {
      const res = await t.insert(t.orderBody(cartId, [t.line(t.limited, 2)]));
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe('amount-exceeded');
    }
    expect(t.option(t.limited.product._id, t.limited.product.option[0]!.title).order).toBe(orderAfterFirst);
  });

  it('1 then 1 fit a limit of 2, a third unit does not', async () => {
    const t = setup('limit-one-by-one');
    await t.placeOrder([t.line(t.limited, 1)]);
    await t.placeOrder([t.line(t.limited, 1)]);
    const cartId = await t.addToCart([t.line(t.limited, 1)]);
    expect(codeOf(await t.insert(t.orderBody(cartId, [t.line(t.limited, 1)])))).toBe('amount-exceeded');
  });

  it('a cancelled order gives its units back; a seller-cancelled one too', async () => {
    const t = setup('limit-cancelled');
    const first = await t.placeOrder([t.line(t.limited, 2)]);
    const cancel = await t.call('POST', '/receipt/change-status', {
      token: t.buyer,
      query: { id: first },
      body: { status: 10, msg: '다시 주문할게요' },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const second = await t.placeOrder([t.line(t.limited, 2)]);
    setReceiptStatus(t.world, second, 11, { msg: '재고 확인 후 취소' }, t.world.clock.now());
    await t.placeOrder([t.line(t.limited, 2)]);
  });

  it('paid and shipped orders still count', async () => {
    const t = setup('limit-paid');
    const first = await t.placeOrder([t.line(t.limited, 2)]);
    setReceiptStatus(t.world, first, 1, {}, t.world.clock.now());
    setReceiptStatus(t.world, first, 3, { invoice: { company: 'CJ대한통운', no: '123456789012' } }, t.world.clock.now());
    const cartId = await t.addToCart([t.line(t.limited, 1)]);
    expect(codeOf(await t.insert(t.orderBody(cartId, [t.line(t.limited, 1)])))).toBe('amount-exceeded');
  });

  it("another buyer's orders do not count", async () => {
    const t = setup('limit-other-buyer');
    const otherUid = t.store.accounts.one('persona', 'buyer')!.uid;
    // that buyer starts without an entry of this market (the fixtures may give them one)
    for (const row of t.store.carts.by('ownerMarket', pairKey(otherUid, t.marketRow.market._id))) t.store.carts.remove(row.cart._id);
    const othersCart = await t.addToCart([t.line(t.limited, 2)], t.other);
    const theirs = await t.insert(t.orderBody(othersCart, [t.line(t.limited, 2)]), t.other);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    await t.placeOrder([t.line(t.limited, 2)]);
  });

  it("the product's lines together count against its limit", async () => {
    const t = setup('limit-lines-together');
    // a second option on sale and the limit raised to 3, so the cart takes 2 + 1; then the limit is 2 again
    t.store.products.update(t.limited.product._id, (row) => ({
      ...row,
      product: {
        ...row.product,
        limitAmount: 3,
        option: [row.product.option[0]!, { ...row.product.option[0]!, title: '추가 옵션', stock: -1, order: 0 }],
      },
    }));
    const lines = [t.line(t.limited, 2, 0), { _id: t.limited.product._id, option: '추가 옵션', amount: 1 }];
    const cartId = await t.addToCart(lines);
    t.store.products.update(t.limited.product._id, (row) => ({ ...row, product: { ...row.product, limitAmount: 2 } }));
    const res = await t.insert(t.orderBody(cartId, lines));
    expect(res.status).toBe(400);
    expect(codeOf(res)).toBe('amount-exceeded');
  });
});

describe('getReceipt', () => {
  it('answers the market, the public seller profile and the receipt', async () => {
    const t = setup('get-ok');
    const publicId = await t.placeOrder();
    const res = await t.call('GET', `/receipt/get/${publicId}`, { token: t.buyer });
    expect(res.status).toBe(200);
    expect(res.body.data.marketInfo.title).toBe(OPEN_MARKET);
    expect(res.body.data.sellerInfo.info.phone).toBeUndefined();
    expect(res.body.data.receiptInfo.publicId).toBe(publicId);
  });

  it("403 for another account's receipt, without any of its data", async () => {
    const t = setup('get-403');
    const publicId = await t.placeOrder();
    const res = await t.call('GET', `/receipt/get/${publicId}`, { token: t.other });
    expect(res.status).toBe(403);
    expect(errorCode(res.body)).toBe('permission-denied');
    expect(res.text).not.toContain('이새봄');
    expect(res.text).not.toContain('선물 포장');
    expect(res.body).not.toHaveProperty('receiptInfo');
  });

  it('404 for an unknown receipt, 400 for a malformed number, 401 for a guest', async () => {
    const t = setup('get-404');
    expect((await t.call('GET', '/receipt/get/999999999999', { token: t.buyer })).status).toBe(404);
    const malformed = await t.call('GET', '/receipt/get/12345', { token: t.buyer });
    expect(malformed.status).toBe(400);
    expect(errorCode(malformed.body)).toBe('bad-request');
    expect((await t.call('GET', '/receipt/get/999999999999')).status).toBe(401);
  });
});

describe('updateReceiptMemo', () => {
  it('changes the memo before payment and while paid but not packed', async () => {
    const t = setup('memo-ok');
    const publicId = await t.placeOrder();
    const res = await t.call('POST', '/receipt/memo', { token: t.buyer, body: { id: publicId, memo: '리본 포장 부탁드려요' } });
    expect(res.status).toBe(200);
    expect(res.body.data.memo).toBe('리본 포장 부탁드려요');
    setReceiptStatus(t.world, publicId, 1, {}, t.world.clock.now());
    const paid = await t.call('POST', '/receipt/memo', { token: t.buyer, body: { id: publicId, memo: '천천히 보내주셔도 돼요' } });
    expect(paid.status).toBe(200);
    expect((await t.getReceipt(publicId)).receiptInfo.memo).toBe('천천히 보내주셔도 돼요');
  });

  it('operation-failed once packing started (shipped), already-canceled after a cancel', async () => {
    const t = setup('memo-refused');
    const shipped = await t.placeOrder();
    const now = () => t.world.clock.now();
    setReceiptStatus(t.world, shipped, 1, {}, now());
    setReceiptStatus(t.world, shipped, 3, { invoice: { company: 'CJ대한통운', no: '563912345678' } }, now());
    const late = await t.call('POST', '/receipt/memo', { token: t.buyer, body: { id: shipped, memo: '바꿔주세요' } });
    expect(late.status).toBe(400);
    expect(errorCode(late.body)).toBe('operation-failed');
    expect((await t.getReceipt(shipped)).receiptInfo.memo).toBe('선물 포장 부탁드려요');

    const cancelled = await t.placeOrder();
    await t.call('POST', '/receipt/change-status', { token: t.buyer, query: { id: cancelled }, body: { status: 10, msg: '단순 변심' } });
    const res = await t.call('POST', '/receipt/memo', { token: t.buyer, body: { id: cancelled, memo: '바꿔주세요' } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('already-canceled');
  });

  it('bad-request for an empty memo, 403 for another account, 401 for a guest', async () => {
    const t = setup('memo-errors');
    const publicId = await t.placeOrder();
    expect(errorCode((await t.call('POST', '/receipt/memo', { token: t.buyer, body: { id: publicId, memo: '' } })).body)).toBe(
      'bad-request',
    );
    const denied = await t.call('POST', '/receipt/memo', { token: t.other, body: { id: publicId, memo: '남의 주문' } });
    expect(denied.status).toBe(403);
    expect((await t.getReceipt(publicId)).receiptInfo.memo).toBe('선물 포장 부탁드려요');
    expect((await t.call('POST', '/receipt/memo', { body: { id: publicId, memo: '게스트' } })).status).toBe(401);
  });
});

describe('changeReceiptStatus', () => {
  it('cancels an unpaid order with the reason and releases the reserved units', async () => {
    const t = setup('cancel-ok');
    const lines = [t.line(t.unlimited, 2), t.line(t.few, 1)];
    const before = lines.map((l) => t.option(l._id, l.option).order);
    const publicId = await t.placeOrder(lines);
    const res = await t.call('POST', '/receipt/change-status', {
      token: t.buyer,
      query: { id: publicId },
      body: { status: 10, msg: '배송지를 잘못 입력했어요' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status.at(-1)).toMatchObject({ status: 10, desc: '배송지를 잘못 입력했어요' });
    expect(await t.latest(publicId)).toBe(10);
    const market = (await t.call('GET', `/common/market/get/${SELLER_SLUG}/${t.market().publicId}`)).body.data;
    lines.forEach((l, i) => {
      const product = market.product.find((p) => p._id === l._id)!;
      expect(product.option.find((o) => o.title === l.option)!.order).toBe(before[i]);
    });
  });

  it('cancels while a virtual account awaits its deposit, and voids the account', async () => {
    const t = setup('cancel-99');
    const publicId = await t.placeOrder();
    await t.call('POST', '/settlebank/vbank/getnum', { token: t.buyer, body: { receipt: publicId, bank: '020' } });
    const res = await t.call('POST', '/receipt/change-status', {
      token: t.buyer,
      query: { id: publicId },
      body: { status: 10, msg: '결제 불가 주문 취소' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.paymentResult).toMatchObject({ type: 'vbank', status: 'failed' });
    const payment = await t.call('GET', '/receipt/payment', { token: t.buyer, query: { receipt: publicId } });
    expect(payment.body.data.status).toBe('failed');
  });

  it('already-canceled twice, operation-failed once paid', async () => {
    const t = setup('cancel-refused');
    const publicId = await t.placeOrder();
    const body = { status: 10, msg: '단순 변심' };
    expect((await t.call('POST', '/receipt/change-status', { token: t.buyer, query: { id: publicId }, body })).status).toBe(200);
    const again = await t.call('POST', '/receipt/change-status', { token: t.buyer, query: { id: publicId }, body });
    expect(again.status).toBe(400);
    expect(errorCode(again.body)).toBe('already-canceled');

    const paid = await t.placeOrder();
    setReceiptStatus(t.world, paid, 1, {}, t.world.clock.now());
    const res = await t.call('POST', '/receipt/change-status', { token: t.buyer, query: { id: paid }, body });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('operation-failed');
    expect(errorMessage(res.body)).toBe('결제 완료 주문 취소는 판매 작가님에게 문의해주세요');
    expect(await t.latest(paid)).toBe(1);
  });

  it('bad-request for another status or no reason, 403 for another account, 404, 401', async () => {
    const t = setup('cancel-errors');
    const publicId = await t.placeOrder();
    const path = '/receipt/change-status';
    expect(
      errorCode((await t.call('POST', path, { token: t.buyer, query: { id: publicId }, body: { status: 1, msg: '결제했어요' } })).body),
    ).toBe('bad-request');
    expect(errorCode((await t.call('POST', path, { token: t.buyer, query: { id: publicId }, body: { status: 10, msg: '' } })).body)).toBe(
      'bad-request',
    );
    const denied = await t.call('POST', path, { token: t.other, query: { id: publicId }, body: { status: 10, msg: '남의 주문' } });
    expect(denied.status).toBe(403);
    expect(await t.latest(publicId)).toBe(0);
    expect((await t.call('POST', path, { token: t.buyer, query: { id: '999999999999' }, body: { status: 10, msg: '없음' } })).status).toBe(
      404,
    );
    expect((await t.call('POST', path, { query: { id: publicId }, body: { status: 10, msg: '게스트' } })).status).toBe(401);
  });
});

describe('updateReceiptSns', () => {
  it('changes the sns contact', async () => {
    const t = setup('sns-ok');
    const publicId = await t.placeOrder();
    const res = await t.call('POST', '/receipt/sns', { token: t.buyer, body: { id: publicId, sns: { type: 3, id: 'saebom_tw' } } });
    expect(res.status).toBe(200);
    expect((await t.getReceipt(publicId)).receiptInfo.sns).toEqual({ type: 3, id: 'saebom_tw' });
    const none = await t.call('POST', '/receipt/sns', { token: t.buyer, body: { id: publicId, sns: { type: 0, id: '' } } });
    expect(none.body.data.sns).toEqual({ type: 0, id: '' });
  });

  it('bad-request for a type without an id, already-canceled after a cancel, 403, 401', async () => {
    const t = setup('sns-errors');
    const publicId = await t.placeOrder();
    const missing = await t.call('POST', '/receipt/sns', { token: t.buyer, body: { id: publicId, sns: { type: 1, id: '' } } });
    expect(missing.status).toBe(400);
    expect(errorCode(missing.body)).toBe('bad-request');
    expect((await t.call('POST', '/receipt/sns', { token: t.other, body: { id: publicId, sns: { type: 1, id: 'x' } } })).status).toBe(403);
    expect((await t.call('POST', '/receipt/sns', { body: { id: publicId, sns: { type: 1, id: 'x' } } })).status).toBe(401);
    await t.call('POST', '/receipt/change-status', { token: t.buyer, query: { id: publicId }, body: { status: 10, msg: '단순 변심' } });
    const res = await t.call('POST', '/receipt/sns', { token: t.buyer, body: { id: publicId, sns: { type: 1, id: 'late' } } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('already-canceled');
    expect((await t.getReceipt(publicId)).receiptInfo.sns).toEqual({ type: 1, id: 'saebom_daily' });
  });
});

describe('updateReceiptDelivery', () => {
  const delivery = { name: '이새봄', tel: '+821055556666', addr: '경기도 성남시 분당구 판교역로 235', addr2: '7층', zip: '13494', msg: '' };

  it('replaces the recipient and address, keeping the delivery option and price', async () => {
    const t = setup('delivery-ok');
    const publicId = await t.placeOrder();
    const res = await t.call('POST', '/receipt/delivery', { token: t.buyer, body: { id: publicId, delivery } });
    expect(res.status).toBe(200);
    expect((await t.getReceipt(publicId)).receiptInfo.delivery).toEqual({ ...delivery, title: '택배', price: 3500 });
  });

  it('operation-failed once a virtual account is issued (status 99), already-canceled after a cancel', async () => {
    const t = setup('delivery-refused');
    const pending = await t.placeOrder();
    await t.call('POST', '/settlebank/vbank/getnum', { token: t.buyer, body: { receipt: pending, bank: '020' } });
    const res = await t.call('POST', '/receipt/delivery', { token: t.buyer, body: { id: pending, delivery } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('operation-failed');
    expect((await t.getReceipt(pending)).receiptInfo.delivery.addr2).toBe('3층 301호');

    const cancelled = await t.placeOrder();
    await t.call('POST', '/receipt/change-status', { token: t.buyer, query: { id: cancelled }, body: { status: 10, msg: '단순 변심' } });
    const again = await t.call('POST', '/receipt/delivery', { token: t.buyer, body: { id: cancelled, delivery } });
    expect(errorCode(again.body)).toBe('already-canceled');
  });

  it('bad-request for a name with a space, 403, 401', async () => {
    const t = setup('delivery-errors');
    const publicId = await t.placeOrder();
    expect(
      errorCode(
        (await t.call('POST', '/receipt/delivery', { token: t.buyer, body: { id: publicId, delivery: { ...delivery, name: '이 새봄' } } }))
          .body,
      ),
    ).toBe('bad-request');
    expect((await t.call('POST', '/receipt/delivery', { token: t.other, body: { id: publicId, delivery } })).status).toBe(403);
    expect((await t.call('POST', '/receipt/delivery', { body: { id: publicId, delivery } })).status).toBe(401);
  });
});

describe('updateReceiptCashReceipt', () => {
  it('changes the cash receipt and remembers it on the account when asked', async () => {
    const t = setup('cash-ok');
    const publicId = await t.placeOrder();
    const res = await t.call('POST', '/receipt/cashreceipt', {
      token: t.buyer,
      body: { id: publicId, isPersonal: false, no: '1234567890', isRemember: true },
    });
    expect(res.status).toBe(200);
    expect((await t.getReceipt(publicId)).receiptInfo.cashReceipt).toEqual({ isPersonal: false, no: '1234567890' });
    expect((await t.call('GET', '/user/me', { token: t.buyer })).body.data.user.cashReceipt).toEqual({
      isPersonal: false,
      no: '1234567890',
    });
    await t.call('POST', '/receipt/cashreceipt', { token: t.buyer, body: { id: publicId, isPersonal: true, no: '', isRemember: false } });
    expect((await t.getReceipt(publicId)).receiptInfo.cashReceipt).toEqual({ isPersonal: true, no: '' });
    expect((await t.call('GET', '/user/me', { token: t.buyer })).body.data.user.cashReceipt).toEqual({
      isPersonal: false,
      no: '1234567890',
    });
  });

  it('bad-request for a personal number of 10 digits, already-canceled after a cancel, 403, 401', async () => {
    const t = setup('cash-errors');
    const publicId = await t.placeOrder();
    const wrong = await t.call('POST', '/receipt/cashreceipt', {
      token: t.buyer,
      body: { id: publicId, isPersonal: true, no: '1234567890', isRemember: false },
    });
    expect(wrong.status).toBe(400);
    expect(errorCode(wrong.body)).toBe('bad-request');
    const body = { id: publicId, isPersonal: true, no: '01012345678', isRemember: false };
    expect((await t.call('POST', '/receipt/cashreceipt', { token: t.other, body })).status).toBe(403);
    expect((await t.call('POST', '/receipt/cashreceipt', { body })).status).toBe(401);
    await t.call('POST', '/receipt/change-status', { token: t.buyer, query: { id: publicId }, body: { status: 10, msg: '단순 변심' } });
    expect(errorCode((await t.call('POST', '/receipt/cashreceipt', { token: t.buyer, body })).body)).toBe('already-canceled');
  });
});

describe('validateReceiptAccount', () => {
  it("verifies the account with the bank, sets it as the receipt's refund account and remembers it when asked", async () => {
    const t = setup('account-ok');
    const publicId = await t.placeOrder();
    const res = await t.call('POST', '/receipt/valid-account', {
      token: t.buyer,
      body: { no: '3333012345678', type: '090', isRemember: true, id: publicId },
    });
    expect(res.status).toBe(200);
    // the bank reports the holder: the signed-in buyer
    expect(res.body.data).toEqual({ name: '이새봄', no: '3333012345678', type: '090' });
    expect((await t.getReceipt(publicId)).receiptInfo.buyerAccount).toEqual(res.body.data);
    expect((await t.call('GET', '/user/me', { token: t.buyer })).body.data.user.account).toEqual(res.body.data);
  });

  it('popbill-error when the bank does not confirm (numbers ending in 000, unknown banks), and nothing changes', async () => {
    const t = setup('account-popbill');
    const publicId = await t.placeOrder();
    for (const body of [
      { no: '1002345678000', type: '020', isRemember: true, id: publicId },
      { no: '1002345678901', type: '999', isRemember: true, id: publicId },
    ]) {
      const res = await t.call('POST', '/receipt/valid-account', { token: t.buyer, body });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('popbill-error');
    }
    expect((await t.getReceipt(publicId)).receiptInfo.buyerAccount.no).toBe('1002345678901');
    expect((await t.call('GET', '/user/me', { token: t.buyer })).body.data.user.account).toBeUndefined();
  });

  it('bad-request for a dashed number, already-canceled after a cancel, 403, 401', async () => {
    const t = setup('account-errors');
    const publicId = await t.placeOrder();
    expect(
      errorCode(
        (
          await t.call('POST', '/receipt/valid-account', {
            token: t.buyer,
            body: { no: '1002-345', type: '020', isRemember: false, id: publicId },
          })
        ).body,
      ),
    ).toBe('bad-request');
    const body = { no: '1002345678901', type: '020', isRemember: false, id: publicId };
    expect((await t.call('POST', '/receipt/valid-account', { token: t.other, body })).status).toBe(403);
    expect((await t.call('POST', '/receipt/valid-account', { body })).status).toBe(401);
    await t.call('POST', '/receipt/change-status', { token: t.buyer, query: { id: publicId }, body: { status: 10, msg: '단순 변심' } });
    expect(errorCode((await t.call('POST', '/receipt/valid-account', { token: t.buyer, body })).body)).toBe('already-canceled');
  });
});

describe('getReceiptPayment', () => {
  it('failed before payment, pending while a virtual account waits, success once deposited', async () => {
    const t = setup('payment-state');
    const publicId = await t.placeOrder();
    const query = { receipt: publicId };
    const before = await t.call('GET', '/receipt/payment', { token: t.buyer, query });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ status: 'failed', paymentResult: null });
    await t.call('POST', '/settlebank/vbank/getnum', { token: t.buyer, body: { receipt: publicId, bank: '020' } });
    const pending = await t.call('GET', '/receipt/payment', { token: t.buyer, query });
    expect(pending.body.data.status).toBe('pending');
    expect(pending.body.data.paymentResult).toMatchObject({ type: 'vbank', name: '우리은행', status: 'pending' });
    confirmDeposit(t.world, publicId, t.world.clock.now());
    const paid = await t.call('GET', '/receipt/payment', { token: t.buyer, query });
    expect(paid.body.data.status).toBe('success');
    expect(paid.body.data.paymentResult?.status).toBe('success');
    expect(await t.latest(publicId)).toBe(1);
  });

  it('failed once the virtual account expired without a deposit', async () => {
    const t = setup('payment-expired');
    const publicId = await t.placeOrder();
    await t.call('POST', '/settlebank/vbank/getnum', { token: t.buyer, body: { receipt: publicId, bank: '020' } });
    t.world.clock.advance(24 * 3_600_000 + 1000);
    const res = await t.call('GET', '/receipt/payment', { token: t.buyer, query: { receipt: publicId } });
    expect(res.body.data.status).toBe('failed');
    expect(() => confirmDeposit(t.world, publicId, t.world.clock.now())).toThrow();
  });

  it('403 for another account, 404 for an unknown receipt, 401 for a guest', async () => {
    const t = setup('payment-errors');
    const publicId = await t.placeOrder();
    const denied = await t.call('GET', '/receipt/payment', { token: t.other, query: { receipt: publicId } });
    expect(denied.status).toBe(403);
    expect(denied.body).not.toHaveProperty('paymentResult');
    expect((await t.call('GET', '/receipt/payment', { token: t.buyer, query: { receipt: '999999999999' } })).status).toBe(404);
    expect((await t.call('GET', '/receipt/payment', { query: { receipt: publicId } })).status).toBe(401);
  });
});

describe('seller statuses (setReceiptStatus, for the control plane)', () => {
  it('moves a receipt 0 → 1 → 3 → 4 with an invoice, and a seller cancel releases the stock', async () => {
    const t = setup('seller-steps');
    const now = () => t.world.clock.now();
    const publicId = await t.placeOrder();
    setReceiptStatus(t.world, publicId, 1, {}, now());
    expect(() => setReceiptStatus(t.world, publicId, 3, {}, now())).toThrow(/송장/);
    setReceiptStatus(t.world, publicId, 3, { invoice: { company: '우체국택배', no: '6012345678901' } }, now());
    const delivered = setReceiptStatus(t.world, publicId, 4, {}, now());
    expect(delivered.status.map((s) => s.status)).toEqual([0, 1, 3, 4]);
    expect(delivered.invoice).toEqual({ company: '우체국택배', no: '6012345678901' });
    expect(delivered.packagingStatus).toBe(1);

    const line = t.line(t.unlimited, 2);
    const before = t.option(line._id, line.option).order;
    const cancelled = await t.placeOrder([line]);
    setReceiptStatus(t.world, cancelled, 1, {}, now());
    const receipt = setReceiptStatus(t.world, cancelled, 11, { msg: '재고 부족으로 취소되었습니다' }, now());
    expect(receipt.status.at(-1)).toMatchObject({ status: 11, desc: '재고 부족으로 취소되었습니다' });
    expect(receipt.sellerMsg).toBe('재고 부족으로 취소되었습니다');
    expect(t.option(line._id, line.option).order).toBe(before);
    expect(() => setReceiptStatus(t.world, cancelled, 1, {}, now())).toThrow();
  });
});

// SPEC.md section 5, on every operation that takes the field (world/input-rules.ts): what POST /address/add
// refuses, an order and a receipt's delivery refuse too, and blank memos, reasons and SNS ids are refused.
describe('the input rules on orders and receipts', () => {
  const badDeliveries: [string, Record<string, string>][] = [
    ['an 11-Hangul recipient name', { name: '가나다라마바사아자차카' }],
    ['a name with a space', { name: '이 새봄' }],
    ['a non-mobile number (+82 10, one digit short)', { tel: '+82101234567' }],
    ['a number that is not a phone', { tel: '+820000000000' }],
    ['a blank detail address', { addr2: '   ' }],
    ['a blank road address', { addr: '' }],
  ];

  test.each(badDeliveries)('POST /receipt/insert refuses %s, and no order is made', async (_label, change) => {
    const t = setup('rules-insert');
    const lines = [t.line(t.unlimited, 1)];
    const cartId = await t.addToCart(lines);
    const body = t.orderBody(cartId, lines);
    const res = await t.insert({ ...body, delivery: { ...body.delivery, ...change } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
    expect(errorDetails(res.body)[0]?.path).toMatch(/^\/body\/delivery\//);
    expect(t.store.receipts.by('owner', t.buyerUid)).toHaveLength(0);
  });

  test.each([
    ['a whitespace-only memo', { memo: '  \n ' }, '/body/memo', '주문 메모를 입력해주세요'],
    ['an SNS type without an id', { sns: { type: 1, id: '   ' } }, '/body/sns/id', '아이디를 입력해주세요'],
  ])('POST /receipt/insert refuses %s with the spec message', async (_label, change, path, message) => {
    const t = setup('rules-insert-text');
    const lines = [t.line(t.unlimited, 1)];
    const cartId = await t.addToCart(lines);
    const res = await t.insert(t.orderBody(cartId, lines, change));
    expect(res.status).toBe(400);
    expect(errorDetails(res.body)[0]).toEqual({ path, message });
    expect(t.store.receipts.by('owner', t.buyerUid)).toHaveLength(0);
  });

  test('an order receipt refuses what its order would: delivery, memo, cancel reason and SNS id, and keeps its record', async () => {
    const t = setup('rules-receipt');
    const publicId = await t.placeOrder();
    const before = JSON.stringify((await t.getReceipt(publicId)).receiptInfo);
    const delivery = {
      name: '가나다라마바사아자차카',
      tel: '+821098765432',
      addr: '서울특별시 마포구 와우산로 94',
      addr2: '3층',
      zip: '04066',
      msg: '',
    };
    for (const [path, body, query] of [
      ['/receipt/delivery', { id: publicId, delivery }, undefined],
      ['/receipt/delivery', { id: publicId, delivery: { ...delivery, name: '이새봄', tel: '+82101234567' } }, undefined],
      ['/receipt/memo', { id: publicId, memo: '   ' }, undefined],
      ['/receipt/sns', { id: publicId, sns: { type: 1, id: ' ' } }, undefined],
      ['/receipt/change-status', { status: 10, msg: '  ' }, { id: publicId }],
    ] as const) {
      const res = await t.call('POST', path, { token: t.buyer, body, ...(query ? { query } : {}) });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(errorCode(res.body)).toBe('bad-request');
    }
    expect(JSON.stringify((await t.getReceipt(publicId)).receiptInfo)).toBe(before);
  });
});
