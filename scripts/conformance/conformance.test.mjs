// @ts-check
// The conformance kit finds nothing wrong with our mock server (reads, provoked errors, and with writes the
// Arazzo flow), finds exactly the planted violations of a deliberately wrong server, nothing else, and never
// stops on an answer it did not expect: without a token, with a wrong one, against a gateway answering 401 to
// everything, a web page, a server whose discovery calls answer 401, 404 or HTML, or nothing at all.
//   node --test scripts/conformance/
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort, startMockCli } from '../bench/processes.mjs';
import { DISCOVERY_PATHS, HTML_PAGE, NOT_FOUND_PAGE, UNAUTHORIZED, startAnsweringServer } from '../test/support/answering-server.mjs';
import { CONFORMANCE_WORLD, runConformance } from './conformance.mjs';

// conformance.mjs has registered tsx: the sdk's TypeScript loads.
const { API_JOURNAL_DIR_ENV, apiJournalFile, createMockControl, journalFileName, journalRequestOf } =
  await import('@creator-market/sdk/control');
import { PLANTED, startPlantedServer } from '../test/support/planted-server.mjs';

/** @type {Awaited<ReturnType<typeof startMockCli>>} */
let mock;
/** @type {Awaited<ReturnType<typeof startPlantedServer>>} */
let planted;
/** @type {Array<{origin: string, close: () => Promise<void>}>} */
const others = [];

before(async () => {
  mock = await startMockCli();
  planted = await startPlantedServer(mock.baseUrl);
});
after(async () => {
  await Promise.all(others.map((server) => server.close()));
  await planted?.close();
  await mock?.stop();
});

/** A tiny server for one test, closed after all of them. */
const answering = async (/** @type {Parameters<typeof startAnsweringServer>[0]} */ options) => {
  const server = await startAnsweringServer(options);
  others.push(server);
  return server;
};
const isDiscovery = (/** @type {string} */ path) => DISCOVERY_PATHS.some((pattern) => pattern.test(path));

/** Every violation of a run as `operationId | call | where`, sorted. */
const found = (/** @type {Awaited<ReturnType<typeof runConformance>>} */ result) =>
  result.rows
    .flatMap((row) => row.calls.flatMap((call) => call.violations.map((v) => `${row.operationId} | ${call.label} | ${v.where}`)))
    .sort();
/** Every fault (once per operation and JSON pointer) as `operationId | where`, sorted. */
const faults = (/** @type {Awaited<ReturnType<typeof runConformance>>} */ result) =>
  result.faults.map((fault) => `${fault.operationId} | ${fault.where}`).sort();
/** What a run did not check of one operation. */
const notChecked = (/** @type {Awaited<ReturnType<typeof runConformance>>} */ result, /** @type {string} */ operationId) =>
  result.rows.find((row) => row.operationId === operationId)?.notChecked ?? [];

/** Runs the CLI; resolves with its exit code and output. */
function cli(/** @type {string[]} */ args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('./run.mjs', import.meta.url)), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * With CM_API_JOURNAL_DIR set, what the kit made our mock answer in its world (the requests of a run against
 * our mock with --persona-login), as the conformance suite's API journal (docs/api-coverage.md).
 */
async function writeApiJournal(/** @type {string} */ testName) {
  const dir = process.env[API_JOURNAL_DIR_ENV];
  if (!dir) return;
  const { requests, capacity } = await createMockControl({ baseUrl: mock.baseUrl, world: CONFORMANCE_WORLD }).journal.list({ limit: 1000 });
  assert.ok(requests.length < capacity, `the run made ${requests.length} requests, the journal keeps ${capacity}: the oldest are lost`);
  const tests = [{ test: testName, requests: requests.map(journalRequestOf).filter((request) => request !== null) }];
  mkdirSync(path.join(dir, 'conformance'), { recursive: true });
  writeFileSync(path.join(dir, 'conformance', journalFileName(testName)), JSON.stringify(apiJournalFile('conformance', testName, tests)));
}

