// The shell's routing behaviour with stand-in screens (each shows its route and keeps a counter in state),
// so what is tested is the router: redirects, the login guard, keep-alive, scroll memory, chrome, events.
import { LOGIN_REDIRECT_KEY } from '@creator-market/sdk/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { App } from './App';
import { resetAppState, waitForSession } from '../testing/appHarness';
import { uiState } from '../stores/ui';
import { navigate } from '../lib/navigation';
import { trackedEvents } from '../services/analytics';
import { showNotFound } from '../services/notFound';
import { pageNavigation } from '../services/pageNavigation';

vi.mock('./routes', () => import('../testing/standInRoutes'));

async function startAt(path: string) {
  window.history.replaceState(null, '', path);
  const view = render(<App />);
  await waitForSession();
  return view;
}

function go(path: string) {
  act(() => navigate(path));
}

/** The page on screen (kept pages that are hidden do not count). */
function visiblePage(): HTMLElement {
  return screen.getByRole('region');
}

function pageSection(container: HTMLElement, name: string, params: string): HTMLElement | null {
  return [...container.querySelectorAll<HTMLElement>(`[data-page="${name}"]`)].find((el) => el.textContent?.includes(params)) ?? null;
}

beforeEach(() => {
  resetAppState();
});

describe('routes', () => {
  test('shows the page of the address with its params, and the bottom tab of the route', async () => {
    await startAt('/profile/mallang_studio');
    expect(await screen.findByText('profile {"sellerId":"mallang_studio"}')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '주요 메뉴' })).not.toBeInTheDocument();

    go('/');
    await waitFor(() => expect(visiblePage()).toHaveAttribute('aria-label', 'page home'));
    const tabs = screen.getByRole('navigation', { name: '주요 메뉴' });
    expect(within(tabs).getByRole('button', { name: '홈' })).toHaveAttribute('aria-current', 'page');
    expect(uiState.floatingButton).toBe(true);

    go('/setting');
    await waitFor(() => expect(visiblePage()).toHaveAttribute('aria-label', 'page setting'));
    expect(uiState.floatingButton).toBe(false);
  });

  test('sends a screen_view on every navigation', async () => {
    await startAt('/');
    await screen.findByRole('region', { name: 'page home' });
    go('/search');
    await screen.findByRole('region', { name: 'page search' });
    go('/p/mallang_studio/3#abc');
    await screen.findByRole('region', { name: 'page product' });
    await waitFor(() =>
      expect(trackedEvents('screen_view').map((event) => event.params.screen_name)).toEqual(['home', 'search', 'product']),
    );
    expect(trackedEvents('screen_view')[2]?.params.page_path).toBe('/p/mallang_studio/3#abc');
  });

  test('legacy addresses are redirected in place', async () => {
    await startAt('/market?sellerId=mallang_studio&marketId=3');
    await screen.findByRole('region', { name: 'page market' });
    expect(window.location.pathname).toBe('/m/mallang_studio/3');

    go('/my/message?type=seller');
    // message needs a signed-in user: the redirect happens first, then the guard cancels it.
    await screen.findByText('로그인 필요');
  });

  test('ext/ opens the https page in a new tab and stays on the page', async () => {
    const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
    await startAt('/search');
    await screen.findByRole('region', { name: 'page search' });
    go('/ext/example.com/guide');
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://example.com/guide'));
    await waitFor(() => expect(window.location.pathname).toBe('/search'));
  });

  test('an unknown address shows Not found, and showNotFound replaces the page in place', async () => {
    await startAt('/nowhere/at/all');
    await screen.findByRole('region', { name: 'page notFound' });

    go('/m/mallang_studio/9');
    await screen.findByRole('region', { name: 'page market' });
    act(() => showNotFound());
    await screen.findByRole('region', { name: 'page notFound' });
    expect(window.location.pathname).toBe('/m/mallang_studio/9');
  });
});

