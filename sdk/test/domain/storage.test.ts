import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  alarmMarketStore,
  clearUserStorage,
  configStore,
  expireStore,
  LOGIN_REDIRECT_KEY,
  markForRefresh,
  saveLoginRedirect,
  subscribeStore,
  takeLoginRedirect,
  takeRefresh,
  type Config,
  type StorageBackend,
  type VersionedStore,
} from '../../src/domain';

class MemoryStorage implements StorageBackend {
  readonly items = new Map<string, string>();
  writes = 0;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.writes += 1;
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** A backend that refuses everything, like storage blocked by privacy settings. */
const blocked: StorageBackend = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

const DEFAULT_CONFIG: Config = {
  remember: { category: {}, viewMarketCategory: false, viewMarketSubs: false, viewProductScroll: null, orderHistoryInfoSeen: false },
  nextNotifyRequestTime: 0,
};

const isConfig = (value: Config) => {
  const { remember } = value;
  return (
    Object.keys(value).sort().join() === 'nextNotifyRequestTime,remember' &&
    Object.keys(remember).sort().join() === 'category,orderHistoryInfoSeen,viewMarketCategory,viewMarketSubs,viewProductScroll' &&
    typeof remember.category === 'object' &&
    !Array.isArray(remember.category) &&
    Object.values(remember.category).every((seller) => typeof seller === 'string') &&
    typeof remember.viewMarketCategory === 'boolean' &&
    typeof remember.viewMarketSubs === 'boolean' &&
    (remember.viewProductScroll === null || typeof remember.viewProductScroll === 'boolean') &&
    typeof remember.orderHistoryInfoSeen === 'boolean' &&
    Number.isFinite(value.nextNotifyRequestTime) &&
    value.nextNotifyRequestTime >= 0
  );
};

const STORES: Array<[string, VersionedStore<unknown>, (value: unknown) => boolean]> = [
  ['config', configStore, (value) => isConfig(value as Config)],
  [
    'subscribe',
    subscribeStore,
    (value) => Array.isArray(value) && value.every((id) => typeof id === 'string') && new Set(value).size === value.length,
  ],
  [
    'alarm_market_st',
    alarmMarketStore,
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every(
        (times) => Array.isArray(times) && times.every((time) => typeof time === 'number' && Number.isFinite(time)),
      ),
  ],
  [
    'expire',
    expireStore,
    (value) => {
      const ids = value as Record<string, unknown>;
      return (
        Object.keys(ids).sort().join() === 'cart,orderDetail,orderHistory' &&
        Object.values(ids).every((list) => Array.isArray(list) && list.every((id) => typeof id === 'string'))
      );
    },
  ],
];

// Whatever may be sitting under a key: nothing, garbage, JSON of any shape, other versions, near-misses.
const anyJson = fc.jsonValue({ maxDepth: 4 });
const storedText = (store: VersionedStore<unknown>) =>
  fc.oneof(
    fc.string({ unit: 'binary' }),
    anyJson.map((value) => JSON.stringify(value)),
    fc
      .record({
        version: fc.oneof(fc.constant(store.version), fc.constantFrom('2022-08-18', '2024-06-01', '2023-01-01', ''), fc.string()),
        data: anyJson,
      })
      .map((value) => JSON.stringify(value)),
    fc.record({ version: fc.constant(store.version), data: fc.constant(store.defaults()) }).map((value) => JSON.stringify(value)),
    fc
      .record({
        remember: fc.dictionary(
          fc.constantFrom('category', 'viewMarketCategory', 'viewMarketSubs', 'viewProductScroll', 'orderHistoryInfoSeen', 'x'),
          anyJson,
        ),
        nextNotifyRequestTime: anyJson,
      })
      .map((data) => JSON.stringify({ version: store.version, data })),
  );

describe('versioned stores', () => {
  it('pin their keys, versions and defaults', () => {
    expect([configStore.key, configStore.version]).toEqual(['config', '2024-06-01']);
    expect([subscribeStore.key, subscribeStore.version]).toEqual(['subscribe', '2024-06-01']);
    expect([alarmMarketStore.key, alarmMarketStore.version]).toEqual(['alarm_market_st', '2022-08-18']);
    expect(configStore.defaults()).toEqual(DEFAULT_CONFIG);
    expect(subscribeStore.defaults()).toEqual([]);
    expect(alarmMarketStore.defaults()).toEqual({});
    expect(expireStore.defaults()).toEqual({ cart: [], orderHistory: [], orderDetail: [] });
  });

  for (const [name, store, isValid] of STORES) {
    test.prop([fc.option(storedText(store), { nil: null })])(`${name} always reads a valid current value and leaves it saved`, (text) => {
      const storage = new MemoryStorage();
      if (text !== null) storage.setItem(store.key, text);
      const value = store.read(storage);
      expect(isValid(value)).toBe(true);
      const saved = JSON.parse(storage.getItem(store.key)!) as { version: string; data: unknown };
      expect(saved).toEqual({ version: store.version, data: value });
      // Reading again gives the same value and no longer writes.
      const writes = storage.writes;
      expect(store.read(storage)).toEqual(value);
      expect(storage.writes).toBe(writes);
    });

    it(`${name} survives storage that refuses everything`, () => {
      expect(store.read(blocked)).toEqual(store.defaults());
      expect(store.write(blocked, store.defaults())).toBe(false);
      expect(() => store.clear(blocked)).not.toThrow();
    });
  }

  it('resets a missing, unparsable or older value to the defaults', () => {
    const storage = new MemoryStorage();
    expect(configStore.read(storage)).toEqual(DEFAULT_CONFIG);
    storage.setItem('config', '{not json');
    expect(configStore.read(storage)).toEqual(DEFAULT_CONFIG);
    storage.setItem('config', JSON.stringify({ version: '2023-01-01', data: { ...DEFAULT_CONFIG, nextNotifyRequestTime: 5 } }));
    expect(configStore.read(storage)).toEqual(DEFAULT_CONFIG);
    expect(JSON.parse(storage.getItem('config')!)).toEqual({ version: '2024-06-01', data: DEFAULT_CONFIG });
  });

  it('keeps the valid fields and repairs the rest', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      'config',
      JSON.stringify({
        version: '2024-06-01',
        data: {
          remember: {
            category: { stickers: 'seller-1', keyring: 7 },
            viewMarketCategory: true,
            viewMarketSubs: 'yes',
            viewProductScroll: false,
          },
          nextNotifyRequestTime: -1,
        },
      }),
    );
    expect(configStore.read(storage)).toEqual({
      remember: {
        category: { stickers: 'seller-1' },
        viewMarketCategory: true,
        viewMarketSubs: false,
        viewProductScroll: false,
        orderHistoryInfoSeen: false,
      },
      nextNotifyRequestTime: 0,
    });
    storage.setItem('subscribe', JSON.stringify({ version: '2024-06-01', data: ['a', 3, 'b', 'a'] }));
    expect(subscribeStore.read(storage)).toEqual(['a', 'b']);
    storage.setItem('alarm_market_st', JSON.stringify({ version: '2022-08-18', data: { m1: [1, 'x', 2], m2: 'soon' } }));
    expect(alarmMarketStore.read(storage)).toEqual({ m1: [1, 2] });
  });

