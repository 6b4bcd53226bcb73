// The control-plane helper sends the pinned mock world (X-Mock-World) on every call, and nothing when the
// app is not pinned: the control plane acts on the caller's world, so the Lab must name the app's one.
import { beforeEach, describe, expect, test } from 'vitest';
import { resetAppState } from '../mocks/appHarness';
import { recordControlCalls, setupMockApi, type ControlCall } from '../mocks/testServer';
import { MOCK_WORLD_STORAGE_KEY } from './client';
import {
  addStickyScenario,
  clearScenarios,
  getClock,
  listPersonas,
  listScenarios,
  loginAsPersona,
  setClock,
  setLatency,
} from './mockControl';

const server = setupMockApi();

/** Records each control call's headers; the mock's own control plane (the msw door's core) answers it. */
function answerAndRecordControlCalls(): ControlCall[] {
  return recordControlCalls(server);
}

/** Every call of the helper, once. */
async function callEveryControl(): Promise<void> {
  await listPersonas();
  await loginAsPersona('buyer');
  await listScenarios();
  await addStickyScenario({ name: 'http-500', times: 1 });
  await clearScenarios();
  await setLatency(300);
  await getClock();
  await setClock({ offsetMs: 60_000 });
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
];

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
    await getClock();
    localStorage.setItem(MOCK_WORLD_STORAGE_KEY, 'lab-world');
    await getClock();
    localStorage.removeItem(MOCK_WORLD_STORAGE_KEY);
    await getClock();
    expect(seen.map((call) => call.world)).toEqual([null, 'lab-world', null]);
  });
});
