#!/usr/bin/env node
// Budget: Lighthouse mobile performance at least 0.98 and CLS at most 0.05 on the home, market and product
// pages, the median of 3 runs each, against the mock server: the CI gate, which holds on a loaded machine.
// Beside it, the stricter targets (score at least 0.99 on every page, home LCP at most 1.8 s and TBT at most
// 50 ms) with Lighthouse's standard 4x CPU slowdown, which only a quiet machine measures fairly: reported,
// and a failure too with --strict.
//
//   node scripts/budgets/lighthouse.mjs [--runs 3 (5 with --strict)] [--strict] [--out artifacts/lighthouse.json] [--keep-reports DIR] [--page home ...]
//
// --keep-reports DIR keeps each run's report (DIR/<page>-<run>.json) and its gathered artifacts as recorded
// (DIR/<page>-<run>.artifacts), which scripts/budgets/lantern-lcp.mjs explains node by node.
//
// Why two: Lighthouse's simulated throttling multiplies the time each main-thread task took on the host by
// cpuSlowdownMultiplier (4x, meant for an idle desktop). On a 2-core machine running other work the
// browser waits for a core in the middle of its tasks: wall time balloons (6x the CPU time under the
// helpers' load), TBT and LCP with it, and the score fell (0.94 on the home page in CI once) with no change
// to the app. Calibrating the multiplier from Lighthouse's benchmarkIndex (its docs' advice) did not hold:
// the index is measured in one second before the load, and the load varies (0.91 at a load average of 24).
// So each page load is gathered once (Lighthouse's gather mode) and audited twice from the saved artifacts:
//   - the targets: the trace as recorded, 4x: Lighthouse's standard score;
//   - the gate: the trace with every task shortened to its thread's CPU time (thread-time.mjs: the waiting
//     for a core removed, the work kept), 4x; its score is Lighthouse's weighted mean of the metric scores
//     without Speed Index, the one metric Lantern takes from the observed filmstrip (paint times a busy
//     host delays and no trace rewrite undoes), reweighted to 1; and CLS, which no CPU changes.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { freePort, HOST, listenOnLoopback, REPO_ROOT, startMockCli } from '../bench/processes.mjs';
import { buildApp, compressed, preferredEncoding, serveBuild } from '../lib/app-site.mjs';
import { toThreadTime } from './thread-time.mjs';

/** The gate (0.95 until the pages scored 0.99 in thread time even at a load average of 21: lighthouse-gate-in-thread-time.md). */
export const THRESHOLDS = { minScore: 0.98, maxCls: 0.05 };
/** The new targets (issue 17.3), checked with the standard 4x slowdown; a failure only with --strict. */
export const STRICT_TARGETS = { minScore: 0.99, maxCls: 0.05, home: { maxLcpMs: 1800, maxTbtMs: 50 } };
/** The metric the gate's score leaves out (see above). */
const OBSERVED_METRIC = 'speed-index';

/** Lighthouse's performance score without the observed metric: its weighted mean of the others' scores. */
export function scoreWithoutObserved(lhr) {
  let sum = 0;
  let weights = 0;
  for (const ref of lhr.categories.performance.auditRefs) {
    if (!ref.weight || ref.id === OBSERVED_METRIC) continue;
    sum += ref.weight * (lhr.audits[ref.id]?.score ?? 0);
    weights += ref.weight;
  }
  return weights > 0 ? Math.round((sum / weights) * 100) / 100 : 0;
}
export const PAGES = [
  { name: 'home', path: '/' },
  { name: 'market', path: '/m/mallang_studio/4' },
  { name: 'product', path: '/p/mallang_studio/4' },
];
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const BUILD_DIR = path.join(REPO_ROOT, '.tmp', 'budget-lighthouse-app');

const { values: flags } = parseArgs({
  options: {
    /** Default 3; 5 with --strict (the targets are medians of 5). */
    runs: { type: 'string' },
    out: { type: 'string', default: path.join(REPO_ROOT, 'artifacts', 'lighthouse.json') },
    'keep-reports': { type: 'string' },
    /** Only these pages (by name), for a quick look while working on one. */
    page: { type: 'string', multiple: true },
    /** Fail on the new targets too (a quiet machine's check). */
    strict: { type: 'boolean', default: false },
  },
});
const RUNS = Number(flags.runs ?? (flags.strict ? 5 : 3));
const SELECTED = flags.page?.length ? PAGES.filter((page) => flags.page.includes(page.name)) : PAGES;

