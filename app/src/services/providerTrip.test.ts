// Provider pages leave no history entry (issue 31): a return from the sign-in or payment provider steps back
// over the provider's entries to the app's own, and shows the return address in its place. Walked in a tab
// kept as Chromium keeps one (Tab below), with the app's modules loaded afresh on every page load of it.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PROVIDER_RETURN_KEY } from './providerNotes';

type TripModule = typeof import('./providerTrip') & typeof import('./providerDeparture');

const APP = window.location.origin;
const PROVIDER = 'https://provider.example';
/** Chromium's limit: a tab keeps its 50 latest entries. */
const KEPT_ENTRIES = 50;

interface Entry {
  url: string;
  key: string;
  /** The page (document) the entry belongs to. */
  page: number;
}

/** jsdom's own replaceState, to set its address without the app seeing a change. */
const setAddress = (url: string) => History.prototype.replaceState.call(window.history, null, '', url);

/**
 * A tab's session history as Chromium keeps it: a new entry cuts off those ahead; the 50 latest are kept;
 * history.length counts them; the Navigation API lists the app's entries next to the current one only (a
 * provider's page breaks the list); a page load of the app's address loads its modules anew and runs the
 * start of main.tsx (takeProviderReturn). `navigationApi: false`: a browser without that API.
 */
class Tab {
  readonly entries: Entry[] = [];
  index = -1;
  /** The page on screen's providerTrip module (null on a provider's page), and what its start answered. */
  app: TripModule | null = null;
  started: ReturnType<TripModule['takeProviderReturn']> | null = null;
  private keys = 0;
  private pages = 0;
  /** The entry a page asked to go to (history.go, navigation.traverseTo): the browser goes after the task. */
  private asked: number | null = null;

  constructor(navigationApi = true) {
    Object.defineProperty(window.history, 'length', { configurable: true, get: () => this.entries.length });
    vi.spyOn(window.history, 'replaceState').mockImplementation((_state, _unused, url) => {
      if (typeof url === 'string') this.current.url = new URL(url, APP).href;
      setAddress(this.current.url);
    });
    if (navigationApi) Object.defineProperty(window, 'navigation', { configurable: true, value: this.navigation() });
  }

  get current(): Entry {
    return this.entries[this.index]!;
  }

  /** The current entry's address: an app path, or a provider's URL. */
  here(): string {
    return this.show(this.current);
  }

  /** Where back goes from here. */
  behind(): string {
    return this.show(this.entries[this.index - 1]!);
  }

  /** A page load from a link, a form or a redirect: a new entry. */
  async open(url: string): Promise<void> {
    this.add(new URL(url, APP).href, 0);
    await this.load('navigate');
  }

  /** An in-app navigation (wouter's pushState and its event). */
  push(path: string): void {
    this.add(new URL(path, APP).href, this.current.page);
    setAddress(path);
    window.dispatchEvent(new Event('pushState'));
  }

  /** The browser's back button. */
  async back(): Promise<void> {
    await this.go(this.index - 1);
  }

  private show(entry: Entry): string {
    return entry.url.startsWith(`${APP}/`) ? entry.url.slice(APP.length) : entry.url;
  }

  private isApp(entry: Entry | undefined): boolean {
    return entry !== undefined && entry.url.startsWith(`${APP}/`);
  }

  private add(url: string, page: number): void {
    this.entries.splice(this.index + 1);
    this.entries.push({ url, key: `entry-${(this.keys += 1)}`, page });
    if (this.entries.length > KEPT_ENTRIES) this.entries.shift();
    this.index = this.entries.length - 1;
  }

  /** The app's entries next to the current one (the Navigation API's list). */
  private appRun(): Entry[] {
    let first = this.index;
    let last = this.index;
    while (this.isApp(this.entries[first - 1])) first -= 1;
    while (this.isApp(this.entries[last + 1])) last += 1;
    return this.entries.slice(first, last + 1);
  }

