// @ts-check
// `pnpm coverage:api` over a small planted contract, planted scenarios and planted journals: what it counts as
// declared and covered, which screen and screenshot it names, and each way its baseline check passes or fails.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import * as prettier from 'prettier';
import { REPO_ROOT } from '../bench/processes.mjs';
import { baselineText, buildMatrix, declaredAnswers, totalsOf } from './coverage.mjs';
import { coverageApi, journalFolders, journalSuites, readJournals, SetupError } from './run.mjs';

// run.mjs has registered tsx.
const { errorCodeOfBody } = await import('@creator-market/sdk/control');

/**
 * Two operations: a read declaring 200, 400 and 413; a write declaring 200, 400 and a 403 whose example (behind
 * a $ref) carries `forbidden`, which no scenario offers.
 */
const DOCUMENTS = {
  product: {
    paths: {
      '/thing': { get: { operationId: 'getThing', responses: { 200: {}, 400: {}, 413: {} } } },
      '/order': { post: { operationId: 'placeOrder', responses: { 200: {}, 400: {}, 403: { $ref: '#/components/responses/Refused' } } } },
    },
    components: {
      responses: { Refused: { content: { 'application/json': { example: { data: 'forbidden', message: '허용되지 않은 요청이에요.' } } } } },
    },
  },
};
const error = (/** @type {string} */ code, status = 400) => ({ name: code, kind: 'error', status, code });
/** What the control plane would offer: the codes that fit each operation, a fault and slow:MS. */
const SCENARIOS = {
  getThing: [
    error('bad-request'),
    { name: 'network-error', kind: 'fault', status: 0, code: 'network-error' },
    { name: 'slow:MS', kind: 'slow', status: 0, code: 'timeout' },
  ],
  placeOrder: [error('bad-request'), error('out-of-stock')],
};

const at = (/** @type {number} */ second) => new Date(Date.UTC(2026, 11, 2, 12, 0, second)).toISOString();
/** A journal request; `more` overrides. */
/** @returns {import('./coverage.mjs').JournalRequest} */
const request = (/** @type {string} */ operationId, /** @type {number} */ status, /** @type {Record<string, unknown>} */ more = {}) => ({
  operationId,
  method: operationId === 'getThing' ? 'GET' : 'POST',
  path: operationId === 'getThing' ? '/thing' : '/order',
  status,
  errorCode: null,
  scenario: null,
  fault: null,
  screen: null,
  receivedAt: at(0),
  ...more,
});

/**
 * The planted suites: component tests and one journey with screenshots.
 * @returns {import('./coverage.mjs').JournalFile[]}
 */
function plantedJournals() {
  return [
    {
      version: 1,
      suite: 'app',
      source: 'app/src/screens/Cart/Cart.test.tsx',
      tests: [
        {
          test: 'cart > out of stock',
          requests: [
            request('getThing', 200, { screen: 'home' }),
            request('placeOrder', 400, { errorCode: 'out-of-stock', scenario: 'out-of-stock', screen: 'cart' }),
          ],
        },
      ],
    },
    {
      version: 1,
      suite: 'e2e',
      source: 'server journey',
      tests: [
        {
          test: 'journey',
          requests: [
            request('getThing', 200, { screen: 'home', receivedAt: at(10) }),
            request('getThing', 0, { fault: 'network-error', scenario: 'network-error', screen: 'market', receivedAt: at(30) }),
            request('getThing', 413, { errorCode: 'payload-too-large', receivedAt: at(31) }),
            // Not declared: placeOrder lists no 404.
            request('placeOrder', 404, { errorCode: 'not-found', screen: 'market', receivedAt: at(32) }),
            request('getThing', 200, { screen: 'cart', receivedAt: at(40) }),
          ],
          screenshots: [
            { path: '/shots/01-before.png', takenAt: at(5) },
            { path: '/shots/02-home.png', takenAt: at(12) },
            { path: '/shots/03-market.png', takenAt: at(35) },
            { path: '/shots/04-cart.png', takenAt: at(41) },
          ],
        },
      ],
    },
  ];
}

