// The browser door: the msw door (./msw) in the page, behind msw's service worker, for `pnpm dev --no-server`
// and the static build. Two things only a browser needs, neither a rule of the mock:
//
// - The worlds outlive a reload: each is kept in IndexedDB as what it changed over its generated records
//   (../control/world-changes), saved shortly after every change, and made again at the next start. A reset
//   through the control plane (the Lab) replaces the world, and so what is kept.
// - So do each world's control settings (sticky rules, latency) and its request journal, which the page
//   keeps in sessionStorage (the tab's own, written as each request is answered): a rule forced before a
//   page load, such as a sign-in page's return, still applies after it.
// - The pages (sign-in, payment, seller centre) are page navigations, which the service worker hands to the
//   app's index.html (public/creator-market-sw.js) and the page then shows here: `hostPage` asks the core
//   for the navigation, writes the HTML into the document, and sends the page's form posts and link taps
//   through the core again. No page leaves a history entry behind: each replaces the one before, and a page
//   that returns to the app replaces itself with the app's address.
import type { HttpHandler } from 'msw';
import type { WorldSettings } from '../control/state';
import { changesOf, worldFromChanges, type WorldChanges } from '../control/world-changes';
import { createCore, type Core } from '../core/core';
import type { Answer, CoreRequest } from '../http/exchange';
import type { JournalRecord } from '../http/journal';
import { utf8 } from '../http/exchange';
import { tooLarge } from '../http/json-body';
import { DEFAULT_WORLD, WorldRegistry } from '../world/registry';
import type { ChangeHook, World } from '../world/world';
import { mswHandlers } from './msw';

export interface BrowserDoorOptions {
  /** Where the app sends API requests: the page's origin and a path of its own (`https://preview.example/__api`). */
  baseUrl: string;
  seed?: number;
  scale?: number;
  /** At most this many named worlds in the page (default 4). */
  maxWorlds?: number;
  /** The IndexedDB database the worlds are kept in. */
  database?: string;
}

export interface BrowserDoor {
  core: Core;
  /** msw handlers for setupWorker. */
  handlers: HttpHandler[];
  /** Saves every change not saved yet. */
  flush(): Promise<void>;
  /** Whether the page's address is one of the mock's pages (below the base), which `hostPage` shows. */
  isMockPage(location: Location): boolean;
  /** Shows the mock's page at the page's address (see the module comment). */
  hostPage(): Promise<void>;
}

/** The fragment a POST navigation to a page arrives with: the service worker moves the form there (creator-market-sw.js). */
export const FORM_FRAGMENT = '__mockForm=';

export async function createBrowserDoor(options: BrowserDoorOptions): Promise<BrowserDoor> {
  const base = new URL(options.baseUrl);
  const kept = await openWorldStore(options.database ?? 'creator-market-mock');
  const saved = await kept.all();
  const pending = new Set<World>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let saving: Promise<void> = Promise.resolve();
  // A change that must be kept before its answer goes back (see `answering`).
  let keepBeforeAnswer = false;

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    keepBeforeAnswer = false;
    const worlds = [...pending];
    pending.clear();
    if (worlds.length)
      saving = saving
        .then(() => kept.put(worlds.map(changesOf)))
        .catch((err: unknown) => console.warn('[mock] the worlds could not be kept in IndexedDB', err));
    return saving;
  };
  // As the server's --state file: 'now' (an order, a reset) is kept before the request is answered, 'soon'
  // (the clock's own moves) shortly after.
  const onChange: ChangeHook = (world, when = 'now') => {
    pending.add(world);
    if (when === 'now') keepBeforeAnswer = true;
    timer ??= setTimeout(() => void flush(), 50);
  };

  const restore = (changes: WorldChanges | undefined): World | null => {
    if (!changes) return null;
    try {
      return worldFromChanges(changes, onChange);
    } catch (err) {
      // A world this version cannot make again (an older format): started afresh, and said so.
      console.warn(`[mock] the kept world '${changes.name}' could not be made again; it starts afresh`, err);
      return null;
    }
  };
  const restoredDefault = restore(saved.get(DEFAULT_WORLD));
  const worlds = new WorldRegistry({
    seed: options.seed ?? 1,
    scale: options.scale ?? 1,
    maxWorlds: options.maxWorlds ?? 4,
    ...(restoredDefault ? { defaultWorld: restoredDefault } : {}),
    onChange,
    named: {
      restore: () => [...saved.values()].filter((c) => c.name !== DEFAULT_WORLD).flatMap((c) => restore(c) ?? []),
      onChange,
      onEvict: (world) => void kept.remove(world.name),
    },
  });

  // The page itself is the server here: the Lab may change worlds, and pages may send the app back to it.
  const core = createCore(
    { seed: options.seed ?? 1, scale: options.scale ?? 1, allowOrigins: [base.origin], allowHosts: [base.hostname] },
    { worlds },
  );
  const basePath = base.pathname.replace(/\/+$/, '');
  const controls = keptControls(core, `${options.database ?? 'creator-market-mock'}:controls`);
  controls.restore();
  // Saved before the page goes away (a tab closed or sent to the background within the 50 ms).
  addEventListener('pagehide', () => {
    controls.save();
    void flush();
  });
  // A world is kept from its first request on, not from its first change: its records' ids come from the
  // instant it was made, so a world made again at the next load would name its markets and products anew.
  const known = new Set(saved.keys());
  const keepNewWorlds = () => {
    for (const { name } of worlds.list()) {
      if (known.has(name)) continue;
      known.add(name);
      onChange(worlds.fromRequest(name));
    }
  };
  // Every answer may have changed a world's rules (a forced answer counts down) or journal. A change is in
  // IndexedDB before its answer: the Lab reloads the page right after a reset's answer, a test right after an
  // order's, and a page going away does not wait for a transaction it starts.
  const answering: Pick<Core, 'handle'> = {
    handle: async (request) => {
      try {
        return await core.handle(request);
      } finally {
        keepNewWorlds();
        controls.save();
        // Also when a concurrent request's flush took this one's change: every save begun before is awaited.
        await (keepBeforeAnswer ? flush() : saving);
      }
    },
  };

  return {
    core,
    handlers: mswHandlers(answering, options.baseUrl),
    flush,
    isMockPage: (location) => location.origin === base.origin && location.pathname.startsWith(`${basePath}/`),
    hostPage: () => hostPage({ ...core, handle: answering.handle }, basePath, flush),
  };
}