void test('our mock server conforms: every read, every provoked error, every write probe and the Arazzo flow', async (t) => {
  const result = await runConformance({ baseUrl: mock.baseUrl, personaLogin: true, writes: true });
  await writeApiJournal(t.name);
  assert.deepEqual(found(result), []);
  assert.equal(result.unusable, undefined);
  assert.equal(result.flow.failed, false, result.flow.summary);
  assert.match(result.flow.summary, /passed: .* 13 steps/);
  // It did test something: every read operation answered, and the flow's writes were checked.
  const calledReads = result.rows.filter((row) => row.method === 'get' && row.calls.some((call) => call.label === 'read'));
  assert.equal(calledReads.length, result.rows.filter((row) => row.method === 'get').length);
  assert.ok(result.rows.find((row) => row.operationId === 'insertReceipt')?.calls.some((call) => call.label.startsWith('flow ')));
  assert.ok(result.rows.flatMap((row) => row.calls).filter((call) => /-> 40[014]/.test(call.label)).length >= 40);
  // Every read was checked; what was not is said with why: the multipart upload's probe, and the unknown-id
  // probes of reads the buyer may not make (a seller's form) or makes without the payment page's origin.
  assert.deepEqual(
    result.rows.filter((row) => row.notChecked.length).map((row) => `${row.operationId}: ${row.notChecked.join('; ')}`),
    [
      'uploadUserProfile: no token -> 401: multipart/form-data is not probed',
      'getSellerTransactionForm: unknown receiptId -> 404: its read answered 403, not 2xx',
      'getNaverPayParams: unknown receipt -> 404: its read answered 400, not 2xx',
      'getKakaoPayParams: unknown receipt -> 404: its read answered 400, not 2xx',
    ],
  );
});

void test('a server with planted violations: the kit reports each of them, and nothing else', async () => {
  const result = await runConformance({ baseUrl: planted.origin, personaLogin: true });
  assert.deepEqual(found(result), PLANTED.map((p) => `${p.operationId} | ${p.label} | ${p.where}`).sort());
  assert.equal(result.violations, PLANTED.length);
  const wrongType = result.rows.find((row) => row.operationId === 'listOpenedMarkets')?.calls[0]?.violations[0];
  assert.equal(typeof wrongType?.value, 'string', 'the offending value is reported as the server sent it');
});

void test('--only limits the table to the named tags and operations', async () => {
  const result = await runConformance({ baseUrl: planted.origin, personaLogin: true, only: ['search', 'getMe'] });
  assert.deepEqual(result.rows.map((row) => row.operationId).sort(), ['getHotKeywords', 'getMe', 'searchProducts', 'searchSellers']);
  assert.deepEqual(found(result), ['getHotKeywords | read | status', 'getMe | read | /data/user/uid']);
});

void test('without a token: the guest operations and the 401 probes are checked, every other read is listed as not checked', async () => {
  const result = await runConformance({ baseUrl: planted.origin });
  assert.equal(result.unusable, undefined);
  assert.deepEqual(faults(result), ['getHotKeywords | status', 'listDevices | status', 'listOpenedMarkets | /data/0/marketPublicId']);
  assert.deepEqual(notChecked(result, 'getMe'), ['read: no token (--token or --persona-login)']);
  assert.deepEqual(notChecked(result, 'requestAd'), ['read: no ad key (--ads-key, or --persona-login on our mock)']);
  // The 401 probe of an operation that needs a token is still made.
  assert.ok(
    result.rows.find((row) => row.operationId === 'getCart')?.calls.some((call) => call.label === 'no token -> 401' && call.status === 401),
  );
});

