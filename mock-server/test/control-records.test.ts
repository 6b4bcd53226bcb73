// Data in one call: POST /__mock/records/{entity} makes a record from a partial one, PATCH changes one, each
// checked against the contract and the sdk's rules, and the product API then answers it as any seeded record
// (an order takes its stock, the clock closes its market).
import { latestStatus, marketState } from '@creator-market/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestServer, type TestServer } from './support/harness';
import { control, uniqueWorld } from './support/control';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SELLER = 'mallang_studio';
/** The Korean message of an error answer. */
const messageOf = (body: unknown) => (body as { message: string }).message;
const OPEN_MARKET = `${SELLER}:4`;

function setup(label: string) {
  const world = uniqueWorld(label);
  const headers = { 'X-Mock-World': world };
  const live = server.mock.worlds.fromRequest(world);
  const buyer = server.token('buyer', world);
  const make = (entity: string, body: unknown) => control(server, 'POST', `/records/${entity}`, { headers, body });
  const change = (entity: string, id: string, body: unknown) => control(server, 'PATCH', `/records/${entity}/${id}`, { headers, body });
  const market = async (sellerPublicId: string, publicId: number) =>
    (await server.call('GET', `/common/market/get/${sellerPublicId}/${publicId}`, { headers })).body.data;
  /** Every collection's size: what an impossible record must leave as it was. */
  const sizes = () => {
    const store = live.store;
    return [store.sellers, store.markets, store.products, store.addresses, store.carts, store.receipts, store.notifications].map(
      (collection) => [...collection.all()].length,
    );
  };
  return { world, headers, live, buyer, make, change, market, sizes };
}

