// Home against the mock API: every list loads at once behind placeholders, the sections follow the spec's
// order and hide when empty, and when nothing loads the screen offers a retry.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../api/client';
import { API_BASE } from '../../config/hosts';
import { setupMockApi } from '../../testing/testServer';
import { uiState } from '../../stores/ui';
import { setupMockControl } from '../../testing/mockControl';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { SECTION_TITLES } from './sectionTitles';
import { FIRST_SCREEN_WAIT_MS } from '../../components/data/useFirstScreen';
import { firstBannerLoads } from '../../testing/homeTestHarness';
import { setIntersecting } from '../../testing/intersectionObserver';
import Home from './index';

const server = setupMockApi();
const mock = setupMockControl();

beforeEach(() => {
  resetScreenState();
});

/** The sections arrive with their own chunk (loaded on first use, which takes a moment in tests). */
const findSections = () => screen.findByRole('heading', { name: SECTION_TITLES.topSeller });

const headings = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('Home', () => {
  test('shows placeholders, then the banner, the categories and the sections in the spec order', async () => {
    renderScreen('/', '/', Home);
    expect(screen.getByRole('link', { name: '물품, 작가명 검색' })).toHaveAttribute('href', '/search');
    expect(screen.getAllByRole('status', { name: '불러오는 중' }).length).toBeGreaterThan(0);

    await firstBannerLoads();
    expect(await findSections()).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByRole('status', { name: '불러오는 중' })).toHaveLength(0));

    expect(screen.getByLabelText('메인 배너')).toBeInTheDocument();
    const categories = within(screen.getByRole('navigation', { name: '작가 카테고리' })).getAllByRole('link');
    expect(categories.length).toBe(8);
    expect(categories[0]?.getAttribute('href')).toBe('/list/category/stickers');

    // The sections present appear in the spec's order.
    const order = Object.values(SECTION_TITLES) as string[];
    const shown = headings().filter((text): text is string => text !== null && order.includes(text));
    expect(shown.length).toBeGreaterThan(8);
    expect(shown).toEqual([...shown].sort((a, b) => order.indexOf(a) - order.indexOf(b)));

    // Asked of each section's header: a role query over the whole home computes every card link's name (~2 s).
    const more = [...document.querySelectorAll<HTMLElement>('section > header')]
      .flatMap((header) => within(header).queryAllByRole('link', { name: '더보기' }))
      .map((link) => link.getAttribute('href'));
    expect(more).toContain('/list/topSeller');
    expect(more).toContain('/list/openMarket');
    expect(more).toContain('/list/marketPreview');
    const { keywords } = await api.get('/common/v2/search-keyword');
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toContain(`/search/result?term=${encodeURIComponent(keywords[0]!)}`);
  });

  test("the other banners' images, the overlays and the other screens' preloads wait for the first banner's paint", async () => {
    renderScreen('/', '/', Home);
    await screen.findAllByAltText('배너 1');
    expect(uiState.firstViewPending).toBe(1);
    // Every slide near the viewport, as in a browser (its lazy images' margin): the others still wait.
    act(() => {
      for (const box of screen.getByLabelText('메인 배너').querySelectorAll('span[data-state]')) setIntersecting(box, true);
    });
    expect(screen.queryByAltText('배너 2')).not.toBeInTheDocument();
    await firstBannerLoads();
    expect((await screen.findAllByAltText('배너 2')).length).toBeGreaterThan(0);
    await waitFor(() => expect(uiState.firstViewPending).toBe(0));
  });

  test("the seeded world has this week's new sellers, so '이번 주 새로 온 작가' shows", async () => {
    expect((await api.get('/common/v2/seller', { params: { query: { from: 'new' } } })).length).toBeGreaterThan(0);
    // The home's timers are faked (time still runs), to run out its wait for the banner image.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    renderScreen('/', '/', Home);
    // The banner image does not load (jsdom loads none): the sections come FIRST_SCREEN_WAIT_MS after the banner list.
    await screen.findAllByAltText('배너 1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS);
    });
    expect(await screen.findByRole('heading', { name: SECTION_TITLES.newSeller })).toBeInTheDocument();
  });

  test('a section whose list is empty is not shown', async () => {
    // No seller joined this week.
    server.use(
      http.get(`${API_BASE}/common/v2/seller`, ({ request }) =>
        new URL(request.url).searchParams.get('from') === 'new' ? HttpResponse.json({ data: [] }) : undefined,
      ),
    );
    renderScreen('/', '/', Home);
    await firstBannerLoads();
    expect(await findSections()).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByRole('status', { name: '불러오는 중' })).toHaveLength(0));
    expect(screen.queryByRole('heading', { name: SECTION_TITLES.newSeller })).not.toBeInTheDocument();
  });

  test('when nothing loads, the error is shown once and the retry loads the sections', async () => {
    await mock.faults.force('network-error', { method: 'GET', path: '/common' });
    renderScreen('/', '/', Home);
    expect(await screen.findByText('불러오지 못했어요')).toBeInTheDocument();
    await waitFor(() => expect(uiState.dialogs.map((dialog) => dialog.title)).toEqual(['인터넷에 연결할 수 없어요']));

    await mock.faults.clear();
    screen.getByRole('button', { name: '다시 시도' }).click();
    expect(await findSections()).toBeInTheDocument();
  });
});
