// The cart screen against the mock API (its own handlers in-process, a fresh world per test): loading, empty
// and error states, the market selector, the quantity steppers, every order-button label and disabled
// state, and every order-check message.
import { checkOrder, formatDistance, markForRefresh, marketState, TIMING, WAITING_MESSAGES } from '@creator-market/sdk/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../api/client';
import { setupMockControl } from '../../testing/mockControl';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { advanceDate, fakeTickingClock, tickUpTo } from '../../testing/clock';
import { signInAs } from '../../testing/appHarness';
import { addLinesToCart } from '../../features/cart-drawer-entry/addToCart';
import { changeCartEntry, changeMarket, changeOption, setupCartWorld } from '../../testing/cartTestHarness';
import { cart, resetCart, syncEntry, type CartEntry } from './cartStore';
import Cart from './index';
import { resetOrderClickThrottle } from './placeOrder';

const cartWorld = setupCartWorld();
const mock = setupMockControl();

const MINUTE = 60_000;

beforeEach(() => {
  resetScreenState();
  resetCart();
  resetOrderClickThrottle();
});

afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------- the buyer persona's cart

async function entries(): Promise<CartEntry[]> {
  return api.get('/cart/v2/get');
}

function pick(list: CartEntry[], what: string, test: (entry: CartEntry) => boolean): CartEntry {
  const found = list.find(test);
  if (!found) throw new Error(`the buyer's cart has no ${what}`);
  return found;
}

const stateOf = (entry: CartEntry) => marketState(entry.market, Date.now());
const checkOf = (entry: CartEntry) =>
  checkOrder({
    lines: entry.productList,
    deliveryOptions: entry.market.delivery.option,
    selectedTitle: entry.deliveryOption?.title ?? null,
    minPrice: entry.market.minPrice,
  });

/** An open market whose cart passes every order check (a delivery option is chosen). */
const orderable = (list: CartEntry[]) => pick(list, 'orderable open market', (e) => stateOf(e) === 'opened' && checkOf(e) === null);
const preOpen = (list: CartEntry[]) => pick(list, 'market opening soon', (e) => stateOf(e) === 'pre-open');
const closed = (list: CartEntry[]) => pick(list, 'closed market', (e) => stateOf(e) === 'closed');
const overWeight = (list: CartEntry[]) =>
  pick(list, 'cart over its option weight', (e) => stateOf(e) === 'opened' && checkOf(e)?.rule === 'weight-exceeded');

/**
 * Sets the app's clock and the mock's together, before the screen renders (the mock's clock runs on the real
 * time it was made with, the app's on the faked Date, whose ticks a test can then run: jumpTo).
 */
function startClockAt(ms: number) {
  fakeTickingClock(ms);
  cartWorld.world.clock.set(ms);
}

/** Moves both clocks to `ms`; the screen then shows a time in its last second (it ticks every second). */
function jumpTo(ms: number) {
  cartWorld.world.clock.set(ms);
  tickUpTo(ms);
}

function renderCart(path = '/cart') {
  return renderScreen(path, '/cart/:marketId?', Cart);
}

async function showCart(entry: CartEntry) {
  renderCart(`/cart/${entry.market._id}`);
  return screen.findByRole('region', { name: entry.market.title });
}

const orderButton = () => document.querySelector<HTMLButtonElement>('button[data-state]') as HTMLButtonElement;
const memoBox = () => screen.getByRole('textbox', { name: '주문 메모' });
const typeMemo = (text = '포장은 꼼꼼히 부탁드려요') => fireEvent.change(memoBox(), { target: { value: text } });
/** The first failing order check, shown above the order button. */
const checkMessage = () => document.querySelector('[data-order-message]')?.textContent ?? null;

