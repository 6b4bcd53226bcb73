#!/usr/bin/env node
// The reliability suite: load, fuzz and kill -9, one after the other (each on its own fresh mock server),
// with the results in artifacts/reliability.json and a one-line summary. Exits 1 when any part fails.
//
//   node scripts/reliability/run.mjs [--seconds 60] [--out FILE]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../bench/processes.mjs';
import { runFuzz } from './fuzz.mjs';
import { runKill9 } from './kill9.mjs';
import { runLoad } from './load.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    out: { type: 'string', default: join(REPO_ROOT, 'artifacts/reliability.json') },
  },
});

const started = performance.now();
const parts = {};
for (const [name, run] of /** @type {[string, () => Promise<any>][]} */ ([
  ['load', () => runLoad({ seconds: Number(values.seconds) })],
  ['fuzz', () => runFuzz()],
  ['kill9', () => runKill9()],
])) {
  console.log(`\n=== ${name} ===`);
  try {
    parts[name] = await run();
  } catch (error) {
    // A part that cannot run at all (the server does not start, setup fails) is a failure of the suite.
    parts[name] = {
      ok: false,
      summary: `${name}: FAIL could not run: ${error.message.split('\n')[0]}`,
      error: String(error.stack ?? error),
    };
    console.log(parts[name].summary);
  }
}

const ok = Object.values(parts).every((part) => part.ok);
const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
const summary = `reliability: ${ok ? 'PASS' : 'FAIL'} in ${seconds} s | ${Object.values(parts)
  .map((part) => part.summary)
  .join(' | ')}`;
const out = resolve(values.out);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ summary, ok, seconds, finishedAt: new Date().toISOString(), ...parts }, null, 2)}\n`);
console.log(`\n${summary}\nwrote ${out}`);
process.exit(ok ? 0 : 1);
