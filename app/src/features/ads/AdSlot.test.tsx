// Ad placements against the mock ad service: each asks for its unit with the ad user id (guest value or
// account creation time), the platform (web or the native shell's OS) and the locale; an ad shows, while no
// ad, an error answer and a failed request all leave the slot hidden without a message. The home popup
// exists only in the native app, with its OS's unit. Which screen hosts which placement:
// screens/adPlacements.test.tsx.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Activity } from 'react';
import { describe, expect, test } from 'vitest';
import { signInAs } from '../../testing/appHarness';
import { setupAdTests } from '../../testing/adTestSetup';
import { setupMockApi } from '../../testing/testServer';
import { installSimulatedShell } from '../../testing/simulatedShell';
import { session } from '../../stores/session';
import { uiState } from '../../stores/ui';
import { setupMockControl } from '../../testing/mockControl';
import { renderScreen } from '../../testing/screenHarness';
import { AD_UNITS, AdSlot, type AdUnit } from './AdSlot';
import { AD_GUEST_KEY } from './adUser';
import { HOME_POPUP_HIDDEN_KEY, HomePopupAd, resetHomePopupAd } from './HomePopupAd';

const server = setupMockApi();
const mock = setupMockControl();
/** The ad requests of the current test, as their query. */
const requests = setupAdTests(server);

const SLOT_UNITS = Object.values(AD_UNITS).filter((unit) => !unit.startsWith('home-popup-')) as AdUnit[];

const slot = (unit: string) => document.querySelector(`[data-ad-unit="${unit}"]`);

describe('one placement', () => {
  test('there are the twelve placements of the spec', () => {
    expect(Object.values(AD_UNITS).sort()).toEqual(
      [
        'home-popup-android',
        'home-popup-ios',
        'home-top30-native',
        'top30-bottom-banner',
        'home-cart-native-1',
        'home-cart-native-2',
        'market-product-top-banner',
        'my-middle-banner',
        'receipt-memo-bottom-banner',
        'search-middle-banner',
        'search-result-middle-banner',
        'calendar-middle-banner',
      ].sort(),
    );
  });

  test.each(SLOT_UNITS)('%s: a guest on the web asks with the stored guest id, pf web, lcl ko_KR and sees the ad', async (unit) => {
    renderScreen('/', '/', () => <AdSlot unit={unit} />);
    await waitFor(() => expect(slot(unit)).toBeInTheDocument());
    const guest = localStorage.getItem(AD_GUEST_KEY);
    expect(guest).toBeTruthy();
    expect(requests).toEqual([{ unit, uid: guest, pf: 'web', lcl: 'ko_KR' }]);
  });

  test('a signed-in user is known by the account creation time; the guest id stays for guests', async () => {
    localStorage.setItem(AD_GUEST_KEY, 'g-kept-guest');
    await signInAs('buyer');
    const createdAt = session.me?.auth.metadata.createdAt as string;
    renderScreen('/', '/', () => <AdSlot unit={AD_UNITS.searchMiddleBanner} />);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ uid: `u-${Date.parse(createdAt)}` });
    expect(localStorage.getItem(AD_GUEST_KEY)).toBe('g-kept-guest');
  });

  test.each([
    ['android', 'ko-KR', 'ko_KR'],
    ['ios', 'ja-JP', 'ja_JP'],
  ] as const)('inside the native app on %s: pf from the shell, lcl from the device language %s', async (os, language, lcl) => {
    installSimulatedShell({ os, language });
    renderScreen('/', '/', () => <AdSlot unit={AD_UNITS.calendarMiddleBanner} />);
    await waitFor(() => expect(slot(AD_UNITS.calendarMiddleBanner)).toBeInTheDocument());
    expect(requests).toEqual([expect.objectContaining({ unit: AD_UNITS.calendarMiddleBanner, pf: os, lcl })]);
  });

  // Each answer is the mock ad service's own: no ad when no market is open or opening (the world's clock
  // moved past every market), its 500 in the service's {code, msg} shape, a failed request.
  test.each([
    ['no ad (non-zero code)', 200, () => mock.clock.set('2099-12-01T03:00:00Z')],
    ['an error answer', 500, () => mock.scenarios.force('http-500', { operationId: 'requestAd' })],
    ['a failed request', 0, () => mock.faults.force('network-error', { operationId: 'requestAd' })],
  ])('%s: the slot stays hidden, without a message', async (_case, status, answer) => {
    await answer();
    const { container } = renderScreen('/', '/', () => (
      <div data-testid="host">
        <AdSlot unit={AD_UNITS.searchMiddleBanner} />
      </div>
    ));
    await waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 400)); // past the error handling delay
    expect(container.querySelector('[data-testid="host"]')?.childElementCount).toBe(0);
    expect(uiState.dialogs).toHaveLength(0);
    expect(uiState.toasts).toHaveLength(0);
    // The answer the slot got, as the mock's journal has it (0: no HTTP answer).
    const journal = await mock.journal.list({ operationId: 'requestAd' });
    expect(journal.requests.at(-1)?.status).toBe(status);
  });
});

describe('kept-alive pages', () => {
  test('a page hidden and shown again keeps its ad: no collapse, no second request (the scroll position stays)', async () => {
    const view = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <AdSlot unit={AD_UNITS.homeTop30Native} />
      </Activity>
    );
    const { rerender } = render(view('visible'));
    await waitFor(() => expect(slot(AD_UNITS.homeTop30Native)).toBeInTheDocument());
    expect(requests).toHaveLength(1);
    rerender(view('hidden'));
    rerender(view('visible'));
    // Shown again: the ad is there at once, and stays, without asking again.
    expect(slot(AD_UNITS.homeTop30Native)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(slot(AD_UNITS.homeTop30Native)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});

describe('home popup', () => {
  test('not on the web', async () => {
    renderScreen('/', '/', HomePopupAd);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test.each([
    ['android', 'home-popup-android'],
    ['ios', 'home-popup-ios'],
  ] as const)('in the app on %s: %s in a bottom popup, hidden for the day on request', async (os, unit) => {
    installSimulatedShell({ os });
    const { unmount } = renderScreen('/', '/', HomePopupAd);
    const popup = await screen.findByRole('dialog', { name: '광고' });
    expect(popup.querySelector(`[data-ad-unit="${unit}"]`)).toBeInTheDocument();
    expect(requests).toEqual([expect.objectContaining({ unit, pf: os })]);
    fireEvent.click(screen.getByRole('button', { name: '오늘 하루 보지 않기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(HOME_POPUP_HIDDEN_KEY)).toBeTruthy();
    unmount();

    resetHomePopupAd();
    requests.length = 0;
    renderScreen('/', '/', HomePopupAd);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests).toHaveLength(0);
  });
});
