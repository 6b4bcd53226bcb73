#!/usr/bin/env node
// Budget: Lighthouse mobile performance at least 0.95 and CLS at most 0.05 on the home, market and product
// pages, the median of 3 runs each, against the mock server.
//
//   node scripts/budgets/lighthouse.mjs [--runs 3] [--out artifacts/lighthouse.json] [--keep-reports DIR] [--page home ...]
//
// Starts the mock server's CLI on a free port behind a small gzip proxy (the mock answers uncompressed; a
// production API is compressed by its load balancer or CDN), builds the app for that address (VITE_API_BASE)
// into .tmp/ (app/dist is left alone), serves the build like a production host (gzip, long-lived cache for
// hashed assets, SPA fallback), starts Debian's chromium once and runs Lighthouse 12 (Node API, default
// mobile config: simulated slow 4G and 4x CPU slowdown, performance category only) on each page in turn,
// `--runs` rounds. Lighthouse resets the cache and storage before every run, so each run is a first visit.
// Writes {summary, thresholds, pages: [{name, path, passed, median, runs}]}; exits 1 when a page misses a
// threshold or could not be measured.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { freePort, HOST, listenOnLoopback, REPO_ROOT, startMockCli } from '../bench/processes.mjs';
import { buildApp, serveBuild } from '../lib/app-site.mjs';

export const THRESHOLDS = { minScore: 0.95, maxCls: 0.05 };
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
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: path.join(REPO_ROOT, 'artifacts', 'lighthouse.json') },
    'keep-reports': { type: 'string' },
    /** Only these pages (by name), for a quick look while working on one. */
    page: { type: 'string', multiple: true },
  },
});
const RUNS = Number(flags.runs);
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
 * CORS, X-Mock-Now) passes through unchanged.
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
          const gzip = compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
          const sent = gzip ? gzipSync(body) : body;
          if (gzip) headers['content-encoding'] = 'gzip';
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
  const child = spawn(CHROME_PATH, [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`${CHROME_PATH} exited at start`);
    try {
      const response = await fetch(`http://${HOST}:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${CHROME_PATH} did not open its DevTools port within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        await new Promise((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      rmSync(profile, { recursive: true, force: true });
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

let mock;
let api;
let site;
let chrome;
let exitCode = 1;
try {
  mock = await startMockCli();
  await expectSeededPages(mock.baseUrl);
  api = await compressingProxy(mock.baseUrl);
  log(`mock server on ${mock.baseUrl}, behind a gzip proxy on ${api.origin}`);
  await buildApp({ outDir: BUILD_DIR, apiBase: api.origin });
  log(`app built for it into ${path.relative(REPO_ROOT, BUILD_DIR)}`);
  site = await serveBuild(BUILD_DIR, { gzip: true });
  chrome = await startChrome();
  log(`serving on ${site.origin}; chromium DevTools on port ${chrome.port}`);

  const runs = new Map(SELECTED.map((page) => [page.name, []]));
  for (let round = 1; round <= RUNS; round++) {
    for (const page of SELECTED) {
      const url = `${site.origin}${page.path}`;
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const figures = figuresOf(result.lhr);
      runs.get(page.name).push(figures);
      if (flags['keep-reports']) {
        mkdirSync(flags['keep-reports'], { recursive: true });
        writeFileSync(path.join(flags['keep-reports'], `${page.name}-${round}.json`), String(result.report));
      }
      log(
        `${page.name} run ${round}: score ${figures.score} CLS ${figures.cls} FCP ${figures.fcpMs} ms LCP ${figures.lcpMs} ms TBT ${figures.tbtMs} ms SI ${figures.speedIndexMs} ms${figures.runtimeError ? ` (${figures.runtimeError})` : ''}`,
      );
    }
  }

  const pages = SELECTED.map((page) => {
    const list = runs.get(page.name);
    const scores = list.map((run) => run.score ?? 0);
    const median_ = {
      score: median(scores),
      cls: median(list.map((run) => run.cls)),
      fcpMs: median(list.map((run) => run.fcpMs)),
      lcpMs: median(list.map((run) => run.lcpMs)),
      tbtMs: median(list.map((run) => run.tbtMs)),
      speedIndexMs: median(list.map((run) => run.speedIndexMs)),
    };
    const failed = list.some((run) => run.runtimeError);
    const passed = !failed && median_.score >= THRESHOLDS.minScore && median_.cls <= THRESHOLDS.maxCls;
    return { ...page, passed, median: median_, runs: list };
  });

  console.log(`\nLighthouse mobile, median of ${RUNS} (thresholds: score >= ${THRESHOLDS.minScore}, CLS <= ${THRESHOLDS.maxCls}):`);
  console.log(`  ${'page'.padEnd(8)} ${'path'.padEnd(22)} score   CLS     FCP ms  LCP ms  TBT ms  SI ms`);
  for (const page of pages) {
    const m = page.median;
    console.log(
      `  ${page.name.padEnd(8)} ${page.path.padEnd(22)} ${m.score.toFixed(2).padEnd(7)} ${m.cls.toFixed(3).padEnd(7)} ${String(m.fcpMs).padEnd(7)} ${String(m.lcpMs).padEnd(7)} ${String(m.tbtMs).padEnd(7)} ${m.speedIndexMs}  ${page.passed ? 'PASS' : 'FAIL'}`,
    );
  }
  const passed = pages.every((page) => page.passed);
  const summary = `${pages.map((page) => `${page.name} ${page.median.score.toFixed(2)}/CLS ${page.median.cls.toFixed(3)}`).join(', ')} (median of ${RUNS}): ${passed ? 'within' : 'OUTSIDE'} budget`;
  console.log(`${passed ? 'PASS' : 'FAIL'} ${summary}`);
  mkdirSync(path.dirname(flags.out), { recursive: true });
  writeFileSync(
    flags.out,
    JSON.stringify(
      { summary, thresholds: THRESHOLDS, runsPerPage: RUNS, seconds: roundTo((performance.now() - started) / 1000, 1), pages },
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