  private navigation() {
    // Moving to another page: the promises of the page left never settle.
    const never = () => new Promise<never>(() => undefined);
    const current = () => ({ key: this.current.key, index: this.appRun().indexOf(this.current) });
    return {
      get currentEntry() {
        return current();
      },
      entries: () => this.appRun().map((entry) => ({ key: entry.key, url: entry.url, sameDocument: entry.page === this.current.page })),
      traverseTo: (key: string) => {
        this.asked = this.entries.findIndex((entry) => entry.key === key);
        return { committed: never(), finished: never() };
      },
    };
  }

  private async go(target: number): Promise<void> {
    const entry = this.entries[target];
    if (!entry) return;
    const samePage = entry.page === this.current.page && this.isApp(entry);
    this.index = target;
    if (!samePage) return this.load('back_forward');
    setAddress(entry.url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }

  private async load(type: NavigationTimingType): Promise<void> {
    this.app = null;
    this.started = null;
    if (!this.isApp(this.current)) return;
    this.current.page = this.pages += 1;
    setAddress(this.current.url);
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);
    vi.resetModules();
    // The page's start: the return (providerTrip.ts), with the history it watches from the load on.
    this.app = { ...(await import('./providerTrip')), ...(await import('./providerDeparture')) };
    const { pageNavigation } = await import('./pageNavigation');
    vi.spyOn(pageNavigation, 'go').mockImplementation((delta) => {
      this.asked = this.index + delta;
    });
    this.started = this.app.takeProviderReturn();
    const asked = this.asked;
    this.asked = null;
    if (asked !== null) await this.go(asked);
  }
}

let tab: Tab;

beforeEach(() => {
  sessionStorage.clear();
  setAddress('/');
});

afterEach(() => {
  delete (window as { navigation?: unknown }).navigation;
  delete (window.history as { length?: number }).length;
});

/** Home, a market page, then the login screen pushed from the market's login prompt. */
async function onTheLoginScreen(navigationApi = true): Promise<void> {
  tab = new Tab(navigationApi);
  await tab.open('/');
  tab.push('/m/mallang_studio/3');
  tab.push('/auth');
}

/** The login screen's 카카오로 시작하기: notes the trip (to end on the market page behind), leaves. */
async function leaveForKakao(): Promise<void> {
  tab.app!.noteProviderTrip('/auth/', 'token', { beforeLeaving: true });
  await tab.open(`${PROVIDER}/kakao/login`);
}

describe('a sign-in trip', () => {
  test('back from the market page signed in goes home: the return took the market page’s place', async () => {
    await onTheLoginScreen();
    await leaveForKakao();
    await tab.open('/auth/kakao?token=abc');

    expect(tab.started).toBe('returned');
    expect(tab.here()).toBe('/auth/kakao?token=abc'); // the login screen signs in from here, then shows the market
    expect(tab.behind()).toBe('/');
    expect(tab.index).toBe(1);
  });

  test('after going back from the Kakao page once (its entry ahead, which history.length still counts), the same', async () => {
    await onTheLoginScreen();
    await leaveForKakao();
    await tab.back(); // changed their mind: the login screen loads again, the Kakao page's entry ahead
    expect(tab.here()).toBe('/auth');
    await leaveForKakao();
    await tab.open('/auth/kakao?token=abc');

    expect(tab.started).toBe('returned');
    expect(tab.here()).toBe('/auth/kakao?token=abc');
    expect(tab.behind()).toBe('/');
  });

  test('a provider showing three pages: the count of entries is taken when coming back', async () => {
    await onTheLoginScreen();
    await leaveForKakao();
    await tab.open(`${PROVIDER}/kakao/password`);
    await tab.open(`${PROVIDER}/kakao/consent`);
    await tab.open('/auth/kakao?token=abc');

    expect(tab.here()).toBe('/auth/kakao?token=abc');
    expect(tab.behind()).toBe('/');
  });

  test('without the Navigation API, a count it is sure of still steps back', async () => {
    await onTheLoginScreen(false);
    await leaveForKakao();
    await tab.open('/auth/kakao?token=abc');
    expect(tab.here()).toBe('/auth/kakao?token=abc');
    expect(tab.behind()).toBe('/');
  });

  test('without the Navigation API and a count it cannot be sure of, the return stays where it landed', async () => {
    await onTheLoginScreen(false);
    await leaveForKakao();
    await tab.back();
    await leaveForKakao();
    await tab.open('/auth/kakao?token=abc');

    expect(tab.started).toBe('none'); // shown here: back then shows the Kakao page, but no wrong page comes first
    expect(tab.here()).toBe('/auth/kakao?token=abc');
  });

  test('a load that is not the noted return (no token, another path) is left alone', async () => {
    await onTheLoginScreen();
    await leaveForKakao();
    await tab.open('/auth/kakao');
    expect(tab.started).toBe('none');
    await tab.open('/r/100000000001/pay?result=success');
    expect(tab.started).toBe('none');
    expect(tab.here()).toBe('/r/100000000001/pay?result=success');
  });

  test('nothing noted: a return stays where it landed', async () => {
    await onTheLoginScreen();
    await tab.open(`${PROVIDER}/kakao/login`);
    await tab.open('/auth/kakao?token=abc');
    expect(tab.started).toBe('none');
    expect(tab.here()).toBe('/auth/kakao?token=abc');
  });
});

