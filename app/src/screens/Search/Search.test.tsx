// The search screen against the mock API: recommended keywords and random picks load; the field trims the
// term and a blank term stays here; a failed part shows its retry.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../api/client';
import { setupMockControl } from '../../testing/mockControl';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { setupMockApi } from '../../testing/testServer';
import Search from './index';

setupMockApi();
const mock = setupMockControl();

beforeEach(() => {
  resetScreenState();
});

describe('Search', () => {
  test('placeholders, then the recommended keywords and the random picks', async () => {
    const { keywords } = await api.get('/common/v2/search-keyword');
    renderScreen('/search', '/search', Search);
    // The page's heading, for screen readers (the search field stands where a title would).
    expect(screen.getByRole('heading', { level: 1, name: '검색' })).toBeInTheDocument();
    expect(screen.getAllByLabelText('불러오는 중').length).toBeGreaterThan(0);
    const chip = await screen.findByRole('link', { name: `1${keywords[0]}` });
    expect(chip).toHaveAttribute('href', `/search/result?term=${encodeURIComponent(keywords[0]!)}`);
    await waitFor(() => expect(document.querySelectorAll('a[href^="/p/"]').length).toBeGreaterThan(0));
  });

  test('a term is trimmed; a blank one stays on the search screen', () => {
    renderScreen('/search', '/search', Search);
    const field = screen.getByRole('searchbox', { name: '물품, 작가명 검색' });
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.submit(field);
    expect(window.location.pathname).toBe('/search');
    expect((field as HTMLInputElement).value).toBe('');
    fireEvent.change(field, { target: { value: '  키링  ' } });
    fireEvent.submit(field);
    expect(`${window.location.pathname}${window.location.search}`).toBe(`/search/result?term=${encodeURIComponent('키링')}`);
  });

  test('failed parts show their retry', async () => {
    await mock.faults.force('network-error', { operationId: 'getHotKeywords' });
    renderScreen('/search', '/search', Search);
    expect(await screen.findByText('불러오지 못했어요')).toBeInTheDocument();
  });
});