void test('with a token the server refuses: what needs it is listed as not checked (refused, or its id never found), and the run says so', async () => {
  const result = await runConformance({ baseUrl: mock.baseUrl, token: 'expired-or-foreign-token' });
  assert.deepEqual(faults(result), []);
  assert.match(result.unusable ?? '', /refused the token on every operation that needs one/);
  assert.equal(result.partial, true);
  assert.ok(result.tokenRefused.includes('getMe') && result.tokenRefused.includes('listCarts'));
  assert.deepEqual(notChecked(result, 'getMe'), ['read: the server refused the token (401): it may be expired, or for another server']);
  assert.deepEqual(notChecked(result, 'getCart'), ['read: no id to call it with (listCarts answered 401)']);
  assert.match(
    notChecked(result, 'listRoomReceipts')[0],
    /no seller to call it with \(getRoomInfo was not called: no roomId .*listRooms answered 401/,
  );
  // The guest operations were checked all the same.
  assert.ok(result.rows.find((row) => row.operationId === 'getSeller')?.calls.some((call) => call.status === 200));
});

void test('a server answering 401 to everything: one reason, with or without a token or --only, nothing counted as a violation', async () => {
  const gateway = await answering({ answer: () => UNAUTHORIZED });
  for (const options of [{}, { token: 'some-token' }, { only: ['cart', 'getMe'] }, { only: ['getMe'], token: 'some-token' }]) {
    const result = await runConformance({ baseUrl: gateway.origin, ...options });
    assert.match(
      result.unusable ?? '',
      /^every request was refused \(401\), even operations the contract lets anyone call \(listOpenedMarkets/,
    );
    assert.equal(result.partial, false);
  }
});

void test('a web page or a 404 page for every path: one reason each', async () => {
  const website = await answering({ answer: () => HTML_PAGE });
  assert.match(
    (await runConformance({ baseUrl: website.origin, personaLogin: false })).unusable ?? '',
    /HTML page .* looks like a website/,
  );
  const nothing = await answering({ answer: () => NOT_FOUND_PAGE });
  assert.match((await runConformance({ baseUrl: nothing.origin })).unusable ?? '', /^every answer was an HTML page/);
  const json404 = await answering({
    answer: () => ({ status: 404, headers: { 'content-type': 'application/json' }, body: '{"data":"not-found"}' }),
  });
  assert.match((await runConformance({ baseUrl: json404.origin })).unusable ?? '', /^every request answered 404, .* path prefix/);
});

void test('an unreachable server is one clear error, not a violation per operation', async () => {
  const port = await freePort();
  const result = await runConformance({ baseUrl: `http://127.0.0.1:${port}`, personaLogin: true });
  assert.match(result.unusable ?? '', /^no answer: connection refused/);
  assert.equal(
    result.rows.reduce((n, row) => n + row.calls.length, 0),
    1,
    'it stopped after the first call',
  );
});

void test('discovery calls answered 401, 404 or HTML: each fault once, and every read that needed their ids listed as not checked with why', async () => {
  const cases = [
    { answer: UNAUTHORIZED, words: 'answered 401', faults: ['listOpenedMarkets | status'] },
    {
      answer: NOT_FOUND_PAGE,
      words: 'answered 404 text/html',
      // getRoomInfo too: its no-token probe (with the contract's example id) meets the same page.
      faults: [
        'getRoomInfo | content-type',
        'getRoomInfo | status',
        'listCarts | status',
        'listNotifications | status',
        'listOpenedMarkets | status',
        'listRooms | status',
      ],
    },
    {
      answer: HTML_PAGE,
      words: 'answered 200 text/html, not JSON',
      // and the no-token probes of the refused list operations meet a 200 page where a 401 is due.
      faults: [
        'getRoomInfo | content-type',
        'getRoomInfo | status',
        'listCarts | content-type',
        'listCarts | status',
        'listNotifications | content-type',
        'listNotifications | status',
        'listOpenedMarkets | content-type',
        'listRooms | content-type',
        'listRooms | status',
      ],
    },
  ];
  for (const { answer, words, faults: expected } of cases) {
    const server = await answering({
      upstream: mock.baseUrl,
      answer: (method, path) => (method === 'GET' && isDiscovery(path) ? answer : undefined),
    });
    const result = await runConformance({ baseUrl: server.origin, personaLogin: true });
    assert.equal(result.unusable, undefined, words);
    assert.deepEqual(faults(result), expected, words);
    assert.deepEqual(notChecked(result, 'getSeller'), [`read: no sellerPID to call it with (listOpenedMarkets ${words})`]);
    assert.deepEqual(notChecked(result, 'getMarket'), [
      `read: no sellerId to call it with (listOpenedMarkets ${words}); no marketId to call it with (listOpenedMarkets ${words})`,
    ]);
    assert.deepEqual(notChecked(result, 'getReceipt'), [`read: no publicId to call it with (listNotifications ${words})`]);
    // What needs no discovered id is checked as usual.
    assert.ok(result.rows.find((row) => row.operationId === 'getMe')?.calls.some((call) => call.label === 'read' && call.status === 200));
  }
});

void test('a fault is counted once per operation and JSON pointer, however many calls show it', async () => {
  const server = await answering({
    upstream: mock.baseUrl,
    answer: (method, path) =>
      path === '/common/v2/banner' ? { status: 418, headers: { 'content-type': 'application/json' }, body: '{}' } : undefined,
  });
  const result = await runConformance({ baseUrl: server.origin, personaLogin: true, only: ['getBanners'] });
  assert.deepEqual(faults(result), ['getBanners | status']);
  assert.equal(result.violations, 1);
  assert.deepEqual(result.faults[0]?.calls, ['read', 'no from -> 400', 'no from -> 400']);
});

void test('the CLI: exit 2 with one line for an unusable setup, 1 for violations', async () => {
  const gateway = await answering({ answer: () => UNAUTHORIZED });
  const refused = await cli(['--base-url', gateway.origin]);
  assert.equal(refused.code, 2);
  assert.equal(refused.stderr.trim().split('\n').length, 1, refused.stderr);
  assert.match(refused.stderr, /^conformance: cannot check http:\/\/127\.0\.0\.1:\d+: every request was refused \(401\)/);
  const port = await freePort();
  const down = await cli(['--base-url', `http://127.0.0.1:${port}`]);
  assert.equal(down.code, 2);
  assert.match(
    down.stderr,
    /^conformance: cannot check .*: no answer: connection refused \(nothing listens there\); is the server running/,
  );
  const wrong = await cli(['--base-url', planted.origin, '--persona-login', '--only', 'search']);
  assert.equal(wrong.code, 1, wrong.stderr);
  assert.match(wrong.stdout, /getHotKeywords {2}status {2}418 .*\[418; read\]/);
  assert.match(wrong.stdout, /1 violation\(s\)/);
});