describe('a payment trip', () => {
  const RECEIPT = '/r/100000000001';

  /** The receipt, its 결제하기 (the pay page pushed), a card payment on the provider's page, the return. */
  async function payByCard(): Promise<void> {
    tab.push(RECEIPT);
    tab.push(`${RECEIPT}/pay`);
    tab.app!.noteProviderTrip(`${RECEIPT}/pay`, 'result', { beforeLeaving: true });
    await tab.open(`${PROVIDER}/card`);
    await tab.open(`${RECEIPT}/pay?result=success`);
  }

  test('back from the paid receipt goes to the page before the receipt', async () => {
    tab = new Tab();
    await tab.open('/my');
    await payByCard();

    expect(tab.started).toBe('returned');
    expect(tab.here()).toBe(`${RECEIPT}/pay?result=success`); // the pay page says the result, then shows the receipt
    expect(tab.behind()).toBe('/my');
  });

  test('a full history (Chromium drops the oldest of more than 50 entries): the same', async () => {
    tab = new Tab();
    await tab.open('/');
    for (let page = 1; page <= 60; page += 1) tab.push(`/m/mallang_studio/${page}`);
    expect(window.history.length).toBe(KEPT_ENTRIES);
    await payByCard();

    expect(tab.started).toBe('returned');
    expect(tab.here()).toBe(`${RECEIPT}/pay?result=success`);
    expect(tab.behind()).toBe('/m/mallang_studio/60');
  });

  test('a full history without the Navigation API: the return stays where it landed', async () => {
    tab = new Tab(false);
    await tab.open('/');
    for (let page = 1; page <= 60; page += 1) tab.push(`/m/mallang_studio/${page}`);
    await payByCard();
    expect(tab.started).toBe('none');
    expect(tab.here()).toBe(`${RECEIPT}/pay?result=success`);
  });

  test('a step back that never happens: the return is shown where the page is', async () => {
    const { abandonProviderReturn } = await import('./providerTrip');
    setAddress(RECEIPT);
    sessionStorage.setItem(PROVIDER_RETURN_KEY, JSON.stringify({ address: `${RECEIPT}/pay?result=success`, endKey: null, moved: false }));
    expect(abandonProviderReturn()).toBe(true);
    expect(sessionStorage.getItem(PROVIDER_RETURN_KEY)).toBeNull();
    expect(`${window.location.pathname}${window.location.search}`).toBe(`${RECEIPT}/pay?result=success`);
    expect(abandonProviderReturn()).toBe(false);
  });
});
