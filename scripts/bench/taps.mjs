#!/usr/bin/env node
// Tap to content (issue 31 point 2): how long after a tap the next screen's content is on screen, in Debian's
// chromium at 390x844, on a production build of the app served as the real host serves it, against the mock
// server's CLI at 0 ms latency. For each tap of the walk, RUNS first visits (a fresh browser context
// each: nothing cached, as a user's first tap on a screen this session), then the median and the slowest.
//
//   node scripts/bench/taps.mjs [--runs 5] [--only NAME,...] [--out FILE] [--port 4317] [--no-build | --dist DIR]
//
// A tap's time runs from its pointerdown (or the keydown of Enter, for the search field) to the first
// animation frame in which a new, visible element of the next screen's content is on screen (../e2e/lib/tap-walk.mjs;
// frames come at 60 Hz, so times are rounded up to the next frame). It also counts the frames in between
// with no app bar, or no tab bar where both screens have one. Prints a table and writes artifacts/taps.json,
// with the machine's load average (1 min) before and after the runs: the figures are only as quiet as it.
// Run by hand; not a gate: wall-clock times on a shared machine are a report, never a test (the taps journey
// asserts the app bar stays).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp, serveBuild } from '../lib/app-site.mjs';
import { launchChromium } from '../lib/chromium.mjs';
import { installTapProbe, measureTap, TAPS, walkWorld } from '../e2e/lib/tap-walk.mjs';
import { createClient } from './http.mjs';
import { REPO_ROOT, startMockCli } from './processes.mjs';
import { login } from './world.mjs';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
    out: { type: 'string', default: join(REPO_ROOT, 'artifacts', 'taps.json') },
    'no-build': { type: 'boolean', default: false },
    // Measures a build made earlier for the same port (e.g. a copy of .tmp/bench-taps from before a change).
    dist: { type: 'string' },
    // A fixed port, so a build made for it can be measured again with --no-build.
    port: { type: 'string', default: '4317' },
  },
});
const RUNS = Number(flags.runs);
const BUILD_DIR = flags.dist ?? join(REPO_ROOT, '.tmp', 'bench-taps');
/** The app's localStorage key of the identity token (app/src/stores/session.ts TOKEN_STORAGE_KEY). */
const TOKEN_KEY = 'cm.token';
const TARGET_MS = 300;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  const only = flags.only ? new Set(flags.only.split(',')) : null;
  const taps = TAPS.filter((tap) => !only || only.has(tap.name));
  const mock = await startMockCli({ port: Number(flags.port), flags: ['--latency', '0'] });
  const load = { before: 0, after: 0 };
  let site = null;
  let browser = null;
  try {
    if (!flags['no-build'] && !flags.dist) {
      console.log(`[taps] building the app for ${mock.baseUrl} into ${BUILD_DIR}`);
      await buildApp({ outDir: BUILD_DIR, apiBase: mock.baseUrl });
    }
    site = await serveBuild(BUILD_DIR);
    const client = createClient(mock.baseUrl);
    const world = await walkWorld(client);
    browser = await launchChromium();
    load.before = loadavg()[0];
    const results = [];
    for (const tap of taps) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        // A fresh buyer each run would need a fresh world; the buyer's token is enough (the cart only grows).
        const { token } = await login(client, 'buyer');
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          locale: 'ko-KR',
          timezoneId: 'Asia/Seoul',
        });
        await context.addInitScript(
          ([key, value]) => {
            if (!sessionStorage.getItem('taps.signedIn')) {
              localStorage.setItem(key, value);
              sessionStorage.setItem('taps.signedIn', '1');
            }
          },
          [TOKEN_KEY, token],
        );
        await context.addInitScript(installTapProbe);
        const page = await context.newPage();
        try {
          await page.goto(`${site.origin}${tap.from(world)}`);
          await tap.ready?.(page, world);
          const target = tap.target(page, world);
          await target.waitFor({ state: 'visible', timeout: 15_000 });
          await page.waitForLoadState('networkidle');
          runs.push(await measureTap(page, target, tap));
        } finally {
          await context.close();
        }
      }
      const ms = runs.map((run) => run.ms);
      const result = {
        tap: tap.name,
        medianMs: Math.round(median(ms)),
        maxMs: Math.round(Math.max(...ms)),
        runsMs: ms.map(Math.round),
        gapFrames: { noAppBar: Math.max(...runs.map((run) => run.noBar)), noTabBar: Math.max(...runs.map((run) => run.noTabs)) },
      };
      results.push(result);
      console.log(`[taps] ${tap.name}: ${result.medianMs} ms (${result.runsMs.join(', ')})`);
    }
    load.after = loadavg()[0];
    const loadText = `load average ${load.before.toFixed(1)} before, ${load.after.toFixed(1)} after`;
    console.log(`\ntap to content, ${RUNS} first visits each (production build, mock at 0 ms latency, ${loadText})\n`);
    console.log('| tap | median ms | max ms | runs ms | max ≤ 300 ms | frames without app bar / tab bar |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const r of results)
      console.log(
        `| ${r.tap} | ${r.medianMs} | ${r.maxMs} | ${r.runsMs.join(', ')} | ${r.maxMs <= TARGET_MS ? 'yes' : 'no'} | ${r.gapFrames.noAppBar} / ${r.gapFrames.noTabBar} |`,
      );
    mkdirSync(dirname(flags.out), { recursive: true });
    writeFileSync(flags.out, JSON.stringify({ runs: RUNS, targetMs: TARGET_MS, loadAverage: load, results }, null, 2));
  } finally {
    await browser?.close();
    await site?.close();
    await mock.stop();
  }
}

await main();
