#!/usr/bin/env node
// @ts-check
// `pnpm coverage:api [--check | --update [--allow-lower]]`: the API coverage matrix (docs/api-coverage.md). Reads
// the bundled contract (openapi/bundled/product.json and ads.json, as the contract diff does), asks a mock server
// started for the purpose which scenarios each operation can answer, merges the suites' API journals
// (<CM_API_JOURNAL_DIR, default artifacts/api-journal>/<suite>/*.json) and writes artifacts/api-coverage.json
// and artifacts/api-coverage.html. Prints the totals per suite and the answers no test produces.
//   --check   exits 1 naming each suite that writes a journal (scripts/test-all.mjs's `journal: true` steps)
//             whose folder is missing or empty, each answer the baseline (openapi/coverage-baseline.json) lists
//             as covered that no test produces now, and each declared answer no test produces that the
//             baseline does not list
//   --update  rewrites the baseline from this run, with the suites it read; refuses (exit 1) to turn an
//             answer it lists as covered uncovered, unless --allow-lower
// Exits 2 on a setup error (no journals, an unreadable journal file, bad arguments).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import ts from 'typescript';
import { readBundles } from '../contract-diff/compare.mjs';
import { REPO_ROOT, startMockCli } from '../bench/processes.mjs';
import {
  baselineOf,
  baselineText,
  buildMatrix,
  checkBaseline,
  declaredAnswers,
  missingSuites,
  operationsOf,
  totalsOf,
} from './coverage.mjs';
import { coveragePage } from './page.mjs';

// The sdk's TypeScript (the error envelope's code, one rule with the mock's journal) loads through tsx.
register();
const { errorCodeOfBody } = await import('@creator-market/sdk/control');

const USAGE = 'Usage: pnpm coverage:api [--check | --update [--allow-lower]] [--journals DIR] [--baseline FILE] [--out DIR]';

export class SetupError extends Error {}

/**
 * Every journal file under `dir` (`<suite>/*.json`), checked for the shape @creator-market/sdk/control writes.
 * @param {string} dir
 * @returns {import('./coverage.mjs').JournalFile[]}
 */
export function readJournals(dir) {
  if (!existsSync(dir)) throw new SetupError(`no API journals at ${dir}: run the suites with CM_API_JOURNAL_DIR set (pnpm test sets it)`);
  const files = [];
  for (const suite of readdirSync(dir, { withFileTypes: true })) {
    if (!suite.isDirectory()) continue;
    for (const name of readdirSync(path.join(dir, suite.name))
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const file = path.join(dir, suite.name, name);
      let parsed;
      try {
        parsed = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new SetupError(`${file}: not JSON (${error instanceof Error ? error.message : error})`);
      }
      const problem =
        parsed?.version !== 1
          ? 'version is not 1'
          : typeof parsed.suite !== 'string' || typeof parsed.source !== 'string'
            ? 'no suite or source'
            : !Array.isArray(parsed.tests)
              ? 'no tests list'
              : parsed.tests.some(
                    (/** @type {any} */ t) =>
                      typeof t?.test !== 'string' ||
                      !Array.isArray(t.requests) ||
                      t.requests.some((/** @type {any} */ r) => typeof r?.operationId !== 'string' || typeof r.status !== 'number'),
                  )
                ? 'a test without a name, or a request without operationId and status'
                : null;
      if (problem) throw new SetupError(`${file}: not an API journal file (${problem}; the shape is sdk/src/control/api-journal.ts)`);
      files.push(parsed);
    }
  }
  if (files.length === 0)
    throw new SetupError(`no API journal files under ${dir}: run the suites with CM_API_JOURNAL_DIR set (pnpm test sets it)`);
  return files;
}

/**
 * How many journal files each suite's folder under `dir` holds (none: no folders).
 * @param {string} dir
 * @returns {Record<string, number>}
 */