/**
 * A run in a fresh folder; the baseline file is `baseline` (written first when given), or the one of `into`.
 * @param {{journals?: any[], scenarios?: any, baseline?: any, into?: string, check?: boolean, update?: boolean,
 *   allowLower?: boolean, expectedSuites?: string[], folders?: Record<string, number>}} options
 */
function run(options = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'coverage-test-'));
  const baselineFile = options.into ?? path.join(dir, 'coverage-baseline.json');
  if (options.baseline) writeFileSync(baselineFile, JSON.stringify(options.baseline));
  /** @type {string[]} */
  const lines = [];
  const result = coverageApi({
    documents: DOCUMENTS,
    scenarios: options.scenarios ?? SCENARIOS,
    journals: options.journals ?? plantedJournals(),
    baselineFile,
    outDir: path.join(dir, 'out'),
    check: options.check,
    update: options.update,
    allowLower: options.allowLower,
    expectedSuites: options.expectedSuites,
    folders: options.folders,
    print: (line) => lines.push(line),
  });
  return { ...result, output: lines.join('\n'), dir, baselineFile };
}

void test('declared: each status below 400, each code the control plane fits to an error status or its examples carry (else the bare status), each fault, slow', () => {
  assert.deepEqual(
    declaredAnswers(DOCUMENTS, SCENARIOS, errorCodeOfBody).map((a) => a.key),
    [
      'getThing 200',
      'getThing 400 bad-request',
      'getThing 413',
      'getThing fault network-error',
      'getThing slow',
      'placeOrder 200',
      'placeOrder 400 bad-request',
      'placeOrder 400 out-of-stock',
      'placeOrder 403 forbidden',
    ],
  );
});

void test('the matrix: who produced each answer, forced or not, on which screen, with the screenshot taken after it', () => {
  const matrix = buildMatrix(declaredAnswers(DOCUMENTS, SCENARIOS, errorCodeOfBody), plantedJournals());
  const of = (/** @type {string} */ key) => matrix.answers.find((a) => a.key === key);
  assert.deepEqual(
    matrix.answers.filter((a) => a.covered).map((a) => a.key),
    ['getThing 200', 'getThing 413', 'getThing fault network-error', 'placeOrder 400 out-of-stock'],
  );
  assert.deepEqual(of('getThing 200')?.suites, ['app', 'e2e']);
  assert.deepEqual(of('getThing 200')?.screens, ['cart', 'home']);
  // The journey's screenshot taken after the answer arrived, before the app asked from another screen (the
  // 413 came from no screen: a test's own call).
  assert.deepEqual(of('getThing 200')?.producers.find((p) => p.suite === 'e2e')?.screenshots, ['/shots/02-home.png', '/shots/04-cart.png']);
  assert.deepEqual(of('getThing fault network-error')?.producers[0]?.screenshots, ['/shots/03-market.png']);
  assert.deepEqual(of('placeOrder 400 out-of-stock')?.producers[0]?.forced, ['out-of-stock']);
  // A code at a status that declares no code counts for the bare status.
  assert.equal(of('getThing 413')?.producers[0]?.suite, 'e2e');
  assert.deepEqual(
    matrix.undeclared.map((u) => u.key),
    ['placeOrder 404 not-found'],
  );
  assert.deepEqual(totalsOf(matrix), [
    { suite: 'app', declared: 9, covered: 2, uncovered: 7 },
    { suite: 'e2e', declared: 9, covered: 3, uncovered: 6 },
    { suite: 'all suites', declared: 9, covered: 4, uncovered: 5 },
  ]);
});

void test('the report: the totals, the answers no test produces, and a page that loads nothing from elsewhere', () => {
  const { code, output, dir } = run();
  assert.equal(code, 0);
  assert.match(output, /all suites\s+9\s+4\s+5/);
  assert.match(output, /getThing: 400 bad-request, slow/);
  assert.match(output, /placeOrder: 200, 400 bad-request, 403 forbidden/);
  assert.match(output, /placeOrder 404 not-found/);
  const html = readFileSync(path.join(dir, 'out', 'api-coverage.html'), 'utf8');
  assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//);
  assert.doesNotMatch(html, /<script|<link/);
  assert.match(html, /id="placeOrder"/);
  assert.match(html, /02-home\.png/);
  assert.equal(JSON.parse(readFileSync(path.join(dir, 'out', 'api-coverage.json'), 'utf8')).answers.length, 9);
});

