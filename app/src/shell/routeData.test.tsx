// A tap asks for the next screen's first data with its chunk (routeData.ts): every request the
// preload made is one the screen then does not make again (it takes the prefetched answer, or its shared
// loader's), and nothing prefetched is left untaken once the screen has rendered.
import { ROUTES } from '@creator-market/sdk/domain';
import { waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { api } from '../api/client';
import { forgetPrefetches, pendingPrefetches } from '../api/prefetch';
import { signInAs } from '../testing/appHarness';
import { setupMockApi } from '../testing/testServer';
import Calendar from '../screens/Calendar';
import Cart from '../screens/Cart';
import Home from '../screens/Home';
import List from '../screens/List';
import Market from '../screens/Market';
import My from '../screens/My';
import Order from '../screens/Order';
import OrderDetail from '../screens/OrderDetail';
import Product from '../screens/Product';
import Profile from '../screens/Profile';
import Search from '../screens/Search';
import SearchResult from '../screens/SearchResult';
import { renderScreen, resetScreenState } from '../testing/screenHarness';
import { setKeptPages } from './keptPages';
import { preloadRoute, ROUTE_DATA } from './routeData';

const server = setupMockApi();

/** Every product API address asked for from the mock from now on, in order. */
function recordRequests(): string[] {
  const urls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    urls.push(`${request.method} ${request.url}`);
  });
  return urls;
}

const at = (path: string) => new URL(path, window.location.origin);

beforeEach(async () => {
  resetScreenState();
  forgetPrefetches();
  setKeptPages([]);
  await signInAs('buyer');
});
afterEach(() => {
  server.events.removeAllListeners();
});

/** The route's pattern in the sdk's table. */
const pattern = (name: string) => ROUTES.find((route) => route.name === name)?.path ?? '';

async function firstRoomId(): Promise<string> {
  const [room] = await api.get('/room');
  if (!room) throw new Error('the buyer persona has no order room');
  return room._id;
}

const CASES: { name: keyof typeof ROUTE_DATA; path: string | (() => Promise<string>); Screen: ComponentType }[] = [
  { name: 'home', path: '/', Screen: Home },
  { name: 'market', path: '/m/mallang_studio/4', Screen: Market },
  { name: 'product', path: '/p/mallang_studio/4', Screen: Product },
  { name: 'search-result', path: `/search/result?term=${encodeURIComponent('키링')}`, Screen: SearchResult },
  { name: 'my', path: '/my/user', Screen: My },
  { name: 'calendar', path: '/calendar', Screen: Calendar },
  { name: 'order', path: '/order', Screen: Order },
  { name: 'orderDetail', path: async () => `/order/${await firstRoomId()}`, Screen: OrderDetail },
  { name: 'cart', path: '/cart', Screen: Cart },
  { name: 'profile', path: '/profile/mallang_studio', Screen: Profile },
  { name: 'search', path: '/search', Screen: Search },
  // Each shape of list (screens/List/listConfig.ts) asks for its own first page.
  { name: 'list', path: '/list/category/stickers', Screen: List },
  { name: 'list', path: '/list/category', Screen: List },
  { name: 'list', path: '/list/topSeller', Screen: List },
  { name: 'list', path: '/list/topCart', Screen: List },
  { name: 'list', path: '/list/newProduct', Screen: List },
  { name: 'list', path: '/list/openMarket', Screen: List },
  { name: 'list', path: '/list/marketPreview', Screen: List },
];

describe("a tap's data, asked for with the chunk", () => {
  test('every route with first data has a case here', () => {
    expect([...new Set(CASES.map((entry) => entry.name))].sort()).toEqual(Object.keys(ROUTE_DATA).sort());
  });

  test.each(CASES)('$name ($path): the screen asks for none of it again, and takes all of it', async ({ name, path, Screen }) => {
    const address = typeof path === 'string' ? path : await path();
    const requests = recordRequests();
    await preloadRoute(at(address), { data: true });
    const preloaded = requests.splice(0);
    expect(preloaded.length).toBeGreaterThan(0);

    renderScreen(address, pattern(name), Screen);
    await waitFor(() => expect(pendingPrefetches()).toEqual([]));
    // The screen's own first requests have gone by now (its effects ran when it took the answers).
    expect(requests.filter((request) => preloaded.includes(request))).toEqual([]);
  });
});

describe('what a preload does not ask for', () => {
  test('a kept page (its data on screen) and a pointerdown ask for no data', async () => {
    const requests = recordRequests();
    setKeptPages(['/m/mallang_studio/4']);
    await preloadRoute(at('/m/mallang_studio/4'), { data: true });
    await preloadRoute(at('/calendar'), { data: false });
    expect(requests).toEqual([]);
  });
});
