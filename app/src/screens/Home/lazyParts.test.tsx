// The home's parts loaded after its first screen (the sections below the fold, the API client, and in the
// native app the bottom popup ad) are chunks of their own. Should one fail to load (offline for a moment), the
// rest of the home stays: the sections' place says so with '다시 시도', which loads them again; the popup ad
// is left out and imported again once the browser is back online; the first view shows from index.html's
// early answers without the client.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi, type MockInstance } from 'vitest';
import { setupMockApi } from '../../testing/testServer';
import { installSimulatedShell, removeSimulatedShell } from '../../testing/simulatedShell';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { SECTION_TITLES } from './sectionTitles';
import { firstBannerLoads } from '../../testing/homeTestHarness';
import { holdTimeoutsOf } from '../../testing/clock';
import { FIRST_SCREEN_WAIT_MS } from '../../components/data/useFirstScreen';
import { API_BASE } from '../../config/hosts';
import { EARLY_REQUESTS_GLOBAL, HOME_FIRST_REQUESTS } from '../../api/earlyRequests';
import Home from './index';

const chunks = vi.hoisted(() => {
  const failing = new Set<string>();
  const attempts = new Map<string, number>();
  /** A mocked chunk's import: counted, and failing while its name is in `failing`. */
  async function importChunk<T>(name: string, load: () => Promise<T>): Promise<T> {
    attempts.set(name, (attempts.get(name) ?? 0) + 1);
    if (failing.has(name)) throw new TypeError(`Failed to fetch dynamically imported module: /assets/${name}-0ld.js`);
    return load();
  }
  return { failing, attempts, importChunk };
});
vi.mock('./HomeSections', (importOriginal) => chunks.importChunk('HomeSections', importOriginal));
vi.mock('../../api/loadClient', async (importOriginal) => {
  const { loadApiClient } = await importOriginal<typeof import('../../api/loadClient')>();
  return { loadApiClient: () => chunks.importChunk('client', loadApiClient) };
});
vi.mock('../../features/ads/HomePopupAd', (importOriginal) => chunks.importChunk('HomePopupAd', importOriginal));

const server = setupMockApi();

function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  resetScreenState();
  chunks.failing.clear();
  chunks.attempts.clear();
  setOnline(true);
  // React and the boundaries log each failure; the test states what the user sees instead.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  setOnline(true);
  removeSimulatedShell();
  delete (window as unknown as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL];
});

const categories = () => screen.getByRole('navigation', { name: '작가 카테고리' });

test("offline, the sections' chunk fails: the banner and categories stay, the sections' place offers 다시 시도", async () => {
  setOnline(false);
  chunks.failing.add('HomeSections');
  renderScreen('/', '/', Home);
  await firstBannerLoads();

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('화면을 불러오지 못했어요');
  expect(screen.getByLabelText('메인 배너')).toBeInTheDocument();
  expect(within(categories()).getAllByRole('link').length).toBeGreaterThan(0);

  setOnline(true);
  chunks.failing.delete('HomeSections');
  fireEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
  expect(await screen.findByRole('heading', { name: SECTION_TITLES.topSeller })).toBeInTheDocument();
  expect(screen.queryByText('화면을 불러오지 못했어요')).not.toBeInTheDocument();
});

test('in the app, the popup ad chunk fails: the home shows without it, and the online event imports it again', async () => {
  installSimulatedShell();
  setOnline(false);
  chunks.failing.add('HomePopupAd');
  renderScreen('/', '/', Home);
  await firstBannerLoads();
  // React logs the error its boundary caught (vitest wraps a mock factory's error: the import's is its cause).
  const caught = (args: unknown[]) => args.some((arg) => arg instanceof Error && String(arg.cause).includes('HomePopupAd-0ld.js'));
  await waitFor(() => expect(consoleError.mock.calls.some(caught)).toBe(true));
  expect(within(categories()).getAllByRole('link').length).toBeGreaterThan(0);
  expect(screen.queryByText('화면을 불러오지 못했어요')).not.toBeInTheDocument();
  const before = chunks.attempts.get('HomePopupAd') ?? 0;

  setOnline(true);
  chunks.failing.delete('HomePopupAd');
  act(() => void window.dispatchEvent(new Event('online')));
  await waitFor(() => expect(chunks.attempts.get('HomePopupAd')).toBe(before + 1));
  expect(screen.getByLabelText('메인 배너')).toBeInTheDocument();
});

test("the API client's chunk fails: the first view shows from the early answers, which need no client", async () => {
  // index.html's early script asked for the first lists before the connection dropped.
  (window as unknown as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL] = Object.fromEntries(
    Object.values(HOME_FIRST_REQUESTS).map((address) => [`${API_BASE}${address}`, fetch(`${API_BASE}${address}`)]),
  );
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => void asked.push(request.url));
  chunks.failing.add('client');
  holdTimeoutsOf(FIRST_SCREEN_WAIT_MS);
  renderScreen('/', '/', Home);
  expect(await screen.findByLabelText('메인 배너')).toBeInTheDocument();
  expect(within(await screen.findByRole('navigation', { name: '작가 카테고리' })).getAllByRole('link').length).toBeGreaterThan(0);
  expect(chunks.attempts.get('client')).toBeUndefined();
  expect(asked).toEqual([]);

  // Once the first view is shown, the lists below it are asked for (with the client, which their chunk
  // imports); the banner and categories stay.
  await firstBannerLoads();
  await waitFor(() => expect(asked).toContain(`${API_BASE}/common/v2/seller?from=top`));
  expect(screen.getByLabelText('메인 배너')).toBeInTheDocument();
  expect(within(categories()).getAllByRole('link').length).toBeGreaterThan(0);
  server.events.removeAllListeners();
});
