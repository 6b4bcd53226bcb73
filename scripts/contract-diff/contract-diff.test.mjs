// @ts-check
// The contract diff classifies planted changes as expected (the ADR's table is theirs), names what each breaking
// one touches (sdk, screens, mock handlers), and fails only on a breaking or unclassified change that a line the
// range adds to openapi/CHANGELOG.md does not acknowledge. Every plant is made in a copy: of the parsed document
// in memory, or of the bundled files in a temporary git repository.
//   node --test scripts/contract-diff/
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { acknowledgementOf, addedAcknowledgements, parseAcknowledgements } from './acknowledge.mjs';
import { compareDocuments, readBundles } from './compare.mjs';
import { mockHandlers, screenOperations } from './impact.mjs';
import { PLANTS, plantTable } from '../test/support/plants.mjs';
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

for (const { name, plant, expect, breaking, unclassified = 0 } of PLANTS) {
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
    assert.equal(changes.filter((c) => c.type === 'unclassified').length, unclassified);
  });
}

void test("the planted changes' table: printed, and the ADR holds it as the plants give it now", () => {
  const table = plantTable(real, REPO_ROOT);
  console.log(`The planted changes (docs/decisions/contract-diff.md):\n${table}`);
  const adr = readFileSync(join(REPO_ROOT, 'docs', 'decisions', 'contract-diff.md'), 'utf8');
  assert.ok(adr.includes(table), 'docs/decisions/contract-diff.md: paste the table printed above in place of its planted changes table');
});

