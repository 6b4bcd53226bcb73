#!/usr/bin/env node
// @ts-check
// `pnpm contract:diff [--base REF]`: what changed in the contract since REF, and what it breaks.
//
// Compares the bundled documents of the working tree (openapi/bundled/product.json and ads.json: run `pnpm gen`
// after editing openapi/) with the same files at REF, classifies each change as breaking for clients, not
// breaking, or unclassified (api-smart-diff and our own rules, docs/decisions/contract-diff.md) and, for each
// operation with a breaking change, names what it touches: the sdk's functions, the app's screens that call it
// and the mock server's handler. Exits 1 when a breaking or an unclassified change is not acknowledged by a
// line the range adds to openapi/CHANGELOG.md (its head says how), 2 on a setup error.
//
// REF: --base, else in CI (CI=true, or --ci) the previous commit HEAD~1 (none, as in a clone of depth 1: a
// setup error, unless --allow-no-base), else the merge base of HEAD with main.
//
//   pnpm contract:diff [--base REF] [--ci] [--allow-no-base] [--json FILE] [--no-impact]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { acknowledgementLines, acknowledgementOf, addedAcknowledgements } from './acknowledge.mjs';
import { compareDocuments, gitShow, readBundles } from './compare.mjs';
import { mockHandlers, operationIndex, screenOperations, sdkReferences } from './impact.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const USAGE = 'Usage: pnpm contract:diff [--base REF] [--ci] [--allow-no-base] [--json FILE] [--no-impact]';

