#!/usr/bin/env node
// What a second start of the mock server costs in CPU, side by side for one CLI or more (another checkout's
// `mock-server/bin/mock.mjs`, or a copy of its bin/ and dist/): the bench's start gate (CPU from spawn to the
// ready line over a bare node start's to its first line) and what follows it, the CPU from spawn to the answers
// of the home's first screen (banner and categories, the app's early requests), to the answers of the rest of
// the home (its lists below the fold), and to the server's 'new worlds ready' line (what it readies in slices
// after its ready line). CPU is each thread's run time (schedstat, processes.mjs); the wall times from spawn
// to the ready line and to the first screen's answers are printed beside it (a loaded machine stretches them).
//
//   node scripts/bench/start-cpu.mjs [--cli A/mock-server/bin/mock.mjs --cli B/...] [--rounds 10] [--scale 1]
//
// Each CLI has a seed cache and code cache of its own, written by a first start that is not counted; the
// rounds then alternate the CLIs (their order reversed every other round), a bare node start before each.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from './http.mjs';
import { bareNodeStartCpuMs, cpuTimeMs, MOCK_CLI, startMockCli, waitUntil, worldsReadied } from './processes.mjs';

const { values } = parseArgs({
  options: {
    cli: { type: 'string', multiple: true, default: [MOCK_CLI] },
    rounds: { type: 'string', default: '10' },
    scale: { type: 'string', default: '1' },
  },
});
const rounds = Number(values.rounds);

/** The app's early requests on the home path (app/src/api/earlyRequests.ts), then the home's lists (homeData.ts). */
const FIRST_SCREEN = ['/common/v2/banner?from=top', '/common/v2/seller-ctg?flag=news'];
const BELOW_FOLD = [
  '/common/v2/seller?from=top',
  '/common/v2/seller?from=new',
  '/common/v2/product?from=topcart',
  '/common/v2/product?from=special',
  '/common/v2/preview',
  '/common/v2/search-keyword',
  '/common/v2/product?from=topsold',
  '/common/v2/new-product',
  '/common/v2/seller?from=lucky',
];

const clis = values.cli.map((cli) => ({ cli, cacheDir: mkdtempSync(join(tmpdir(), 'start-cpu-')), samples: [] }));
process.on('exit', () => {
  for (const { cacheDir } of clis) rmSync(cacheDir, { recursive: true, force: true });
});

async function start(entry) {
  return startMockCli({ cli: entry.cli, flags: ['--scale', values.scale, '--cache-dir', entry.cacheDir] });
}

async function answered(client, paths) {
  const answers = await Promise.all(paths.map((path) => client.call('GET', path, { parse: false })));
  const bad = answers.find((answer) => answer.status !== 200);
  if (bad) throw new Error(`a home request answered ${bad.status}: ${bad.text.slice(0, 200)}`);
}

/** One second start: CPU at the ready line, at the first screen's answers, the home's, and 'new worlds ready'. */
async function sample(entry) {
  const bare = await bareNodeStartCpuMs();
  const spawned = performance.now();
  const mock = await start(entry);
  const ready = cpuTimeMs(mock.pid);
  const client = createClient(mock.baseUrl);
  await answered(client, FIRST_SCREEN);
  const firstScreen = cpuTimeMs(mock.pid);
  const firstScreenWallMs = performance.now() - spawned;
  await answered(client, BELOW_FOLD);
  const home = cpuTimeMs(mock.pid);
  await worldsReadied(mock);
  const readied = cpuTimeMs(mock.pid);
  client.close();
  const hit = mock.output.some((line) => /seed cache\s+records read from/.test(line));
  await mock.stop();
  if (!hit) throw new Error(`${entry.cli}: the start did not read its seed cache`);
  return { bare, ready, ratio: ready / bare, firstScreen, home, readied, readyWallMs: mock.readyMs, firstScreenWallMs };
}

// The first start of each CLI writes its caches (seed cache after the ready line, code cache once readied).
for (const entry of clis) {
  const mock = await start(entry);
  await worldsReadied(mock);
  await waitUntil(() => mock.output.some((line) => /seed cache\s+records saved/.test(line)), 'the seed cache saved');
  await mock.stop();
}
const loadAtStart = loadavg();
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? clis : [...clis].reverse();
  for (const entry of order) entry.samples.push(await sample(entry));
}
const loadAtEnd = loadavg();

const fmt = (n) => n.toFixed(n < 10 ? 2 : 0);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(`load average ${loadAtStart.map((n) => n.toFixed(1)).join(' ')} -> ${loadAtEnd.map((n) => n.toFixed(1)).join(' ')}`);
for (const { cli, samples } of clis) {
  console.log(`\n${cli} (${samples.length} second starts at scale ${values.scale}; CPU ms from spawn, min / median / max)`);
  for (const [label, key] of [
    ['bare node start', 'bare'],
    ['ready line', 'ready'],
    ['ratio ready / bare', 'ratio'],
    ['first screen answered', 'firstScreen'],
    ['home answered', 'home'],
    ['new worlds ready', 'readied'],
    ['wall: ready line', 'readyWallMs'],
    ['wall: first screen', 'firstScreenWallMs'],
  ]) {
    const list = samples.map((s) => s[key]);
    console.log(`  ${label.padEnd(24)} ${fmt(Math.min(...list))} / ${fmt(median(list))} / ${fmt(Math.max(...list))}`);
  }
}
