// @ts-check
// The conformance kit finds nothing wrong with our mock server (reads, provoked errors, and with writes the
// Arazzo flow), and finds exactly the planted violations of a deliberately wrong server, nothing else.
//   node --test scripts/conformance/
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startMockCli } from '../bench/processes.mjs';
import { runConformance } from './conformance.mjs';
import { PLANTED, startPlantedServer } from './planted-server.mjs';

/** @type {Awaited<ReturnType<typeof startMockCli>>} */
let mock;
/** @type {Awaited<ReturnType<typeof startPlantedServer>>} */
let planted;

before(async () => {
  mock = await startMockCli();
  planted = await startPlantedServer(mock.baseUrl);
});
after(async () => {
  await planted?.close();
  await mock?.stop();
});

/** Every violation of a run as `operationId | call | where`, sorted. */
const found = (/** @type {Awaited<ReturnType<typeof runConformance>>} */ result) =>
  result.rows
    .flatMap((row) => row.calls.flatMap((call) => call.violations.map((v) => `${row.operationId} | ${call.label} | ${v.where}`)))
    .sort();

void test('our mock server conforms: every read, every provoked error, every write probe and the Arazzo flow', async () => {
  const result = await runConformance({ baseUrl: mock.baseUrl, personaLogin: true, writes: true });
  assert.deepEqual(found(result), []);
  assert.equal(result.flow.failed, false, result.flow.summary);
  assert.match(result.flow.summary, /passed: .* 13 steps/);
  // It did test something: every read operation answered, and the flow's writes were checked.
  const calledReads = result.rows.filter((row) => row.method === 'get' && row.calls.some((call) => call.label === 'read'));
  assert.equal(calledReads.length, result.rows.filter((row) => row.method === 'get').length);
  assert.ok(result.rows.find((row) => row.operationId === 'insertReceipt')?.calls.some((call) => call.label.startsWith('flow ')));
  assert.ok(result.rows.flatMap((row) => row.calls).filter((call) => /-> 40[014]/.test(call.label)).length >= 40);
});

void test('a server with planted violations: the kit reports each of them, and nothing else', async () => {
  const result = await runConformance({ baseUrl: planted.origin, personaLogin: true });
  assert.deepEqual(found(result), PLANTED.map((p) => `${p.operationId} | ${p.label} | ${p.where}`).sort());
  const wrongType = result.rows.find((row) => row.operationId === 'listOpenedMarkets')?.calls[0]?.violations[0];
  assert.equal(typeof wrongType?.value, 'string', 'the offending value is reported as the server sent it');
});

void test('--only limits the table to the named tags and operations', async () => {
  const result = await runConformance({ baseUrl: planted.origin, personaLogin: true, only: ['search', 'getMe'] });
  assert.deepEqual(result.rows.map((row) => row.operationId).sort(), ['getHotKeywords', 'getMe', 'searchProducts', 'searchSellers']);
  assert.deepEqual(found(result), ['getHotKeywords | read | status', 'getMe | read | /data/user/uid']);
});
