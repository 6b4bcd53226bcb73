#!/usr/bin/env node
// `pnpm test`: every check of the project, ending with a summary table. Exits non-zero when any step fails;
// the other steps still run so one run shows everything.
//
// The CI machine has 2 cores, and most steps leave part of them idle (tsc and ESLint use one core, a browser
// journey waits on the page), so steps run side by side within a CPU budget: each step says how many cores
// it keeps busy (`cpus`), and a step starts, in the order listed, once its cores are free. No step needs the
// machine to itself: the gates read CPU time (bench's CPU per request, Lighthouse's thread time), not the wall
// clock. Each step's output goes to artifacts/logs/<id>.log and is printed whole when the step ends, so the
// output of steps running together never interleaves. A step may wait for others (`after`): it starts once
// they have ended (passed or not), e.g. the API coverage check reads the journals the suites leave.
//
//   node scripts/test-all.mjs                 every step
//   node scripts/test-all.mjs sdk app         only the steps whose id or name contains one of the words
//   TEST_CPUS=4 node scripts/test-all.mjs     another CPU budget (default: the machine's cores plus one)
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/**
 * @typedef {object} Step
 * @property {string} id short name, used for the log file and in filters
 * @property {string} name what the step checks, for the summary
 * @property {string} cmd one shell command
 * @property {number} cpus cores the step keeps busy (1 or 2)
 * @property {string} [report] a JSON file the step writes whose `summary` goes into the table
 * @property {string[]} [after] ids of steps that must have ended before this one starts (when they run too)
 * @property {boolean} [journal] the step's suite writes an API journal (<CM_API_JOURNAL_DIR>/<id>/), emptied before it starts
 */

