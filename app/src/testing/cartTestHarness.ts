// Test helpers of the cart: the mock server's handlers in-process (msw) with a freshly seeded world for every
// test, so a test may change the world (the clock, a market, stock) the way the seller side or other buyers
// would, and another buyer who places real orders.
import type { Schemas } from '@creator-market/sdk';
import { createApiClient, type ApiClient } from '@creator-market/sdk/client';
import type { createBrowserWorld } from '@creator-market/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { API_BASE } from '../config/hosts';
import { personaToken, seededWorld, seededWorlds, testHandlers, type PersonaId } from './testServer';

export type World = ReturnType<typeof createBrowserWorld>;
type Market = Schemas['Market'];
type Product = Schemas['Product'];
type ProductOption = Schemas['ProductOption'];
type CartEntry = Schemas['CartEntry'];

export interface CartWorld {
  server: ReturnType<typeof setupServer>;
  /** The mock's own handlers (to answer a request late, through the real handler). */
  handlers: ReturnType<typeof testHandlers>;
  /** The world of the running test (a new one per test). */
  readonly world: World;
}

/** The mock API with a new seeded world per test. */
export function setupCartWorld(): CartWorld {
  const worlds = seededWorlds();
  const handlers = testHandlers({ worlds });
  // The whole control plane answers under API_BASE/__mock, as on the server.
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    worlds.replaceDefault(() => seededWorld());
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return {
    server,
    handlers,
    get world() {
      return worlds.defaultWorld;
    },
  };
}

// ---------------------------------------------------------------- changing the world (seller side)

export function changeMarket(world: World, marketId: string, change: (market: Market) => Market): void {
  world.store.markets.update(marketId, (row) => ({ ...row, market: change(structuredClone(row.market)) }));
  world.touched();
}

export function changeProduct(world: World, productId: string, change: (product: Product) => Product): void {
  world.store.products.update(productId, (row) => ({ ...row, product: change(structuredClone(row.product)) }));
  world.touched();
}

export function changeOption(world: World, productId: string, optionTitle: string, change: (option: ProductOption) => ProductOption): void {
  changeProduct(world, productId, (product) => ({
    ...product,
    option: product.option.map((option) => (option.title === optionTitle ? change(option) : option)),
  }));
}

export function option(world: World, productId: string, optionTitle: string): ProductOption {
  const found = world.store.products.get(productId)?.product.option.find((o) => o.title === optionTitle);
  if (!found) throw new Error(`no option ${optionTitle} of product ${productId}`);
  return found;
}

/** Changes a stored cart entry (its status, the amounts of its lines). */
export function changeCartEntry(world: World, cartId: string, change: (entry: CartEntry) => CartEntry): void {
  world.store.carts.update(cartId, (row) => ({ ...row, cart: change(structuredClone(row.cart)) }));
  world.touched();
}

// ---------------------------------------------------------------- another buyer

/** An API client signed in as a persona (another buyer acting while the test's buyer looks at the cart). */
export async function clientOf(persona: PersonaId): Promise<ApiClient> {
  const token = await personaToken(persona);
  return createApiClient({ baseUrl: API_BASE, getToken: () => token });
}

/** Another buyer adds `amount` of an option of the market to their cart and orders it. */
export async function otherBuyerOrders(
  persona: PersonaId,
  market: Pick<Market, '_id' | 'sellerPublicId' | 'delivery'>,
  line: { _id: string; option: string; amount: number },
): Promise<string> {
  const client = await clientOf(persona);
  // An order is what its cart entry holds: whatever that buyer had in this market's cart goes first.
  const held = (await client.get('/cart/v2/get')).find((candidate) => candidate.market._id === market._id);
  if (held) await client.post('/cart/delete', { body: { cartId: held._id } });
  const entry = await client.post('/cart/add/common', {
    body: { marketId: market._id, seller: market.sellerPublicId, productList: [line] },
  });
  // The option that carries the most: no weight limit, else the highest one.
  const delivery = market.delivery.option
    .filter((o) => o.useYN)
    .sort((a, b) => (b.weight ?? Number.POSITIVE_INFINITY) - (a.weight ?? Number.POSITIVE_INFINITY))[0];
  if (!delivery) throw new Error('the market has no delivery option in use');
  return client.post('/receipt/insert', {
    body: {
      marketId: market._id,
      memo: '먼저 주문할게요',
      productList: [line],
      delivery: {
        name: '박도윤',
        tel: '+821055554444',
        addr: '서울특별시 중구 세종대로 110',
        addr2: '3층',
        zip: '04524',
        msg: '',
        title: delivery.title,
      },
      sns: { type: 0, id: '' },
      buyerAccount: { name: '박도윤', no: '1002345678901', type: '020' },
      payment: { option: 1, depositExpect: '' },
      cashReceipt: { useYN: false, isPersonal: true, no: '' },
      cartId: entry._id,
    },
  });
}