describe('login guard', () => {
  test('a guest going to a signed-in-only page stays, sees the login prompt, and 로그인 remembers the path', async () => {
    await startAt('/search');
    await screen.findByRole('region', { name: 'page search' });
    go('/subscribe?tab=markets#top');
    expect(await screen.findByText('로그인 필요')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/search'));
    expect(screen.queryByRole('region', { name: 'page subscribe' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    expect(JSON.parse(sessionStorage.getItem(LOGIN_REDIRECT_KEY) ?? 'null')).toEqual({ path: '/subscribe?tab=markets#top', direct: false });
  });

  test('opened directly, the protected page is replaced by home and the access is remembered as direct', async () => {
    await startAt('/cart/7');
    expect(await screen.findByText('로그인 필요')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'page home' });
    expect(window.location.pathname).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    expect(JSON.parse(sessionStorage.getItem(LOGIN_REDIRECT_KEY) ?? 'null')).toEqual({ path: '/cart/7', direct: true });
  });

  test('다음에 leaves the guest where they were, with nothing remembered', async () => {
    await startAt('/');
    await screen.findByRole('region', { name: 'page home' });
    go('/calendar');
    fireEvent.click(await screen.findByRole('button', { name: '다음에' }));
    await waitFor(() => expect(screen.queryByText('로그인 필요')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/');
    expect(sessionStorage.getItem(LOGIN_REDIRECT_KEY)).toBeNull();
  });
});

describe('keep-alive', () => {
  test('a kept page keeps its state after leaving and returning; a 6th kept page evicts the oldest', async () => {
    const { container } = await startAt('/');
    fireEvent.click(within(await screen.findByRole('region', { name: 'page home' })).getByRole('button'));
    expect(screen.getByRole('button', { name: 'count 1' })).toBeInTheDocument();

    go('/m/mallang_studio/3');
    const market = await screen.findByRole('region', { name: 'page market' });
    fireEvent.click(within(market).getByRole('button'));
    fireEvent.click(within(market).getByRole('button'));

    go('/setting');
    await screen.findByRole('region', { name: 'page setting' });
    go('/m/mallang_studio/3');
    expect(within(await screen.findByRole('region', { name: 'page market' })).getByRole('button')).toHaveTextContent('count 2');

    for (const category of ['a', 'b', 'c', 'd']) {
      go(`/list/${category}`);
      await screen.findByText(`list {"category":"${category}"}`);
    }
    // Six kept pages were shown; home, the least recently used, is gone and the other five stay mounted.
    expect(container.querySelectorAll('[data-page="list"], [data-page="market"], [data-page="home"]')).toHaveLength(5);
    expect(pageSection(container, 'home', '{}')).toBeNull();
    expect(pageSection(container, 'market', 'mallang_studio')?.querySelector('button')?.textContent).toBe('count 2');

    go('/');
    expect(within(await screen.findByRole('region', { name: 'page home' })).getByRole('button')).toHaveTextContent('count 0');
  });

  test('a page that is not kept starts afresh', async () => {
    await startAt('/setting');
    fireEvent.click(within(await screen.findByRole('region', { name: 'page setting' })).getByRole('button'));
    go('/download');
    await screen.findByRole('region', { name: 'page download' });
    go('/setting');
    expect(within(await screen.findByRole('region', { name: 'page setting' })).getByRole('button')).toHaveTextContent('count 0');
  });
});

describe('scroll memory', () => {
  function scrollTo(top: number) {
    window.scrollTo(0, top);
    window.dispatchEvent(new Event('scroll'));
  }

  test('the position of a path is restored on return, a new path starts at the top', async () => {
    await startAt('/list/a');
    await screen.findByText('list {"category":"a"}');
    scrollTo(640);

    go('/search');
    await screen.findByRole('region', { name: 'page search' });
    expect(window.scrollY).toBe(0);
    scrollTo(120);

    go('/list/a');
    await screen.findByText('list {"category":"a"}');
    expect(window.scrollY).toBe(640);

    go('/search');
    await screen.findByRole('region', { name: 'page search' });
    expect(window.scrollY).toBe(120);
  });

  test('the hash is not part of the key: another product of the same page keeps the position', async () => {
    await startAt('/p/mallang_studio/3#first');
    await screen.findByRole('region', { name: 'page product' });
    scrollTo(300);
    go('/p/mallang_studio/3#second');
    expect(window.scrollY).toBe(300);
    go('/setting');
    await screen.findByRole('region', { name: 'page setting' });
    go('/p/mallang_studio/3#third');
    await screen.findByRole('region', { name: 'page product' });
    expect(window.scrollY).toBe(300);
  });
});