/** @type {Step[]} Listed in start order: the longest first, so the short ones fill the gaps beside them. */
const steps = [
  {
    id: 'lint',
    name: 'lint: OpenAPI (Redocly + second validator), Prettier, ESLint',
    cmd: 'pnpm lint',
    cpus: 1,
  },
  {
    id: 'app',
    name: 'app: component tests',
    cmd: 'pnpm --fail-if-no-match --filter @creator-market/app test',
    cpus: 2,
    journal: true,
  },
  {
    id: 'e2e',
    name: 'e2e: browser journeys on Playwright Test (chromium, 390x844, ko-KR, Asia/Seoul): every journey against the mock server; the @static ones (guest to paid, errors, the kept world) against the static build on a static host',
    cmd: 'pnpm e2e',
    // Mostly waiting on the page (countdowns, a slow answer past the client's timeout): four workers keep
    // two thirds of a core busy.
    cpus: 1,
    report: 'artifacts/e2e.json',
    journal: true,
  },
  {
    id: 'a11y',
    name: 'a11y: axe-core on every route (guest, buyer) and order-flow overlay; keyboard, focus ring, Escape, alt text',
    cmd: 'pnpm a11y',
    // One build, one browser; axe's colour-contrast pass keeps a core busy, the page loads the other.
    cpus: 2,
    report: 'artifacts/a11y.json',
    journal: true,
  },
  { id: 'typecheck', name: 'TypeScript (every package, incl. type tests)', cmd: 'pnpm -r --workspace-concurrency=1 typecheck', cpus: 1 },
  {
    id: 'lighthouse',
    name: 'budget: Lighthouse mobile perf >= 0.98 in thread time, CLS <= 0.05 (home, market, product; median of 3; new targets reported)',
    cmd: 'node scripts/budgets/lighthouse.mjs',
    // Lighthouse's simulated throttling leaves the page idle most of the run (45 CPU s in 85 s on CI):
    // it fills a lane beside a 2-core step; its gate reads thread time.
    cpus: 1,
    report: 'artifacts/lighthouse.json',
  },
  {
    id: 'bench',
    name: "bench (quick run; every ratio gated by server CPU time under what CI's loaded runs read, scripts/bench/gates.mjs)",
    cmd: 'node scripts/bench.mjs --quick --strict-cpu',
    cpus: 2,
    report: 'artifacts/bench.json',
  },
  {
    id: 'shared-host',
    name: 'shared host: 3 mocks behind HAProxy by X-Mock-World, 64 conns x 200 worlds 30 s, kill -9 and restart from --state',
    cmd: 'node scripts/shared-host/test.mjs',
    cpus: 2,
    report: 'artifacts/shared-host.json',
  },
  {
    id: 'mock-server',
    name: 'mock-server: contract, model-based, concurrency, control plane',
    cmd: 'pnpm --fail-if-no-match --filter @creator-market/mock-server test',
    cpus: 2,
  },
  {
    id: 'example-qa',
    name: "outside example: a QA team's Playwright suite (8 tests, 2 workers) on the packed sdk, fixture and mock bin; tsc NodeNext",
    cmd: 'node scripts/example-qa.mjs',
    // Packing and the app's build side by side, then two browser workers that mostly wait on the page.
    cpus: 2,
    report: 'artifacts/example-qa.json',
    journal: true,
  },
  {
    id: 'reliability',
    name: 'reliability: 60 s mixed load (2,500 actions/s), bad-input fuzzer, kill -9 with --state',
    cmd: 'node scripts/reliability/run.mjs --seconds 60',
    // The load is paced: the server and the load generator keep about one core busy between them.
    cpus: 1,
    report: 'artifacts/reliability.json',
  },
  {
    id: 'contract-diff',
    name: 'contract diff: planted changes classified, what they touch, the slow sdk-regeneration type check; then the check itself (breaking changes acknowledged in openapi/CHANGELOG.md)',
    // The slow test runs two TypeScript programs; the check reads the previous commit in CI.
    cmd: 'node --test scripts/contract-diff/ && node scripts/contract-diff/run.mjs',
    cpus: 1,
  },
  {
    id: 'packages',
    name: 'packages: sdk and mock server from pnpm pack tarballs (node import/require; tsc NodeNext, Bundler, DOM or not, strict flags; the bin)',
    cmd: 'node scripts/packages/check.mjs',
    // Five tsc runs, two at a time.
    cpus: 2,
  },
  {
    id: 'sdk',
    name: 'sdk: domain properties, client, control client (against the mock bin), generated',
    cmd: 'pnpm --fail-if-no-match --filter @creator-market/sdk test',
    cpus: 2,
  },
  { id: 'fixtures', name: 'fixtures: world generator', cmd: 'pnpm --fail-if-no-match --filter @creator-market/fixtures test', cpus: 2 },
  {
    id: 'conformance',
    name: 'conformance kit: the mock conforms (reads, errors, writes, flow); a planted-violations server fails with exactly its plants; no token, a refused one, 401/404/HTML servers and an unreachable one never stop it',
    cmd: 'node --test scripts/conformance/',
    cpus: 1,
    journal: true,
  },
  {
    id: 'scripts',
    name: 'scripts: the gates cannot pass empty (package scripts, filters)',
    cmd: 'pnpm --fail-if-no-match --filter @creator-market/scripts test',
    cpus: 1,
  },
  { id: 'openapi', name: 'openapi: contract helper tests', cmd: 'pnpm --fail-if-no-match --filter @creator-market/openapi test', cpus: 1 },
  {
    id: 'coverage',
    name: 'API coverage: every declared answer some suite produced, checked against openapi/coverage-baseline.json',
    cmd: 'node --test scripts/coverage/ && node scripts/coverage/run.mjs --check',
    cpus: 1,
    after: ['app', 'e2e', 'a11y', 'conformance', 'example-qa'],
    report: 'artifacts/api-coverage.json',
  },
  {
    id: 'flow',
    name: 'Arazzo flow (redocly respect): sign in to paid receipt',
    cmd: 'pnpm --fail-if-no-match --filter @creator-market/openapi flow',
    cpus: 1,
  },
  {
    id: 'budget-js',
    name: 'budget: home route initial JS <= 100 KB gzip (size-limit)',
    cmd: 'pnpm --fail-if-no-match --filter @creator-market/app build && node scripts/budgets/home-js.mjs',
    cpus: 2,
    report: 'artifacts/budget-js.json',
  },
  {
    id: 'security',
    name: 'security: other sites, DNS rebinding, redirects, field values, accounts, transport shapes',
    cmd: 'node scripts/reliability/security.mjs',
    cpus: 1,
    report: 'artifacts/security.json',
  },
];

