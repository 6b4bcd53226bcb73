#!/usr/bin/env node
// @ts-check
// `pnpm conformance`: does a server answer as openapi/ says? See ./conformance.mjs for what is checked.
// Prints a table per operation, every violation once per operation and JSON pointer (offending value, why),
// and every check not made with why; exits 1 on any violation, 2 on bad arguments or a server that cannot
// be checked (one line saying why).
//
//   pnpm conformance --base-url https://staging.example [--token T | --persona-login] [--only tag|operationId,...]
//                    [--report FILE] [--writes] [--ads-key K] [--timeout MS] [--verbose]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runConformance } from './conformance.mjs';

const USAGE =
  'Usage: pnpm conformance --base-url URL [--token T | --persona-login] [--only tag|operationId,...] [--report FILE] [--writes] [--ads-key K] [--timeout MS] [--verbose]';

/** @param {string} message @returns {never} */
function usage(message) {
  console.error(`conformance: ${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    // `pnpm conformance -- --base-url ...` passes the `--` through.
    const args = process.argv.slice(2).filter((arg, i, all) => !(arg === '--' && all.indexOf('--') === i));
    return parseArgs({
      args,
      options: {
        'base-url': { type: 'string' },
        token: { type: 'string' },
        'persona-login': { type: 'boolean', default: false },
        only: { type: 'string' },
        report: { type: 'string' },
        writes: { type: 'boolean', default: false },
        'ads-key': { type: 'string' },
        timeout: { type: 'string', default: '15000' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return usage(error.message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const baseUrl = values['base-url'];
if (!baseUrl || !/^https?:\/\/[^\s]+$/.test(baseUrl)) usage('--base-url must be an http(s) URL, e.g. http://127.0.0.1:4010');
if (values.token && values['persona-login']) usage('give --token or --persona-login, not both');
const timeoutMs = Number(values.timeout);
if (!Number.isInteger(timeoutMs) || timeoutMs < 100)
  usage(`--timeout must be a number of milliseconds (at least 100), got '${values.timeout}'`);

// Nothing the server answers ends the run early: what could not be checked is listed with why. Exit 1 for a
// violation; else 2, with one line on stderr saying why, when the server cannot be checked (unreachable,
// --persona-login refused, every answer a refusal, a 404 or a web page) or only in part (the token refused
// everywhere, the server gone mid-run).
const result = await runConformance({
  baseUrl,
  token: values.token,
  personaLogin: values['persona-login'],
  only: (values.only ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean),
  writes: values.writes,
  adsKey: values['ads-key'],
  timeoutMs,
  log: values.verbose ? (line) => console.log(line) : undefined,
}).catch((error) => {
  // A fault of the kit itself, not of the server: said as such, with where, for a bug report.
  console.error(`conformance: the kit failed (a bug in the kit, not a finding about ${baseUrl}): ${error.stack ?? error}`);
  return process.exit(2);
});

/** @param {unknown} value */
const show = (value) => {
  if (value === undefined) return '(missing)';
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const writeReport = (/** @type {string} */ summary) => {
  if (!values.report) return;
  const file = resolve(values.report);
  mkdirSync(dirname(file), { recursive: true });
  const { rows, faults, violations, flow, unusable, tokenRefused } = result;
  writeFileSync(file, JSON.stringify({ baseUrl, summary, unusable, violations, faults, tokenRefused, flow, rows }, null, 2));
};

console.log(`Conformance of ${baseUrl} to openapi/ (product API and ad service)\n`);
// When nothing could be checked (unreachable, every answer alike, --persona-login refused) the table is left
// out: it would repeat the reason for every operation.
if (result.unusable && !result.partial) {
  writeReport(`cannot check: ${result.unusable}`);
  console.error(`conformance: cannot check ${baseUrl}: ${result.unusable}`);
  process.exit(2);
}

const width = Math.max(...result.rows.map((row) => row.operationId.length), 9);
console.log(`${'operation'.padEnd(width)}  called  conforming  faults  not checked`);
for (const row of result.rows) {
  const conforming = row.calls.filter((call) => call.violations.length === 0).length;
  const faults = result.faults.filter((fault) => fault.operationId === row.operationId).length;
  const note =
    row.calls.length === 0 && row.notChecked.length === 0
      ? 'not called (writes only with --writes)'
      : row.notChecked.length
        ? row.notChecked[0].split(':')[0]
        : '';
  console.log(
    `${row.operationId.padEnd(width)}  ${String(row.calls.length).padStart(6)}  ${String(conforming).padStart(10)}  ${String(faults).padStart(6)}  ${note}`,
  );
}
if (result.faults.length) {
  console.log('\nViolations (each once per operation and place; the calls that showed it in brackets):');
  for (const fault of result.faults) {
    const calls = [...new Set(fault.calls)];
    console.log(
      `  ${fault.operationId}  ${fault.where || '(body)'}  ${show(fault.value)}  ${fault.message}  [${fault.status || '---'}; ${calls.join(', ')}${fault.calls.length > calls.length ? `; ${fault.calls.length} calls` : ''}]`,
    );
  }
}
const unchecked = result.rows.flatMap((row) =>
  row.notChecked.map((entry) => {
    const [what, ...why] = entry.split(': ');
    return `  ${row.operationId} (${what}): not checked: ${why.join(': ')}`;
  }),
);
if (unchecked.length) console.log(`\n${unchecked.join('\n')}`);
if (result.tokenRefused.length)
  console.log(
    `\nThe server refused the token (401) on ${result.tokenRefused.length} operation(s) (${result.tokenRefused.slice(0, 3).join(', ')}${result.tokenRefused.length > 3 ? ', ...' : ''}): it may be expired or for another server.`,
  );
const called = result.rows.filter((row) => row.calls.length > 0).length;
const calls = result.rows.reduce((sum, row) => sum + row.calls.length, 0);
const summary = `${called}/${result.rows.length} operations called, ${calls} calls, ${result.violations} violation(s), ${unchecked.length} check(s) not made; flow: ${result.flow.summary}`;
console.log(`\n${summary}`);
writeReport(summary);
// A finding is a finding (exit 1) even when the rest could not be checked; otherwise a partial check says why.
if (result.violations > 0 || result.flow.failed) process.exit(1);
if (result.unusable) {
  console.error(`conformance: could not check all of ${baseUrl}: ${result.unusable}`);
  process.exit(2);
}
process.exit(0);