describe('loading, empty, error', () => {
  test('a skeleton, then the newest market with its lines and the market count', async () => {
    await signInAs('buyer');
    const list = await entries();
    renderCart();
    expect(screen.getByRole('status', { name: '불러오는 중' })).toBeInTheDocument();
    const newest = list[0]!;
    const card = await screen.findByRole('region', { name: newest.market.title });
    for (const line of newest.productList)
      expect(within(card).getByRole('listitem', { name: `${line.productTitle} ${line.option}` })).toBeInTheDocument();
    expect(screen.getByText(`마켓 ${list.length}개`)).toBeInTheDocument();
  });

  test('an empty cart says 장바구니가 비었어요', async () => {
    await signInAs('buyer-new');
    renderCart();
    expect(await screen.findByText('장바구니가 비었어요')).toBeInTheDocument();
    expect(document.querySelector('button[data-state]')).not.toBeInTheDocument();
  });

  test('a failed load shows the error state; 다시 시도 loads the cart', async () => {
    await signInAs('buyer');
    const newest = (await entries())[0]!;
    await mock.faults.force('network-error', { operationId: 'listCarts', times: 1 });
    renderCart();
    expect(await screen.findByText('장바구니를 불러오지 못했어요')).toBeInTheDocument();
    // The catalogue's message for a request that got no answer.
    const dialog = await screen.findByRole('alertdialog', { name: '인터넷에 연결할 수 없어요' });
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('region', { name: newest.market.title })).toBeInTheDocument();
  });

  test('/cart/:marketId shows that market', async () => {
    await signInAs('buyer');
    const list = await entries();
    const last = list[list.length - 1]!;
    renderCart(`/cart/${last.market._id}`);
    expect(await screen.findByRole('region', { name: last.market.title })).toBeInTheDocument();
  });
});

describe('market selector', () => {
  test('filter tags count the markets; picking one shows it; delete-selected deletes those entries', async () => {
    await signInAs('buyer');
    const list = await entries();
    const ended = closed(list);
    renderCart();
    await screen.findByRole('region', { name: list[0]!.market.title });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${list[0]!.market.title}`) }));
    const drawer = await screen.findByRole('dialog', { name: '장바구니 마켓' });
    const tag = (label: string) => within(drawer).getByRole('button', { name: new RegExp(`^${label}\\d+$`) });
    expect(tag('전체')).toHaveTextContent(`전체${list.length}`);
    expect(tag('주문 종료')).toHaveTextContent(`주문 종료${list.filter((e) => stateOf(e) === 'closed').length}`);
    expect(tag('오픈 예정')).toHaveTextContent(`오픈 예정${list.filter((e) => stateOf(e) === 'pre-open').length}`);

    fireEvent.click(tag('주문 종료'));
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(within(drawer).getByRole('checkbox', { name: '전체 선택' }));
    fireEvent.click(within(drawer).getByRole('button', { name: '선택 삭제 (1)' }));
    const confirmDialog = await screen.findByRole('alertdialog', { name: '장바구니 삭제' });
    fireEvent.click(within(confirmDialog).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('삭제되었습니다')).toBeInTheDocument();
    expect((await entries()).map((e) => e._id)).not.toContain(ended._id);
    expect(within(drawer).getByText('해당하는 마켓이 없어요')).toBeInTheDocument();

    // Picking a market shows it and puts it in the address.
    const other = list.find((e) => e._id !== ended._id && e._id !== list[0]!._id)!;
    fireEvent.click(tag('전체'));
    fireEvent.click(within(drawer).getByRole('button', { name: new RegExp(other.market.title) }));
    await waitFor(() => expect(window.location.pathname).toBe(`/cart/${other.market._id}`));
  });
});

describe('market selector filters', () => {
  test("each market is counted under one tag (the counts add up to 전체); '마감 임박' holds only opened markets", async () => {
    await signInAs('buyer');
    const list = await entries();
    const now = Date.now();
    // One market not opened yet whose end is within 3 days, and one open market closing within 3 days.
    const upcoming = preOpen(list);
    changeMarket(cartWorld.world, upcoming.market._id, (market) => ({
      ...market,
      marketST: new Date(now + 60 * MINUTE).toISOString(),
      marketED: new Date(now + 24 * 60 * MINUTE).toISOString(),
    }));
    const closing = orderable(list);
    changeMarket(cartWorld.world, closing.market._id, (market) => ({
      ...market,
      marketST: new Date(now - 24 * 60 * MINUTE).toISOString(),
      marketED: new Date(now + 24 * 60 * MINUTE).toISOString(),
    }));
    renderCart();
    await screen.findByRole('region', { name: list[0]!.market.title });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${list[0]!.market.title}`) }));
    const drawer = await screen.findByRole('dialog', { name: '장바구니 마켓' });
    const count = (label: string) =>
      Number(
        within(drawer)
          .getByRole('button', { name: new RegExp(`^${label}\\d+$`) })
          .textContent.slice(label.length),
      );
    await waitFor(() => expect(count('전체')).toBe(list.length));
    expect(count('오픈 예정') + count('주문 가능') + count('마감 임박') + count('주문 종료')).toBe(list.length);

    fireEvent.click(within(drawer).getByRole('button', { name: /^마감 임박\d+$/ }));
    const titles = within(drawer)
      .getAllByRole('listitem')
      .map((row) => row.textContent ?? '');
    expect(titles.some((text) => text.includes(closing.market.title))).toBe(true);
    expect(titles.some((text) => text.includes(upcoming.market.title))).toBe(false);
    fireEvent.click(within(drawer).getByRole('button', { name: /^오픈 예정\d+$/ }));
    expect(within(drawer).getByText(upcoming.market.title)).toBeInTheDocument();
  });
});