const words = process.argv.slice(2).map((word) => word.toLowerCase());
const selected = words.length
  ? steps.filter((step) => words.some((word) => step.id.includes(word) || step.name.toLowerCase().includes(word)))
  : steps;
if (selected.length === 0) {
  console.error(`No step matches ${words.join(', ')}. Steps: ${steps.map((step) => step.id).join(', ')}`);
  process.exit(2);
}

// One more than the cores: a step rarely keeps its cores busy all the time (a vitest suite waits on its
// workers' start, a journey on its page), so a third lane fills the gaps.
const budget = Math.max(1, Number(process.env.TEST_CPUS) || availableParallelism() + 1);
// The suites write what they made the mock answer here (docs/api-coverage.md); CM_API_JOURNAL_DIR= (empty) turns it off.
const journalDir = process.env.CM_API_JOURNAL_DIR ?? path.resolve('artifacts/api-journal');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', FORCE_COLOR: process.env.CI ? '0' : '1', CM_API_JOURNAL_DIR: journalDir };
mkdirSync('artifacts/logs', { recursive: true });

/** Where a step's output goes. @param {string} id */
const logFileOf = (id) => `artifacts/logs/${id}.log`;

/** Where a step's CPU times go (the output of `times`). @param {string} id */
const cpuFileOf = (id) => `artifacts/logs/${id}.cpu`;

/**
 * The CPU seconds (user + system) of a step's processes, from `times`' second line ("0m1.50s 0m0.20s").
 * @param {string} id
 */
function cpuSecondsOf(id) {
  try {
    const children = readFileSync(cpuFileOf(id), 'utf8').trim().split('\n')[1] ?? '';
    const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
    return Math.round(seconds);
  } catch {
    return undefined;
  }
}

/** @param {Step} step @returns {Promise<{code: number, output: string}>} */
function run(step) {
  return new Promise((resolve) => {
    const logFile = logFileOf(step.id);
    const log = createWriteStream(logFile);
    // `times` (POSIX sh) prints the CPU of the shell's waited-for children: the step's CPU seconds.
    const script = `${step.cmd}\nstatus=$?; times > ${cpuFileOf(step.id)}; exit $status`;
    const child = spawn(script, { shell: '/bin/sh', stdio: ['ignore', 'pipe', 'pipe'], env });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code, signal) => {
      log.end(() => resolve({ code: code ?? (signal ? 1 : 0), output: readFileSync(logFile, 'utf8') }));
    });
  });
}

/**
 * The machine's CPU seconds since boot, busy and in all, from /proc/stat's first line (clock ticks of 1/100 s),
 * or null where there is none. A step's `times` misses what its waited-for children did not wait for in
 * turn (a browser's helper processes), so the run's line says what the whole machine did too.
 */
function machineCpuSeconds() {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const all = ticks.reduce((sum, tick) => sum + tick, 0);
    return { busy: (all - idle) / 100, all: all / 100 };
  } catch {
    return null;
  }
}

/** @type {Map<string, {ok: boolean, seconds: string, cpuSeconds: number | undefined, startedAt: number, figures: string}>} */
const results = new Map();
/** @type {Set<Step>} */
const running = new Set();
const waiting = [...selected];
const runStarted = Date.now();
const machineAtStart = machineCpuSeconds();

/** The next waiting step that may start now, if any. */
function nextStartable() {
  const busy = [...running].reduce((sum, step) => sum + step.cpus, 0);
  for (const step of waiting) {
    // A step it comes after that is still to run or running holds it back.
    if (step.after?.some((id) => waiting.some((other) => other.id === id) || [...running].some((other) => other.id === id))) continue;
    if (running.size === 0 || busy + step.cpus <= budget) return step;
  }
  return undefined;
}

