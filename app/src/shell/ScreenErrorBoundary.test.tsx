// Never a blank screen (issue 31): a screen whose chunk cannot be loaded shows '화면을 불러오지 못했어요' with
// '다시 시도' in the page area (app bar and tab bar stay), and renders once the import works again, on
// '다시 시도' or when the browser comes back online; a chunk gone after a deploy reloads the page once.
// The route table is the real lazyScreen over stand-in imports the test makes fail (each test fails another
// route: a screen once loaded stays loaded for the file).
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { App } from './App';
import { navigate } from '../lib/navigation';
import { resetAppState, signInAs, waitForSession } from '../testing/appHarness';
import { setupMockApi } from '../testing/testServer';
import { CHUNK_RELOAD_KEY } from '../services/chunkFailure';
import { screenImports as imports } from '../testing/failingRoutes';
import { pageNavigation } from '../services/pageNavigation';

vi.mock('./routes', () => import('../testing/failingRoutes'));

const server = setupMockApi();
const chunkUrl = () => `${window.location.origin}/assets/My-0ld0ld.js`;
const importError = () => new TypeError(`Failed to fetch dynamically imported module: ${chunkUrl()}`);

function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

async function startSignedIn() {
  await signInAs('buyer');
  window.history.replaceState(null, '', '/');
  render(<App />);
  await waitForSession();
  await screen.findByRole('region', { name: 'page home' });
}

const tabBar = () => screen.getByRole('navigation', { name: '주요 메뉴' });

beforeEach(() => {
  resetAppState();
  imports.failing.clear();
  imports.attempts.clear();
  setOnline(true);
  // React and the boundary log each failure; the test states what the user sees instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  setOnline(true);
});

describe('a screen that cannot be loaded', () => {
  test('offline: 마이 shows the message with 다시 시도 under an app bar, the tab bar stays; online again, 마이 renders', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    await startSignedIn();
    setOnline(false);
    imports.failing.set('my', importError);

    fireEvent.click(within(tabBar()).getByRole('button', { name: '마이' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/화면을 불러오지 못했어요/);
    expect(within(alert).getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '뒤로 가기' })).toBeInTheDocument();
    expect(within(tabBar()).getByRole('button', { name: '마이' })).toHaveAttribute('aria-current', 'page');

    // Still offline: 다시 시도 tries again and says so again.
    const before = imports.attempts.get('my') ?? 0;
    fireEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(imports.attempts.get('my')).toBeGreaterThan(before));
    // The failed import settles in microtasks (the stand-in rejects at once): they have all run by the next
    // task, and the boundary has shown the message anew (a boundary that catches mounts its fallback afresh).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByText('화면을 불러오지 못했어요')).toBeInTheDocument();

    // Back online: the `online` event loads it, no tap needed.
    setOnline(true);
    imports.failing.delete('my');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('region', { name: 'page my' })).toBeInTheDocument();
    expect(screen.queryByText('화면을 불러오지 못했어요')).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  test('다시 시도 renders the screen once its chunk loads', async () => {
    await startSignedIn();
    setOnline(false);
    imports.failing.set('cart', importError);
    fireEvent.click(within(tabBar()).getByRole('button', { name: '장바구니' }));
    const retry = await screen.findByRole('button', { name: '다시 시도' });
    imports.failing.delete('cart');
    fireEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'page cart' })).toBeInTheDocument();
  });

  test('offline, tap away and back once online: the screen renders (the failed import is not kept)', async () => {
    await startSignedIn();
    setOnline(false);
    imports.failing.set('order', importError);
    act(() => navigate('/order'));
    expect(await screen.findByText('화면을 불러오지 못했어요')).toBeInTheDocument();

    // Away before the network is back: the page's boundary unmounts, so nobody hears `online`.
    act(() => navigate('/'));
    await screen.findByRole('region', { name: 'page home' });
    setOnline(true);
    imports.failing.delete('order');
    act(() => void window.dispatchEvent(new Event('online')));

    // Back: the router's load of the screen works, and the screen shows, not the old failure.
    act(() => navigate('/order'));
    expect(await screen.findByRole('region', { name: 'page order' })).toBeInTheDocument();
    expect(screen.queryByText('화면을 불러오지 못했어요')).not.toBeInTheDocument();
  });

  test('a kept page that failed, come back to once its chunk loads: the screen renders without 다시 시도', async () => {
    await startSignedIn();
    setOnline(false);
    imports.failing.set('list', importError);
    act(() => navigate('/list/new'));
    expect(await screen.findByText('화면을 불러오지 못했어요')).toBeInTheDocument();

    act(() => navigate('/'));
    await screen.findByRole('region', { name: 'page home' });
    setOnline(true);
    imports.failing.delete('list');

    // The kept page (its boundary still failed) is shown again once the router has loaded its screen.
    act(() => navigate('/list/new'));
    expect(await screen.findByRole('region', { name: 'page list' })).toBeInTheDocument();
    expect(screen.queryByText('화면을 불러오지 못했어요')).not.toBeInTheDocument();
  });

  test('a chunk gone after a deploy (the server answers 404): the page reloads once, not in a loop', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    server.use(http.head(`${window.location.origin}/assets/*`, () => new HttpResponse(null, { status: 404 })));
    await startSignedIn();
    imports.failing.set('calendar', importError);

    act(() => navigate('/calendar'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();

    // The "reloaded" page still cannot load it: the message shows, and no second reload follows.
    const retry = await screen.findByRole('button', { name: '다시 시도' });
    const before = imports.attempts.get('calendar') ?? 0;
    fireEvent.click(retry);
    await waitFor(() => expect(imports.attempts.get('calendar')).toBeGreaterThan(before));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByText('화면을 불러오지 못했어요')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('the network down though the browser says online: no reload (it would show the browser error page)', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    server.use(http.head(`${window.location.origin}/assets/*`, () => HttpResponse.error()));
    await startSignedIn();
    imports.failing.set('subscribe', importError);
    act(() => navigate('/subscribe'));
    expect(await screen.findByText('화면을 불러오지 못했어요')).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(reload).not.toHaveBeenCalled();
  });
});
