// In a build that talks to the mock (here: the tests), every API call names the screen the app shows in
// X-Mock-Screen (its route's name), so the mock's journal can say which screen rendered each answer.
import { http } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { resetAppState } from '../testing/appHarness';
import { setupMockApi } from '../testing/testServer';
import { API_BASE } from '../config/hosts';
import { adClient } from './adClient';
import { api } from './client';
import { MOCK_SCREEN_HEADER } from './mockWorlds';

const server = setupMockApi();

/** The X-Mock-Screen of each API call from now on (the mock's handlers behind still answer it). */
function recordScreens(): (string | null)[] {
  const screens: (string | null)[] = [];
  server.use(
    http.all(`${API_BASE}/*`, ({ request }) => {
      screens.push(request.headers.get(MOCK_SCREEN_HEADER));
    }),
  );
  return screens;
}

beforeEach(() => {
  resetAppState();
});

test("product API and ad calls carry the current route's name as X-Mock-Screen", async () => {
  const screens = recordScreens();
  window.history.replaceState(null, '', '/m/mallang_studio/4');
  await api.get('/common/v2/opened-market');
  window.history.replaceState(null, '', '/cart');
  await adClient.requestAd({ unit: 'home-banner', uid: 'guest', pf: 'web', lcl: 'ko_KR' });
  window.history.replaceState(null, '', '/no/such/page');
  await api.get('/common/v2/opened-market');
  expect(screens).toEqual(['market', 'cart', 'notFound']);
});