// ---------------------------------------------------------------- control settings and journals

/** The latest journal records of a world kept across page loads (the page's own keeps the server's 1,000). */
const KEPT_JOURNAL = 200;

interface KeptControls {
  settings?: WorldSettings;
  journal?: JournalRecord[];
}

/**
 * Each world's control settings and journal in sessionStorage under `key`: written synchronously after every
 * answer, so a page load right after a control call (a test's next step) finds them; read at the start.
 */
function keptControls(core: Core, key: string): { save(): void; restore(): void } {
  let last = '';
  return {
    save() {
      const kept: Record<string, KeptControls> = {};
      for (const { name } of core.worlds.list()) {
        const world = core.worlds.fromRequest(name);
        const settings = core.control.settings(world);
        const journal = core.journal.records(world).slice(-KEPT_JOURNAL);
        if (settings || journal.length) kept[name] = { ...(settings ? { settings } : {}), ...(journal.length ? { journal } : {}) };
      }
      const text = JSON.stringify(kept);
      if (text === last) return;
      last = text;
      try {
        sessionStorage.setItem(key, text);
      } catch {
        // Storage full or refused: the settings last as long as this page.
      }
    },
    restore() {
      let kept: Record<string, KeptControls> = {};
      try {
        kept = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, KeptControls>;
      } catch {
        return;
      }
      for (const [name, { settings, journal }] of Object.entries(kept)) {
        let world: World;
        try {
          world = core.worlds.fromRequest(name);
        } catch {
          continue;
        }
        if (settings) core.control.restoreSettings(world, settings);
        if (journal) core.journal.restore(world, journal);
      }
      last = sessionStorage.getItem(key) ?? '';
    },
  };
}

// ---------------------------------------------------------------- the pages in the page

async function hostPage(core: Core, basePath: string, flush: () => Promise<void>): Promise<void> {
  const url = new URL(location.href);
  const form = url.hash.startsWith(`#${FORM_FRAGMENT}`) ? decodeURIComponent(url.hash.slice(FORM_FRAGMENT.length + 1)) : undefined;
  url.hash = '';
  await visit(core, basePath, flush, { url, form });
}

interface Visit {
  url: URL;
  /** A posted form's fields (urlencoded); undefined for a GET. */
  form: string | undefined;
}

/** Asks the core for a page (following its redirects between pages) and shows it, or leaves for the app. */
async function visit(core: Core, basePath: string, flush: () => Promise<void>, first: Visit): Promise<void> {
  let { url, form } = first;
  const isPage = (target: URL) => target.origin === url.origin && target.pathname.startsWith(`${basePath}/`);
  const toApp = intoApp(basePath);
  for (let hops = 0; hops < 10; hops++) {
    const answer = await core.handle(pageRequest(url, basePath, form));
    const location = answer.headers.Location ?? answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && location) {
      const next = new URL(location, url);
      if (!isPage(next)) {
        // Back to the app: whatever the page changed is saved first, and the page leaves no history entry.
        await flush();
        window.location.replace(toApp(next).toString());
        return;
      }
      // A page leading to another page is followed here (a 307/308 keeps the method and the form).
      if (answer.status !== 307 && answer.status !== 308) form = undefined;
      url = next;
      continue;
    }
    history.replaceState(null, '', url.toString());
    showPage(answer, url, isPage, toApp, (next) => void visit(core, basePath, flush, next));
    return;
  }
  showPage({ status: 508, headers: {}, body: '페이지가 너무 여러 번 다른 곳으로 넘어갔어요.' }, url, isPage, toApp, () => {});
}

