// What the tests share: the product API through the sdk's typed client, in the test's world, and the few
// steps of the app several tests take (the market's page, the cart ready to order).
import { createApiClient, type ApiClient, type Schemas } from '@creator-market/sdk';
import { expect, type MockControl } from '@creator-market/mock-server/playwright';
import type { Page } from '@playwright/test';

/** The seller persona's open market (the same in every world of the mock's fixtures). */
export const MARKET = { sellerId: 'mallang_studio', marketId: '4', title: '겨울 스티커 마켓' } as const;

/** The sdk's product API client in the mock world of `mock` (its X-Mock-World), signed in with `token`. */
export function productApi(mock: MockControl, token?: string): ApiClient {
  return createApiClient({
    baseUrl: mock.baseUrl,
    getToken: () => token ?? null,
    fetch: (request) => {
      for (const [name, value] of Object.entries(mock.headers())) request.headers.set(name, value);
      return fetch(request);
    },
  });
}

type MarketDetail = Schemas['MarketDetail'];

/** The market's detail, a product on sale and one of its options a buyer can still take. */
export async function lineInStock(api: ApiClient) {
  const detail = await api.get('/common/market/get/{sellerId}/{marketId}', {
    params: { path: { sellerId: MARKET.sellerId, marketId: MARKET.marketId } },
  });
  for (const product of detail.product) {
    const option = product.option.find((o) => o.useYN && (o.stock === -1 || o.stock - o.order >= 1));
    if (product.useYN && option) return { detail, product, option };
  }
  throw new Error(`${MARKET.title} has no product with an option in stock in this world`);
}

/** The market's delivery option that carries any weight (no `weight` limit), else the first in use. */
export function deliveryFor(detail: MarketDetail): string {
  const options = detail.market.delivery.option.filter((o) => o.useYN);
  const title = (options.find((o) => o.weight === undefined) ?? options[0])?.title;
  if (title === undefined) throw new Error(`${MARKET.title} has no delivery option in use`);
  return title;
}

/**
 * A line in stock, with the signed-in buyer's cart of the market emptied first: the buyer persona's cart
 * there holds lines at their per-buyer limit, which an order of them would exceed ('amount-exceeded').
 */
export async function lineInEmptyCart(api: ApiClient) {
  const line = await lineInStock(api);
  const held = (await api.get('/cart/v2/get')).find((entry) => entry.market._id === line.detail.market._id);
  if (held) await api.post('/cart/delete', { body: { cartId: held._id } });
  return line;
}

/**
 * Puts one unit of a line in stock into the buyer's emptied cart through the API; resolves with the cart
 * page's path and the delivery option to order with.
 */
export async function cartWithOneLine(api: ApiClient): Promise<{ path: string; delivery: string }> {
  const { detail, product, option } = await lineInEmptyCart(api);
  await api.post('/cart/add/common', {
    body: {
      marketId: detail.market._id,
      seller: detail.seller.publicId,
      productList: [{ _id: product._id, option: option.title, amount: 1 }],
    },
  });
  return { path: `cart/${detail.market._id}`, delivery: deliveryFor(detail) };
}

/** The order button of the cart (SPEC: '주문 시작', or '품절 제외 후 주문' when some lines are not available). */
export const orderButton = (page: Page) => page.getByRole('button', { name: /^(주문 시작|품절 제외 후 주문)$/ });

/** On the cart page: the delivery option chosen and a memo written, the order button enabled. */
export async function readyToOrder(page: Page, delivery: string): Promise<void> {
  const card = page.getByRole('region', { name: MARKET.title });
  await card.getByRole('button', { name: /배송 옵션/ }).click();
  const drawer = page.getByRole('dialog', { name: '배송 옵션 선택' });
  await drawer.getByRole('radio', { name: new RegExp(delivery) }).click();
  await expect(drawer).toBeHidden();
  await card.getByPlaceholder('작가님께 전할 요청 사항을 적어주세요').fill('QA 팀의 테스트 주문이에요');
  await expect(orderButton(page)).toBeEnabled();
}

/** The app's path of the page, below the app's root (`/r/123/pay`). */
export const appPath = (page: Page) => new URL(page.url()).pathname;
