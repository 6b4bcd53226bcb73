#!/usr/bin/env node
// @ts-check
// `pnpm conformance`: does a server answer as openapi/ says? See ./conformance.mjs for what is checked.
// Prints a table per operation and every violation (where, offending value, why); exits 1 on any violation,
// 2 on bad arguments.
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

// A run that cannot start (the server is down, --persona-login against a server without /__mock) is exit 2.
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
}).catch((error) => usage(`could not run against ${baseUrl}: ${error.cause?.message ?? error.message}`));

/** @param {unknown} value */
const show = (value) => {
  if (value === undefined) return '(missing)';
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const width = Math.max(...result.rows.map((row) => row.operationId.length), 9);
console.log(`Conformance of ${baseUrl} to openapi/ (product API and ad service)\n`);
console.log(`${'operation'.padEnd(width)}  called  conforming  violations`);
for (const row of result.rows) {
  const conforming = row.calls.filter((call) => call.violations.length === 0).length;
  const violations = row.calls.reduce((sum, call) => sum + call.violations.length, 0);
  const note = row.calls.length === 0 ? (row.note ?? 'not called (writes only with --writes)') : (row.note ?? '');
  console.log(
    `${row.operationId.padEnd(width)}  ${String(row.calls.length).padStart(6)}  ${String(conforming).padStart(10)}  ${String(violations).padStart(10)}${note ? `  ${note}` : ''}`,
  );
}
const failing = result.rows.flatMap((row) => row.calls.filter((call) => call.violations.length).map((call) => ({ row, call })));
if (failing.length) {
  console.log('\nViolations:');
  for (const { row, call } of failing) {
    console.log(`  ${row.operationId} (${call.label}): ${call.status || '---'} ${call.method} ${call.url}`);
    for (const v of call.violations) console.log(`    ${v.where || '(body)'}  ${show(v.value)}  ${v.message}`);
  }
}
const called = result.rows.filter((row) => row.calls.length > 0).length;
const calls = result.rows.reduce((sum, row) => sum + row.calls.length, 0);
const summary = `${called}/${result.rows.length} operations called, ${calls} calls, ${result.violations} violation(s); flow: ${result.flow.summary}`;
console.log(`\n${summary}`);
if (values.report) {
  const file = resolve(values.report);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ baseUrl, summary, violations: result.violations, flow: result.flow, rows: result.rows }, null, 2));
}
process.exit(result.violations > 0 || result.flow.failed ? 1 : 0);
