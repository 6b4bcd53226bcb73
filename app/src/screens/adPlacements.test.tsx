// The screens host the ad placements of the spec (features/ads/AdSlot.test.tsx tests a placement itself):
// each screen asks the mock ad service for exactly its units and shows them; the home in the native app adds
// the bottom popup of its OS.
import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, test } from 'vitest';
import { AD_UNITS, type AdUnit } from '../features/ads/AdSlot';
import { signInAs } from '../testing/appHarness';
import { setupAdTests } from '../testing/adTestSetup';
import { setupMockApi } from '../testing/testServer';
import { installSimulatedShell } from '../testing/simulatedShell';
import { renderScreen } from '../testing/screenHarness';
import { findMarket } from '../testing/worldLookup';
import Calendar from './Calendar';
import Home from './Home';
import { firstBannerLoads } from '../testing/homeTestHarness';
import { SECTION_TITLES } from './Home/sectionTitles';
import Market from './Market';
import Search from './Search';
import SearchResult from './SearchResult';

const server = setupMockApi();
/** The ad requests of the current test, as their query. */
const requests = setupAdTests(server);

const slot = (unit: string) => document.querySelector(`[data-ad-unit="${unit}"]`);

describe('the screens host their placements', () => {
  /** `shown`: what the screen waits for before its lists load, done as a browser would. */
  async function expectUnits(Screen: ComponentType, path: string, pattern: string, units: AdUnit[], shown?: () => Promise<void>) {
    renderScreen(path, pattern, Screen);
    await shown?.();
    await waitFor(() => expect(requests.map((query) => query.unit).sort()).toEqual([...units].sort()));
    for (const unit of units) await waitFor(() => expect(slot(unit)).toBeInTheDocument());
  }

  test('home: top-30 native, top-30 bottom banner, two cart-product natives', async () => {
    await expectUnits(
      Home,
      '/',
      '/',
      [AD_UNITS.homeTop30Native, AD_UNITS.top30BottomBanner, AD_UNITS.homeCartNative1, AD_UNITS.homeCartNative2],
      firstBannerLoads,
    );
    // Four ads on one screen: each landmark has a name of its own (axe's landmark-unique).
    const names = [...document.querySelectorAll('aside[data-ad-unit]')].map((ad) => ad.getAttribute('aria-label'));
    expect(names.sort()).toEqual(
      ['광고', `${SECTION_TITLES.topSeller} 광고`, `${SECTION_TITLES.topCart} 광고 1`, `${SECTION_TITLES.topCart} 광고 2`].sort(),
    );
  });

  test('home in the app adds the bottom popup of its OS', async () => {
    installSimulatedShell({ os: 'android' });
    renderScreen('/', '/', Home);
    await waitFor(() => expect(requests.map((query) => query.unit)).toContain(AD_UNITS.homePopupAndroid));
    expect(await screen.findByRole('dialog', { name: '광고' })).toBeInTheDocument();
  });

  test('market: product-top banner', async () => {
    const { sellerId, marketId } = await findMarket('opened');
    await expectUnits(Market, `/m/${sellerId}/${marketId}`, '/m/:sellerId/:marketId', [AD_UNITS.marketProductTopBanner]);
  });

  test('search: middle banner', async () => {
    await expectUnits(Search, '/search', '/search', [AD_UNITS.searchMiddleBanner]);
  });

  test('search results: middle banner', async () => {
    await expectUnits(SearchResult, '/search/result?term=%ED%82%A4%EB%A7%81', '/search/result', [AD_UNITS.searchResultMiddleBanner]);
  });

  test('calendar: middle banner', async () => {
    await signInAs('buyer');
    await expectUnits(Calendar, '/calendar', '/calendar', [AD_UNITS.calendarMiddleBanner]);
  });
});
