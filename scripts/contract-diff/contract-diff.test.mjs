// @ts-check
// The contract diff classifies planted changes as expected, names what each breaking one touches (sdk, screens,
// mock handlers), and fails only on a breaking change openapi/CHANGELOG.md does not acknowledge. Every plant is
// made in a copy: of the parsed document in memory, or of the bundled files in a temporary git repository.
//   node --test scripts/contract-diff/
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { acknowledgementOf, parseAcknowledgements } from './acknowledge.mjs';
import { compareDocuments, readBundles } from './compare.mjs';
import { mockHandlers, screenOperations } from './impact.mjs';
import { PLANTS } from '../test/support/plants.mjs';
import { contractDiff, impactOf, REPO_ROOT } from './run.mjs';

const real = readBundles(REPO_ROOT, null);
/** A copy of the bundled documents with one plant. */
const planted = (/** @type {(document: any) => void} */ plant) => {
  const product = structuredClone(real.product);
  plant(product);
  return { ...real, product };
};
const temporary = [];
after(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

void test('the contract compared with itself has no change', () => {
  assert.deepEqual(compareDocuments(real, structuredClone(real)), []);
});

for (const { name, plant, expect, breaking } of PLANTS) {
  void test(`planted: ${name}`, () => {
    const changes = compareDocuments(real, planted(plant));
    for (const expected of expect) {
      const found = changes.find((c) => c.operationId === expected.operationId && c.where === expected.where && c.what === expected.what);
      assert.ok(
        found,
        `no change ${JSON.stringify(expected)} in:\n${changes.map((c) => `${c.type} ${c.operationId} | ${c.where} | ${c.what}`).join('\n')}`,
      );
      assert.equal(found.type, expected.type, `${expected.operationId} ${expected.where}`);
    }
    assert.equal(changes.filter((c) => c.type === 'breaking').length, breaking);
  });
}

void test('what a breaking change touches: the sdk function, the screens that call the operation, the mock handler', () => {
  const [removal, , , errorCode] = PLANTS;
  const after = planted((document) => {
    removal.plant(document);
    errorCode.plant(document);
  });
  const breaking = compareDocuments(real, after).filter((c) => c.type === 'breaking');
  const touched = impactOf(REPO_ROOT, after, new Set(['getMarket', 'addToCart']), breaking);
  assert.ok(touched.getMarket.sdk.includes("ApiClient.get('/common/market/get/{sellerId}/{marketId}') (sdk/src/client/api-client.ts)"));
  assert.ok(
    touched.getMarket.screens.some((s) => s.startsWith('Market (')),
    touched.getMarket.screens.join('; '),
  );
  assert.deepEqual(touched.getMarket.mock, ['mock-server/src/handlers/market.ts#getMarket']);
  // The new error code: the sdk's list of codes lacks it.
  assert.ok(
    touched.addToCart.sdk.some((s) => /error-codes\.ts#ERROR_CODES \(lacks 'cart-locked'\)/.test(s)),
    touched.addToCart.sdk.join('; '),
  );
  assert.ok(touched.addToCart.screens.some((s) => s.startsWith('Market (')));
});

void test('the screen map: each screen with the operations it calls, from the sdk client calls of the modules it imports', () => {
  const screens = screenOperations({
    repoRoot: REPO_ROOT,
    documents: [real.product, real.ads].map((document) => ({ document, prefix: '' })),
  });
  assert.ok(screens.Market.operations.getMarket?.length, 'Market calls getMarket');
  assert.ok(screens.Cart.operations.listCarts?.length, 'Cart calls listCarts');
  assert.ok(screens.Receipt.operations.getReceipt?.length, 'Receipt calls getReceipt');
  assert.ok(screens.Home.operations.requestAd?.length, 'Home shows ads (the ad client)');
  assert.equal(screens.Cart.operations.getReceipt, undefined, 'Cart does not call getReceipt');
  for (const where of Object.values(screens).flatMap((s) => Object.values(s.operations).flat()))
    assert.match(where, /^app\/src\/.+\.tsx?:\d+$/);
});

void test('every operation of the contract has a mock handler, found by its operationId', () => {
  const ids = new Set(
    [real.product, real.ads].flatMap((document) =>
      Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation?.operationId)),
    ),
  );
  ids.delete(undefined);
  const handlers = mockHandlers({ repoRoot: REPO_ROOT, operationIds: /** @type {Set<string>} */ (ids) });
  assert.deepEqual(
    [...ids].filter((id) => !handlers[id]),
    [],
  );
});