describe('POST /__mock/records/{entity}', () => {
  it('makes a sold-out product in an open market: listed there, and adding it to the cart is out-of-stock', async () => {
    const t = setup('sold-out');
    const res = await t.make('products', {
      marketId: OPEN_MARKET,
      title: '품절 테스트 스티커',
      option: [{ title: '기본', price: 3500, stock: 0 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.entity).toBe('products');
    const product = res.body.record as { _id: string; title: string; option: { title: string; stock: number; price: number }[] };
    expect(product).toMatchObject({ _id: res.body.id, title: '품절 테스트 스티커' });
    expect(product.option).toEqual([expect.objectContaining({ title: '기본', price: 3500, stock: 0 })]);

    const detail = await t.market(SELLER, 4);
    expect(detail.product.map((p: { _id: string }) => p._id)).toContain(res.body.id);
    const add = await server.call('POST', '/cart/add/common', {
      token: t.buyer,
      headers: t.headers,
      body: { marketId: detail.market._id, seller: SELLER, productList: [{ _id: res.body.id, option: '기본', amount: 1 }] },
    });
    expect(add.status).toBe(400);
    expect(errorCode(add.body)).toBe('out-of-stock');
  });

  it('makes a market ending in 5 minutes that the clock then closes', async () => {
    const t = setup('ending');
    const res = await t.make('markets', { seller: SELLER, title: '곧 끝나는 마켓', startsInMs: -3_600_000, endsInMs: 300_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const made = res.body.record as { _id: string; publicId: number; title: string; marketED: string };
    // The world's clock follows the wall clock: a few ms have passed since the record was made.
    expect(Date.parse(made.marketED) - t.live.clock.now()).toBeGreaterThan(299_000);
    expect(Date.parse(made.marketED) - t.live.clock.now()).toBeLessThanOrEqual(300_000);
    expect(marketState((await t.market(SELLER, made.publicId)).market, t.live.clock.now())).toBe('opened');

    await control(server, 'POST', '/clock/advance', { headers: t.headers, body: { ms: 6 * 60_000 } });
    expect(marketState((await t.market(SELLER, made.publicId)).market, t.live.clock.now())).toBe('closed');
  });

  it('fills what is not given with realistic Korean data of the same kind, with new ids', async () => {
    const t = setup('filled');
    const seller = await t.make('sellers', {});
    expect(seller.status, JSON.stringify(seller.body)).toBe(201);
    const profile = seller.body.record as { _id: string; publicId: string; info: { name: string } };
    expect(profile._id).toMatch(/^[0-9a-f]{24}$/);
    expect(profile.info.name).toMatch(/[가-힣]/);
    const market = await t.make('markets', { seller: profile.publicId });
    expect(market.status, JSON.stringify(market.body)).toBe(201);
    expect(market.body.record).toMatchObject({ sellerPublicId: profile.publicId, publicId: 1 });
    const product = await t.make('products', { marketId: market.body.id });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    expect((await t.market(profile.publicId, 1)).product.map((p: { _id: string }) => p._id)).toEqual([product.body.id]);
  });

  it('makes an address, a notification, a cart and a paid receipt by the API own rules', async () => {
    const t = setup('order');
    const address = await t.make('addresses', { owner: 'buyer', name: '박서준', addr2: '101동 202호' });
    expect(address.status, JSON.stringify(address.body)).toBe(201);
    const list = await server.call('GET', '/address/list', { token: t.buyer, headers: t.headers });
    expect(list.body.data.map((a: { _id: string }) => a._id)).toContain(address.body.id);

    const note = await t.make('notifications', { owner: 'buyer', title: '테스트 알림', contents: '한 번에 만든 알림이에요' });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const notes = await server.call('GET', '/notification/message', { token: t.buyer, headers: t.headers });
    expect(notes.body.data.map((n: { _id: string }) => n._id)).toContain(note.body.id);

    // buyer-new: no line of market 4 in its cart yet, so the per-buyer limits leave room.
    const newBuyer = server.token('buyer-new', t.world);
    const cart = await t.make('carts', { owner: 'buyer-new', marketId: OPEN_MARKET });
    expect(cart.status, JSON.stringify(cart.body)).toBe(201);
    const single = await server.call('GET', '/cart/v2/get/single', { token: newBuyer, headers: t.headers, query: { id: cart.body.id } });
    expect(single.status).toBe(200);

    const receipt = await t.make('receipts', { owner: 'buyer-new', marketId: OPEN_MARKET, status: 1 });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
    const got = await server.call('GET', `/receipt/get/${receipt.body.id}`, { token: newBuyer, headers: t.headers });
    expect(got.status).toBe(200);
    expect(latestStatus(got.body.data.receiptInfo.status)).toBe(1);
  });

  it('refuses an impossible record with every problem named, and changes nothing', async () => {
    const t = setup('impossible');
    const before = t.sizes();
    const backwards = await t.make('markets', {
      seller: SELLER,
      marketST: '2026-12-10T10:00:00.000Z',
      marketED: '2026-12-10T09:00:00.000Z',
    });
    expect(backwards.status).toBe(400);
    expect(errorCode(backwards.body)).toBe('bad-request');
    expect(messageOf(backwards.body)).toContain('marketED');

    const twice = await t.make('products', { marketId: OPEN_MARKET, option: [{ title: '같은 옵션' }, { title: '같은 옵션' }] });
    expect(twice.status).toBe(400);
    expect(messageOf(twice.body)).toContain('같은 옵션');

    const noMarket = await t.make('products', { title: '마켓 없는 물품' });
    expect(noMarket.status).toBe(400);
    expect(messageOf(noMarket.body)).toContain('marketId');

    const wrongType = await t.make('products', { marketId: OPEN_MARKET, title: 42 });
    expect(wrongType.status).toBe(400);

    const unknown = await t.make('rockets', {});
    expect(unknown.status).toBe(400);

    // An order the API refuses after its cart line was made: the cart is put back as it was.
    const refused = await t.make('receipts', { owner: 'buyer-new', marketId: OPEN_MARKET, delivery: { title: '없는 배송' } });
    expect(refused.status).toBe(400);
    expect(errorCode(refused.body)).toBe('invalid-delivery-option');
    expect(t.sizes()).toEqual(before);
  });
});

describe('PATCH /__mock/records/{entity}/{id}', () => {
  it('sells a product out (stock to 0) and ends a market in 5 minutes', async () => {
    const t = setup('patch');
    const detail = await t.market(SELLER, 4);
    const onSale = (detail.product as { _id: string; useYN: boolean; option: { stock: number; title: string }[] }[]).find(
      (p) => p.useYN && p.option[0]!.stock !== 0,
    )!;
    const sold = await t.change('products', onSale._id, { option: [{ stock: 0, order: 0 }] });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const after = (await t.market(SELLER, 4)).product.find((p: { _id: string }) => p._id === onSale._id);
    expect(after!.option[0]).toMatchObject({ title: onSale.option[0]!.title, stock: 0 });

    const ending = await t.change('markets', OPEN_MARKET, { endsInMs: 300_000 });
    expect(ending.status, JSON.stringify(ending.body)).toBe(200);
    expect(Date.parse((await t.market(SELLER, 4)).market.marketED) - t.live.clock.now()).toBeGreaterThan(299_000);
  });

  it('refuses what cannot change (an id, a cart, an unknown record) and leaves the record as it was', async () => {
    const t = setup('patch-refused');
    const market = (await t.market(SELLER, 4)).market;
    const id = await t.change('markets', OPEN_MARKET, { _id: '0123456789abcdef01234567' });
    expect(id.status).toBe(400);
    const backwards = await t.change('markets', OPEN_MARKET, { endsInMs: -10 * 24 * 3_600_000 });
    expect(backwards.status).toBe(400);
    expect((await t.market(SELLER, 4)).market).toEqual(market);

    const cart = await t.change('carts', '0123456789abcdef01234567', { amount: 3 });
    expect(cart.status).toBe(400);
    expect(messageOf(cart.body)).toContain('/cart/');
    const missing = await t.change('products', '0123456789abcdef01234567', { title: '없는 물품' });
    expect(missing.status).toBe(404);
  });
});
