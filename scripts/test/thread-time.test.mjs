// @ts-check
// toThreadTime (scripts/budgets/thread-time.mjs): a task's wall time becomes its thread CPU time, its events
// keep their order inside it, and a task that really works longer stays longer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toThreadTime } from '../budgets/thread-time.mjs';

const task = (ts, dur, tdur, tid = 1) => ({ ph: 'X', name: 'RunTask', pid: 1, tid, ts, dur, tdur });

void test('a descheduled task shrinks to its CPU time, its events squeezed into it in order', () => {
  const events = [
    task(1000, 300_000, 2000),
    { ph: 'X', name: 'EvaluateScript', pid: 1, tid: 1, ts: 1100, dur: 150_000, tdur: 1000 },
    { ph: 'I', name: 'firstContentfulPaint', pid: 1, tid: 1, ts: 151_000 },
    { ph: 'X', name: 'Layout', pid: 1, tid: 1, ts: 200_000, dur: 100_000, tdur: 900 },
    task(400_000, 10_000, 10_000),
  ];
  const { tasks, wallToCpu } = toThreadTime(events);
  assert.equal(tasks, 1);
  assert.equal(wallToCpu, 310_000 / 12_000);
  const [first, script, paint, layout, second] = events;
  assert.equal(first.dur, 2000);
  assert.ok(first.ts < script.ts && script.ts < paint.ts && paint.ts < layout.ts);
  assert.ok(layout.ts + layout.dur <= first.ts + first.dur + 1e-9, 'the layout ends inside its task');
  assert.ok(script.dur < 1001);
  // A task that waited for nothing is left as it was.
  assert.deepEqual(second, task(400_000, 10_000, 10_000));
});

void test('a long task that really computes stays long (a regression still shows)', () => {
  const events = [task(0, 400_000, 380_000), task(0, 400_000, 380_000, 2)];
  toThreadTime(events);
  assert.equal(events[0].dur, 380_000);
  assert.equal(events[1].dur, 380_000, 'each thread on its own');
});

void test('a quiet trace is unchanged and reads 1', () => {
  const events = [task(0, 5000, 5000), { ph: 'X', name: 'Layout', pid: 1, tid: 1, ts: 10, dur: 100 }];
  const before = structuredClone(events);
  assert.deepEqual(toThreadTime(events), { tasks: 0, wallToCpu: 1 });
  assert.deepEqual(events, before);
});
