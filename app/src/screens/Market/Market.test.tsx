// The market screen against the mock API: its information (countdown, minimum price, products), the
// cart-add rules (guest login, preview alert before open, closed market), adding for real, sharing, and the
// loading, not-found and error states.
import { isInUse, visibleProducts } from '@creator-market/sdk/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../api/client';
import { trackedEvents } from '../../services/analytics';
import { notFoundState } from '../../services/notFound';
import { FIRST_SCREEN_WAIT_MS } from '../../components/data/useFirstScreen';
import { API_BASE } from '../../config/hosts';
import { setupMockControl } from '../../testing/mockControl';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import type { MarketDetail } from '../../components/market-detail/marketDetail';
import { findMarket } from '../../testing/worldLookup';
import { signInAs } from '../../testing/appHarness';
import { setupMockApi } from '../../testing/testServer';
import { advanceDate, fakeStoppedClock, holdTimeoutsOf, tickUpTo } from '../../testing/clock';
import Market from './index';

const server = setupMockApi();
const mock = setupMockControl();
const PATTERN = '/m/:sellerId/:marketId';

beforeEach(() => {
  resetScreenState();
});
afterEach(() => {
  server.events.removeAllListeners();
  // The document's own visibility getter again (setTabVisibility).
  delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
});

/** Past the drawers' click throttle (one open or close per 200 ms). */
const throttle = () => advanceDate(250);

/** The lead cover loads (jsdom loads no images; on each copy the carousel shows), as a browser's would. */
function leadCoverLoads(title: string): void {
  for (const image of screen.getAllByAltText(`${title} 1`)) fireEvent.load(image);
}

/** The browser hides or shows the tab (another tab chosen, then this one again). */
function setTabVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** The app's questions for the world's time (GET /__mock/clock) from now on. */
function clockQuestions(): string[] {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname.endsWith('/__mock/clock')) asked.push(request.url);
  });
  return asked;
}

/** The paths of the API requests made from now on. */
function requestedPaths(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => void paths.push(new URL(request.url).pathname));
  return paths;
}

/**
 * The signed-in buyer's cart holds all but one of a product's per-order limit, in a market whose cart was
 * empty; the option has more stock than the limit, so the limit is what stops. `body(n)` adds n more.
 */
async function cartHoldsAllButOne() {
  await signInAs('buyer');
  const carts = await api.get('/cart/v2/get');
  type Product = MarketDetail['product'][number];
  const beyondLimit = (p: Product) => (o: Product['option'][number]) => isInUse(o) && (o.stock === -1 || o.stock - o.order > p.limitAmount);
  const limited = (p: Product) => p.limitAmount > 1 && p.option.some(beyondLimit(p));
  const fits = (d: MarketDetail) => !carts.some((entry) => entry.market._id === d.market._id) && visibleProducts(d.product).some(limited);
  const { detail, sellerId, marketId } = await findMarket('opened', fits);
  const product = visibleProducts(detail.product).find(limited)!;
  const option = product.option.find(beyondLimit(product))!;
  const limit = product.limitAmount;
  const body = (amount: number) => ({
    body: {
      marketId: detail.market._id,
      seller: detail.seller.publicId,
      productList: [{ _id: product._id, amount, option: option.title }],
    },
  });
  await api.post('/cart/add/common', body(limit - 1));
  return { detail, sellerId, marketId, product, option, limit, body };
}