  it('writes and updates', () => {
    const storage = new MemoryStorage();
    expect(subscribeStore.write(storage, ['mallang_studio'])).toBe(true);
    expect(subscribeStore.update(storage, (ids) => [...ids, 'bori'])).toEqual(['mallang_studio', 'bori']);
    expect(subscribeStore.read(storage)).toEqual(['mallang_studio', 'bori']);
    subscribeStore.clear(storage);
    expect(storage.getItem('subscribe')).toBeNull();
  });
});

describe('expire store', () => {
  it('marks ids and hands each mark out once', () => {
    const storage = new MemoryStorage();
    markForRefresh(storage, 'cart', 'cart-1');
    markForRefresh(storage, 'cart', 'cart-1');
    markForRefresh(storage, 'orderDetail', 'room-1');
    expect(expireStore.read(storage)).toEqual({ cart: ['cart-1'], orderHistory: [], orderDetail: ['room-1'] });
    expect(takeRefresh(storage, 'cart', 'cart-1')).toBe(true);
    expect(takeRefresh(storage, 'cart', 'cart-1')).toBe(false);
    expect(takeRefresh(storage, 'orderHistory', 'room-1')).toBe(false);
    expect(takeRefresh(storage, 'orderDetail', 'room-1')).toBe(true);
  });

  test.prop([
    fc.array(fc.tuple(fc.constantFrom('cart' as const, 'orderHistory' as const, 'orderDetail' as const), fc.constantFrom('a', 'b', 'c')), {
      maxLength: 12,
    }),
  ])('an id is taken once after any number of marks', (marks) => {
    const storage = new MemoryStorage();
    for (const [kind, id] of marks) markForRefresh(storage, kind, id);
    for (const [kind, id] of marks) {
      const marked = expireStore.read(storage)[kind].includes(id);
      expect(takeRefresh(storage, kind, id)).toBe(marked);
      expect(takeRefresh(storage, kind, id)).toBe(false);
    }
    expect(expireStore.read(storage)).toEqual({ cart: [], orderHistory: [], orderDetail: [] });
  });
});

describe('logout and the login redirect', () => {
  it('logout clears config, expire store, subscriptions and alarms only', () => {
    const storage = new MemoryStorage();
    configStore.read(storage);
    expireStore.read(storage);
    subscribeStore.write(storage, ['a']);
    alarmMarketStore.write(storage, { m: [1] });
    storage.setItem('other', 'kept');
    clearUserStorage(storage);
    expect([...storage.items.keys()]).toEqual(['other']);
  });

  it('saves the path to return to and hands it out once', () => {
    const session = new MemoryStorage();
    saveLoginRedirect(session, { path: '/cart/3?x=1#y', direct: true });
    expect(JSON.parse(session.getItem(LOGIN_REDIRECT_KEY)!)).toEqual({ path: '/cart/3?x=1#y', direct: true });
    expect(takeLoginRedirect(session)).toEqual({ path: '/cart/3?x=1#y', direct: true });
    expect(takeLoginRedirect(session)).toBeNull();
  });

  it('refuses paths that leave the app', () => {
    const session = new MemoryStorage();
    for (const path of ['https://evil.test', '//evil.test', '/\\evil.test', 'cart']) {
      saveLoginRedirect(session, { path, direct: false });
      expect(session.getItem(LOGIN_REDIRECT_KEY)).toBeNull();
    }
    session.setItem(LOGIN_REDIRECT_KEY, JSON.stringify({ path: '//evil.test', direct: true }));
    expect(takeLoginRedirect(session)).toBeNull();
    session.setItem(LOGIN_REDIRECT_KEY, 'garbage');
    expect(takeLoginRedirect(session)).toBeNull();
    session.setItem(LOGIN_REDIRECT_KEY, JSON.stringify({ path: '/my/user' }));
    expect(takeLoginRedirect(session)).toEqual({ path: '/my/user', direct: false });
    expect(takeLoginRedirect(blocked)).toBeNull();
  });

  it('reads a redirect even when removing it fails', () => {
    const session: StorageBackend = {
      getItem: () => JSON.stringify({ path: '/order', direct: true }),
      setItem: () => {},
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(takeLoginRedirect(session)).toEqual({ path: '/order', direct: true });
  });
});
