// Placing an order from the cart against the mock API (its handlers in-process, a fresh world per test): the
// buyer-info alert, a successful order (pay page, stock reserved, cart entry gone, purchase event), the waiting
// messages while it is received, and the failures the server really answers when the world changed under the
// buyer (another buyer took the stock, the seller closed the market or changed a product or an option).
import { checkOrder, formatWon, marketState, WAITING_MESSAGES } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../api/client';
import { trackedEvents } from '../../services/analytics';
import { API_BASE } from '../../config/hosts';
import { setupMockControl } from '../../testing/mockControl';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { fakeTickingClock, tickUpTo } from '../../testing/clock';
import { signInAs } from '../../testing/appHarness';
import { cart, resetCart, type CartEntry } from './cartStore';
import {
  changeCartEntry,
  changeMarket,
  changeOption,
  changeProduct,
  option,
  otherBuyerOrders,
  setupCartWorld,
} from '../../testing/cartTestHarness';
import Cart from './index';
import { resetOrderClickThrottle } from './placeOrder';

const cartWorld = setupCartWorld();
const mock = setupMockControl();

const ORDER_RUSH = '주문 폭주로 요청을 완료 할 수 없어요. 잠시 후 다시 주문해주세요.';

beforeEach(() => {
  resetScreenState();
  resetCart();
  resetOrderClickThrottle();
});

/** The buyer's open market whose cart passes every order check. */
async function orderableEntry(): Promise<CartEntry> {
  const entries = await api.get('/cart/v2/get');
  const found = entries.find(
    (entry) =>
      marketState(entry.market, Date.now()) === 'opened' &&
      checkOrder({
        lines: entry.productList,
        deliveryOptions: entry.market.delivery.option,
        selectedTitle: entry.deliveryOption?.title ?? null,
        minPrice: entry.market.minPrice,
      }) === null,
  );
  if (!found) throw new Error("the buyer's cart has no orderable open market");
  return found;
}

const orderButton = () => document.querySelector<HTMLButtonElement>('button[data-state]') as HTMLButtonElement;

/** Shows the entry's cart with a memo written, ready to order. */
async function readyToOrder(entry: CartEntry): Promise<HTMLElement> {
  renderScreen(`/cart/${entry.market._id}`, '/cart/:marketId?', Cart);
  const card = await screen.findByRole('region', { name: entry.market.title });
  fireEvent.change(within(card).getByRole('textbox', { name: '주문 메모' }), { target: { value: '선물 포장 부탁드려요' } });
  await waitFor(() => expect(orderButton().disabled).toBe(false));
  return card;
}

async function dialogNamed(title: string): Promise<HTMLElement> {
  return screen.findByRole('alertdialog', { name: title });
}

describe('buyer info', () => {
  test('missing buyer info: 주문 정보 입력, and 입력하기 opens the buyer-info form', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    // The new buyer fills a cart of the same market the same way, and chooses a delivery option.
    await signInAs('buyer-new');
    const added = await api.post('/cart/add/common', {
      body: {
        marketId: entry.market._id,
        seller: entry.market.sellerPublicId,
        productList: entry.productList.map(({ _id, option: title, amount }) => ({ _id, option: title, amount })),
      },
    });
    await api.post('/cart/update/delivery-option/{cartId}', {
      params: { path: { cartId: added._id } },
      body: { title: entry.deliveryOption!.title },
    });

    await readyToOrder(entry);
    fireEvent.click(orderButton());
    const dialog = await dialogNamed('주문 정보 입력');
    expect(within(dialog).getByText('구매 정보, 배송 주소를 입력해주세요')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '입력하기' }));
    await waitFor(() => expect(window.location.pathname).toBe('/edit/myinfo'));
    expect((await api.get('/cart/v2/get')).map((e) => e._id)).toContain(added._id);
  });

  test('no delivery address: 입력하기 opens the address form', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    for (const address of await api.get('/address/list')) await api.post('/address/delete', { body: { _id: address._id } });
    await readyToOrder(entry);
    fireEvent.click(orderButton());
    const dialog = await dialogNamed('주문 정보 입력');
    fireEvent.click(within(dialog).getByRole('button', { name: '입력하기' }));
    await waitFor(() => expect(window.location.pathname).toBe('/edit/address'));
  });
});

