// What the browser door keeps across page loads besides the worlds' records (src/doors/browser.ts): each
// world's control settings and journal go out as plain data and come back into another core (the next page's)
// as they were; and the msw door, which the page answers through, takes an empty body as no body.
import { createMockControl } from '@creator-market/sdk/control';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { createMswDoor, type MswDoor } from '../src/doors/msw';
import type { WorldSettings } from '../src/control/state';
import type { JournalRecord } from '../src/http/journal';
import { WorldRegistry } from '../src/world/registry';

const BASE = 'http://door.test/__api';
const WORLD = { 'X-Mock-World': 'kept' };

/** A door of its own (the page's core), answering through msw at BASE. */
function door(): MswDoor {
  return createMswDoor({ baseUrl: BASE, worlds: new WorldRegistry({ seed: 1, scale: 0.2, maxWorlds: 4 }) });
}

let first: MswDoor;
const server = setupServer();
beforeAll(() => {
  first = door();
  server.use(...first.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

/** The sdk's control client in the world 'kept', through the msw door (msw intercepts its fetch). */
const mock = createMockControl({ baseUrl: BASE, world: WORLD['X-Mock-World'] });

describe("a world's settings and journal, kept and put back", () => {
  it('come back into another core as they were: rules, their streams, latency, journal', async () => {
    await mock.scenarios.force('http-500', { path: '/common/v2/banner', times: 3, probability: 0.5 });
    await mock.latency.set(5);
    for (let i = 0; i < 3; i++) await fetch(`${BASE}/common/v2/banner?from=top`, { headers: WORLD });

    const world = first.core.worlds.fromRequest('kept');
    const settings = JSON.parse(JSON.stringify(first.core.control.settings(world))) as WorldSettings;
    const journal = JSON.parse(JSON.stringify(first.core.journal.records(world))) as JournalRecord[];
    expect(journal).toHaveLength(3);

    const next = door();
    const again = next.core.worlds.fromRequest('kept');
    next.core.control.restoreSettings(again, settings);
    next.core.journal.restore(again, journal);
    expect(next.core.control.rules(again)).toEqual(first.core.control.rules(world));
    expect(next.core.control.latencyOf(again)).toBe(5);
    expect(next.core.journal.count(again, { operationId: 'getBanner' })).toBe(
      first.core.journal.count(world, { operationId: 'getBanner' }),
    );
    // The probability draws go on where they were: the same requests take the rule in both cores alike.
    const request = { method: 'GET', path: '/common/v2/banner', query: {}, headers: {}, body: undefined, operationId: 'getBanner' };
    const takes = (core: MswDoor['core'], w: typeof world) =>
      Array.from({ length: 4 }, () => core.control.takeRule(w, request as never, () => true)?.rule.id ?? null);
    expect(takes(next.core, again)).toEqual(takes(first.core, world));
    // A rule made in the next core has an id of its own.
    const made = next.core.control.addRule(again, { name: 'http-500' }, Date.now());
    expect(settings.rules.map((rule) => rule.id)).not.toContain(made.id);
  });

  it('a world without settings of its own has none to keep', () => {
    const fresh = door();
    expect(fresh.core.control.settings(fresh.core.worlds.fromRequest('untouched'))).toBeUndefined();
  });
});

describe('the msw door and bodies', () => {
  // The raw request is what is tested here: the client sends no body on a DELETE.
  it('takes an empty body as none: a DELETE the page sends with an empty stream needs no Content-Type', async () => {
    await mock.scenarios.force('http-500', { path: '/cart/add/common' });
    const cleared = await fetch(new Request(`${BASE}/__mock/scenarios`, { method: 'DELETE', headers: WORLD, body: new Uint8Array() }));
    expect(cleared.status, await cleared.clone().text()).toBe(200);
    expect(((await cleared.json()) as { cleared: number }).cleared).toBeGreaterThanOrEqual(1);
  });
});