const started = performance.now();
const log = (line) => console.log(`[lighthouse ${((performance.now() - started) / 1000).toFixed(1).padStart(5)}s] ${line}`);

/**
 * The market and product pages measure market 4 of mallang_studio: fail clearly if the seeded world no
 * longer has it, rather than scoring a not-found page.
 */
async function expectSeededPages(apiBase) {
  const response = await fetch(`${apiBase}/common/market/get/mallang_studio/4`);
  if (!response.ok) throw new Error(`the mock world has no market mallang_studio/4 (HTTP ${response.status}); update PAGES`);
}

/**
 * The mock server behind a compressing reverse proxy, as a production API sits behind its load balancer or
 * CDN: the mock answers uncompressed (the home's market list alone is about 290 KB of JSON, about 30 KB
 * gzipped), which would otherwise dominate the simulated slow-4G link. Everything else (status, headers,
 * CORS, X-Mock-Now) passes through unchanged. Brotli or gzip, as the client accepts (see app-site.mjs).
 */
async function compressingProxy(target) {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers = { ...answer.headers };
          delete headers['content-length'];
          delete headers['transfer-encoding'];
          const compressible = /json|svg|text|javascript/.test(String(headers['content-type'] ?? '')) && body.length > 1024;
          const encoding = compressible ? preferredEncoding(req.headers['accept-encoding']) : null;
          const sent = encoding ? compressed(body, encoding, 5) : body;
          if (encoding) headers['content-encoding'] = encoding;
          if (compressible) headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
          res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': sent.length });
          res.end(sent);
        });
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return listenOnLoopback(server);
}