describe('quantity', () => {
  test('the stepper stays between 1 and what may be ordered, says N개 주문 가능 at the maximum and saves after 1 s', async () => {
    await signInAs('buyer');
    // The save timer is faked (time still runs) so that the test can run out its second.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const entry = overWeight(await entries());
    // A line at its per-order limit.
    const line = pick([entry], 'line at its limit', (e) =>
      e.productList.some((l) => l.limitAmount > 0 && l.amount === l.limitAmount),
    ).productList.find((l) => l.limitAmount > 0 && l.amount === l.limitAmount)!;
    const card = await showCart(entry);
    const row = within(card).getByRole('listitem', { name: `${line.productTitle} ${line.option}` });
    const minus = within(row).getByRole<HTMLButtonElement>('button', { name: '수량 줄이기' });
    const plus = within(row).getByRole<HTMLButtonElement>('button', { name: '수량 늘리기' });
    expect(within(row).getByText(`${line.limitAmount}개 주문 가능`)).toBeInTheDocument();
    expect(plus).toBeDisabled();

    for (let amount = line.amount; amount > 1; amount -= 1) {
      fireEvent.click(minus);
      await waitFor(() => expect(row.querySelector('output')?.textContent).toBe(String(amount - 1)));
    }
    expect(minus).toBeDisabled();
    expect(within(row).queryByText(/개 주문 가능$/)).not.toBeInTheDocument();

    // Saved once, a second after the last change.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.cartUpdateDebounceMs);
    });
    await waitFor(async () => {
      const saved = (await api.get('/cart/v2/get/single', { params: { query: { id: entry._id } } })).productList.find(
        (l) => l._id === line._id && l.option === line.option,
      );
      expect(saved?.amount).toBe(1);
    });
    fireEvent.click(plus);
    await waitFor(() => expect(row.querySelector('output')?.textContent).toBe('2'));
  });

  test('a line can be taken out; the last line out removes the market from the cart', async () => {
    await signInAs('buyer');
    const entry = orderable(await entries());
    const card = await showCart(entry);
    const [first, second] = entry.productList;
    fireEvent.click(within(card).getByRole('button', { name: `${second!.productTitle} ${second!.option} 빼기` }));
    await waitFor(() =>
      expect(within(card).queryByRole('listitem', { name: `${second!.productTitle} ${second!.option}` })).not.toBeInTheDocument(),
    );
    expect((await api.get('/cart/v2/get/single', { params: { query: { id: entry._id } } })).productList).toHaveLength(1);

    fireEvent.click(within(card).getByRole('button', { name: `${first!.productTitle} ${first!.option} 빼기` }));
    await waitFor(() => expect(screen.queryByRole('region', { name: entry.market.title })).not.toBeInTheDocument());
    expect((await entries()).map((e) => e._id)).not.toContain(entry._id);
  });
});

