// The Lab's control client (the sdk's createMockControl) sends the pinned mock world (X-Mock-World) on every
// call, and nothing when the app is not pinned: the control plane acts on the caller's world, so the Lab
// must name the app's one. When no control plane answers, the Lab is told so (isControlUnavailable).
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { API_BASE } from '../config/hosts';
import { resetAppState } from '../testing/appHarness';
import { recordControlCalls, setupMockApi, type ControlCall } from '../testing/testServer';
import { MOCK_WORLD_STORAGE_KEY } from './mockWorlds';
import { isControlUnavailable, labControl } from './mockControl';

const server = setupMockApi();

/** Records each control call's headers; the mock's own control plane (the msw door's core) answers it. */
function answerAndRecordControlCalls(): ControlCall[] {
  return recordControlCalls(server);
}

/** Every call the Lab and the persona sheet make, once. */
async function callEveryControl(): Promise<void> {
  await labControl().personas();
  await labControl().login('buyer');
  await labControl().scenarios.list();
  await labControl().scenarios.force('http-500', { times: 1 });
  await labControl().scenarios.clear();
  await labControl().latency.set(300);
  await labControl().clock.get();
  await labControl().clock.setOffset(60_000);
  await labControl().journal.list({ limit: 20 });
}

const EVERY_CALL = [
  'GET /personas',
  'POST /login',
  'GET /scenarios',
  'POST /scenarios',
  'DELETE /scenarios',
  'PUT /latency',
  'GET /clock',
  'PUT /clock',
  'GET /requests',
];

/** The rejection of `promise`, which must reject. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the call resolved'),
    (error: unknown) => error,
  );
}

beforeEach(() => {
  resetAppState();
});

describe('mock control plane calls', () => {
  test('carry the pinned world in X-Mock-World', async () => {
    localStorage.setItem(MOCK_WORLD_STORAGE_KEY, 'lab-world');
    const seen = answerAndRecordControlCalls();
    await callEveryControl();
    expect(seen.map((call) => call.call)).toEqual(EVERY_CALL);
    expect(seen.map((call) => call.world)).toEqual(EVERY_CALL.map(() => 'lab-world'));
    // The JSON bodies keep their type next to the world.
    expect(seen.filter((call) => call.contentType === 'application/json').map((call) => call.call)).toEqual([
      'POST /login',
      'POST /scenarios',
      'PUT /latency',
      'PUT /clock',
    ]);
  });

  test('send no X-Mock-World when the app is not pinned (the default world)', async () => {
    const seen = answerAndRecordControlCalls();
    await callEveryControl();
    expect(seen.map((call) => call.call)).toEqual(EVERY_CALL);
    expect(seen.map((call) => call.world)).toEqual(EVERY_CALL.map(() => null));
  });

  test('follow the pin as it changes, without a reload', async () => {
    const seen = answerAndRecordControlCalls();
    await labControl().clock.get();
    localStorage.setItem(MOCK_WORLD_STORAGE_KEY, 'lab-world');
    await labControl().clock.get();
    localStorage.removeItem(MOCK_WORLD_STORAGE_KEY);
    await labControl().clock.get();
    expect(seen.map((call) => call.world)).toEqual([null, 'lab-world', null]);
  });
});

describe('a control plane that does not answer', () => {
  test.each([
    { what: 'no server (the connection fails)', answer: () => HttpResponse.error() },
    { what: "a host's page instead of JSON (an SPA fallback)", answer: () => HttpResponse.html('<!doctype html><title>app</title>') },
    { what: 'a server without the route (404)', answer: () => new HttpResponse('Not Found', { status: 404 }) },
    { what: 'a server without the method (405)', answer: () => new HttpResponse(null, { status: 405 }) },
  ])('is unavailable: $what', async ({ answer }) => {
    server.use(http.get(`${API_BASE}/__mock/personas`, answer));
    expect(isControlUnavailable(await rejectionOf(labControl().personas()))).toBe(true);
  });

  test("answering with an error is not unavailable: the catalogue's message is the error's", async () => {
    const error = await rejectionOf(labControl().scenarios.force('no-such-scenario'));
    expect(isControlUnavailable(error)).toBe(false);
    expect((error as Error).message).toMatch(/POST \/__mock\/scenarios answered 400/);
  });
});
