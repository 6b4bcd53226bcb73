// Provider pages leave no history entry (issue 31): a return from the sign-in or payment provider steps back
// over the provider's entries to the app's own, and shows the return address in its place.
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { pageNavigation } from './pageNavigation';
import {
  abandonProviderReturn,
  noteProviderTrip,
  PROVIDER_RETURN_KEY,
  PROVIDER_TRIP_KEY,
  takeProviderReturn,
  watchRestoredReturn,
} from './providerTrip';

/** History as a browser would have it: `entries` pushed after the current one (jsdom: same origin only). */
function visit(...entries: string[]) {
  for (const entry of entries) window.history.pushState(null, '', entry);
}

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('a sign-in trip', () => {
  test('the return steps back over the provider page and the return page to the login entry, then shows the return there', () => {
    const go = vi.spyOn(pageNavigation, 'go').mockImplementation(() => {});
    visit('/m/mallang_studio/3', '/auth');
    noteProviderTrip('/auth/', 'token');
    // The provider's page (another origin in a browser), then its redirect back to the app.
    visit('/provider-page', '/auth/kakao?token=abc');

    expect(takeProviderReturn()).toBe('leaving');
    expect(go).toHaveBeenCalledWith(-2);
    expect(sessionStorage.getItem(PROVIDER_TRIP_KEY)).toBeNull();

    // The login entry loads again: the return is shown in its place (the login screen signs in from there).
    window.history.replaceState(null, '', '/auth');
    const length = window.history.length;
    expect(takeProviderReturn()).toBe('returned');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/auth/kakao?token=abc');
    expect(window.history.length).toBe(length);
    expect(takeProviderReturn()).toBe('none');
  });

  test('opened from the page to return to: one step more, so that page is not in history twice', () => {
    const go = vi.spyOn(pageNavigation, 'go').mockImplementation(() => {});
    visit('/m/mallang_studio/3', '/auth');
    noteProviderTrip('/auth/', 'token', { beforeLeaving: true });
    visit('/provider-page', '/provider-consent', '/auth/kakao?token=abc');
    expect(takeProviderReturn()).toBe('leaving');
    expect(go).toHaveBeenCalledWith(-4);
  });

  test('a load that is not the noted return (no token, another path) is left alone', () => {
    const go = vi.spyOn(pageNavigation, 'go').mockImplementation(() => {});
    visit('/auth');
    noteProviderTrip('/auth/', 'token');
    visit('/provider-page', '/auth/kakao');
    expect(takeProviderReturn()).toBe('none');
    visit('/r/1/pay?result=success');
    expect(takeProviderReturn()).toBe('none');
    expect(go).not.toHaveBeenCalled();
  });

  test('nothing noted: a return stays where it landed', () => {
    const go = vi.spyOn(pageNavigation, 'go').mockImplementation(() => {});
    visit('/auth/kakao?token=abc');
    expect(takeProviderReturn()).toBe('none');
    expect(go).not.toHaveBeenCalled();
  });
});

describe('a payment trip', () => {
  test('back from the provider after paying: the return replaces the receipt the pay page was opened from', () => {
    const go = vi.spyOn(pageNavigation, 'go').mockImplementation(() => {});
    visit('/order/room1', '/r/R1', '/r/R1/pay');
    noteProviderTrip('/r/R1/pay', 'result', { beforeLeaving: true });
    visit('/provider-card', '/r/R1/pay?result=success');
    expect(takeProviderReturn()).toBe('leaving');
    expect(go).toHaveBeenCalledWith(-3);
  });

  test('a step back that never happens: the return is shown where it landed', () => {
    vi.spyOn(pageNavigation, 'go').mockImplementation(() => {});
    visit('/r/R1/pay');
    noteProviderTrip('/r/R1/pay', 'result');
    visit('/provider-card', '/r/R1/pay?result=success');
    expect(takeProviderReturn()).toBe('leaving');
    expect(abandonProviderReturn()).toBe(true);
    expect(sessionStorage.getItem(PROVIDER_RETURN_KEY)).toBeNull();
    expect(abandonProviderReturn()).toBe(false);
  });

  test('a page restored from the back-forward cache shows the return in the app', () => {
    const show = vi.fn();
    const stop = watchRestoredReturn(show);
    sessionStorage.setItem(PROVIDER_RETURN_KEY, JSON.stringify('/r/R1/pay?result=success'));
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(show).not.toHaveBeenCalled();
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(show).toHaveBeenCalledWith('/r/R1/pay?result=success');
    stop();
  });
});
