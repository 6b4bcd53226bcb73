// The mock server's own handlers, in-process for component tests (msw setupServer): every API call of a
// test is answered by the same code as `pnpm mock`, against a freshly seeded world per test file.
import {
  createBrowserWorld,
  createBrowserWorlds,
  createMswDoor,
  freezeSeededData,
  generateWorld,
  shareSeededData,
} from '@creator-market/mock-server/msw';
import { delay, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { API_BASE } from '../config/hosts';
import { TEST_NOW } from './now';
import { collectJournal } from './apiJournal';

export type PersonaId = 'buyer' | 'buyer-new' | 'seller' | 'seller-incomplete';

/**
 * The msw handlers of a new mock core under API_BASE (its options as createMswDoor's): every test starts its
 * mock through this, so what it exercised is collected for the API coverage matrix (./apiJournal.ts).
 */
export function testHandlers(options: Omit<Parameters<typeof createMswDoor>[0], 'baseUrl'>) {
  const door = createMswDoor({ baseUrl: API_BASE, ...options });
  collectJournal(door.core);
  return door.handlers;
}

/**
 * Starts the mock API for the test file (listen before all, reset overrides after each, close after all):
 * the mock's core behind msw/node, the whole /__mock control plane included, as on the server.
 */
export function setupMockApi(): ReturnType<typeof setupServer> {
  const handlers = testHandlers({ world: seededWorld(), startAt: TEST_NOW });
  const server = setupServer(...slowMachine(), ...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/**
 * APP_TEST_LATENCY_MS=N answers every request N ms late: a slow machine on demand. A test that then fails
 * (other than by running out of time) leans on the wall clock, e.g. a throttle or a fallback measured in real
 * time that runs out while the test waits for an answer.
 */
function slowMachine() {
  const latency = Number(process.env.APP_TEST_LATENCY_MS ?? 0);
  if (!(latency > 0)) return [];
  return [
    http.all('*', async () => {
      await delay(latency); // and on to the handlers below
    }),
  ];
}

/** A call to the /__mock control plane: 'GET /personas' (below /__mock), and the headers that matter. */
export interface ControlCall {
  call: string;
  /** Its X-Mock-World, null when absent. */
  world: string | null;
  contentType: string | null;
}

/**
 * Records every /__mock control call of the current test, then lets the handlers behind answer it (returning
 * nothing falls through): to check what the app sent, e.g. the pinned world's X-Mock-World.
 */
export function recordControlCalls(server: ReturnType<typeof setupServer>): ControlCall[] {
  const calls: ControlCall[] = [];
  server.use(
    http.all(`${API_BASE}/__mock/*`, ({ request }) => {
      calls.push({
        call: `${request.method} ${new URL(request.url).pathname.replace(/^.*?\/__mock/, '')}`,
        world: request.headers.get('x-mock-world'),
        contentType: request.headers.get('content-type'),
      });
    }),
  );
  return calls;
}

export type MockWorld = ReturnType<typeof createBrowserWorld>;
type SeedData = ReturnType<typeof generateWorld>;

const kept = globalThis as { creatorMarketSeedData?: Map<string, SeedData> };

/**
 * Makes the records of (seed, scale) generated at TEST_NOW the data the mock's next worlds of that key start
 * from. They are generated once per vitest worker and kept on globalThis: src/testing/setup.ts gives every test
 * file fresh modules, and the mock's own cache with them, which made every file generate them again (~0.5-1 s
 * at scale 1, the largest set-up cost of the suite). Deep-frozen, as the mock freezes the records it shares
 * between worlds: a change in place would throw rather than leak into the next file.
 */
function shareSeed(seed: number, scale: number): void {
  const byKey = (kept.creatorMarketSeedData ??= new Map<string, SeedData>());
  let data = byKey.get(`${seed}:${scale}`);
  if (!data) {
    data = freezeSeededData(generateWorld({ seed, scale, now: TEST_NOW }));
    byKey.set(`${seed}:${scale}`, data);
  }
  shareSeededData(seed, scale, TEST_NOW, data);
}

/** A freshly seeded world (its records as at TEST_NOW), whose clock runs on the app's pinned Date. */
export function seededWorld(seed = 1, scale = 1): MockWorld {
  shareSeed(seed, scale);
  const world = createBrowserWorld(seed, scale, TEST_NOW);
  world.clock.reset();
  return world;
}

/**
 * Isolated worlds by X-Mock-World, seeded like seededWorld. A named world's clock starts at TEST_NOW (the
 * default world is usually replaced by a seededWorld per test).
 */
export function seededWorlds(): ReturnType<typeof createBrowserWorlds> {
  shareSeed(1, 1);
  return createBrowserWorlds(1, 1, 4, TEST_NOW);
}

/**
 * Gives every test of the file its own freshly seeded small world (scale 0.1, the smallest that holds
 * every persona's data, ~0.3 s), for tests that change a persona's account and must not leak into the next
 * test. Returns the current test's world, to read its state (e.g. the SMS code the mock "sent").
 */
export function freshWorldPerTest(server: ReturnType<typeof setupServer>): () => MockWorld {
  let world: MockWorld | null = null;
  beforeEach(() => {
    world = seededWorld(1, 0.1);
    server.use(...slowMachine(), ...testHandlers({ world, startAt: TEST_NOW }));
  });
  return () => {
    if (!world) throw new Error('freshWorldPerTest: no test is running');
    return world;
  };
}

/**
 * A persona's identity token, the way the app gets one: the mock Kakao sign-in with a chosen persona
 * answers a redirect to `{state}/auth/kakao?token=...`.
 */
export async function personaToken(persona: PersonaId): Promise<string> {
  const state = encodeURIComponent(window.location.origin);
  const response = await fetch(`${API_BASE}/auth/v2/kakao?state=${state}&persona=${persona}`, { redirect: 'manual' });
  const location = response.headers.get('location');
  const token = location ? new URL(location).searchParams.get('token') : null;
  if (!token) throw new Error(`no token for persona ${persona} (HTTP ${response.status})`);
  return token;
}
