// Search results against the mock API: the totals of both sections, pages until the page count, the empty
// states, one search event per term, and a blank term back to the search screen.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../api/client';
import { trackedEvents } from '../../services/analytics';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { setupMockApi } from '../../testing/testServer';
import { setIntersecting } from '../../testing/intersectionObserver';
import SearchResult from './index';

setupMockApi();
const PATTERN = '/search/result';

beforeEach(() => {
  resetScreenState();
});

describe('Search results', () => {
  test('title, totals of both sections, placeholders first, one search event', async () => {
    const term = '키링';
    const sellers = await api.get('/common/v2/search-seller', { params: { query: { keyword: term } } });
    const products = await api.get('/common/v2/search-product', { params: { query: { keyword: term } } });
    renderScreen(`/search/result?term=${encodeURIComponent(term)}`, PATTERN, SearchResult);
    expect(screen.getByRole('heading', { level: 1, name: '검색' })).toBeInTheDocument();
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe(term);
    expect(screen.getAllByLabelText('불러오는 중').length).toBeGreaterThan(0);
    // Korean wording only: no English 'total' on the screen.
    expect(await screen.findByText(`총 ${sellers.paging.dataCnt.toLocaleString('ko-KR')}명`)).toBeInTheDocument();
    expect(await screen.findByText(`총 ${products.paging.dataCnt.toLocaleString('ko-KR')}개`)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/total/i);
    expect(trackedEvents('search').map((event) => event.params.search_term)).toEqual([term]);
  });

  test('products page until the page count', async () => {
    const term = '스티커';
    const first = await api.get('/common/v2/search-product', { params: { query: { keyword: term, page: 1 } } });
    expect(first.paging.pageCnt).toBeGreaterThan(1);
    const second = await api.get('/common/v2/search-product', { params: { query: { keyword: term, page: 2 } } });
    renderScreen(`/search/result?term=${encodeURIComponent(term)}`, PATTERN, SearchResult);
    const link = (uid: string) => document.querySelector(`a[href$="#${uid}"]`);
    await waitFor(() => expect(link(first.list[0]!.productUID)).toBeInTheDocument());
    expect(link(second.list[0]!.productUID)).not.toBeInTheDocument();
    const sentinels = document.querySelectorAll('[data-sentinel]');
    setIntersecting(sentinels[sentinels.length - 1]!, true);
    await waitFor(() => expect(link(second.list[0]!.productUID)).toBeInTheDocument());
  });

  test('no result: both sections say so', async () => {
    renderScreen('/search/result?term=zqxjvkwpq', PATTERN, SearchResult);
    await waitFor(() => expect(screen.getAllByText('검색 결과가 없어요')).toHaveLength(2));
  });

  test("a term past the contract's 100 characters is searched cut to 100, and the field takes no more", async () => {
    const term = 'zqxjvkwpq'.repeat(120);
    renderScreen(`/search/result?term=${encodeURIComponent(term)}`, PATTERN, SearchResult);
    await waitFor(() => expect(screen.getAllByText('검색 결과가 없어요')).toHaveLength(2));
    expect(screen.queryByText('불러오지 못했어요')).not.toBeInTheDocument();
    const field = screen.getByRole<HTMLInputElement>('searchbox');
    expect(field.value).toBe(term.slice(0, 100));
    expect(field.maxLength).toBe(100);
    expect(trackedEvents('search').map((event) => event.params.search_term)).toEqual([term.slice(0, 100)]);
  });

  test('a blank term goes back to the search screen', async () => {
    renderScreen('/search/result?term=%20%20', PATTERN, SearchResult);
    await waitFor(() => expect(window.location.pathname).toBe('/search'));
    expect(trackedEvents('search')).toHaveLength(0);
  });
});