describe('order button', () => {
  test('an open market: disabled with the check message until the memo is written, then 주문 시작', async () => {
    await signInAs('buyer');
    await showCart(orderable(await entries()));
    expect(orderButton()).toHaveTextContent('주문 시작');
    expect(orderButton().disabled).toBe(true);
    expect(checkMessage()).toBe('주문 메모를 입력해주세요');
    typeMemo();
    await waitFor(() => expect(orderButton().disabled).toBe(false));
    expect(checkMessage()).toBeNull();
  });

  test('the required memo is a plain hint before any input, a red alert once typed and cleared', async () => {
    await signInAs('buyer');
    await showCart(orderable(await entries()));
    expect(checkMessage()).toBe('주문 메모를 입력해주세요');
    expect(document.querySelector('[data-order-message]')!).toHaveAttribute('data-order-message', 'hint');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    typeMemo();
    await waitFor(() => expect(checkMessage()).toBeNull());
    typeMemo('');
    expect(await screen.findByRole('alert')).toHaveTextContent('주문 메모를 입력해주세요');
  });

  test('a typed memo is kept per cart entry across a reload', async () => {
    await signInAs('buyer');
    const entry = orderable(await entries());
    const view = renderCart(`/cart/${entry.market._id}`);
    await screen.findByRole('region', { name: entry.market.title });
    typeMemo('문 앞에 놓아주세요');
    view.unmount();
    resetCart(); // a reload: the app's memory is gone, the browser's storage stays
    await showCart(entry);
    expect((memoBox() as HTMLTextAreaElement).value).toBe('문 앞에 놓아주세요');
    expect(orderButton().disabled).toBe(false);
  });

  test('a closed market: 장바구니 삭제 deletes the entry', async () => {
    await signInAs('buyer');
    const entry = closed(await entries());
    const card = await showCart(entry);
    for (const line of entry.productList) {
      expect(
        within(within(card).getByRole('listitem', { name: `${line.productTitle} ${line.option}` })).getByText('주문 종료'),
      ).toBeInTheDocument();
    }
    expect(orderButton()).toHaveTextContent('장바구니 삭제');
    expect(orderButton().disabled).toBe(false);
    fireEvent.click(orderButton());
    expect(await screen.findByText('삭제되었습니다')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: entry.market.title })).not.toBeInTheDocument());
    expect((await entries()).map((e) => e._id)).not.toContain(entry._id);
  });

  test('before the opening: {time} 후 주문 시작, counting down, then 주문 시작 once the market opens', async () => {
    await signInAs('buyer');
    const entry = preOpen(await entries());
    const start = Date.parse(entry.market.marketST);
    startClockAt(start - 5 * MINUTE + 10_000);
    await showCart(entry);
    expect(orderButton()).toHaveTextContent(`${formatDistance(start, Date.now())} 후 주문 시작`);
    expect(orderButton()).toHaveTextContent('5분 후 주문 시작');
    expect(orderButton().disabled).toBe(true);

    jumpTo(start - 2 * MINUTE);
    await waitFor(() => expect(orderButton()).toHaveTextContent('2분 후 주문 시작'));
    jumpTo(start + 1000);
    await waitFor(() => expect(orderButton()).toHaveTextContent('주문 시작'));
  });

  test('a market the seller has not opened (status 0) waits too', async () => {
    await signInAs('buyer');
    const entry = orderable(await entries());
    changeMarket(cartWorld.world, entry.market._id, (market) => ({ ...market, status: 0 }));
    await showCart(entry);
    expect(orderButton()).toHaveTextContent(/^.+ 후 주문 시작$/);
    expect(orderButton().disabled).toBe(true);
  });

  test('while an order is being placed (status 1): rotating waiting messages, locked quantities and delivery', async () => {
    await signInAs('buyer');
    const entry = orderable(await entries());
    changeCartEntry(cartWorld.world, entry._id, (cart) => ({ ...cart, status: 1 }));
    startClockAt(Date.now());
    const card = await showCart(entry);
    expect(orderButton()).toHaveTextContent(WAITING_MESSAGES[0]);
    expect(orderButton().disabled).toBe(true);
    expect(within(card).getByText('주문을 접수하고 있어서 수량과 배송 옵션을 바꿀 수 없어요')).toBeInTheDocument();
    for (const stepper of within(card).getAllByRole('button', { name: /수량/ })) expect(stepper).toBeDisabled();
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: /배송 옵션/ })).toBeDisabled();
    expect(within(card).queryByRole('button', { name: /빼기$/ })).not.toBeInTheDocument();

    // A new message every 2 s from when the app saw the order start, wrapping after the 16th (each move lands
    // in the second half of a message's 2 s, so the screen's last tick falls within them).
    const since = cart.orderingSince[entry._id]!;
    jumpTo(since + 3000);
    await waitFor(() => expect(orderButton()).toHaveTextContent(WAITING_MESSAGES[1]));
    jumpTo(since + 5000);
    await waitFor(() => expect(orderButton()).toHaveTextContent(WAITING_MESSAGES[2]));
    jumpTo(since + 15 * 2000 + 1000);
    await waitFor(() => expect(orderButton()).toHaveTextContent(WAITING_MESSAGES[15]));
    jumpTo(since + 16 * 2000 + 1000);
    await waitFor(() => expect(orderButton()).toHaveTextContent(WAITING_MESSAGES[0]));
  });

  test('a sold-out line: 품절, its stepper off, and 품절 제외 후 주문', async () => {
    await signInAs('buyer');
    const entry = orderable(await entries());
    // The other line alone still reaches the market's minimum.
    const line = entry.productList[1]!;
    changeOption(cartWorld.world, line._id, line.option, (option) => ({ ...option, stock: option.order }));
    const card = await showCart(entry);
    const row = within(card).getByRole('listitem', { name: `${line.productTitle} ${line.option}` });
    expect(within(row).getByText('품절')).toBeInTheDocument();
    expect(within(row).getByRole<HTMLButtonElement>('button', { name: '수량 늘리기' })).toBeDisabled();
    typeMemo();
    expect(orderButton()).toHaveTextContent('품절 제외 후 주문');
    await waitFor(() => expect(orderButton().disabled).toBe(false));
  });

  test('a product no longer on sale: 판매 종료', async () => {
    await signInAs('buyer');
    const entry = orderable(await entries());
    const line = entry.productList[1]!;
    changeOption(cartWorld.world, line._id, line.option, (option) => ({ ...option, useYN: false }));
    const card = await showCart(entry);
    expect(
      within(within(card).getByRole('listitem', { name: `${line.productTitle} ${line.option}` })).getByText('판매 종료'),
    ).toBeInTheDocument();
    typeMemo();
    expect(orderButton()).toHaveTextContent('품절 제외 후 주문');
  });
});

