// The bench's CI gates (scripts/bench/gates.mjs) judge what a run measured: a regression to plain Express's
// cost per request fails them, and a figure the run could not measure fails rather than passes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { GATES, gatesOf } from '../bench/gates.mjs';

const at = (us) => ({ serverCpuUsPerRequest: us });

/** A report with the figures the gates were set from (docs/decisions/bench-gates.md: CI's quick run on a clean clone of 0f1be2a). */
function report() {
  return {
    nodeStartCpuMs: 60,
    readPath: { mock: at(35.3), express: at(182), bare: at(24.9), prism: at(658.7) },
    writePath: { mock: at(46.5), express: at(143.4), bare: at(17.5), prism: at(475.4) },
    scales: { 1: { secondStart: { cpuMs: 359.4 }, readPath: at(35.3), search: at(60) }, 10: { readPath: at(28.6), search: at(52.8) } },
    newWorlds: { cpuMsPerWorld: 0.43 },
  };
}

void test('every gate passes on the figures the gates were set from', () => {
  const failed = gatesOf(report()).filter((gate) => !gate.pass);
  assert.deepEqual(failed, []);
  assert.equal(gatesOf(report()).length, GATES.length);
});

void test('a write path as dear as plain Express fails its gate', () => {
  const slow = report();
  slow.writePath.mock = at(143.4);
  const write = gatesOf(slow).find((gate) => gate.id === 'writeVsExpress');
  assert.equal(write?.value, 1);
  assert.equal(write?.pass, false);
});

void test('a start that costs more CPU than its limit allows fails, whatever the wall clock said', () => {
  const slow = report();
  slow.scales[1].secondStart.cpuMs = 60 * 12;
  assert.equal(gatesOf(slow).find((gate) => gate.id === 'startVsNode')?.pass, false);
});

void test('a figure the run could not measure fails its gate', () => {
  const partial = report();
  delete partial.readPath.prism;
  partial.newWorlds.cpuMsPerWorld = Number.NaN;
  const gates = gatesOf(partial);
  assert.equal(gates.find((gate) => gate.id === 'readVsPrism')?.pass, false);
  assert.equal(gates.find((gate) => gate.id === 'newWorldCpu')?.pass, false);
});

/**
 * The gate table of docs/decisions/bench-gates.md, by ratio name: the rows of the table whose header has a
 * `ratio` and a `gate` column, each gate as written (`>= 2.5`, `<= 11`).
 */
function adrGates() {
  const markdown = readFileSync(new URL('../../docs/decisions/bench-gates.md', import.meta.url), 'utf8');
  const cells = (line) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim());
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|') && cells(line)[0] === 'ratio' && cells(line).includes('gate'));
  assert.ok(start >= 0, 'bench-gates.md has a table with a ratio and a gate column');
  const gateColumn = cells(lines[start]).indexOf('gate');
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const row = cells(line);
    const match = /^(>=|<=)\s*([\d.]+)$/.exec(row[gateColumn] ?? '');
    assert.ok(match, `a gate written as '>= N' or '<= N': '${row[gateColumn]}' (${row[0]})`);
    rows.push({ name: row[0], kind: match[1] === '>=' ? 'atLeast' : 'atMost', limit: Number(match[2]) });
  }
  return rows;
}

void test("the ADR's gate table is GATES: the same ratios, kinds and limits, each once", () => {
  const documented = adrGates();
  assert.deepEqual(
    documented.map(({ name, kind, limit }) => ({ name, kind, limit })).sort((a, b) => a.name.localeCompare(b.name)),
    GATES.map(({ name, kind, limit }) => ({ name, kind, limit })).sort((a, b) => a.name.localeCompare(b.name)),
  );
});