/** @param {Step} step */
async function start(step) {
  waiting.splice(waiting.indexOf(step), 1);
  running.add(step);
  // No journal of an earlier run is counted as this one's.
  if (step.journal && journalDir) rmSync(path.join(journalDir, step.id), { recursive: true, force: true });
  const started = Date.now();
  const startedAt = Math.round((started - runStarted) / 1000);
  // The summary shows this run's figures or none: a report an earlier run left goes before the step starts.
  if (step.report) rmSync(step.report, { force: true });
  const { code, output } = await run(step);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let figures = '';
  if (step.report && existsSync(step.report)) {
    try {
      figures = JSON.parse(readFileSync(step.report, 'utf8')).summary ?? '';
    } catch {
      figures = '(unreadable report)';
    }
  }
  const cpuSeconds = cpuSecondsOf(step.id);
  console.log(
    `\n━━ ${step.name} (${step.id}, ${seconds} s, ${cpuSeconds ?? '?'} CPU s, ${code === 0 ? 'PASS' : 'FAIL'})\n$ ${step.cmd}\n${output}`,
  );
  results.set(step.id, { ok: code === 0, seconds, cpuSeconds, startedAt, figures });
  running.delete(step);
  pump();
}

/** Starts every step that may start now. */
function pump() {
  for (let step = nextStartable(); step; step = nextStartable()) void start(step);
  if (running.size === 0 && waiting.length === 0) finish();
}

/**
 * The lines of a failed step's log that say what failed (vitest's FAIL and × lines, node:test's `not ok`,
 * assertion and error lines, at most 40), then its last 20 lines.
 * @param {string} output
 */
function failureExcerpt(output) {
  const lines = stripVTControlCharacters(output).split('\n');
  const marked = lines
    .slice(0, -20)
    .filter((line) => /\bFAIL\b|^\s*[×✗]|\bnot ok\b|Error\b|\bexpected\b/.test(line))
    .slice(0, 40);
  return [...marked, ...(marked.length ? ['…'] : []), ...lines.slice(-20)].join('\n');
}

function finish() {
  const rows = selected.map((step) => ({ id: step.id, name: step.name, ...results.get(step.id) }));
  const width = Math.max(...rows.map((row) => row.name.length));
  const wall = ((Date.now() - runStarted) / 1000).toFixed(1);
  const cpu = rows.reduce((sum, row) => sum + (row.cpuSeconds ?? 0), 0);
  const machineAtEnd = machineCpuSeconds();
  const machine =
    machineAtStart && machineAtEnd
      ? { busy: Math.round(machineAtEnd.busy - machineAtStart.busy), all: Math.round(machineAtEnd.all - machineAtStart.all) }
      : null;
  const busyLine = machine ? `; the machine busy ${machine.busy} of its ${machine.all} CPU s, all processes` : '';
  console.log(`\n━━ Summary (${wall} s on ${budget} cores, ${cpu} CPU s in the steps${busyLine}; each row: wall s, CPU s, started at s)`);
  for (const row of rows) {
    const times = `${String(row.seconds).padStart(6)} s ${String(row.cpuSeconds ?? '?').padStart(4)} cpu @${String(row.startedAt).padStart(3)}`;
    console.log(`${row.ok ? 'PASS' : 'FAIL'}  ${row.name.padEnd(width)}  ${times}${row.figures ? `  ${row.figures}` : ''}`);
  }
  writeFileSync(
    'artifacts/test-summary.json',
    JSON.stringify({ seconds: Number(wall), cpus: budget, cpuSeconds: cpu, machineCpuSeconds: machine, steps: rows }, null, 2),
  );
  const failed = rows.filter((row) => !row.ok);
  // A CI page often keeps only the end of the output: repeat why each failed step failed below the table.
  for (const row of failed)
    console.log(`\n━━ Why ${row.id} failed (whole log: ${logFileOf(row.id)})\n${failureExcerpt(readFileSync(logFileOf(row.id), 'utf8'))}`);
  console.log(failed.length ? `\n${failed.length} step(s) failed.` : '\nEvery step passed.');
  process.exit(failed.length ? 1 : 0);
}

console.log(`Running ${selected.length} step(s) within ${budget} cores; each step's output is printed when it ends.`);
pump();
