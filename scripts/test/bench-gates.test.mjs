// The bench's CI gates (scripts/bench/gates.mjs) judge what a run measured: a regression to plain Express's
// cost per request fails them, and a figure the run could not measure fails rather than passes.
import assert from 'node:assert/strict';
import test from 'node:test';
import { GATES, gatesOf } from '../bench/gates.mjs';

const at = (us) => ({ serverCpuUsPerRequest: us });

/** A report with the figures of a full run of this machine (docs/decisions/bench-gates.md). */
function report() {
  return {
    nodeStartCpuMs: 40,
    readPath: { mock: at(26), express: at(138), bare: at(20), prism: at(690) },
    writePath: { mock: at(38), express: at(116), bare: at(18), prism: at(1000) },
    scales: { 1: { secondStart: { cpuMs: 330 }, readPath: at(26), search: at(60) }, 10: { readPath: at(30), search: at(70) } },
    newWorlds: { cpuMsPerWorld: 3 },
  };
}

void test('every gate passes on the figures the gates were set from', () => {
  const failed = gatesOf(report()).filter((gate) => !gate.pass);
  assert.deepEqual(failed, []);
  assert.equal(gatesOf(report()).length, GATES.length);
});

void test('a write path as dear as plain Express fails its gate', () => {
  const slow = report();
  slow.writePath.mock = at(116);
  const write = gatesOf(slow).find((gate) => gate.id === 'writeVsExpress');
  assert.equal(write?.value, 1);
  assert.equal(write?.pass, false);
});

void test('a start that costs more CPU than its limit allows fails, whatever the wall clock said', () => {
  const slow = report();
  slow.scales[1].secondStart.cpuMs = 40 * 20;
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