describe('a successful order', () => {
  test('goes to the pay page; the stock is reserved, the cart entry is gone and a purchase event is sent', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    const before = entry.productList.map((line) => option(cartWorld.world, line._id, line.option).order);
    await readyToOrder(entry);
    fireEvent.click(orderButton());

    await waitFor(() => expect(window.location.pathname).toMatch(/^\/r\/\d{12}\/pay$/));
    const publicId = window.location.pathname.split('/')[2]!;
    entry.productList.forEach((line, index) => {
      expect(option(cartWorld.world, line._id, line.option).order).toBe(before[index]! + line.amount);
    });
    expect((await api.get('/cart/v2/get')).map((e) => e._id)).not.toContain(entry._id);

    const receipt = (await api.get('/receipt/get/{publicId}', { params: { path: { publicId } } })).receiptInfo;
    expect(receipt.memo).toBe('선물 포장 부탁드려요');
    expect(receipt.delivery.title).toBe(entry.deliveryOption!.title);
    expect(receipt.productList.map((line) => [line._id, line.option, line.amount])).toEqual(
      entry.productList.map((line) => [line._id, line.option, line.amount]),
    );

    const [purchase] = trackedEvents('purchase');
    expect(purchase?.params).toMatchObject({ currency: 'KRW', transaction_id: publicId, value: receipt.totalPrice });
  });

  test("'품절 제외 후 주문': a line sold out before the cart was shown stays out of the order, the others are ordered", async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    expect(entry.productList.length).toBeGreaterThan(1);
    const [gone, ...kept] = entry.productList as [CartEntry['productList'][number], ...CartEntry['productList']];
    changeOption(cartWorld.world, gone._id, gone.option, (o) => ({ ...o, stock: o.order }));
    await readyToOrder(entry);
    expect(orderButton()).toHaveTextContent('품절 제외 후 주문');
    fireEvent.click(orderButton());

    await waitFor(() => expect(window.location.pathname).toMatch(/^\/r\/\d{12}\/pay$/));
    const publicId = window.location.pathname.split('/')[2]!;
    const receipt = (await api.get('/receipt/get/{publicId}', { params: { path: { publicId } } })).receiptInfo;
    expect(receipt.productList.map((line) => [line._id, line.option, line.amount])).toEqual(
      kept.map((line) => [line._id, line.option, line.amount]),
    );
  });

  test('in the native app: the receipt here, and the pay page opened as a page of its own', async () => {
    const messages: string[] = [];
    window.ReactNativeWebView = { postMessage: (message: string) => messages.push(message) };
    try {
      await signInAs('buyer');
      const entry = await orderableEntry();
      await readyToOrder(entry);
      fireEvent.click(orderButton());
      await waitFor(() => expect(window.location.pathname).toMatch(/^\/r\/\d{12}$/));
      const publicId = window.location.pathname.split('/')[2]!;
      expect(messages.map((m) => JSON.parse(m) as unknown)).toContainEqual({
        action: 'open',
        data: { target: 'WebPage', url: `${window.location.origin}/r/${publicId}/pay` },
      });
    } finally {
      delete window.ReactNativeWebView;
    }
  });

  test('while the order is being received the button rotates its waiting messages, disabled', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The real handler answers, only later.
    cartWorld.server.use(
      http.post(`${API_BASE}/receipt/insert`, async ({ request }) => {
        await held;
        return getResponse(cartWorld.handlers, request);
      }),
    );
    fakeTickingClock();
    await readyToOrder(entry);
    fireEvent.click(orderButton());
    await waitFor(() => expect(orderButton()).toHaveTextContent(WAITING_MESSAGES[0]));
    expect(orderButton().disabled).toBe(true);
    // The next message 2 s after the order started (the screen ticks every second).
    tickUpTo(cart.orderingSince[entry._id]! + 3000);
    await waitFor(() => expect(orderButton()).toHaveTextContent(WAITING_MESSAGES[1]));
    release();
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/r\/\d{12}\/pay$/));
  });

  test('the order click counts once a second', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    await readyToOrder(entry);
    fireEvent.click(orderButton());
    fireEvent.click(orderButton());
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/r\/\d{12}\/pay$/));
    // The mock's journal of the test's world (a fresh one per test).
    expect(await mock.journal.count({ operationId: 'insertReceipt' })).toBe(1);
  });
});