describe('Market', () => {
  test('placeholders, then the market: countdown, minimum price, products on sale with their count', async () => {
    const { detail, sellerId, marketId } = await findMarket('opened', (d) => d.market.minPrice > 0);
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    expect(screen.getByLabelText('불러오는 중')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: detail.market.title })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^마감까지/);
    expect(screen.getByText(`물품 ${detail.market.minPrice.toLocaleString('ko-KR')}원 이상 주문 가능한 마켓이에요`)).toBeInTheDocument();
    leadCoverLoads(detail.market.title);
    const products = visibleProducts(detail.product);
    expect(await screen.findByRole('heading', { name: `물품 ${products.length}` })).toBeInTheDocument();
    expect(document.querySelectorAll(`a[href^="/p/${sellerId}/${marketId}#"]`)).toHaveLength(products.length);
  });

  test('below the first view, the products, recommendations and the app overlays wait until the lead cover has loaded', async () => {
    const { detail, sellerId, marketId } = await findMarket('opened', (d) => d.market.cover.length > 0);
    const paths = requestedPaths();
    const goToTop = () => document.querySelector('button[aria-label="맨 위로"]');
    // Held: the fallback cannot show the rest, however long a slow machine takes to get to the checks.
    holdTimeoutsOf(FIRST_SCREEN_WAIT_MS);
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    await screen.findByRole('heading', { name: detail.market.title });
    expect(screen.getByRole('timer')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^물품 / })).not.toBeInTheDocument();
    expect(paths).not.toContain('/common/v2/reco-seller');
    expect(goToTop()).not.toBeInTheDocument();

    leadCoverLoads(detail.market.title);
    expect(await screen.findByRole('heading', { name: `물품 ${visibleProducts(detail.product).length}` })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '함께 구독하는 작가' })).toBeInTheDocument();
    expect(paths).toContain('/common/v2/reco-seller');
    await waitFor(() => expect(goToTop()).toBeInTheDocument());
  });

  test('a lead cover that never loads holds the rest back FIRST_SCREEN_WAIT_MS at most', async () => {
    const { detail, sellerId, marketId } = await findMarket('opened', (d) => d.market.cover.length > 0);
    // The fallback runs when the test says, not after however long the checks before it take.
    const fallback = holdTimeoutsOf(FIRST_SCREEN_WAIT_MS);
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    await screen.findByRole('heading', { name: detail.market.title });
    expect(screen.queryByRole('heading', { name: /^물품 / })).not.toBeInTheDocument();
    fallback.run();
    expect(await screen.findByRole('heading', { name: `물품 ${visibleProducts(detail.product).length}` })).toBeInTheDocument();
  });

  test('a guest who adds to the cart is asked to log in', async () => {
    const { detail, sellerId, marketId } = await findMarket('opened');
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    await screen.findByRole('heading', { name: detail.market.title });
    fireEvent.click(screen.getByRole('button', { name: '장바구니 담기' }));
    expect(await screen.findByText('간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?')).toBeInTheDocument();
  });

  test('a market before open (status 0) shows the preview alert instead of the drawer, even to guests', async () => {
    const { detail, sellerId, marketId } = await findMarket('before-open');
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    await screen.findByRole('heading', { name: detail.market.title });
    expect(screen.getByRole('timer')).toHaveTextContent(/^오픈까지/);
    fireEvent.click(screen.getByRole('button', { name: '장바구니 담기' }));
    expect(await screen.findByText('오픈 전 마켓이에요')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '장바구니 담기' })).not.toBeInTheDocument();
  });

  test('a closed market cannot be added to and offers the closed-market action', async () => {
    const { detail, sellerId, marketId } = await findMarket('closed');
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    await screen.findByRole('heading', { name: detail.market.title });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '주문 종료된 마켓이에요' })).toBeDisabled();
    expect(screen.getByRole('timer')).toHaveTextContent('주문 종료');
    // The seller has orderable or scheduled markets (it was found through them): one opens it, more the profile.
    expect(await screen.findByRole('button', { name: /작가님의 다른 마켓 보기|진행 중인 마켓 보기/ })).toBeInTheDocument();
  });

  test('one clock: at the opening and at the closing every time-dependent part flips at the same tick', async () => {
    await signInAs('buyer');
    const { detail, sellerId, marketId } = await findMarket('pre-open');
    const start = Date.parse(detail.market.marketST);
    const end = Date.parse(detail.market.marketED);
    fakeStoppedClock(start - 5000);
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    await screen.findByRole('heading', { name: detail.market.title });
    const info = () => screen.getByRole('heading', { name: detail.market.title }).parentElement!;
    expect(info()).toHaveTextContent(/오픈/);
    expect(screen.getByRole('timer')).toHaveTextContent(/^오픈까지/);
    expect(screen.getByRole('button', { name: /오픈 알림|알림 설정됨/ })).toBeInTheDocument();
    // The add drawer is open across both instants.
    fireEvent.click(screen.getByRole('button', { name: '장바구니 담기' }));
    expect(await screen.findByRole('dialog', { name: '장바구니 담기' })).toBeInTheDocument();

    // The opening: one tick, and badge, countdown and alarm button have all changed (no later tick needed).
    tickUpTo(start + 1000);
    expect(info()).toHaveTextContent(/주문 가능/);
    expect(info()).not.toHaveTextContent(/오픈/);
    expect(screen.getByRole('timer')).toHaveTextContent(/^마감까지/);
    expect(screen.queryByRole('button', { name: /오픈 알림|알림 설정됨/ })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '장바구니 담기' })).toBeInTheDocument();

    // The closing: badge, countdown, bottom bar and the open drawer, at the same tick.
    tickUpTo(end + 1000);
    expect(info()).toHaveTextContent(/주문 종료/);
    expect(info()).not.toHaveTextContent(/주문 가능/);
    expect(screen.getByRole('timer')).toHaveTextContent('주문 종료');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '주문 종료된 마켓이에요' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '장바구니 담기' })).not.toBeInTheDocument());
  });

  test("one clock, the world's: its clock moved past the opening, then the closing, with the page open flips every part together", async () => {
    await signInAs('buyer');
    const { detail, sellerId, marketId } = await findMarket('pre-open');
    const start = Date.parse(detail.market.marketST);
    const end = Date.parse(detail.market.marketED);
    // The browser's clock stands still, and the page ticks only when the test runs its timers: only the world's
    // clock moves, through the control plane, as QA moves it.
    fakeStoppedClock(Date.now());
    await mock.clock.set(new Date(start - 5000).toISOString());
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    await screen.findByRole('heading', { name: detail.market.title });
    // The page's answers carried the world's time; its next tick shows it: the market opens in a few seconds.
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    const info = () => screen.getByRole('heading', { name: detail.market.title }).parentElement!;
    const bar = () => document.querySelector('[data-cart-bar]') as HTMLElement;
    expect(info()).toHaveTextContent(/오픈/);
    expect(screen.getByRole('timer')).toHaveTextContent(/^오픈까지00:00:0\d/);
    expect(screen.getByRole('button', { name: /오픈 알림|알림 설정됨/ })).toBeInTheDocument();
    fireEvent.click(within(bar()).getByRole('button', { name: '장바구니 담기' }));
    const drawer = await screen.findByRole('dialog', { name: '장바구니 담기' });

    // The opening: QA goes to another tab (the Lab, the mock's pages), moves the world's clock, comes back (the
    // tab shown and the window focused: the page asks the world its time once).
    setTabVisibility('hidden');
    await mock.clock.set(new Date(start + 1000).toISOString());
    const asked = clockQuestions();
    setTabVisibility('visible');
    act(() => {
      fireEvent.focus(window);
    });
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent(/^마감까지/));
    expect(asked).toHaveLength(1);
    // At the same tick: the badge and the alarm button too; the bar still adds, the drawer stays open.
    expect(info()).toHaveTextContent(/주문 가능/);
    expect(info()).not.toHaveTextContent(/오픈/);
    expect(screen.queryByRole('button', { name: /오픈 알림|알림 설정됨/ })).not.toBeInTheDocument();
    expect(within(bar()).getByRole<HTMLButtonElement>('button', { name: '장바구니 담기' })).toBeEnabled();
    expect(drawer.closest('[data-state]')).toHaveAttribute('data-state', 'open');

    // The closing: the world's clock moved from a terminal (curl, the CLI), then back to the browser window.
    await mock.clock.set(new Date(end + 1000).toISOString());
    act(() => {
      fireEvent.focus(window);
    });
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('주문 종료'));
    // At the same tick: the badge, the bottom bar and the open drawer (closing now).
    expect(info()).toHaveTextContent(/주문 종료/);
    expect(info()).not.toHaveTextContent(/주문 가능/);
    expect(within(bar()).getByRole<HTMLButtonElement>('button', { name: '주문 종료된 마켓이에요' })).toBeDisabled();
    expect(within(bar()).queryByRole('button', { name: '장바구니 담기' })).not.toBeInTheDocument();
    expect(drawer.closest('[data-state]')).toHaveAttribute('data-state', 'closed');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '장바구니 담기' })).not.toBeInTheDocument());
  });

  test('adding for real: options from 0 with their limits, only amounts above 0 are sent, a toast links to the cart', async () => {
    await signInAs('buyer');
    const carts = await api.get('/cart/v2/get');
    const { detail, sellerId, marketId } = await findMarket(
      'opened',
      (d) => !carts.some((entry) => entry.market._id === d.market._id) && visibleProducts(d.product).length > 1,
    );
    const product = visibleProducts(detail.product).find((p) =>
      p.option.some((o) => isInUse(o) && (o.stock === -1 || o.stock - o.order > 1)),
    )!;
    const option = product.option.find((o) => isInUse(o) && (o.stock === -1 || o.stock - o.order > 1))!;

    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    await screen.findByRole('heading', { name: detail.market.title });
    fireEvent.click(screen.getByRole('button', { name: '장바구니 담기' }));
    const drawer = await screen.findByRole('dialog', { name: '장바구니 담기' });
    const add = within(drawer).getAllByRole('button', { name: '장바구니 담기' }).at(-1) as HTMLButtonElement;
    expect(add.disabled).toBe(true);

    const stepper = within(drawer).getByRole('group', { name: `${product.title} ${option.title}` });
    expect(within(stepper).getByText('0')).toBeInTheDocument();
    fireEvent.click(within(stepper).getByRole('button', { name: '수량 늘리기' }));
    expect(within(stepper).getByText('1')).toBeInTheDocument();
    expect(within(drawer).getByText('총 1개')).toBeInTheDocument();
    throttle();
    fireEvent.click(add);

    expect(await screen.findByText('장바구니에 담았어요')).toBeInTheDocument();
    const entry = (await api.get('/cart/v2/get')).find((cart) => cart.market._id === detail.market._id);
    expect(entry?.productList.map((line) => [line._id, line.option, line.amount])).toEqual([[product._id, option.title, 1]]);
    expect(trackedEvents('add_to_cart')[0]?.params).toMatchObject({ currency: 'KRW', value: option.price });
    fireEvent.click(screen.getByRole('button', { name: '장바구니 보기' }));
    expect(window.location.pathname).toBe(`/cart/${detail.market._id}`);
  });

  test('the drawer counts what the cart holds toward the per-order limit, says so, and a refused add names the limit', async () => {
    const { detail, sellerId, marketId, product, option, limit, body } = await cartHoldsAllButOne();
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    await screen.findByRole('heading', { name: detail.market.title });
    fireEvent.click(screen.getByRole('button', { name: '장바구니 담기' }));
    const drawer = await screen.findByRole('dialog', { name: '장바구니 담기' });
    const stepper = within(drawer).getByRole('group', { name: `${product.title} ${option.title}` });
    const more = within(stepper).getByRole<HTMLButtonElement>('button', { name: '수량 늘리기' });
    await waitFor(() => {
      fireEvent.click(more);
      expect(within(stepper).getByText('1')).toBeInTheDocument();
      expect(more.disabled).toBe(true);
    });
    fireEvent.click(more);
    expect(within(stepper).getByText('1')).toBeInTheDocument();
    const row = stepper.closest('li')!;
    expect(within(row).getByText(`장바구니에 이미 ${limit - 1}개 담겨 있어 더 담을 수 없어요`)).toBeInTheDocument();
    expect(within(row).queryByText('품절')).not.toBeInTheDocument();

    // Meanwhile the cart took the last one elsewhere: the server refuses, and the toast names the limit.
    await api.post('/cart/add/common', body(1));
    throttle();
    fireEvent.click(within(drawer).getAllByRole('button', { name: '장바구니 담기' }).at(-1)!);
    expect(await screen.findByText('주문 가능 수량을 넘었어요. 장바구니에 담긴 수량을 확인해주세요')).toBeInTheDocument();
    expect(screen.queryByText('품절된 물품이 있어요')).not.toBeInTheDocument();
  });

  test("amounts chosen before the cart's lines arrive are brought within the limit once they do", async () => {
    const { detail, sellerId, marketId, product, option, limit } = await cartHoldsAllButOne();
    // The cart answers only when the test lets it (a slow network).
    let answerCart = () => {};
    const cartAnswered = new Promise<void>((resolve) => (answerCart = resolve));
    server.use(
      http.get(`${API_BASE}/cart/v2/get`, async () => {
        await cartAnswered; // then on to the mock's own handler
      }),
    );
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    await screen.findByRole('heading', { name: detail.market.title });
    fireEvent.click(screen.getByRole('button', { name: '장바구니 담기' }));
    const drawer = await screen.findByRole('dialog', { name: '장바구니 담기' });
    const stepper = within(drawer).getByRole('group', { name: `${product.title} ${option.title}` });
    for (let count = 0; count < limit; count += 1) fireEvent.click(within(stepper).getByRole('button', { name: '수량 늘리기' }));
    expect(within(stepper).getByText(String(limit))).toBeInTheDocument();

    answerCart();
    await waitFor(() => expect(within(stepper).getByText('1')).toBeInTheDocument());
    expect(within(stepper).getByRole<HTMLButtonElement>('button', { name: '수량 늘리기' })).toBeDisabled();
    expect(within(stepper.closest('li')!).getByText(`장바구니에 이미 ${limit - 1}개 담겨 있어 더 담을 수 없어요`)).toBeInTheDocument();
  });

  test('share without a share sheet copies the market address', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { detail, sellerId, marketId } = await findMarket('opened');
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    await screen.findByRole('heading', { name: detail.market.title });
    fireEvent.click(screen.getByRole('button', { name: '공유하기' }));
    expect(await screen.findByText('마켓 주소가 복사되었어요')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/m/${sellerId}/${marketId}`);
  });

  test('share opens the browser share sheet (Web Share API) with the title and address, copying nothing', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const { detail, sellerId, marketId } = await findMarket('opened');
      renderScreen(`/m/${sellerId}/${marketId}#notice`, PATTERN, Market);
      await screen.findByRole('heading', { name: detail.market.title });
      fireEvent.click(screen.getByRole('button', { name: '공유하기' }));
      await waitFor(() =>
        expect(share).toHaveBeenCalledWith({ title: detail.market.title, url: `${window.location.origin}/m/${sellerId}/${marketId}` }),
      );
      expect(writeText).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  test('share when the clipboard refuses: says the address could not be copied', async () => {
    const writeText = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { detail, sellerId, marketId } = await findMarket('opened');
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    await screen.findByRole('heading', { name: detail.market.title });
    fireEvent.click(screen.getByRole('button', { name: '공유하기' }));
    expect(await screen.findByText('복사하지 못했어요. 주소를 직접 복사해주세요.')).toBeInTheDocument();
    expect(screen.queryByText('마켓 주소가 복사되었어요')).not.toBeInTheDocument();
  });

  test('an unknown market is Not found', async () => {
    const { sellerId } = await findMarket('opened');
    renderScreen(`/m/${sellerId}/9999`, PATTERN, Market);
    await waitFor(() => expect(notFoundState.path).toBe(`/m/${sellerId}/9999`));
  });

  test('a failed load shows the error with a retry', async () => {
    const { detail, sellerId, marketId } = await findMarket('opened');
    await mock.faults.force('network-error', { operationId: 'getMarket' });
    renderScreen(`/m/${sellerId}/${marketId}`, PATTERN, Market);
    expect(await screen.findByText('불러오지 못했어요')).toBeInTheDocument();
    await mock.faults.clear();
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { name: detail.market.title })).toBeInTheDocument();
  });
});
