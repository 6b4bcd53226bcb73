// A page's start and a provider's return (providerTrip.test.ts follows whole trips): nothing noted, nothing
// loaded or changed; a noted return is taken; a page restored from the back-forward cache shows a noted return.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PROVIDER_RETURN_KEY, PROVIDER_TRIP_KEY } from './providerNotes';
import { takeNotedProviderReturn, watchRestoredReturn } from './providerReturn';

const APP = window.location.origin;
const RECEIPT = '/r/100000000001';
const setAddress = (url: string) => History.prototype.replaceState.call(window.history, null, '', url);

beforeEach(() => {
  sessionStorage.clear();
  setAddress('/');
});

afterEach(() => {
  delete (window as { navigation?: unknown }).navigation;
});

describe('a page start', () => {
  test('with nothing noted: none, the address kept', async () => {
    setAddress(`${RECEIPT}/pay?result=success`);
    const restart = vi.fn();
    await expect(takeNotedProviderReturn(restart)).resolves.toBe('none');
    expect(`${window.location.pathname}${window.location.search}`).toBe(`${RECEIPT}/pay?result=success`);
    expect(restart).not.toHaveBeenCalled();
  });

  test('with a trip noted for another return: none, the note kept', async () => {
    sessionStorage.setItem(PROVIDER_TRIP_KEY, JSON.stringify({ returnPath: '/auth/', param: 'token' }));
    await expect(takeNotedProviderReturn(vi.fn())).resolves.toBe('none');
    expect(sessionStorage.getItem(PROVIDER_TRIP_KEY)).not.toBeNull();
  });

  test('on the entry a return stepped back to: returned, the return address in its place', async () => {
    setAddress(RECEIPT);
    sessionStorage.setItem(PROVIDER_RETURN_KEY, JSON.stringify({ address: `${RECEIPT}/pay?result=success`, endKey: null, moved: false }));
    await expect(takeNotedProviderReturn(vi.fn())).resolves.toBe('returned');
    expect(`${window.location.pathname}${window.location.search}`).toBe(`${RECEIPT}/pay?result=success`);
    expect(sessionStorage.getItem(PROVIDER_RETURN_KEY)).toBeNull();
  });
});

describe('a page restored from the back-forward cache', () => {
  test('a page restored from the back-forward cache shows the return in the app', async () => {
    const show = vi.fn();
    const stop = watchRestoredReturn(show);
    sessionStorage.setItem(PROVIDER_RETURN_KEY, JSON.stringify({ address: `${RECEIPT}/pay?result=success`, endKey: null, moved: false }));
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(show).not.toHaveBeenCalled();
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith(`${RECEIPT}/pay?result=success`));
    stop();
  });

  test('restored on an entry before the one to end on (same page): moves on to it, then shows the return', async () => {
    let current = 'entry-home';
    const traverseTo = vi.fn((key: string) => {
      current = key;
      return { committed: Promise.resolve(), finished: Promise.resolve() };
    });
    Object.defineProperty(window, 'navigation', {
      configurable: true,
      value: {
        get currentEntry() {
          return { key: current, index: current === 'entry-home' ? 0 : 1 };
        },
        entries: () => ['entry-home', 'entry-receipt'].map((key) => ({ key, url: `${APP}/`, sameDocument: true })),
        traverseTo,
      },
    });
    const show = vi.fn();
    const stop = watchRestoredReturn(show);
    const address = `${RECEIPT}/pay?result=success`;
    sessionStorage.setItem(PROVIDER_RETURN_KEY, JSON.stringify({ address, endKey: 'entry-receipt', moved: false }));
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith(address));
    expect(traverseTo).toHaveBeenCalledWith('entry-receipt');
    expect(traverseTo.mock.invocationCallOrder[0]).toBeLessThan(show.mock.invocationCallOrder[0]!);
    expect(traverseTo).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(PROVIDER_RETURN_KEY)).toBeNull();
    stop();
  });
});