export function journalFolders(dir) {
  /** @type {Record<string, number>} */
  const folders = {};
  if (!existsSync(dir)) return folders;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) folders[entry.name] = readdirSync(path.join(dir, entry.name)).filter((n) => n.endsWith('.json')).length;
  return folders;
}

/**
 * The suites that write an API journal: the ids of the `journal: true` steps of scripts/test-all.mjs (read with
 * the TypeScript parser, so the list has one home: the step table).
 * @param {string} [file]
 * @returns {string[]}
 */
export function journalSuites(file = path.join(REPO_ROOT, 'scripts', 'test-all.mjs')) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  /** @type {string[]} */
  const suites = [];
  const visit = (/** @type {ts.Node} */ node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'steps' && node.initializer)
      for (const step of ts.isArrayLiteralExpression(node.initializer) ? node.initializer.elements : []) {
        if (!ts.isObjectLiteralExpression(step)) continue;
        const value = (/** @type {string} */ name) => {
          const property = step.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name);
          return property && ts.isPropertyAssignment(property) ? property.initializer : undefined;
        };
        const id = value('id');
        if (value('journal')?.kind === ts.SyntaxKind.TrueKeyword && id && ts.isStringLiteral(id)) suites.push(id.text);
      }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (suites.length === 0) throw new SetupError(`${file}: no step with journal: true found (the suites that write an API journal)`);
  return suites;
}

/**
 * The scenarios each operation can answer, from a mock server started for it (its control plane decides, by
 * the contract, what an operation declares: GET /__mock/scenarios?operationId=...).
 * @param {string[]} operationIds
 * @returns {Promise<Record<string, import('./coverage.mjs').Scenario[]>>}
 */
export async function scenariosFromMock(operationIds) {
  const mock = await startMockCli({ flags: ['--journal', '0'] });
  try {
    /** @type {Record<string, import('./coverage.mjs').Scenario[]>} */
    const scenarios = {};
    for (const operationId of operationIds) {
      const response = await fetch(`${mock.baseUrl}/__mock/scenarios?operationId=${encodeURIComponent(operationId)}`);
      if (!response.ok) throw new SetupError(`the mock's GET /__mock/scenarios?operationId=${operationId} answered ${response.status}`);
      scenarios[operationId] = (await response.json()).scenarios;
    }
    return scenarios;
  } finally {
    await mock.stop();
  }
}

/**
 * The whole run over parsed inputs; writes the report files and (with `update`) the baseline.
 * @param {{documents: Record<string, any>, scenarios: Record<string, import('./coverage.mjs').Scenario[]>,
 *   journals: import('./coverage.mjs').JournalFile[], baselineFile: string, outDir: string, check?: boolean,
 *   update?: boolean, allowLower?: boolean, expectedSuites?: string[], folders?: Record<string, number>,
 *   print?: (line: string) => void}} options `expectedSuites`: the suites that must have left journals (none by
 *   default); `folders`: how many journal files each suite's folder holds (by default, as `journals` say)
 * @returns {{code: number, matrix: ReturnType<typeof buildMatrix>, check?: ReturnType<typeof checkBaseline>}}
 */