void test('--update writes the baseline; --check then passes, and passes again when coverage only rises', async () => {
  const { baselineFile } = run({ update: true });
  const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
  assert.deepEqual(baseline.suites, ['app', 'e2e'], 'the suites whose journals built it');
  // Written as Prettier formats it, short lists and long: `pnpm lint` passes on the file --update leaves.
  const committed = path.join(REPO_ROOT, 'openapi', 'coverage-baseline.json');
  const options = { ...(await prettier.resolveConfig(committed)), parser: 'json' };
  for (const text of [readFileSync(baselineFile, 'utf8'), baselineText(JSON.parse(readFileSync(committed, 'utf8')))])
    assert.equal(await prettier.format(text, options), text);
  assert.deepEqual(baseline.covered, ['getThing 200', 'getThing 413', 'getThing fault network-error', 'placeOrder 400 out-of-stock']);
  assert.equal(baseline.uncovered.length, 5);
  assert.equal(run({ baseline, check: true }).code, 0);
  // One more answer covered (placeOrder 200): still a pass, and the run says the baseline can rise.
  const journals = plantedJournals();
  journals[0].tests[0].requests.push(request('placeOrder', 200));
  const risen = run({ baseline, check: true, journals });
  assert.equal(risen.code, 0);
  assert.match(risen.output, /1 answer\(s\) the baseline lists as uncovered are covered now/);
});

void test('--check fails, naming it, when an answer the baseline lists as covered is no longer produced', () => {
  const { baselineFile } = run({ update: true });
  const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
  const journals = plantedJournals();
  journals[0].tests[0].requests.pop(); // the out-of-stock test is gone
  const { code, output, check } = run({ baseline, check: true, journals });
  assert.equal(code, 1);
  assert.deepEqual(check?.lost, ['placeOrder 400 out-of-stock']);
  assert.deepEqual(check?.untested, []);
  assert.match(output, /LOST {6}placeOrder 400 out-of-stock/);
});

void test('--check fails on a newly declared answer with no test and no known-uncovered entry; a known-uncovered entry passes it', () => {
  const { baselineFile } = run({ update: true });
  const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
  const scenarios = { ...SCENARIOS, placeOrder: [...SCENARIOS.placeOrder, error('amount-exceeded')] };
  const failed = run({ baseline, check: true, scenarios });
  assert.equal(failed.code, 1);
  assert.deepEqual(failed.check?.untested, ['placeOrder 400 amount-exceeded']);
  assert.match(failed.output, /UNTESTED {2}placeOrder 400 amount-exceeded/);
  const listed = { ...baseline, uncovered: [...baseline.uncovered, 'placeOrder 400 amount-exceeded'] };
  assert.equal(run({ baseline: listed, check: true, scenarios }).code, 0);
  // Without a baseline the check cannot pass.
  assert.equal(run({ check: true }).code, 1);
});

void test('journal files: read per suite folder; a missing folder or a file of another shape is a setup error naming it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'coverage-journals-'));
  assert.throws(
    () => readJournals(path.join(dir, 'none')),
    (e) => e instanceof SetupError && /no API journals at/.test(e.message),
  );
  mkdirSync(path.join(dir, 'app'));
  assert.throws(
    () => readJournals(dir),
    (e) => e instanceof SetupError && /no API journal files under/.test(e.message),
  );
  writeFileSync(path.join(dir, 'app', 'a.json'), JSON.stringify(plantedJournals()[0]));
  assert.equal(readJournals(dir).length, 1);
  writeFileSync(
    path.join(dir, 'app', 'b.json'),
    JSON.stringify({ version: 1, suite: 'app', source: 'x', tests: [{ test: 't', requests: [{ status: 200 }] }] }),
  );
  assert.throws(
    () => readJournals(dir),
    (e) =>
      e instanceof SetupError &&
      e.message.includes('b.json: not an API journal file (a test without a name, or a request without operationId'),
  );
  writeFileSync(path.join(dir, 'app', 'b.json'), '{');
  assert.throws(
    () => readJournals(dir),
    (e) => e instanceof SetupError && /b\.json: not JSON/.test(e.message),
  );
});