describe('when the world changed under the buyer', () => {
  test('another buyer took the last units: 품절된 물품이 있어요, and the cart reloads showing 품절', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    const line = entry.productList[0]!;
    const card = await readyToOrder(entry);
    const left = option(cartWorld.world, line._id, line.option);
    await otherBuyerOrders('seller', entry.market, { _id: line._id, option: line.option, amount: left.stock - left.order });

    fireEvent.click(orderButton());
    const toast = await screen.findByText('품절된 물품이 있어요');
    expect(toast.closest('[role="alert"]')).toBeInTheDocument();
    const row = within(card).getByRole('listitem', { name: `${line.productTitle} ${line.option}` });
    await waitFor(() => expect(within(row).getByText('품절')).toBeInTheDocument());
    expect(trackedEvents('out_of_stock')).toHaveLength(1);
    expect(window.location.pathname).toBe(`/cart/${entry.market._id}`);
  });

  test('fewer left than asked: 재고 부족 안내 lists the line; the cart reloads with what is left', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    const line = entry.productList.find((l) => l.amount > 1)!;
    const card = await readyToOrder(entry);
    const left = option(cartWorld.world, line._id, line.option);
    await otherBuyerOrders('seller', entry.market, { _id: line._id, option: line.option, amount: left.stock - left.order - 1 });

    fireEvent.click(orderButton());
    const dialog = await dialogNamed('재고 부족 안내');
    expect(dialog).toHaveTextContent(`· ${line.productTitle} (${line.option})`);
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    const row = within(card).getByRole('listitem', { name: `${line.productTitle} ${line.option}` });
    await waitFor(() => expect(within(row).getByText('1개 주문 가능')).toBeInTheDocument());
  });

  test('the seller closed the market: 마켓 일정을 확인해주세요, then home', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    await readyToOrder(entry);
    changeMarket(cartWorld.world, entry.market._id, (market) => ({ ...market, status: 3 }));
    fireEvent.click(orderButton());
    const dialog = await dialogNamed('마켓 일정을 확인해주세요');
    expect(dialog).toHaveTextContent(`· ${entry.market.title}`);
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  test('the seller stopped a product: 삭제된 물품 확인, and the reloaded cart shows 판매 종료', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    const line = entry.productList[1]!;
    const card = await readyToOrder(entry);
    changeProduct(cartWorld.world, line._id, (product) => ({ ...product, useYN: false }));
    fireEvent.click(orderButton());
    const dialog = await dialogNamed('삭제된 물품 확인');
    expect(dialog).toHaveTextContent(`· ${line.productTitle}`);
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    const row = within(card).getByRole('listitem', { name: `${line.productTitle} ${line.option}` });
    await waitFor(() => expect(within(row).getByText('판매 종료')).toBeInTheDocument());
  });

  test('the cart changed on another device: 장바구니 확인 (invalid-cart), and the cart reloads with what it holds now', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    const line = entry.productList[0]!;
    const card = await readyToOrder(entry);
    // The order sends what this screen shows; the server holds one unit more of the first line.
    changeCartEntry(cartWorld.world, entry._id, (cart) => ({
      ...cart,
      productList: cart.productList.map((l, i) => (i === 0 ? { ...l, amount: l.amount + 1 } : l)),
    }));
    fireEvent.click(orderButton());
    const dialog = await dialogNamed('장바구니 확인');
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    const row = within(card).getByRole('listitem', { name: `${line.productTitle} ${line.option}` });
    await waitFor(() => expect(row.querySelector('output')?.textContent).toBe(String(line.amount + 1)));
    expect(window.location.pathname).toBe(`/cart/${entry.market._id}`);
  });

  test('an order from the same cart is already being received elsewhere: 주문 접수 중', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    await readyToOrder(entry);
    changeCartEntry(cartWorld.world, entry._id, (cart) => ({ ...cart, status: 1 }));
    fireEvent.click(orderButton());
    const dialog = await dialogNamed('주문 접수 중');
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    // Reloaded: the entry is locked while that order is received.
    await waitFor(() => expect(orderButton()).toHaveTextContent(WAITING_MESSAGES[0]));
  });

  test('the seller stopped the chosen delivery option: 배송 옵션 확인', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    await readyToOrder(entry);
    const title = entry.deliveryOption!.title;
    changeMarket(cartWorld.world, entry.market._id, (market) => ({
      ...market,
      delivery: { ...market.delivery, option: market.delivery.option.map((o) => (o.title === title ? { ...o, useYN: false } : o)) },
    }));
    fireEvent.click(orderButton());
    const dialog = await dialogNamed('배송 옵션 확인');
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(document.querySelector('[data-order-message]')?.textContent).toBe('이용 불가, 다시 선택해주세요'));
  });

  test('the option got a lower weight limit: 배송 무게 초과', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    await readyToOrder(entry);
    const title = entry.deliveryOption!.title;
    changeMarket(cartWorld.world, entry.market._id, (market) => ({
      ...market,
      delivery: { ...market.delivery, option: market.delivery.option.map((o) => (o.title === title ? { ...o, weight: 1 } : o)) },
    }));
    fireEvent.click(orderButton());
    const dialog = await dialogNamed('배송 무게 초과');
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(document.querySelector('[data-order-message]')?.textContent).toBe('1g 초과, 다시 선택해주세요'));
  });

  test('the minimum order price went up: 최소 주문 금액 확인', async () => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    await readyToOrder(entry);
    changeMarket(cartWorld.world, entry.market._id, (market) => ({ ...market, minPrice: 500_000 }));
    fireEvent.click(orderButton());
    const dialog = await dialogNamed('최소 주문 금액 확인');
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    await waitFor(() =>
      expect(document.querySelector('[data-order-message]')?.textContent).toBe(`물품 ${formatWon(500_000)} 이상 주문 가능한 마켓이에요`),
    );
  });
});

// Order-rush answers: the mock's catalogue answer for each, forced on the next order as QA forces it (a
// sticky rule of the test's world, once), so the body is the one the contract declares for insertReceipt.
describe('order rush answers', () => {
  test.each([
    ['operation-failed', '주문 폭주'],
    ['failed', '주문 폭주'],
    ['http-408', '주문 실패'],
    ['http-504', '주문 실패'],
  ] as const)('%s: the alert says the order could not go through, the cart stays', async (scenario, title) => {
    await signInAs('buyer');
    const entry = await orderableEntry();
    await readyToOrder(entry);
    await mock.scenarios.force(scenario, { operationId: 'insertReceipt', times: 1 });
    fireEvent.click(orderButton());
    const dialog = await dialogNamed(title);
    expect(dialog).toHaveTextContent(ORDER_RUSH);
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(orderButton()).toHaveTextContent('주문 시작');
    expect((await api.get('/cart/v2/get')).map((e) => e._id)).toContain(entry._id);
  });
});