export function coverageApi({
  documents,
  scenarios,
  journals,
  baselineFile,
  outDir,
  check = false,
  update = false,
  allowLower = false,
  expectedSuites = [],
  folders = Object.fromEntries(
    [...new Set(journals.map((j) => j.suite))].map((suite) => [suite, journals.filter((j) => j.suite === suite).length]),
  ),
  print = console.log,
}) {
  const declared = declaredAnswers(documents, scenarios, errorCodeOfBody);
  const matrix = buildMatrix(declared, journals);
  const totals = totalsOf(matrix);
  const generatedAt = new Date().toISOString();
  const all = totals[totals.length - 1];
  // One line for `pnpm test`'s table.
  const summary = `${all.covered}/${all.declared} answers covered (${totals
    .slice(0, -1)
    .map((t) => `${t.suite} ${t.covered}`)
    .join(', ')})`;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'api-coverage.json'), JSON.stringify({ summary, generatedAt, totals, ...matrix }, null, 2));
  writeFileSync(path.join(outDir, 'api-coverage.html'), coveragePage(matrix, totals, { outDir, generatedAt }));

  const operations = new Set(declared.map((a) => a.operationId)).size;
  const files = matrix.suites.map((suite) => `${suite} ${journals.filter((j) => j.suite === suite).length}`).join(', ');
  print(
    `API coverage: ${declared.length} answers declared by ${operations} operations (${Object.keys(documents).join(', ')}); journal files: ${files}`,
  );
  print(`${'suite'.padEnd(12)} ${'declared'.padStart(8)} ${'covered'.padStart(8)} ${'uncovered'.padStart(9)}`);
  for (const t of totals)
    print(`${t.suite.padEnd(12)} ${String(t.declared).padStart(8)} ${String(t.covered).padStart(8)} ${String(t.uncovered).padStart(9)}`);
  const uncovered = matrix.answers.filter((a) => !a.covered);
  if (uncovered.length) {
    print(`\nAnswers no test produces (${uncovered.length}), by operation:`);
    /** @type {Map<string, string[]>} */
    const byOperation = new Map();
    for (const a of uncovered) byOperation.set(a.operationId, [...(byOperation.get(a.operationId) ?? []), a.answer]);
    for (const [operationId, answers] of byOperation) print(`  ${operationId}: ${answers.join(', ')}`);
  }
  if (matrix.undeclared.length) {
    print(`\nAnswers the contract does not declare, produced by a test (${matrix.undeclared.length}):`);
    for (const u of matrix.undeclared)
      print(
        `  ${u.key} (${u.producers
          .map((p) => `${p.suite}: ${p.test}`)
          .join('; ')
          .slice(0, 200)})`,
      );
  }
  print(`\nWrote ${path.relative(process.cwd(), path.join(outDir, 'api-coverage.json'))} and api-coverage.html`);

  const missing = missingSuites(expectedSuites, folders);
  if (update) return { code: updateBaseline({ matrix, baselineFile, allowLower, missing, print }), matrix };
  if (!check) return { code: 0, matrix };
  return checkAgainstBaseline({ matrix, baselineFile, missing, print });
}

/**
 * `--update`: writes the baseline of this run, unless it would turn an answer it lists as covered uncovered
 * (a test removed, a suite that did not run) and lowering is not allowed. The exit code.
 * @param {{matrix: ReturnType<typeof buildMatrix>, baselineFile: string, allowLower: boolean,
 *   missing: Array<{suite: string, why: string}>, print: (line: string) => void}} options
 */
function updateBaseline({ matrix, baselineFile, allowLower, missing, print }) {
  const baseline = baselineOf(matrix);
  const old = existsSync(baselineFile)
    ? /** @type {import('./coverage.mjs').Baseline} */ (JSON.parse(readFileSync(baselineFile, 'utf8')))
    : null;
  const lowered = old ? checkBaseline(matrix, old).lost : [];
  for (const { suite, why } of missing) print(`MISSING   suite ${suite}: ${why}; what only it covers is not covered in this run`);
  if (lowered.length) {
    for (const key of lowered)
      print(`${allowLower ? 'LOWERED   ' : 'LOWER     '}${key}: covered in the baseline, no test produces it in this run`);
    if (!allowLower) {
      print(
        `\nBaseline not written: it would turn ${lowered.length} covered answer(s) uncovered. Run every suite that writes a journal${missing.length ? ` (missing: ${missing.map((m) => m.suite).join(', ')})` : ''}, or, when a test was removed on purpose, pnpm coverage:api --update --allow-lower.`,
      );
      return 1;
    }
  }
  writeFileSync(baselineFile, baselineText(baseline));
  print(
    `Baseline ${baselineFile}: ${baseline.covered.length} covered, ${baseline.uncovered.length} known uncovered, from the journals of ${baseline.suites.join(', ')}${lowered.length ? ` (${lowered.length} lowered, --allow-lower)` : ''}`,
  );
  return 0;
}