void test('--update refuses to turn a covered answer uncovered, naming it; --allow-lower writes it', () => {
  const { baselineFile } = run({ update: true });
  const before = readFileSync(baselineFile, 'utf8');
  // The e2e suite did not run: the fault and the 413 only it produces would be lost.
  const journals = plantedJournals().filter((j) => j.suite !== 'e2e');
  const refused = run({ into: baselineFile, update: true, journals, expectedSuites: ['app', 'e2e'] });
  assert.equal(refused.code, 1);
  assert.match(refused.output, /MISSING {3}suite e2e: no journal folder/);
  assert.match(refused.output, /LOWER {5}getThing 413: covered in the baseline/);
  assert.match(refused.output, /LOWER {5}getThing fault network-error/);
  assert.match(refused.output, /Baseline not written: it would turn 2 covered answer\(s\) uncovered.*--allow-lower/);
  assert.equal(readFileSync(baselineFile, 'utf8'), before);
  const lowered = run({ into: baselineFile, update: true, journals, allowLower: true });
  assert.equal(lowered.code, 0);
  const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
  assert.deepEqual(baseline.suites, ['app']);
  assert.ok(baseline.uncovered.includes('getThing 413'));
  // Rising needs no flag.
  assert.equal(run({ into: baselineFile, update: true }).code, 0);
});

void test('--check fails naming each expected suite whose journal folder is missing or empty', () => {
  const { baselineFile } = run({ update: true });
  const expectedSuites = ['app', 'e2e', 'a11y', 'example-qa'];
  const failed = run({ into: baselineFile, check: true, expectedSuites, folders: { app: 1, e2e: 1, 'example-qa': 0 } });
  assert.equal(failed.code, 1);
  assert.match(failed.output, /MISSING {3}suite a11y: no journal folder/);
  assert.match(failed.output, /MISSING {3}suite example-qa: its journal folder holds no journal file/);
  assert.match(failed.output, /coverage check: fails \(2 suite\(s\) without journals, 0 answer\(s\) lost, 0 untested\)/);
  const passed = run({ into: baselineFile, check: true, expectedSuites, folders: { app: 1, e2e: 1, a11y: 2, 'example-qa': 3 } });
  assert.equal(passed.code, 0, passed.output);
});

void test("the suites that must leave journals are scripts/test-all.mjs's journal steps; folders are counted by their journal files", () => {
  assert.deepEqual(journalSuites().sort(), ['a11y', 'app', 'conformance', 'e2e', 'example-qa']);
  const dir = mkdtempSync(path.join(tmpdir(), 'coverage-suites-'));
  const file = path.join(dir, 'test-all.mjs');
  writeFileSync(
    file,
    "const steps = [{ id: 'lint', cmd: 'x' }, { id: 'app', journal: true }, { id: 'e2e', journal: false }, { ...more }];",
  );
  assert.deepEqual(journalSuites(file), ['app']);
  writeFileSync(file, 'const steps = [];');
  assert.throws(
    () => journalSuites(file),
    (e) => e instanceof SetupError && /no step with journal: true/.test(e.message),
  );
  mkdirSync(path.join(dir, 'app'));
  mkdirSync(path.join(dir, 'e2e'));
  writeFileSync(path.join(dir, 'app', 'a.json'), '{}');
  writeFileSync(path.join(dir, 'e2e', 'notes.txt'), '');
  assert.deepEqual(journalFolders(dir), { app: 1, e2e: 0 });
  assert.deepEqual(journalFolders(path.join(dir, 'none')), {});
});
