#!/usr/bin/env node
// @ts-check
// `pnpm contract:diff [--base REF]`: what changed in the contract since REF, and what it breaks.
//
// Compares the bundled documents of the working tree (openapi/bundled/product.json and ads.json: run `pnpm gen`
// after editing openapi/) with the same files at REF, classifies each change as breaking for clients or not
// (api-smart-diff, docs/decisions/contract-diff.md) and, for each operation with a breaking change, names what
// it touches: the sdk's functions, the app's screens that call it and the mock server's handler. Exits 1 when a
// breaking change is not acknowledged in openapi/CHANGELOG.md (its head says how), 2 on a setup error.
//
// REF: --base, else in CI (CI=true, or --ci) the previous commit HEAD~1 (none: it says so and passes), else the
// merge base of HEAD with main.
//
//   pnpm contract:diff [--base REF] [--ci] [--json FILE] [--no-impact]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { acknowledgementLine, acknowledgementOf, readAcknowledgements } from './acknowledge.mjs';
import { compareDocuments, readBundles } from './compare.mjs';
import { mockHandlers, operationIndex, screenOperations, sdkReferences } from './impact.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const USAGE = 'Usage: pnpm contract:diff [--base REF] [--ci] [--json FILE] [--no-impact]';

/** Runs git in `cwd`; the trimmed output, or null when it fails. */
function git(cwd, args) {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * The commit to compare with: `--base`, HEAD~1 in CI, else the merge base with main (or origin/main).
 * @returns {{ref: string, label: string} | {pass: string} | {error: string}}
 */
export function chooseBase(repoRoot, { base, ci }) {
  if (base) {
    const commit = git(repoRoot, ['rev-parse', '--verify', '--quiet', `${base}^{commit}`]);
    return commit
      ? { ref: commit, label: `${base} (${commit.slice(0, 7)})` }
      : { error: `--base ${base} is not a commit of this repository` };
  }
  if (ci) {
    const previous = git(repoRoot, ['rev-parse', '--verify', '--quiet', 'HEAD~1^{commit}']);
    if (!previous)
      return { pass: 'no previous commit (HEAD~1) to compare with: a first commit, or a shallow clone of depth 1; nothing to check' };
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
 * @param {import('./compare.mjs').Documents} documents the documents after the change (and before, for removed operations)
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
 * The whole check. `repoRoot` holds the contract and its git history; `impactRoot` the app, sdk and mock server
 * (the same repository, but for tests).
 * @param {{repoRoot?: string, impactRoot?: string, base?: string, ci?: boolean, impact?: boolean,
 *   print?: (line: string) => void}} options
 * @returns {{code: number, report: any}}
 */
export function contractDiff({ repoRoot = REPO_ROOT, impactRoot = repoRoot, base, ci = false, impact = true, print = console.log }) {
  const chosen = chooseBase(repoRoot, { base, ci });
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
  const acks = readAcknowledgements(join(repoRoot, 'openapi', 'CHANGELOG.md'));
  const breaking = changes.filter((c) => c.type === 'breaking');
  const unclassified = changes.filter((c) => c.type === 'unclassified');
  const nonBreaking = changes.filter((c) => c.type === 'non-breaking');
  const unacknowledged = breaking.filter((c) => !acknowledgementOf(acks, c));
  const operations = new Set(breaking.map((c) => c.operationId).filter((id) => id !== null));
  const impactStarted = performance.now();
  const touched =
    impact && operations.size ? impactOf(impactRoot, { ...before, ...after }, /** @type {Set<string>} */ (operations), breaking) : {};
  const impactMs = Math.round(performance.now() - impactStarted);

  print(`Contract diff: openapi/bundled/{${Object.keys(after).join(',')}}.json in the working tree against ${chosen.label}`);
  print(
    `${changes.length} change(s): ${breaking.length} breaking for clients (${breaking.length - unacknowledged.length} acknowledged in openapi/CHANGELOG.md), ${nonBreaking.length} not breaking, ${unclassified.length} unclassified (compared in ${compareMs} ms${impact && operations.size ? `, what they touch found in ${impactMs} ms` : ''})`,
  );
  for (const operationId of operations) {
    const own = breaking.filter((c) => c.operationId === operationId);
    print(`\nBREAKING  ${operationId}  (${own[0].method?.toUpperCase()} ${own[0].path}, ${own[0].document})`);
    for (const change of own) {
      const ack = acknowledgementOf(acks, change);
      print(`  ${change.where}  ${change.what}  [${ack ? `acknowledged, CHANGELOG line ${ack.line}` : 'NOT acknowledged'}]`);
    }
    const uses = touched[operationId];
    if (uses) {
      print(`  sdk:     ${uses.sdk.join('; ') || '(nothing names it)'}`);
      print(`  screens: ${uses.screens.join('; ') || '(no screen calls it)'}`);
      print(`  mock:    ${uses.mock.join('; ') || '(no handler)'}`);
    }
  }
  for (const change of breaking.filter((c) => c.operationId === null))
    print(`\nBREAKING  ${change.document}: ${change.where}  ${change.what}`);
  const listed = (/** @type {import('./compare.mjs').Change[]} */ list, /** @type {string} */ title) => {
    if (!list.length) return;
    print(`\n${title}:`);
    for (const c of list.slice(0, 40)) print(`  ${c.operationId ?? c.document}  ${c.where}  ${c.what}`);
    if (list.length > 40) print(`  ... and ${list.length - 40} more (--json FILE has them all)`);
  };
  listed(unclassified, 'Unclassified (api-smart-diff has no rule for them: examples, restructured schemas; review them)');
  listed(nonBreaking, 'Not breaking');
  if (unacknowledged.length) {
    print(
      `\n${unacknowledged.length} breaking change(s) not acknowledged. Add to openapi/CHANGELOG.md, with why and what clients must do:`,
    );
    // One line per operation and place acknowledges every change there (an enum's several values).
    /** @type {Map<string, import('./compare.mjs').Change & {whats: string[]}>} */
    const byPlace = new Map();
    for (const change of unacknowledged) {
      const key = `${change.operationId ?? change.document}\u0000${change.where}`;
      const known = byPlace.get(key);
      if (known) known.whats.push(change.what);
      else byPlace.set(key, { ...change, whats: [change.what] });
    }
    for (const change of byPlace.values()) print(acknowledgementLine({ ...change, what: change.whats.join(', ') }));
  }
  const report = {
    base: chosen.label,
    ref: chosen.ref,
    changes,
    breaking: breaking.length,
    unacknowledged: unacknowledged.map((c) => ({ operationId: c.operationId, where: c.where, what: c.what })),
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