/**
 * `--check`: fails on a suite without journals, an answer lost and an answer untested.
 * @param {{matrix: ReturnType<typeof buildMatrix>, baselineFile: string, missing: Array<{suite: string, why: string}>,
 *   print: (line: string) => void}} options
 * @returns {{code: number, matrix: ReturnType<typeof buildMatrix>, check?: ReturnType<typeof checkBaseline>}}
 */
function checkAgainstBaseline({ matrix, baselineFile, missing, print }) {
  for (const { suite, why } of missing)
    print(`MISSING   suite ${suite}: ${why} (every suite of scripts/test-all.mjs that writes a journal must have run)`);
  if (!existsSync(baselineFile)) {
    print(`\nNo baseline at ${baselineFile}: pnpm coverage:api --update writes it.`);
    return { code: 1, matrix };
  }
  /** @type {import('./coverage.mjs').Baseline} */
  const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
  const result = checkBaseline(matrix, baseline);
  const unrecorded = matrix.suites.filter((suite) => !(baseline.suites ?? []).includes(suite));
  if (unrecorded.length)
    print(`\nThe baseline was built without the journals of ${unrecorded.join(', ')} (pnpm coverage:api --update records them).`);
  if (result.improved.length)
    print(
      `\n${result.improved.length} answer(s) the baseline lists as uncovered are covered now (pnpm coverage:api --update records them).`,
    );
  if (result.gone.length) print(`${result.gone.length} baseline answer(s) the contract no longer declares (--update drops them).`);
  for (const key of result.lost) print(`LOST      ${key}: the baseline says a test produces it; none does now`);
  for (const key of result.untested)
    print(`UNTESTED  ${key}: declared, no test produces it, and the baseline does not list it as known-uncovered`);
  const failed = missing.length + result.lost.length + result.untested.length;
  if (failed) {
    print(
      `\ncoverage check: fails (${missing.length} suite(s) without journals, ${result.lost.length} answer(s) lost, ${result.untested.length} untested). Journals of: ${matrix.suites.join(', ')} (a suite that did not run loses what only it covers). Add a test, or after a deliberate change run pnpm coverage:api --update and commit openapi/coverage-baseline.json.`,
    );
  } else print(`\ncoverage check: passes against ${path.relative(process.cwd(), baselineFile)}`);
  return { code: failed ? 1 : 0, matrix, check: result };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let values;
  try {
    const args = process.argv.slice(2).filter((arg, i, all) => !(arg === '--' && all.indexOf('--') === i));
    ({ values } = parseArgs({
      args,
      options: {
        check: { type: 'boolean', default: false },
        update: { type: 'boolean', default: false },
        'allow-lower': { type: 'boolean', default: false },
        journals: { type: 'string' },
        baseline: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
    if (values.check && values.update) throw new Error('--check and --update exclude each other');
    if (values['allow-lower'] && !values.update) throw new Error('--allow-lower goes with --update');
  } catch (error) {
    console.error(`coverage:api: ${error instanceof Error ? error.message : error}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  try {
    const journalDir = path.resolve(values.journals || process.env.CM_API_JOURNAL_DIR || path.join(REPO_ROOT, 'artifacts', 'api-journal'));
    const journals = readJournals(journalDir);
    const documents = readBundles(REPO_ROOT, null);
    const scenarios = await scenariosFromMock(operationsOf(documents).map((op) => op.operationId));
    const { code } = coverageApi({
      documents,
      scenarios,
      journals,
      baselineFile: path.resolve(values.baseline ?? path.join(REPO_ROOT, 'openapi', 'coverage-baseline.json')),
      outDir: path.resolve(values.out ?? path.join(REPO_ROOT, 'artifacts')),
      check: values.check,
      update: values.update,
      allowLower: values['allow-lower'],
      expectedSuites: journalSuites(),
      folders: journalFolders(journalDir),
    });
    process.exit(code);
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    console.error(`coverage:api: ${error.message}`);
    process.exit(2);
  }
}
