// The product screen against the mock API: the first visit asks for the view (remembered with '다시 묻지
// 않기'), the scroll view shows every product and sends view_item after 5 s on screen, the single view steps
// through the products with the hash following.
import { configStore, STYLE_TAGS, visibleProducts, type StyleTag } from '@creator-market/sdk/domain';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { trackedEvents } from '../../services/analytics';
import { uiState } from '../../stores/ui';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { findMarket } from '../../testing/worldLookup';
import { setupMockApi } from '../../testing/testServer';
import { setIntersecting } from '../../testing/intersectionObserver';
import ProductScreen, { VIEW_TEXT } from './index';
import { ProductDetail } from './ProductDetail';

setupMockApi();
const PATTERN = '/p/:sellerId/:marketId';

beforeEach(() => {
  resetScreenState();
});

afterEach(() => {
  vi.useRealTimers();
});

function rememberView(scroll: boolean) {
  configStore.update(localStorage, (config) => ({ ...config, remember: { ...config.remember, viewProductScroll: scroll } }));
}

describe('Product', () => {
  test('the first visit asks; scroll view with do-not-ask-again is remembered and shows every product', async () => {
    const { detail, sellerId, marketId } = await findMarket('opened', (d) => visibleProducts(d.product).length > 2);
    const products = visibleProducts(detail.product);
    renderScreen(`/p/${sellerId}/${marketId}#${products[1]!._id}`, PATTERN, ProductScreen);
    expect(screen.getByLabelText('불러오는 중')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: '물품을 어떻게 볼까요?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: '다시 묻지 않기' }));
    fireEvent.click(screen.getByRole('button', { name: '스크롤로 모아보기' }));
    expect(configStore.read(localStorage).remember.viewProductScroll).toBe(true);
    await waitFor(() => expect(document.querySelectorAll('article')).toHaveLength(products.length));
  });

  test("the page's level-one heading is the market's title, each product an h2 under it", async () => {
    rememberView(true);
    const { detail, sellerId, marketId } = await findMarket('opened', (d) => visibleProducts(d.product).length > 1);
    renderScreen(`/p/${sellerId}/${marketId}`, PATTERN, ProductScreen);
    expect((await screen.findByRole('heading', { level: 1, name: detail.market.title })).tagName).toBe('H1');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(visibleProducts(detail.product).length));
  });

  test('style tags show their Korean labels (#감성), never the keys (#sense)', async () => {
    rememberView(true);
    const styled = (tags: readonly string[]) => tags.some((tag) => tag in STYLE_TAGS);
    const { detail, sellerId, marketId } = await findMarket('opened', (d) => visibleProducts(d.product).some((p) => styled(p.tags)));
    renderScreen(`/p/${sellerId}/${marketId}`, PATTERN, ProductScreen);
    await waitFor(() => expect(document.querySelectorAll('article').length).toBeGreaterThan(0));
    const text = document.body.textContent ?? '';
    for (const product of visibleProducts(detail.product)) {
      for (const tag of product.tags.filter((t): t is StyleTag => t in STYLE_TAGS)) {
        expect(text).toContain(`#${STYLE_TAGS[tag]}`);
        expect(text).not.toContain(`#${tag}`);
      }
    }
  });

  test('answering without do-not-ask-again holds for the session: the next product visit does not ask, a new session does', async () => {
    const { sellerId, marketId } = await findMarket('opened');
    const first = renderScreen(`/p/${sellerId}/${marketId}`, PATTERN, ProductScreen);
    fireEvent.click(await screen.findByRole('button', { name: '하나씩 보기' }));
    expect(configStore.read(localStorage).remember.viewProductScroll).toBeNull();
    first.unmount();

    const second = renderScreen(`/p/${sellerId}/${marketId}`, PATTERN, ProductScreen);
    expect(await screen.findByRole('button', { name: VIEW_TEXT.next })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '물품을 어떻게 볼까요?' })).not.toBeInTheDocument();
    second.unmount();

    sessionStorage.clear(); // a new session
    renderScreen(`/p/${sellerId}/${marketId}`, PATTERN, ProductScreen);
    expect(await screen.findByRole('dialog', { name: '물품을 어떻게 볼까요?' })).toBeInTheDocument();
  });

  test('scroll view: view_item once a product has been on screen for 5 s', async () => {
    rememberView(true);
    const { detail, sellerId, marketId } = await findMarket('opened');
    const [first] = visibleProducts(detail.product);
    renderScreen(`/p/${sellerId}/${marketId}`, PATTERN, ProductScreen);
    await waitFor(() => expect(document.querySelectorAll('article').length).toBeGreaterThan(0));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    vi.useFakeTimers();
    act(() => setIntersecting(document.getElementById(`product-${first!._id}`)!, true));
    act(() => void vi.advanceTimersByTime(4_900));
    expect(trackedEvents('view_item')).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(200));
    expect(trackedEvents('view_item').map((event) => event.params.items)).toEqual([[expect.objectContaining({ item_id: first!._id })]]);
  });

  test('single view: the product of the hash, previous and next, and the hash follows', async () => {
    rememberView(false);
    const { detail, sellerId, marketId } = await findMarket('opened', (d) => visibleProducts(d.product).length > 2);
    const products = visibleProducts(detail.product);
    renderScreen(`/p/${sellerId}/${marketId}#${products[1]!._id}`, PATTERN, ProductScreen);
    expect(await screen.findByRole('heading', { name: products[1]!.title })).toBeInTheDocument();
    expect(screen.getByText(`2 / ${products.length}`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '다음 물품' }));
    expect(await screen.findByRole('heading', { name: products[2]!.title })).toBeInTheDocument();
    expect(window.location.hash).toBe(`#${products[2]!._id}`);
    fireEvent.click(screen.getByRole('button', { name: products[0]!.title }));
    expect(await screen.findByRole('heading', { name: products[0]!.title })).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '이전 물품' })).toBeDisabled();
  });

  test.each([
    ['scroll', true],
    ['single', false],
  ])("%s view: the first view is pending until the hash product's first image has loaded", async (_view, scroll) => {
    rememberView(scroll);
    const { detail, sellerId, marketId } = await findMarket(
      'opened',
      (d) => visibleProducts(d.product).filter((p) => p.cover.length > 0).length > 1,
    );
    const lead = visibleProducts(detail.product).filter((p) => p.cover.length > 0)[1]!;
    renderScreen(`/p/${sellerId}/${marketId}#${lead._id}`, PATTERN, ProductScreen);
    // While the market loads nobody knows the lead image yet: pending too.
    expect(uiState.firstViewPending).toBe(1);
    // The carousel's loop renders its first slide twice.
    const images = await screen.findAllByAltText(`${lead.title} 1`);
    for (const image of images) expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(uiState.firstViewPending).toBe(1);
    for (const image of images) fireEvent.load(image);
    await waitFor(() => expect(uiState.firstViewPending).toBe(0));
  });

  test("the lead product says when its first image has loaded; another product's images say nothing", async () => {
    const { detail } = await findMarket('opened', (d) => visibleProducts(d.product).filter((p) => p.cover.length > 0).length > 1);
    const [lead, other] = visibleProducts(detail.product).filter((p) => p.cover.length > 0);
    const settled = vi.fn();
    const notLead = vi.fn();
    render(
      <>
        <ProductDetail product={lead!} priority onLeadSettle={settled} />
        <ProductDetail product={other!} onLeadSettle={notLead} />
      </>,
    );
    // Every image near the viewport, as in a browser: the other product's load too.
    act(() => {
      for (const box of document.querySelectorAll('span[data-state]')) setIntersecting(box, true);
    });
    for (const image of await screen.findAllByAltText(`${other!.title} 1`)) fireEvent.load(image);
    expect(settled).not.toHaveBeenCalled();
    for (const image of screen.getAllByAltText(`${lead!.title} 1`)) fireEvent.load(image);
    await waitFor(() => expect(settled).toHaveBeenCalled());
    expect(notLead).not.toHaveBeenCalled();
  });
});
