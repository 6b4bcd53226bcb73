// The browser door keeps a change in IndexedDB before it answers the request that made it
// (src/doors/browser.ts), as the server's --state file does: the Lab reloads the page right after a reset's
// answer, a test right after an order's, and a page going away does not wait for a transaction it starts.
// Here the next page is a second door opened on the same database the moment the answer is back.
import { createMockControl } from '@creator-market/sdk/control';
import { IDBFactory } from 'fake-indexeddb';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { changesOf } from '../src/control/world-changes';
import { createBrowserDoor, type BrowserDoor } from '../src/doors/browser';

const BASE = 'http://door.test/__api';
const WORLD = 'durable';
const DATABASE = 'creator-market-durable-test';
const options = { baseUrl: BASE, scale: 0.2, database: DATABASE };

const server = setupServer();
let page: BrowserDoor;
beforeAll(async () => {
  // What a page has and node does not (test files share their worker's globals: unstubbed after).
  const session = new Map<string, string>();
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => session.get(key) ?? null,
    setItem: (key: string, value: string) => void session.set(key, value),
  });
  vi.stubGlobal('addEventListener', () => {});
  page = await createBrowserDoor(options);
  server.use(...page.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

const mock = createMockControl({ baseUrl: BASE, world: WORLD });

/** The world as the next page makes it again from what IndexedDB holds at this moment. */
async function nextPageWorld() {
  const next = await createBrowserDoor(options);
  return changesOf(next.core.worlds.fromRequest(WORLD));
}

it("a world's first request, a change and a reset are each in IndexedDB when their answer arrives", async () => {
  const answer = await fetch(`${BASE}/common/market/get/mallang_studio/4`, { headers: mock.headers() });
  expect(answer.status).toBe(200);
  const { market } = ((await answer.json()) as { data: { market: { _id: string } } }).data;
  // Made at its first request, its ids from that instant: the next page makes the same world.
  expect(await nextPageWorld()).toEqual(changesOf(page.core.worlds.fromRequest(WORLD)));

  await mock.markets.close(market._id);
  const closed = changesOf(page.core.worlds.fromRequest(WORLD));
  expect(await nextPageWorld()).toEqual(closed);

  await mock.reset();
  const afresh = changesOf(page.core.worlds.fromRequest(WORLD));
  expect(afresh).not.toEqual(closed);
  expect(await nextPageWorld()).toEqual(afresh);
});
