// `@creator-market/mock-server/playwright`: Playwright Test's `test` and `expect`, extended with a mock world
// of its own for every test and the sdk's typed control client bound to it. It runs in the test runner (Node)
// and talks to the mock over HTTP only, as the sdk's control client does: nothing of the mock's core is
// imported, so nothing of it can end up in a page.
//
// Two doors, one API:
// - 'server' (default): the app talks to a mock server; `mock` calls its control plane at `<apiBase>/__mock`
//   from Node.
// - 'static': the app was built with the mock in the page (`pnpm build:static`, VITE_MOCK_IN_BROWSER=1) and is
//   served by any static host. There is no server: the mock's core runs in the app's page, behind its service
//   worker, at `<baseURL>__api`. Every `mock` and `api` call is made as a fetch from the test's page
//   (page.evaluate), which reaches the same core the app uses; the page is first brought to the app if it is
//   not showing it.
//
// Fixtures: `world` (automatic: every test is pinned to a fresh world), `mock`, `api` (product API reads and
// writes in the world), `signIn(persona)`; on failure the world's journal, its contract violations and its
// state are attached to the report. Options: `apiBase`, `door`.
//
// With CM_API_JOURNAL_DIR set, every test leaves what it made the mock answer for `pnpm coverage:api`
// (docs/api-coverage.md): its world's journal, its title and the screenshots it attached (image attachments
// with a path), in <CM_API_JOURNAL_DIR>/<CM_API_JOURNAL_SUITE, default 'playwright'>/<project and title>.json.
// Server door: read at the end of every test. Static door: the journal lives in the page, so only a test that
// used `mock` (the page is still open when it ends) leaves one.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import {
  API_JOURNAL_DIR_ENV,
  apiJournalFile,
  createMockControl,
  journalFileName,
  journalRequestOf,
  type ApiJournalRequest,
  type MockControl,
  type PersonaId,
} from '@creator-market/sdk/control';

export { expect };
export type { MockControl, PersonaId };

export type MockDoor = 'server' | 'static';

/** The localStorage key the app reads its mock world from (app/src/api/client.ts; `?mockWorld=NAME` sets it). */
export const MOCK_WORLD_STORAGE_KEY = 'cm.mockWorld';
/** The window property the app sets once the mock in its page answers (app/src/mocks/browser.ts). */
export const MOCK_READY_GLOBAL = '__cmMockReady';
/** The app's sign-in return route: the sign-in pages come back to it with the token (SPEC.md section 4). */
export const SIGN_IN_RETURN_PATH = 'auth/kakao';

export interface MockOptions {
  /**
   * Where the product API is. Server door: the mock server's base URL (required), e.g. `http://127.0.0.1:4010`.
   * Static door: defaults to `<baseURL>__api`, where the app's page answers it.
   */
  apiBase: string | undefined;
  /** 'server': a mock server answers; 'static': the app's page does (a static build). */
  door: MockDoor;
}

/**
 * The product API in the test's world: the `data` of the answer's envelope, or a rejection naming the call.
 * Answers are the test's to type (`api.get<Market>(...)`): untyped, they are `any`, as JSON is; the sdk's
 * client (`@creator-market/sdk/client`) types them by operation.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- see above: an answer's type is the caller's to give */
export interface ProductApi {
  get<T = any>(path: string, options?: { token?: string | null }): Promise<T>;
  post<T = any>(path: string, body?: unknown, options?: { token?: string | null }): Promise<T>;
  request<T = any>(method: string, path: string, options?: { token?: string | null; body?: unknown }): Promise<T>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface MockFixtures {
  /** The test's own world (its `X-Mock-World`), named after the test; the app in `page` is pinned to it. */
  world: string;
  /** The sdk's typed control client, bound to `world` (and, in the static door, to the page). */
  mock: MockControl;
  api: ProductApi;
  /**
   * Signs `page` in as a persona: a token from `mock.login(persona)`, then the app's sign-in return route
   * `/auth/kakao?token=...`, as the sign-in page would. Resolves with the token once the app has left that
   * route (signed in, on home).
   */
  signIn: (persona: PersonaId) => Promise<string>;
}

type Fetch = (request: Request) => Promise<Response>;

/** A world name from the test's title, unique per worker, retry and run: `[A-Za-z0-9_.:-]`, at most 64. */
export function worldNameFor(testInfo: Pick<TestInfo, 'title' | 'workerIndex' | 'retry' | 'repeatEachIndex'>): string {
  const slug =
    testInfo.title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 36)
      .replace(/-+$/, '') || 'test';
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const repeat = testInfo.repeatEachIndex ? `.${testInfo.repeatEachIndex}` : '';
  return `pw-${slug}-w${testInfo.workerIndex}r${testInfo.retry}${repeat}-${unique}`.slice(0, 64);
}