/** Starts chromium with a DevTools port Lighthouse connects to; resolves once the port answers. */
async function startChrome() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-chrome-'));
  // A process group of its own: stopping it stops its helper processes too, which otherwise went on writing
  // into the profile while it was removed (ENOTEMPTY once in CI, after the budget had passed).
  const child = spawn(CHROME_PATH, [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
    detached: true,
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`${CHROME_PATH} exited at start`);
    try {
      const response = await fetch(`http://${HOST}:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      signalGroup('SIGKILL');
      throw new Error(`${CHROME_PATH} did not open its DevTools port within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        signalGroup('SIGTERM');
        const timer = setTimeout(() => signalGroup('SIGKILL'), 5000);
        await gone;
        clearTimeout(timer);
      }
      signalGroup('SIGKILL'); // any helper that outlived the browser
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const roundTo = (value, digits) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The figures of one Lighthouse result worth keeping. */
function figuresOf(lhr) {
  const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  return {
    score: lhr.categories.performance.score,
    cls: roundTo(lhr.audits['cumulative-layout-shift'].numericValue, 4),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    speedIndexMs: ms('speed-index'),
    runtimeError: lhr.runtimeError?.code ?? null,
    warnings: lhr.runWarnings ?? [],
    /** Lighthouse's measure of this machine's speed at the time (the CPU slowdown is calibrated for ~1000-2000). */
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** The median of each figure over runs. */
function medianOf(list) {
  return {
    score: median(list.map((run) => run.score ?? 0)),
    cls: median(list.map((run) => run.cls)),
    fcpMs: median(list.map((run) => run.fcpMs)),
    lcpMs: median(list.map((run) => run.lcpMs)),
    tbtMs: median(list.map((run) => run.tbtMs)),
    speedIndexMs: median(list.map((run) => run.speedIndexMs)),
  };
}

/** The new targets a page's medians at the default slowdown miss (none: met). */
function strictMissesOf(name, m) {
  const misses = [];
  if (m.score < STRICT_TARGETS.minScore) misses.push(`score ${m.score} < ${STRICT_TARGETS.minScore}`);
  if (m.cls > STRICT_TARGETS.maxCls) misses.push(`CLS ${m.cls} > ${STRICT_TARGETS.maxCls}`);
  const page = STRICT_TARGETS[name];
  if (page?.maxLcpMs !== undefined && m.lcpMs > page.maxLcpMs) misses.push(`LCP ${m.lcpMs} ms > ${page.maxLcpMs} ms`);
  if (page?.maxTbtMs !== undefined && m.tbtMs > page.maxTbtMs) misses.push(`TBT ${m.tbtMs} ms > ${page.maxTbtMs} ms`);
  return misses;
}

const line = (f) =>
  `score ${f.score}${f.lighthouseScore !== undefined ? ` (with Speed Index ${f.lighthouseScore})` : ''} CLS ${f.cls} FCP ${f.fcpMs} ms LCP ${f.lcpMs} ms TBT ${f.tbtMs} ms SI ${f.speedIndexMs} ms${f.runtimeError ? ` (${f.runtimeError})` : ''}`;

/**
 * One page load, gathered once (Lighthouse's gather mode: the load, its trace and the host's benchmarkIndex
 * saved into `dir`) and audited twice from the saved artifacts: as recorded (the targets), then with the
 * trace in thread time (the gate). Simulated throttling applies nothing while gathering, so both audits
 * simulate the same load.
 */
async function measurePage(url, dir, port, keepArtifactsIn = null) {
  const common = { port, logLevel: /** @type {const} */ ('error'), onlyCategories: ['performance'] };
  await lighthouse(url, { ...common, gatherMode: dir });
  if (keepArtifactsIn) cpSync(dir, keepArtifactsIn, { recursive: true });
  const audit = async () => {
    const result = await lighthouse(url, { ...common, auditMode: dir, output: 'json' });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result;
  };
  const standard = await audit();
  const traceFile = path.join(dir, 'defaultPass.trace.json');
  const trace = JSON.parse(readFileSync(traceFile, 'utf8'));
  const { wallToCpu } = toThreadTime(trace.traceEvents ?? trace);
  writeFileSync(traceFile, JSON.stringify(trace));
  const gate = await audit();
  return {
    benchmarkIndex: Math.round(standard.lhr.environment.benchmarkIndex),
    wallToCpu: roundTo(wallToCpu, 2),
    gate: { ...figuresOf(gate.lhr), score: scoreWithoutObserved(gate.lhr), lighthouseScore: gate.lhr.categories.performance.score },
    standard: figuresOf(standard.lhr),
    report: String(standard.report),
  };
}

let mock;
let api;
let site;
let chrome;
let exitCode = 1;
try {
  mock = await startMockCli();
  await expectSeededPages(mock.baseUrl);
  api = await compressingProxy(mock.baseUrl);
  log(`mock server on ${mock.baseUrl}, behind a compressing proxy on ${api.origin}`);
  await buildApp({ outDir: BUILD_DIR, apiBase: api.origin });
  log(`app built for it into ${path.relative(REPO_ROOT, BUILD_DIR)}`);
  site = await serveBuild(BUILD_DIR, { compress: true });
  chrome = await startChrome();
  log(`serving on ${site.origin}; chromium DevTools on port ${chrome.port}`);

  const runs = new Map(SELECTED.map((page) => [page.name, []]));
  const work = mkdtempSync(path.join(tmpdir(), 'lighthouse-artifacts-'));
  const keep = flags['keep-reports'];
  if (keep) mkdirSync(keep, { recursive: true });
  try {
    for (let round = 1; round <= RUNS; round++) {
      for (const page of SELECTED) {
        const url = `${site.origin}${page.path}`;
        const run = await measurePage(
          url,
          path.join(work, `${page.name}-${round}`),
          chrome.port,
          keep ? path.join(keep, `${page.name}-${round}.artifacts`) : null,
        );
        runs.get(page.name).push(run);
        if (keep) writeFileSync(path.join(keep, `${page.name}-${round}.json`), run.report);
        delete run.report;
        log(
          `${page.name} run ${round} (benchmarkIndex ${run.benchmarkIndex}, tasks' wall time ${run.wallToCpu}x their CPU time): gate ${line(run.gate)}; as recorded ${line(run.standard)}`,
        );
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const pages = SELECTED.map((page) => {
    const list = runs.get(page.name);
    const gate = medianOf(list.map((run) => run.gate));
    const standard = medianOf(list.map((run) => run.standard));
    const failed = list.some((run) => run.gate.runtimeError || run.standard.runtimeError);
    const passed = !failed && gate.score >= THRESHOLDS.minScore && gate.cls <= THRESHOLDS.maxCls;
    const strictMisses = failed ? ['a run failed'] : strictMissesOf(page.name, standard);
    return {
      ...page,
      passed,
      strictPassed: strictMisses.length === 0,
      strictMisses,
      median: gate,
      medianAsRecorded: standard,
      benchmarkIndex: median(list.map((run) => run.benchmarkIndex)),
      wallToCpu: median(list.map((run) => run.wallToCpu)),
      runs: list,
    };
  });

  console.log(
    `\nLighthouse mobile, median of ${RUNS}. Gate (trace in thread time, score without Speed Index): score >= ${THRESHOLDS.minScore}, CLS <= ${THRESHOLDS.maxCls}.` +
      `\nTargets (as recorded: a quiet machine's figures; fail only with --strict): score >= ${STRICT_TARGETS.minScore}, home LCP <= ${STRICT_TARGETS.home.maxLcpMs} ms and TBT <= ${STRICT_TARGETS.home.maxTbtMs} ms.`,
  );
  console.log(`  ${'page'.padEnd(8)} ${'measure'.padEnd(14)} score   CLS     FCP ms  LCP ms  TBT ms  SI ms`);
  for (const page of pages) {
    const row = (label, m, verdict) =>
      console.log(
        `  ${page.name.padEnd(8)} ${label.padEnd(14)} ${m.score.toFixed(2).padEnd(7)} ${m.cls.toFixed(3).padEnd(7)} ${String(m.fcpMs).padEnd(7)} ${String(m.lcpMs).padEnd(7)} ${String(m.tbtMs).padEnd(7)} ${String(m.speedIndexMs).padEnd(6)} ${verdict}`,
      );
    row('gate', page.median, `gate ${page.passed ? 'PASS' : 'FAIL'}`);
    row(`as recorded`, page.medianAsRecorded, `targets ${page.strictPassed ? 'PASS' : `MISS (${page.strictMisses.join('; ')})`}`);
  }
  const gatePassed = pages.every((page) => page.passed);
  const strictPassed = pages.every((page) => page.strictPassed);
  const passed = gatePassed && (!flags.strict || strictPassed);
  const summary =
    `gate ${pages.map((page) => `${page.name} ${page.median.score.toFixed(2)}/CLS ${page.median.cls.toFixed(3)} (wall ${page.wallToCpu}x CPU)`).join(', ')} (median of ${RUNS}): ${gatePassed ? 'within' : 'OUTSIDE'} budget; ` +
    `targets ${pages.map((page) => `${page.name} ${page.medianAsRecorded.score.toFixed(2)} LCP ${page.medianAsRecorded.lcpMs} TBT ${page.medianAsRecorded.tbtMs}`).join(', ')}: ${strictPassed ? 'met' : 'missed'}${flags.strict ? ' (--strict)' : ' (reported)'}; load average ${os.loadavg()[0].toFixed(2)}`;
  console.log(`${passed ? 'PASS' : 'FAIL'} ${summary}`);
  mkdirSync(path.dirname(flags.out), { recursive: true });
  writeFileSync(
    flags.out,
    JSON.stringify(
      {
        summary,
        thresholds: THRESHOLDS,
        strictTargets: STRICT_TARGETS,
        strict: flags.strict,
        runsPerPage: RUNS,
        seconds: roundTo((performance.now() - started) / 1000, 1),
        pages,
      },
      null,
      2,
    ),
  );
  exitCode = passed ? 0 : 1;
} catch (error) {
  console.error(error);
  mkdirSync(path.dirname(flags.out), { recursive: true });
  writeFileSync(
    flags.out,
    JSON.stringify({ summary: `did not run: ${String(error.message ?? error).split('\n')[0]}`, thresholds: THRESHOLDS }, null, 2),
  );
} finally {
  await chrome?.stop();
  await site?.close();
  await api?.close();
  await mock?.stop();
}
log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(exitCode);