/**
 * The app's address for a page's way back to it. The pages return to the app's origin (the spec's sign-in
 * `state` and payment `nextUrl` name an origin: `{origin}/auth/kakao`, `{origin}/r/{id}/pay`); an app served
 * from a folder (the static build on a sub-path, with the API at `<folder>__api`) is in that folder.
 */
function intoApp(basePath: string): (target: URL) => URL {
  const folder = basePath.slice(0, basePath.lastIndexOf('/') + 1);
  return (target) => {
    if (folder === '/' || target.origin !== location.origin || target.pathname.startsWith(folder)) return target;
    return new URL(`${folder}${target.pathname.slice(1)}${target.search}${target.hash}`, target);
  };
}

/** Writes the answer into the document and sends its forms and links to the mock's pages back through `go`. */
function showPage(
  answer: Answer,
  url: URL,
  isPage: (target: URL) => boolean,
  toApp: (target: URL) => URL,
  go: (next: Visit) => void,
): void {
  const type = answer.headers['Content-Type'] ?? answer.headers['content-type'] ?? '';
  const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : utf8(answer.body);
  const html = type.startsWith('text/html') ? text : `<!doctype html><meta charset="utf-8"><pre>${escapeText(text)}</pre>`;
  document.open();
  document.write(html);
  document.close();
  // document.open() removed every listener of the old document: these are the page's own.
  document.addEventListener('submit', (event) => {
    const formElement = event.target as HTMLFormElement;
    const action = new URL(formElement.getAttribute('action') ?? url.toString(), url);
    if (!isPage(action)) return;
    event.preventDefault();
    const fields = new URLSearchParams();
    new FormData(formElement, event.submitter).forEach((value, name) => {
      if (typeof value === 'string') fields.append(name, value);
    });
    const isPost = (formElement.getAttribute('method') ?? 'GET').toUpperCase() === 'POST';
    if (!isPost) action.search = fields.toString();
    go({ url: action, form: isPost ? fields.toString() : undefined });
  });
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest('a[href]');
    const href = link?.getAttribute('href');
    if (!href) return;
    const target = new URL(href, url);
    if (!isPage(target)) {
      // A link back to the app: into its folder.
      const inApp = toApp(target);
      if (inApp === target) return;
      event.preventDefault();
      window.location.assign(inApp.toString());
      return;
    }
    event.preventDefault();
    go({ url: target, form: undefined });
  });
}

function pageRequest(url: URL, basePath: string, form: string | undefined): CoreRequest {
  const bytes = form === undefined ? undefined : new TextEncoder().encode(form);
  const headers: Record<string, string> = {
    host: url.host,
    referer: document.referrer,
    ...(bytes ? { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin } : {}),
  };
  return {
    method: form === undefined ? 'GET' : 'POST',
    pathname: url.pathname.slice(basePath.length) || '/',
    search: url.search.slice(1),
    header: (name) => headers[name] || undefined,
    headerEntries: () => Object.entries(headers),
    hasBody: bytes !== undefined && bytes.byteLength > 0,
    body: (limit) => (bytes && bytes.byteLength > limit ? Promise.reject(tooLarge()) : Promise.resolve(bytes ?? new Uint8Array())),
    origin: `${url.origin}${basePath}`,
    clientAddress: '127.0.0.1',
  };
}

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

// ---------------------------------------------------------------- IndexedDB

interface WorldStore {
  all(): Promise<Map<string, WorldChanges>>;
  put(changes: WorldChanges[]): Promise<void>;
  remove(name: string): Promise<void>;
}

const STORE = 'worlds';

function openWorldStore(database: string): Promise<WorldStore> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(database, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'name' });
    open.onerror = () => reject(open.error ?? new Error(`IndexedDB ${database} cannot be opened`));
    open.onsuccess = () => {
      const db = open.result;
      const run = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> =>
        new Promise((done, fail) => {
          const transaction = db.transaction(STORE, mode);
          const request = work(transaction.objectStore(STORE));
          transaction.oncomplete = () => done(request ? request.result : undefined);
          transaction.onerror = () => fail(transaction.error ?? new Error('IndexedDB transaction failed'));
        });
      resolve({
        all: async () => {
          const list = ((await run('readonly', (store) => store.getAll())) ?? []) as WorldChanges[];
          return new Map(list.map((changes) => [changes.name, changes]));
        },
        put: async (changes) => {
          await run('readwrite', (store) => {
            for (const entry of changes) store.put(entry);
          });
        },
        remove: async (name) => {
          await run('readwrite', (store) => store.delete(name));
        },
      });
    };
  });
}