void test('CHANGELOG acknowledgements: exact operation and place, `*` for one of them, never both', () => {
  const acks = parseAcknowledgements(
    [
      '- breaking `getMarket` `response 200 data.market.desc`: removed',
      '* breaking `*` `query msgType`: narrowed',
      '- breaking `*` `*`: everything',
      'breaking `addToCart` `response 400 data` (not a list item)',
    ].join('\n'),
  );
  assert.equal(acks.length, 3);
  const change = (operationId, where) => ({ operationId, document: 'product', where });
  assert.equal(acknowledgementOf(acks, change('getMarket', 'response 200 data.market.desc'))?.line, 1);
  assert.equal(acknowledgementOf(acks, change('listNotifications', 'query msgType'))?.line, 2);
  assert.equal(acknowledgementOf(acks, change('getMarket', 'response 200 data.market.title')), undefined);
  assert.equal(acknowledgementOf(acks, change('addToCart', 'response 400 data')), undefined);
});

/** A git repository holding a copy of the bundled contract and the CHANGELOG, one commit. */
function repositoryCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'contract-diff-'));
  temporary.push(dir);
  const run = (/** @type {string[]} */ args) => execFileSync('git', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  run(['init', '-q', '-b', 'main']);
  mkdirSync(join(dir, 'openapi', 'bundled'), { recursive: true });
  for (const name of ['product', 'ads'])
    writeFileSync(join(dir, 'openapi', 'bundled', `${name}.json`), JSON.stringify(real[name], null, 2));
  writeFileSync(join(dir, 'openapi', 'CHANGELOG.md'), readFileSync(join(REPO_ROOT, 'openapi', 'CHANGELOG.md')));
  run(['add', '.']);
  run(['-c', 'user.name=test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'contract']);
  return { dir, run };
}

void test('the check: fails on an unacknowledged breaking change, passes once the CHANGELOG names it; in CI without a previous commit it passes', () => {
  const { dir, run } = repositoryCopy();
  /** @type {string[]} */
  let lines = [];
  const print = (/** @type {string} */ line) => lines.push(line);
  assert.equal(contractDiff({ repoRoot: dir, ci: true, print }).code, 0);
  assert.match(lines.join('\n'), /no previous commit \(HEAD~1\).*passes/);

  const [, required] = PLANTS;
  const product = structuredClone(real.product);
  required.plant(product);
  writeFileSync(join(dir, 'openapi', 'bundled', 'product.json'), JSON.stringify(product, null, 2));
  lines = [];
  const failed = contractDiff({ repoRoot: dir, impactRoot: REPO_ROOT, print });
  assert.equal(failed.code, 1);
  const text = lines.join('\n');
  assert.match(text, /against the merge base with main/);
  assert.match(text, /BREAKING {2}insertReceipt .*\n {2}request body remember {2}made required {2}\[NOT acknowledged\]/);
  assert.match(text, /screens: .*Cart \(app\/src\/screens\/Cart\//);
  assert.match(text, /mock: {4}mock-server\/src\/handlers\/receipt\.ts#insertReceipt/);
  assert.match(text, /^- breaking `insertReceipt` `request body remember`: made required; <why/m);

  appendFileSync(join(dir, 'openapi', 'CHANGELOG.md'), '\n- breaking `insertReceipt` `request body remember`: the app always sends it\n');
  lines = [];
  assert.equal(contractDiff({ repoRoot: dir, impactRoot: REPO_ROOT, impact: false, print }).code, 0);
  assert.match(lines.join('\n'), /1 breaking for clients \(1 acknowledged/);

  // In CI: the previous commit. Committed, the change is compared with the commit before it.
  run(['add', '.']);
  run(['-c', 'user.name=test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'remember required']);
  lines = [];
  assert.equal(contractDiff({ repoRoot: dir, ci: true, impact: false, print }).code, 0);
  assert.match(lines.join('\n'), /against the previous commit HEAD~1/);
  assert.equal(contractDiff({ repoRoot: dir, base: 'no-such-ref', print }).code, 2);
});