/** `baseURL` as a folder (ending in '/'), so app paths resolve below it on any sub-path. */
function appRoot(baseURL: string | undefined): URL {
  if (!baseURL) throw new Error("@creator-market/mock-server/playwright needs `baseURL` (the app's address) in `use`");
  const url = new URL(baseURL);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url;
}

function apiBaseFor(options: MockOptions, baseURL: string | undefined): string {
  if (options.apiBase) return options.apiBase.replace(/\/+$/, '');
  if (options.door === 'static') return new URL('__api', appRoot(baseURL)).href;
  throw new Error("@creator-market/mock-server/playwright: the server door needs `apiBase` (the mock server's address) in `use`");
}

function headerList(headers: Headers): [string, string][] {
  const list: [string, string][] = [];
  headers.forEach((value, name) => list.push([name, value]));
  return list;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The static door's fetch: the request made by the page itself, so the mock's core in the page answers it.
 * The page is brought to the app (its root) first when it shows something else, and the call waits until
 * the app has started the mock in the page.
 */
function pageFetch(page: Page, root: URL): Fetch {
  const ready = async () => {
    const here = page.url();
    const onApp = here.startsWith(root.href) && !here.startsWith(new URL('__api/', root).href);
    if (!onApp) await page.goto(root.href, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction((flag) => (window as unknown as Record<string, unknown>)[flag] === true, MOCK_READY_GLOBAL, {
      timeout: 30_000,
    });
  };
  return async (request) => {
    const init = {
      url: request.url,
      method: request.method,
      headers: headerList(request.headers),
      // No body stays no body (a fetch given '' sends one, typed text/plain).
      body: request.method === 'GET' || request.method === 'HEAD' ? null : (await request.text()) || null,
    };
    let answer: { status: number; statusText: string; headers: [string, string][]; body: string } | undefined;
    // A navigation of the page in the middle of the call destroys its context: asked again once the app is
    // back, unless asking again could do twice what the first call may have done (a POST).
    const repeatable = request.method !== 'POST' && request.method !== 'PATCH';
    for (let attempt = 0; answer === undefined; attempt++) {
      await ready();
      try {
        answer = await page.evaluate(async ({ url, method, headers, body }) => {
          const response = await fetch(url, { method, headers, body, cache: 'no-store' });
          const list: [string, string][] = [];
          response.headers.forEach((value, name) => list.push([name, value]));
          return { status: response.status, statusText: response.statusText, headers: list, body: await response.text() };
        }, init);
      } catch (error) {
        const destroyed = error instanceof Error && /context was destroyed|navigat|Target closed/i.test(error.message);
        if (!destroyed || !repeatable || attempt >= 2) throw error;
      }
    }
    return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
  };
}

function productApi(apiBase: string, world: string, send: Fetch): ProductApi {
  const request = async <T>(method: string, path: string, { token, body }: { token?: string | null; body?: unknown } = {}): Promise<T> => {
    const headers: Record<string, string> = { 'X-Mock-World': world };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await send(
      new Request(`${apiBase}${path}`, { method, headers, body: body === undefined ? null : JSON.stringify(body) }),
    );
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} (world ${world}) answered ${response.status}: ${text.slice(0, 500)}`);
    const parsed = JSON.parse(text) as { data: T };
    return parsed.data;
  };
  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
  };
}

/**
 * What a failed test's report gets: the world's journal, its contract violations, its state (as files in the
 * test's output folder; the state is ~20 MB at scale 1, so it is written compact).
 */
async function attachWorld(mock: MockControl, testInfo: TestInfo): Promise<void> {
  const attach = async (name: string, value: unknown) => {
    const path = testInfo.outputPath(name);
    await writeFile(path, name === 'mock-state.json' ? JSON.stringify(value) : JSON.stringify(value, null, 2));
    await testInfo.attach(name, { path, contentType: 'application/json' });
  };
  try {
    const journal = await mock.journal.list({ limit: 1000 });
    await attach('mock-journal.json', journal);
    const violations = journal.requests.filter((entry) => entry.violations.length > 0);
    if (violations.length) await attach('mock-contract-violations.json', violations);
  } catch (error) {
    await attach('mock-journal.json', { error: String(error) });
  }
  try {
    await attach('mock-state.json', await mock.state.export());
  } catch (error) {
    await attach('mock-state.json', { error: String(error) });
  }
}

/** The environment variable naming the suite in the journal files (default 'playwright'). */
const API_JOURNAL_SUITE_ENV = 'CM_API_JOURNAL_SUITE';

/** Writes the test's API journal file (CM_API_JOURNAL_DIR set): the world's journal, title and screenshots. */
async function writeApiJournal(mock: MockControl, testInfo: TestInfo): Promise<void> {
  const dir = process.env[API_JOURNAL_DIR_ENV];
  if (!dir) return;
  const suite = process.env[API_JOURNAL_SUITE_ENV] || 'playwright';
  // The journal keeps the latest 1,000 requests of a world (the server's --journal), the most a listing gives.
  const { requests } = await mock.journal.list({ limit: 1000 });
  const screenshots = [];
  for (const attachment of testInfo.attachments) {
    if (!attachment.path || !attachment.contentType.startsWith('image/')) continue;
    const taken = await stat(attachment.path).catch(() => null);
    if (taken) screenshots.push({ path: attachment.path, takenAt: taken.mtime.toISOString() });
  }
  const source = `${testInfo.project.name} ${testInfo.titlePath.join(' > ')}`;
  const tests = [
    {
      test: testInfo.titlePath.slice(1).join(' > '),
      requests: requests.map(journalRequestOf).filter((request): request is ApiJournalRequest => request !== null),
      screenshots,
    },
  ];
  await mkdir(join(dir, suite), { recursive: true });
  await writeFile(join(dir, suite, journalFileName(source)), JSON.stringify(apiJournalFile(suite, source, tests)));
}

export const test = base.extend<MockFixtures & MockOptions>({
  apiBase: [undefined, { option: true }],
  door: ['server', { option: true }],

  world: [
    async ({ context, baseURL, door, apiBase }, use, testInfo) => {
      const name = worldNameFor(testInfo);
      // Before any script of the app, on the app's origin only (the mock server's pages load in the same tab):
      // what `?mockWorld=NAME` remembers, so every page and tab of the test is in its world from the start.
      await context.addInitScript(
        ({ origin, key, value }) => {
          if (window.location.origin === origin) window.localStorage.setItem(key, value);
        },
        { origin: appRoot(baseURL).origin, key: MOCK_WORLD_STORAGE_KEY, value: name },
      );
      await use(name);
      // The server door's journal is read over HTTP whether the test used `mock` or not (static: see `mock`).
      if (door === 'server' && process.env[API_JOURNAL_DIR_ENV])
        await writeApiJournal(createMockControl({ baseUrl: apiBaseFor({ door, apiBase }, baseURL), world: name }), testInfo);
    },
    { auto: true },
  ],

  mock: async ({ world, door, apiBase, baseURL, page }, use, testInfo) => {
    const base = apiBaseFor({ door, apiBase }, baseURL);
    const mock = createMockControl({ baseUrl: base, world, ...(door === 'static' ? { fetch: pageFetch(page, appRoot(baseURL)) } : {}) });
    await use(mock);
    if (testInfo.status !== testInfo.expectedStatus) await attachWorld(mock, testInfo);
    if (door === 'static') await writeApiJournal(mock, testInfo);
  },

  api: async ({ world, door, apiBase, baseURL, page }, use) => {
    const base = apiBaseFor({ door, apiBase }, baseURL);
    await use(productApi(base, world, door === 'static' ? pageFetch(page, appRoot(baseURL)) : (request) => fetch(request)));
  },

  signIn: async ({ mock, page, baseURL }, use) => {
    const root = appRoot(baseURL);
    const returnRoute = new URL(SIGN_IN_RETURN_PATH, root);
    await use(async (persona) => {
      const { token } = await mock.login(persona);
      const url = new URL(returnRoute);
      url.searchParams.set('token', token);
      await page.goto(url.href, { waitUntil: 'domcontentloaded' });
      // The app signs in with the token, then replaces the route with where it goes next.
      await page.waitForURL((at) => !at.pathname.startsWith(returnRoute.pathname), { timeout: 30_000 });
      return token;
    });
  },
});
