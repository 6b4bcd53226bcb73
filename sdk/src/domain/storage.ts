// Versioned local stores of SPEC.md section 3 over an injected backend (localStorage, sessionStorage or a
// Map in tests). Each store is saved as {"version": ..., "data": ...}. Reading never fails: a missing or
// unparsable value, or another version, resets to the defaults and saves them; a value of the wrong shape is
// repaired field by field (wrong fields take their default) and saved back.

/** The part of the Web Storage interface the stores use. */
export interface StorageBackend {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface VersionedStore<T> {
  readonly key: string;
  readonly version: string;
  defaults(): T;
  /** The stored value in its current version and shape. */
  read(backend: StorageBackend): T;
  /** Saves the value; false when the backend refused it (quota, private mode). */
  write(backend: StorageBackend, value: T): boolean;
  update(backend: StorageBackend, change: (value: T) => T): T;
  clear(backend: StorageBackend): void;
}

function safeGet(backend: StorageBackend, key: string): string | null {
  try {
    return backend.getItem(key);
  } catch {
    return null; // storage access can be denied (privacy settings): behave as if nothing was stored
  }
}

function safeSet(backend: StorageBackend, key: string, value: string): boolean {
  try {
    backend.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createVersionedStore<T>(key: string, version: string, defaults: () => T, repair: (data: unknown) => T): VersionedStore<T> {
  const write = (backend: StorageBackend, value: T) => safeSet(backend, key, JSON.stringify({ version, data: value }));
  const read = (backend: StorageBackend): T => {
    const raw = safeGet(backend, key);
    const stored = raw === null ? undefined : parseJson(raw);
    if (!isRecord(stored) || stored.version !== version) {
      const fresh = defaults();
      write(backend, fresh);
      return fresh;
    }
    const value = repair(stored.data);
    if (JSON.stringify(value) !== JSON.stringify(stored.data)) write(backend, value);
    return value;
  };
  return {
    key,
    version,
    defaults,
    read,
    write,
    update(backend, change) {
      const value = change(read(backend));
      write(backend, value);
      return value;
    },
    clear(backend) {
      try {
        backend.removeItem(key);
      } catch {
        // nothing to clear when storage cannot be reached
      }
    },
  };
}

const booleanOr = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
export const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? [...new Set(value.filter((item): item is string => typeof item === 'string'))] : [];

// ---------------------------------------------------------------- config

export interface ConfigRemember {
  /** Latest seller id seen per seller category (a different latest seller shows the new-seller badge). */
  category: Record<string, string>;
  viewMarketCategory: boolean;
  viewMarketSubs: boolean;
  /** View products by scroll: true, false, or null to ask on the first product visit. */
  viewProductScroll: boolean | null;
  orderHistoryInfoSeen: boolean;
}

export interface Config {
  remember: ConfigRemember;
  /** Epoch ms before which the app does not ask for notification permission again. */
  nextNotifyRequestTime: number;
}

export const CONFIG_VERSION = '2024-06-01';

function defaultConfig(): Config {
  return {
    remember: { category: {}, viewMarketCategory: false, viewMarketSubs: false, viewProductScroll: null, orderHistoryInfoSeen: false },
    nextNotifyRequestTime: 0,
  };
}

function repairConfig(data: unknown): Config {
  const source = isRecord(data) ? data : {};
  const remember = isRecord(source.remember) ? source.remember : {};
  const category = isRecord(remember.category) ? remember.category : {};
  const time = source.nextNotifyRequestTime;
  return {
    remember: {
      category: Object.fromEntries(Object.entries(category).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
      viewMarketCategory: booleanOr(remember.viewMarketCategory, false),
      viewMarketSubs: booleanOr(remember.viewMarketSubs, false),
      viewProductScroll: typeof remember.viewProductScroll === 'boolean' ? remember.viewProductScroll : null,
      orderHistoryInfoSeen: booleanOr(remember.orderHistoryInfoSeen, false),
    },
    nextNotifyRequestTime: typeof time === 'number' && Number.isFinite(time) && time >= 0 ? time : 0,
  };
}

export const configStore = createVersionedStore('config', CONFIG_VERSION, defaultConfig, repairConfig);

// ---------------------------------------------------------------- subscriptions

export const SUBSCRIBE_VERSION = '2024-06-01';

/** Ids of the sellers the user subscribes to (unique, in the order added). */
export const subscribeStore = createVersionedStore<string[]>('subscribe', SUBSCRIBE_VERSION, () => [], stringList);

/** Keys of the market alarms and ids-to-refresh stores (storage-lists.ts). */
export const ALARM_MARKET_ST_KEY = 'alarm_market_st';
export const EXPIRE_KEY = 'expire';

/** Logout clears the config, the expire store, subscriptions and alarms. */
export function clearUserStorage(backend: StorageBackend): void {
  for (const key of [configStore.key, EXPIRE_KEY, subscribeStore.key, ALARM_MARKET_ST_KEY]) {
    try {
      backend.removeItem(key);
    } catch {
      // storage denied: nothing was kept either
    }
  }
}

// ---------------------------------------------------------------- redirect after login (session storage)

export const LOGIN_REDIRECT_KEY = 'loginRedirect';

export interface LoginRedirect {
  /** Full path (with query and hash) to return to. */
  path: string;
  /** The protected page was the first navigation (opened directly, not from inside the app). */
  direct: boolean;
}

/** Only paths of this app: one leading slash (a '//' or '/\' start would leave the site). */
function isAppPath(path: unknown): path is string {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path);
}

export function saveLoginRedirect(session: StorageBackend, redirect: LoginRedirect): void {
  if (isAppPath(redirect.path)) safeSet(session, LOGIN_REDIRECT_KEY, JSON.stringify(redirect));
}

/** The saved redirect, removed once read; null when none (or not a path of this app). */
export function takeLoginRedirect(session: StorageBackend): LoginRedirect | null {
  const raw = safeGet(session, LOGIN_REDIRECT_KEY);
  if (raw === null) return null;
  try {
    session.removeItem(LOGIN_REDIRECT_KEY);
  } catch {
    // reading it once is enough
  }
  const stored = parseJson(raw);
  if (!isRecord(stored) || !isAppPath(stored.path)) return null;
  return { path: stored.path, direct: stored.direct === true };
}