void test('what a breaking change touches: the sdk function, the screens that call the operation, the mock handler', () => {
  const [removal, , , errorCode] = PLANTS;
  const after = planted((document) => {
    removal.plant(document);
    errorCode.plant(document);
  });
  const breaking = compareDocuments(real, after).filter((c) => c.type === 'breaking');
  const touched = impactOf(REPO_ROOT, real, new Set(['getMarket', 'addToCart']), breaking);
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

void test('CHANGELOG acknowledgements: class, operation (or `*`), place and what changed, all named', () => {
  const { acks, malformed } = parseAcknowledgements(
    [
      '- breaking `getMarket` `response 200 data.market.desc` `removed`: the screen no longer shows it',
      "* breaking `*` `query msgType` `value 'cancel' removed`: narrowed",
      '- unclassified `insertReceipt` `request body` `properties removed`: the same body in an allOf',
      '- breaking `*` `response 400`: the old form, naming no change',
      '- breaking `getMarket` `*` `removed`: every place',
      'breaking `addToCart` `response 400` `removed`: not a list item',
      '```md',
      '- breaking `addToCart` `response 400` `removed`: an example of the form',
      '```',
    ].join('\n'),
  );
  assert.deepEqual(
    acks.map((a) => a.line),
    [1, 2, 3],
  );
  assert.deepEqual(
    malformed.map((m) => m.line),
    [4, 5],
  );
  const change = (/** @type {string} */ operationId, /** @type {string} */ where, /** @type {string} */ what, type = 'breaking') => ({
    type,
    operationId,
    document: 'product',
    where,
    what,
  });
  assert.equal(acknowledgementOf(acks, change('getMarket', 'response 200 data.market.desc', 'removed'))?.line, 1);
  assert.equal(acknowledgementOf(acks, change('listNotifications', 'query msgType', "value 'cancel' removed"))?.line, 2);
  assert.equal(acknowledgementOf(acks, change('insertReceipt', 'request body', 'properties removed', 'unclassified'))?.line, 3);
  // Another kind of change at a named place, another place, another class: none.
  assert.equal(acknowledgementOf(acks, change('getMarket', 'response 200 data.market.desc', 'no longer required')), undefined);
  assert.equal(acknowledgementOf(acks, change('listNotifications', 'query msgType', "value 'order' removed")), undefined);
  assert.equal(acknowledgementOf(acks, change('getMarket', 'response 200 data.market.title', 'removed')), undefined);
  assert.equal(acknowledgementOf(acks, change('insertReceipt', 'request body', 'properties removed')), undefined);
  assert.equal(acknowledgementOf(acks, change('addToCart', 'response 400', 'removed')), undefined);
});

void test('only the acknowledgements the range adds count: a line kept, moved or reworded is not new; one added again is', () => {
  const old = '- breaking `*` `response 400` `removed`: an old change';
  const other = '- breaking `getMarket` `query page` `removed`: another old change';
  const base = ['# Changelog', old, other].join('\n');
  assert.deepEqual(addedAcknowledgements(base, base).acks, []);
  // Moved below another line, its why reworded: still the old line.
  const moved = ['# Changelog', other, '- breaking `*` `response 400` `removed`: reworded', ''].join('\n');
  assert.deepEqual(addedAcknowledgements(base, moved).acks, []);
  const again = ['# Changelog', old, other, old.replace('an old change', 'removed once more')].join('\n');
  assert.deepEqual(
    addedAcknowledgements(base, again).acks.map((a) => a.line),
    [4],
  );
  // No CHANGELOG at the base: every line is new.
  assert.equal(addedAcknowledgements(null, base).acks.length, 2);
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

/** A run of the check that keeps what it prints. */
function check(/** @type {Parameters<typeof contractDiff>[0]} */ options) {
  /** @type {string[]} */
  const lines = [];
  const { code, report } = contractDiff({ impactRoot: REPO_ROOT, impact: false, ...options, print: (line) => lines.push(line) });
  return { code, report, text: lines.join('\n') };
}

/** Writes a copy of the bundled product document with `plant` into the repository copy `dir`. */
function writePlanted(/** @type {string} */ dir, /** @type {(document: any) => void} */ plant) {
  const product = structuredClone(real.product);
  plant(product);
  writeFileSync(join(dir, 'openapi', 'bundled', 'product.json'), JSON.stringify(product, null, 2));
}

const commit = (/** @type {(args: string[]) => unknown} */ run, /** @type {string} */ message) => {
  run(['add', '.']);
  run(['-c', 'user.name=test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', message]);
};

void test('the check: fails on an unacknowledged breaking change, passes once the range adds a CHANGELOG line naming it; in CI it needs a previous commit', () => {
  const { dir, run } = repositoryCopy();
  // In CI without HEAD~1 (a first commit here; a clone of depth 1 alike): a setup error, unless allowed.
  const first = check({ repoRoot: dir, ci: true });
  assert.equal(first.code, 2);
  assert.match(first.report.error, /no previous commit \(HEAD~1\).*HEAD is the first commit.*--allow-no-base/);
  const allowed = check({ repoRoot: dir, ci: true, allowNoBase: true });
  assert.equal(allowed.code, 0);
  assert.match(allowed.text, /no previous commit \(HEAD~1\).*--allow-no-base; passes/);

  const [, required] = PLANTS;
  writePlanted(dir, required.plant);
  const failed = check({ repoRoot: dir, impact: true });
  assert.equal(failed.code, 1);
  assert.match(failed.text, /against the merge base with main/);
  assert.match(failed.text, /BREAKING {2}insertReceipt .*\n {2}request body remember {2}made required {2}\[NOT acknowledged\]/);
  assert.match(failed.text, /screens: .*Cart \(app\/src\/screens\/Cart\//);
  assert.match(failed.text, /mock: {4}mock-server\/src\/handlers\/receipt\.ts#insertReceipt/);
  assert.match(failed.text, /^- breaking `insertReceipt` `request body remember` `made required`: <why/m);

  appendFileSync(
    join(dir, 'openapi', 'CHANGELOG.md'),
    '\n- breaking `insertReceipt` `request body remember` `made required`: the app always sends it\n',
  );
  const passed = check({ repoRoot: dir });
  assert.equal(passed.code, 0, passed.text);
  assert.match(passed.text, /1 breaking for clients \(1 acknowledged\)/);

  // In CI: the previous commit. Committed with its CHANGELOG line, the change is compared with the commit before.
  commit(run, 'remember required');
  const inCi = check({ repoRoot: dir, ci: true });
  assert.equal(inCi.code, 0, inCi.text);
  assert.match(inCi.text, /against the previous commit HEAD~1/);
  assert.equal(check({ repoRoot: dir, base: 'no-such-ref' }).code, 2);
});

void test("removing addToCart's 400 answer fails with the real CHANGELOG and with a line of an earlier range naming it; a line the range adds passes", () => {
  const removal = (/** @type {any} */ document) => delete document.paths['/cart/add/common'].post.responses['400'];
  const line = '- breaking `addToCart` `response 400` `removed`: the cart no longer answers 400';
  const { dir, run } = repositoryCopy();
  writePlanted(dir, removal);
  // The old form of a wildcard line, added now, names no change: it acknowledges nothing, and the check says so.
  appendFileSync(join(dir, 'openapi', 'CHANGELOG.md'), '\n- breaking `*` `response 400`: an error body changed\n');
  const failed = check({ repoRoot: dir });
  assert.equal(failed.code, 1, failed.text);
  assert.match(failed.text, /BREAKING {2}addToCart .*\n {2}response 400 {2}removed {2}\[NOT acknowledged\]/);
  assert.match(failed.text, /^- breaking `addToCart` `response 400` `removed`: <why/m);
  assert.match(failed.text, /CHANGELOG\.md line \d+ acknowledges nothing: not a list item/);
  appendFileSync(join(dir, 'openapi', 'CHANGELOG.md'), `${line}\n`);
  const passed = check({ repoRoot: dir });
  assert.equal(passed.code, 0, passed.text);
  assert.match(passed.text, /response 400 {2}removed {2}\[acknowledged, CHANGELOG line \d+\]/);

  // The same line, committed with an earlier change, does not cover the removal made again later.
  commit(run, 'addToCart without 400, acknowledged');
  writeFileSync(join(dir, 'openapi', 'bundled', 'product.json'), JSON.stringify(real.product, null, 2));
  commit(run, '400 back');
  writePlanted(dir, removal);
  const again = check({ repoRoot: dir });
  assert.equal(again.code, 1, again.text);
  assert.match(again.text, /acknowledgements: the 0 line\(s\) the range adds/);
  appendFileSync(join(dir, 'openapi', 'CHANGELOG.md'), `${line}, again\n`);
  assert.equal(check({ repoRoot: dir }).code, 0);
});

void test('an unclassified change is listed with a count and fails until the range acknowledges it as unclassified', () => {
  const restructure = PLANTS.find((p) => p.name.startsWith('restructure'));
  const { dir } = repositoryCopy();
  writePlanted(dir, restructure.plant);
  // A line of another class does not acknowledge it.
  appendFileSync(join(dir, 'openapi', 'CHANGELOG.md'), '\n- breaking `insertReceipt` `request body` `properties removed`: wrong class\n');
  const failed = check({ repoRoot: dir });
  assert.equal(failed.code, 1, failed.text);
  assert.match(failed.text, /0 breaking for clients \(0 acknowledged\), 1 unclassified \(0 acknowledged\)/);
  assert.match(failed.text, /UNCLASSIFIED \(1\).*\n {2}insertReceipt {2}request body {2}properties removed {2}\[NOT acknowledged\]/);
  assert.match(failed.text, /^- unclassified `insertReceipt` `request body` `properties removed`: <why/m);
  appendFileSync(
    join(dir, 'openapi', 'CHANGELOG.md'),
    '- unclassified `insertReceipt` `request body` `properties removed`: the same body\n',
  );
  const passed = check({ repoRoot: dir });
  assert.equal(passed.code, 0, passed.text);
  assert.match(passed.text, /1 unclassified \(1 acknowledged\)/);
});
