// The mock's control plane for component tests: the sdk's typed client (`@creator-market/sdk/control`) over
// the msw door the test's API already runs on (testing/testServer.ts, screens' setup*World helpers). msw/node
// intercepts fetch, so the client is the one QA and the browser journeys use, unchanged. A test forces an
// error the way QA does, and the answer (status and body) is the mock's catalogue answer for that operation:
//
//   const mock = setupMockControl();                   // beside setupMockApi(), at the top of the file
//   await mock.scenarios.force('http-504', { operationId: 'insertReceipt', times: 1 });   // a sticky rule
//   await mock.faults.force('network-error', { operationId: 'listCarts' });               // until cleared
//   await api.get('/common/v2/search-keyword', { headers: mock.scenarios.once('http-500') });  // X-Mock-Scenario
//
// Only answers the operation's contract declares can be forced (anything else is refused with a 400, so a
// test cannot force an answer the app never gets). What a test changes through the client that would outlive
// it in a world kept for the whole file (its sticky rules, latency and clock) is undone after each test, in
// every world it touched; records it makes stay (use a fresh world per test for those).
import { createMockControl, MOCK_WORLD_HEADER, type MockControl } from '@creator-market/sdk/control';
import { afterEach } from 'vitest';
import { API_BASE } from '../config/hosts';

export interface MockControlSetup {
  /** The world the client acts on (its `X-Mock-World`): the one the app is pinned to; none, the default world. */
  world?: string;
}

/** What a test changed through the client, by world ('' the default world). */
type Changed = Map<string, Set<'rules' | 'latency' | 'clock'>>;

/** Which kind of lasting change a control call makes, if any. */
function changeOf(request: Request): 'rules' | 'latency' | 'clock' | null {
  const path = new URL(request.url).pathname.replace(/^.*?\/__mock/, '');
  if (request.method === 'POST' && path === '/scenarios') return 'rules';
  if (request.method === 'PUT' && path === '/latency') return 'latency';
  if ((request.method === 'PUT' && path === '/clock') || (request.method === 'POST' && path === '/clock/advance')) return 'clock';
  return null;
}

/**
 * The typed control client of the test file's mock API (`createMockControl({ baseUrl: API_BASE, world })`),
 * talking through its msw door. Call it at the top of a test file, after the set-up of the mock API; it
 * registers the undoing of each test's rules, latency and clock.
 */
export function setupMockControl(setup: MockControlSetup = {}): MockControl {
  const changed: Changed = new Map();
  let undoing = false;
  const mock = createMockControl({
    baseUrl: API_BASE,
    world: setup.world,
    // globalThis.fetch at the time of the call: msw's interceptor, installed once the server listens.
    fetch: (request) => {
      const change = undoing ? null : changeOf(request);
      if (change) {
        const world = request.headers.get(MOCK_WORLD_HEADER) ?? '';
        changed.set(world, (changed.get(world) ?? new Set()).add(change));
      }
      return globalThis.fetch(request);
    },
  });
  afterEach(async () => {
    undoing = true;
    try {
      for (const [world, changes] of changed) {
        const client = world ? mock.forWorld(world) : mock;
        if (changes.has('rules')) await client.scenarios.clear();
        if (changes.has('latency')) await client.latency.set(0);
        if (changes.has('clock')) await client.clock.reset();
      }
    } finally {
      changed.clear();
      undoing = false;
    }
  });
  return mock;
}