describe('order checks', () => {
  test('배송 옵션을 선택해주세요, until an option is chosen in the delivery drawer', async () => {
    await signInAs('buyer');
    const entry = preOpen(await entries());
    const card = await showCart(entry);
    expect(checkMessage()).toBe('배송 옵션을 선택해주세요');
    fireEvent.click(within(card).getByRole('button', { name: /배송 옵션/ }));
    const drawer = await screen.findByRole('dialog', { name: '배송 옵션 선택' });
    // Only options in use are offered.
    expect(within(drawer).getAllByRole('radio')).toHaveLength(entry.market.delivery.option.filter((o) => o.useYN).length);
    const choice = entry.market.delivery.option.find((o) => o.useYN && o.weight === undefined)!;
    advanceDate(250); // past the drawers' click throttle (one open or close in 200 ms)
    fireEvent.click(within(drawer).getByRole('radio', { name: new RegExp(choice.title) }));
    await waitFor(() => expect(checkMessage()).toBe('주문 메모를 입력해주세요'));
    expect(within(card).getByRole('button', { name: new RegExp(choice.title) })).toBeInTheDocument();
    expect((await api.get('/cart/v2/get/single', { params: { query: { id: entry._id } } })).deliveryOption).toEqual({
      title: choice.title,
    });

    // Opened again, the chosen option tapped again: the sheet closes (nothing to change).
    const sheetState = () =>
      screen.queryByRole('dialog', { name: '배송 옵션 선택' })?.closest('[data-state]')?.getAttribute('data-state') ?? 'closed';
    await waitFor(() => expect(sheetState()).toBe('closed'));
    advanceDate(250);
    fireEvent.click(within(card).getByRole('button', { name: new RegExp(choice.title) }));
    const again = await screen.findByRole('dialog', { name: '배송 옵션 선택' });
    const chosen = within(again).getByRole<HTMLInputElement>('radio', { name: new RegExp(choice.title) });
    expect(chosen).toBeChecked();
    advanceDate(250);
    fireEvent.click(chosen);
    await waitFor(() => expect(sheetState()).toBe('closed'));
  });

  test('{n}g 초과, 다시 선택해주세요 for an option too light for the order', async () => {
    await signInAs('buyer');
    // The save timer is faked (time still runs) so that the test can run out its second.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const entry = overWeight(await entries());
    await showCart(entry);
    expect(checkMessage()).toBe(checkOf(entry)!.message);
    expect(checkMessage()).toMatch(/^\d+g 초과, 다시 선택해주세요$/);
    expect(orderButton().disabled).toBe(true);
  });

  test('이용 불가, 다시 선택해주세요 for an option the seller stopped', async () => {
    await signInAs('buyer');
    const entry = orderable(await entries());
    const title = entry.deliveryOption!.title;
    changeMarket(cartWorld.world, entry.market._id, (market) => ({
      ...market,
      delivery: { ...market.delivery, option: market.delivery.option.map((o) => (o.title === title ? { ...o, useYN: false } : o)) },
    }));
    await showCart(entry);
    expect(checkMessage()).toBe('이용 불가, 다시 선택해주세요');
    expect(orderButton().disabled).toBe(true);
  });

  test('물품 {min} 이상 주문 가능한 마켓이에요 below the minimum', async () => {
    await signInAs('buyer');
    const entry = orderable(await entries());
    changeMarket(cartWorld.world, entry.market._id, (market) => ({ ...market, minPrice: 1_000_000 }));
    await showCart(entry);
    expect(checkMessage()).toBe('물품 1,000,000원 이상 주문 가능한 마켓이에요');
    typeMemo();
    expect(orderButton().disabled).toBe(true);
  });

  test('주문 가능한 물품을 1개 이상 담아주세요 when nothing can be ordered', async () => {
    await signInAs('buyer');
    const entry = orderable(await entries());
    changeMarket(cartWorld.world, entry.market._id, (market) => ({ ...market, minPrice: 0 }));
    for (const line of entry.productList)
      changeOption(cartWorld.world, line._id, line.option, (option) => ({ ...option, stock: option.order }));
    await showCart(entry);
    expect(checkMessage()).toBe('주문 가능한 물품을 1개 이상 담아주세요');
    typeMemo();
    expect(orderButton()).toHaveTextContent('품절 제외 후 주문');
    expect(orderButton().disabled).toBe(true);
  });

  test('shipping: the free-shipping discount applies from its minimum (무료배송)', async () => {
    await signInAs('buyer');
    const entry = orderable(await entries());
    const option = entry.market.delivery.option.find((o) => o.title === entry.deliveryOption!.title)!;
    const productTotal = entry.productList.reduce((sum, line) => sum + line.price * line.amount, 0);
    changeMarket(cartWorld.world, entry.market._id, (market) => ({
      ...market,
      shipDiscount: { amount: option.price, minPrice: productTotal },
    }));
    const card = await showCart(entry);
    const summary = within(card).getByText('배송비').closest('div') as HTMLElement;
    expect(within(summary).getByText('무료배송')).toBeInTheDocument();
    expect(within(card).getByText('총 주문 금액').closest('div')?.textContent).toContain(`${productTotal.toLocaleString('ko-KR')}원`);
  });
});