/** Runs git in `cwd`; the trimmed output, or null when it fails. */
function git(cwd, args) {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * The commit to compare with: `--base`, HEAD~1 in CI, else the merge base with main (or origin/main). In CI
 * a missing HEAD~1 is an error (CI clones the whole history: only a first commit or a shallow clone lacks
 * it), unless `allowNoBase`.
 * @param {string} repoRoot
 * @param {{base?: string, ci?: boolean, allowNoBase?: boolean}} options
 * @returns {{ref: string, label: string} | {pass: string} | {error: string}}
 */
export function chooseBase(repoRoot, { base, ci, allowNoBase = false }) {
  if (base) {
    const commit = git(repoRoot, ['rev-parse', '--verify', '--quiet', `${base}^{commit}`]);
    return commit
      ? { ref: commit, label: `${base} (${commit.slice(0, 7)})` }
      : { error: `--base ${base} is not a commit of this repository` };
  }
  if (ci) {
    const previous = git(repoRoot, ['rev-parse', '--verify', '--quiet', 'HEAD~1^{commit}']);
    if (!previous) {
      const why =
        git(repoRoot, ['rev-parse', '--is-shallow-repository']) === 'true'
          ? 'this clone is shallow (git fetch --deepen=1, or clone without --depth)'
          : 'HEAD is the first commit';
      const reason = `no previous commit (HEAD~1) to compare the contract with: ${why}`;
      if (allowNoBase) return { pass: `${reason}; --allow-no-base` };
      return { error: `${reason}. In CI the check compares with HEAD~1; pass --allow-no-base to let it pass without one` };
    }
    return { ref: previous, label: `the previous commit HEAD~1 (${previous.slice(0, 7)})` };
  }
  for (const branch of ['main', 'origin/main']) {
    const mergeBase = git(repoRoot, ['merge-base', 'HEAD', branch]);
    if (mergeBase) return { ref: mergeBase, label: `the merge base with ${branch} (${mergeBase.slice(0, 7)})` };
  }
  return { error: 'no branch main (or origin/main) to find a merge base with; give --base REF' };
}

/**
 * What each operation with a breaking change touches.
 * @param {string} impactRoot the repository whose app, sdk and mock server are read
 * @param {import('./compare.mjs').Documents} documents the documents the code was written against: before the change (a
 *   renamed path or a removed operation is found only there)
 * @param {Set<string>} operationIds
 * @param {import('./compare.mjs').Change[]} breaking
 */
export function impactOf(impactRoot, documents, operationIds, breaking) {
  const docs = Object.values(documents).map((document) => ({ document, prefix: '' }));
  const index = operationIndex(docs);
  const routeOf = new Map([...index.byRoute].map(([route, operationId]) => [operationId, route]));
  const screens = screenOperations({ repoRoot: impactRoot, documents: docs });
  const sdk = sdkReferences({ repoRoot: impactRoot, documents: docs });
  const handlers = mockHandlers({ repoRoot: impactRoot, operationIds });
  /** @type {Record<string, {sdk: string[], screens: string[], mock: string[]}>} */
  const result = {};
  for (const operationId of operationIds) {
    const route = routeOf.get(operationId);
    /** @type {string[]} */
    const sdkUses = [];
    if (route && documents.product?.paths?.[route.slice(route.indexOf(' ') + 1)]) {
      const [method, path] = [route.slice(0, route.indexOf(' ')), route.slice(route.indexOf(' ') + 1)];
      sdkUses.push(`ApiClient.${method}('${path}') (sdk/src/client/api-client.ts)`);
    }
    for (const [declaration, refs] of Object.entries(sdk)) if (refs.operations.includes(operationId)) sdkUses.push(declaration);
    // An enum the sdk keeps a list of too (the error codes): the declaration holding it, and what it lacks.
    for (const change of breaking.filter((c) => c.operationId === operationId && c.context?.length)) {
      for (const [declaration, refs] of Object.entries(sdk)) {
        const list = refs.enums.find((values) => values.filter((v) => change.context.includes(v)).length >= 3);
        if (!list) continue;
        const lacks = change.added.filter((value) => !list.includes(/** @type {string} */ (value))).map((value) => JSON.stringify(value));
        sdkUses.push(`${declaration}${lacks.length ? ` (lacks ${lacks.join(', ').replace(/"/g, "'")})` : ''}`);
      }
    }
    const screenUses = Object.entries(screens)
      .filter(([, entry]) => entry.operations[operationId])
      .map(([screen, entry]) => `${screen} (${entry.operations[operationId][0]})`);
    result[operationId] = { sdk: [...new Set(sdkUses)], screens: screenUses, mock: handlers[operationId] ? [handlers[operationId]] : [] };
  }
  return result;
}

/**
 * The changes a report lists, with their acknowledgement, the first 40 (the JSON has them all).
 * @param {import('./compare.mjs').Change[]} list
 * @param {import('./acknowledge.mjs').Acknowledgement[]} acks
 * @param {(line: string) => void} print
 * @param {{operation?: boolean}} [options] `operation: false` under a heading naming the operation
 */
function printChanges(list, acks, print, { operation = true } = {}) {
  for (const c of list.slice(0, 40)) {
    const ack = c.type === 'non-breaking' ? null : acknowledgementOf(acks, c);
    const state = c.type === 'non-breaking' ? '' : `  [${ack ? `acknowledged, CHANGELOG line ${ack.line}` : 'NOT acknowledged'}]`;
    print(`  ${operation ? `${c.operationId ?? c.document}  ` : ''}${c.where}  ${c.what}${c.rule ? `  (${c.rule})` : ''}${state}`);
  }
  if (list.length > 40) print(`  ... and ${list.length - 40} more (--json FILE has them all)`);
}

/**
 * The whole check. `repoRoot` holds the contract and its git history; `impactRoot` the app, sdk and mock server
 * (the same repository, but for tests).
 * @param {{repoRoot?: string, impactRoot?: string, base?: string, ci?: boolean, allowNoBase?: boolean,
 *   impact?: boolean, print?: (line: string) => void}} options
 * @returns {{code: number, report: any}}
 */
export function contractDiff({
  repoRoot = REPO_ROOT,
  impactRoot = repoRoot,
  base,
  ci = false,
  allowNoBase = false,
  impact = true,
  print = console.log,
}) {
  const chosen = chooseBase(repoRoot, { base, ci, allowNoBase });
  if ('error' in chosen) return { code: 2, report: { error: chosen.error } };
  if ('pass' in chosen) {
    print(`contract diff: ${chosen.pass}; passes.`);
    return { code: 0, report: { skipped: chosen.pass } };
  }
  const before = readBundles(repoRoot, chosen.ref);
  const after = readBundles(repoRoot, null);
  if (Object.keys(before).length === 0) {
    const reason = `${chosen.label} has no bundled contract (openapi/bundled/): nothing to compare with`;
    print(`contract diff: ${reason}; passes.`);
    return { code: 0, report: { skipped: reason } };
  }
  const started = performance.now();
  const changes = compareDocuments(before, after);
  const compareMs = Math.round(performance.now() - started);
  // Only what the range adds to the CHANGELOG acknowledges: a line of an earlier change covers none of these.
  const changelog = join(repoRoot, 'openapi', 'CHANGELOG.md');
  const { acks, malformed } = addedAcknowledgements(
    gitShow(repoRoot, chosen.ref, 'openapi/CHANGELOG.md'),
    existsSync(changelog) ? readFileSync(changelog, 'utf8') : '',
  );
  const breaking = changes.filter((c) => c.type === 'breaking');
  const unclassified = changes.filter((c) => c.type === 'unclassified');
  const nonBreaking = changes.filter((c) => c.type === 'non-breaking');
  const unacknowledged = [...breaking, ...unclassified].filter((c) => !acknowledgementOf(acks, c));
  const operations = new Set(breaking.map((c) => c.operationId).filter((id) => id !== null));
  const impactStarted = performance.now();
  // What the code written against the base uses (a removed operation is only there); a new document's own.
  const touched =
    impact && operations.size ? impactOf(impactRoot, { ...after, ...before }, /** @type {Set<string>} */ (operations), breaking) : {};
  const impactMs = Math.round(performance.now() - impactStarted);
  const unacknowledgedOf = (/** @type {string} */ type) => unacknowledged.filter((c) => c.type === type).length;

  print(`Contract diff: openapi/bundled/{${Object.keys(after).join(',')}}.json in the working tree against ${chosen.label}`);
  print(
    `${changes.length} change(s): ${breaking.length} breaking for clients (${breaking.length - unacknowledgedOf('breaking')} acknowledged), ${unclassified.length} unclassified (${unclassified.length - unacknowledgedOf('unclassified')} acknowledged), ${nonBreaking.length} not breaking; acknowledgements: the ${acks.length} line(s) the range adds to openapi/CHANGELOG.md (compared in ${compareMs} ms${impact && operations.size ? `, what they touch found in ${impactMs} ms` : ''})`,
  );
  for (const operationId of operations) {
    const own = breaking.filter((c) => c.operationId === operationId);
    print(`\nBREAKING  ${operationId}  (${own[0].method?.toUpperCase()} ${own[0].path}, ${own[0].document})`);
    printChanges(own, acks, print, { operation: false });
    const uses = touched[operationId];
    if (uses) {
      print(`  sdk:     ${uses.sdk.join('; ') || '(nothing names it)'}`);
      print(`  screens: ${uses.screens.join('; ') || '(no screen calls it)'}`);
      print(`  mock:    ${uses.mock.join('; ') || '(no handler)'}`);
    }
  }
  for (const change of breaking.filter((c) => c.operationId === null))
    print(`\nBREAKING  ${change.document}: ${change.where}  ${change.what}`);
  if (unclassified.length) {
    print(
      `\nUNCLASSIFIED (${unclassified.length}): api-smart-diff has no rule for them (a schema restructured, a $ref swapped); each must be reviewed and acknowledged:`,
    );
    printChanges(unclassified, acks, print);
  }
  if (nonBreaking.length) {
    print(`\nNot breaking (${nonBreaking.length}):`);
    printChanges(nonBreaking, acks, print);
  }
  for (const m of malformed) print(`\nopenapi/CHANGELOG.md line ${m.line} acknowledges nothing: ${m.reason}\n  ${m.text}`);
  if (unacknowledged.length) {
    print(
      `\n${unacknowledged.length} change(s) not acknowledged (${unacknowledgedOf('breaking')} breaking, ${unacknowledgedOf('unclassified')} unclassified). Add to openapi/CHANGELOG.md, with why and what clients must do:`,
    );
    for (const line of acknowledgementLines(unacknowledged)) print(line);
  }
  const report = {
    base: chosen.label,
    ref: chosen.ref,
    changes,
    breaking: breaking.length,
    unclassified: unclassified.length,
    unacknowledged: unacknowledged.map((c) => ({ type: c.type, operationId: c.operationId, where: c.where, what: c.what })),
    malformed,
    touched,
    timings: { compareMs, impactMs },
  };
  return { code: unacknowledged.length ? 1 : 0, report };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = (() => {
    try {
      const args = process.argv.slice(2).filter((arg, i, all) => !(arg === '--' && all.indexOf('--') === i));
      return parseArgs({
        args,
        options: {
          base: { type: 'string' },
          ci: { type: 'boolean', default: false },
          'allow-no-base': { type: 'boolean', default: false },
          json: { type: 'string' },
          'no-impact': { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h' },
        },
      });
    } catch (error) {
      console.error(`contract:diff: ${error.message}\n${USAGE}`);
      return process.exit(2);
    }
  })();
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const { code, report } = contractDiff({
    base: values.base,
    ci: values.ci || process.env.CI === 'true' || process.env.CI === '1',
    allowNoBase: values['allow-no-base'],
    impact: !values['no-impact'],
  });
  if (report.error) console.error(`contract:diff: ${report.error}\n${USAGE}`);
  if (values.json) {
    const file = resolve(values.json);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(report, null, 2));
  }
  process.exit(code);
}
