// The list screen against the mock API: sellers, products, markets (10 then 10 more, with their tabs),
// previews paged by the last id, the category list with its remembered newest seller, the empty and error
// states, and an unknown category as Not found.
import { configStore } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../api/client';
import { notFoundState } from '../../services/notFound';
import { API_BASE } from '../../config/hosts';
import { marketsOf } from '../../components/market-card/openedMarkets';
import { marketPath } from '../../components/market-card/paths';
import { setupMockControl } from '../../testing/mockControl';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { setupMockApi } from '../../testing/testServer';
import { setIntersecting } from '../../testing/intersectionObserver';
import List from './index';

const server = setupMockApi();
const mock = setupMockControl();
const PATTERN = '/list/:category/:typeId?';

beforeEach(() => {
  resetScreenState();
});

const sentinel = () => document.querySelector('[data-sentinel]') as Element;

describe('List', () => {
  test('top sellers: placeholders, then the ranked sellers with subscribe buttons', async () => {
    renderScreen('/list/topSeller', PATTERN, List);
    expect(screen.getByRole('heading', { name: '인기 작가 TOP 30' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '불러오는 중' })).toBeInTheDocument();
    const sellers = await api.get('/common/v2/seller', { params: { query: { from: 'top' } } });
    expect(await screen.findByText(sellers[0]!.sellerName)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /구독$/ })).toHaveLength(sellers.length);
  });

  test('markets: the tab of the list, the first 10, then 10 more at the end of the list', async () => {
    const expected = marketsOf('openMarket', await api.get('/common/v2/opened-market'), Date.now());
    expect(expected.length).toBeGreaterThan(20);
    renderScreen('/list/openMarket', PATTERN, List);
    expect(screen.getByRole('tab', { name: '주문 가능' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(document.querySelectorAll('a[href^="/m/"]')).toHaveLength(10));
    setIntersecting(sentinel(), true);
    await waitFor(() => expect(document.querySelectorAll('a[href^="/m/"]')).toHaveLength(20));
    expect(screen.getByText(expected[0]!.marketTitle)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: '오픈 예정' }));
    expect(window.location.pathname).toBe('/list/scheduleMarket');
  });

  test('new products are paged by the last product id shown', async () => {
    const first = await api.get('/common/v2/new-product');
    const second = await api.get('/common/v2/new-product', {
      params: { query: { offset: first[first.length - 1]!.productUID, flag: 'before' } },
    });
    const link = (uid: string) => document.querySelector(`a[href$="#${uid}"]`);
    renderScreen('/list/newProduct', PATTERN, List);
    await waitFor(() => expect(link(first[0]!.productUID)).toBeInTheDocument());
    expect(link(second[second.length - 1]!.productUID)).not.toBeInTheDocument();
    setIntersecting(sentinel(), true);
    await waitFor(() => expect(link(second[second.length - 1]!.productUID)).toBeInTheDocument());
  });

  test('previews open the seller profile', async () => {
    const previews = await api.get('/common/v2/preview');
    renderScreen('/list/marketPreview', PATTERN, List);
    await waitFor(() => expect(document.querySelectorAll('a[href^="/profile/"]')).toHaveLength(previews.length));
    expect(document.querySelector('a[href^="/profile/"]')?.getAttribute('href')).toBe(`/profile/${previews[0]!.publicId}`);
  });

  test('a category: its tab, its sellers, and its newest seller remembered (the badge goes away)', async () => {
    const news = await api.get('/common/v2/seller-ctg', { params: { query: { flag: 'news' } } });
    const keyring = news.find((entry) => entry.sellerCategory === 'keyring')!;
    renderScreen('/list/category/keyring', PATTERN, List);
    expect(screen.getByRole('heading', { name: '키링' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: '작가 카테고리' });
    expect(within(tabs).getByRole('tab', { name: /^키링/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(configStore.read(localStorage).remember.category.keyring).toBe(keyring.sellerUID));
    // Other categories whose newest seller was never seen carry the new-seller dot.
    const dot = (name: RegExp) => within(tabs).getByRole('tab', { name }).querySelector('[aria-label="새 작가"]');
    expect(dot(/^스티커/)).toBeInTheDocument();
    expect(dot(/^키링/)).not.toBeInTheDocument();

    const members = await api.get('/common/v2/seller-ctg', { params: { query: { category: 'keyring' } } });
    await waitFor(() => expect(document.querySelectorAll('[data-seller]')).toHaveLength(members.length));
    expect(document.querySelector('[data-seller]')?.getAttribute('data-seller')).toBe(members[0]!.sellerUID);

    fireEvent.click(screen.getByRole('switch', { name: '마켓으로 보기' }));
    expect(configStore.read(localStorage).remember.viewMarketCategory).toBe(true);
  });

  test("a category's markets say their order, '새로 등록 순', and are in it: the newest market first", async () => {
    configStore.update(localStorage, (config) => ({ ...config, remember: { ...config.remember, viewMarketCategory: true } }));
    const members = await api.get('/common/v2/seller-ctg', { params: { query: { category: 'stickers' } } });
    const sellers = new Set(members.map((entry) => (entry as { sellerPublicId?: string }).sellerPublicId));
    const expected = marketsOf('newMarket', await api.get('/common/v2/opened-market'), Date.now()).filter((event) =>
      sellers.has(event.sellerPublicId),
    );
    expect(expected.length).toBeGreaterThan(1);
    renderScreen('/list/category/stickers', PATTERN, List);
    expect(await screen.findByText('새로 등록 순')).toBeInTheDocument();
    const shown = () => [...document.querySelectorAll('a[href^="/m/"]')].map((link) => link.getAttribute('href'));
    await waitFor(() => expect(shown()).toHaveLength(Math.min(expected.length, 10)));
    expect(shown()).toEqual(expected.slice(0, 10).map(marketPath));
  });

  test('an empty list shows its empty state', async () => {
    // No seller joined this week.
    server.use(
      http.get(`${API_BASE}/common/v2/seller`, ({ request }) =>
        new URL(request.url).searchParams.get('from') === 'new' ? HttpResponse.json({ data: [] }) : undefined,
      ),
    );
    renderScreen('/list/newSeller', PATTERN, List);
    expect(await screen.findByText('아직 작가님이 없어요')).toBeInTheDocument();
  });

  test('a failed list shows the error with a retry that loads it', async () => {
    await mock.faults.force('network-error', { operationId: 'listHomeProducts' });
    renderScreen('/list/topCart', PATTERN, List);
    expect(await screen.findByText('불러오지 못했어요')).toBeInTheDocument();
    expect(await screen.findByText('인터넷에 연결할 수 없어요')).toBeInTheDocument();
    await mock.faults.clear();
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(document.querySelectorAll('a[href^="/p/"]').length).toBeGreaterThan(0));
  });

  test('an unknown category is Not found', async () => {
    renderScreen('/list/somethingElse', PATTERN, List);
    await waitFor(() => expect(notFoundState.path).toBe('/list/somethingElse'));
  });
});