describe('cart sync', () => {
  /** Counts the full cart loads and the single-entry fetches from now on. */
  function countCartReads() {
    const reads = { full: 0, single: 0 };
    cartWorld.server.events.on('request:start', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (path === '/cart/v2/get') reads.full += 1;
      if (path === '/cart/v2/get/single') reads.single += 1;
    });
    return reads;
  }

  test('back from a market page, the entry the add marked is fetched alone and put first; a gone entry is dropped', async () => {
    await signInAs('buyer');
    const list = await entries();
    const view = renderCart();
    await screen.findByRole('region', { name: list[0]!.market.title });
    view.unmount();

    // On a market page the buyer adds a product of an open market not in the cart yet.
    const inCart = new Set(list.map((e) => e.market._id));
    const market = (await api.get('/common/v2/opened-market')).find(
      (event) =>
        marketState(
          { publicId: event.marketPublicId, status: event.marketStatus, marketST: event.marketST, marketED: event.marketED },
          Date.now(),
        ) === 'opened' && !inCart.has(event.marketUID),
    )!;
    const detail = await api.get('/common/market/get/{sellerId}/{marketId}', {
      params: { path: { sellerId: market.sellerPublicId, marketId: String(market.marketPublicId) } },
    });
    const product = detail.product.find((p) => p.useYN && p.option.some((o) => o.useYN && (o.stock === -1 || o.stock > o.order)))!;
    const chosen = product.option.find((o) => o.useYN && (o.stock === -1 || o.stock > o.order))!;
    expect(
      await addLinesToCart(detail, [{ _id: product._id, option: chosen.title, amount: 1, price: chosen.price, title: product.title }]),
    ).toBe(true);
    // Meanwhile another entry was ordered from elsewhere (it no longer exists) and is marked stale too.
    const gone = list[list.length - 1]!;
    await api.post('/cart/delete', { body: { cartId: gone._id } });
    markForRefresh(localStorage, 'cart', gone._id);

    const reads = countCartReads();
    renderCart();
    expect(await screen.findByRole('region', { name: detail.market.title })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(`마켓 ${list.length}개`)).toBeInTheDocument());
    expect(reads).toEqual({ full: 0, single: 2 });
  });

  test('an entry fetched in status 1 replaces the one shown (locked, waiting messages)', async () => {
    await signInAs('buyer');
    const entry = orderable(await entries());
    const view = await showCart(entry);
    expect(orderButton()).toHaveTextContent('주문 시작');
    changeCartEntry(cartWorld.world, entry._id, (cart) => ({ ...cart, status: 1 }));
    await syncEntry(entry._id);
    await waitFor(() => expect(orderButton()).toHaveTextContent(WAITING_MESSAGES[0]));
    expect(within(view).getByText('주문을 접수하고 있어서 수량과 배송 옵션을 바꿀 수 없어요')).toBeInTheDocument();
  });
});
