#!/usr/bin/env node
// `pnpm e2e`: the browser journeys. Starts the mock server on a free port, builds the app once for it,
// serves the build, and runs each journey in Debian's chromium (390x844 phone, ko-KR, Asia/Seoul), one
// or two at a time (E2E_CONCURRENCY), each in its own browser context and its own mock world. Screenshots of every screen
// visited go to artifacts/screenshots/<journey>/, the results to artifacts/e2e.json. Exits non-zero when
// any journey fails.
//   pnpm e2e                      every journey
//   pnpm e2e search errors        only the journeys whose names contain one of the words
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { JourneyFailure, MissingInApp, openJourney } from './lib/journey.mjs';
import { serveBuild } from '../lib/app-site.mjs';
import { buildApp, BUILD_DIR, CHROMIUM_PATH, launchChromium, REPO_ROOT, startMockServer } from './lib/stack.mjs';
import guestToPaid from './journeys/guest-to-paid.mjs';
import subscribeUnsubscribe from './journeys/subscribe-unsubscribe.mjs';
import search from './journeys/search.mjs';
import validationMessages from './journeys/validation-messages.mjs';
import errors from './journeys/errors.mjs';
import sellerMyPage from './journeys/seller-my-page.mjs';
import simulatorOpenAlert from './journeys/simulator-open-alert.mjs';
import tour from './journeys/tour.mjs';
import apiDocs from './journeys/api-docs.mjs';
import homeScroll from './journeys/home-scroll.mjs';
import cartFilters from './journeys/cart-filters.mjs';

const JOURNEYS = [
  guestToPaid,
  subscribeUnsubscribe,
  search,
  validationMessages,
  errors,
  sellerMyPage,
  simulatorOpenAlert,
  tour,
  apiDocs,
  homeScroll,
  cartFilters,
];

/** Journeys at a time (E2E_CONCURRENCY=1 runs them one after another). */
const CONCURRENCY = Math.max(1, Number(process.env.E2E_CONCURRENCY) || 2);
const ARTIFACTS = path.join(REPO_ROOT, 'artifacts');
const SHOTS = path.join(ARTIFACTS, 'screenshots');

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const selected = wanted.length ? JOURNEYS.filter((j) => wanted.some((w) => j.name.includes(w))) : JOURNEYS;
if (selected.length === 0) {
  console.error(`No journey matches ${wanted.join(', ')}. Journeys: ${JOURNEYS.map((j) => j.name).join(', ')}`);
  process.exit(2);
}

const runStarted = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const log = (line) => console.log(`[e2e] ${line}`);

/** Runs one journey within its time limit; never throws. */
async function runJourney(browser, journey, stack, runId) {
  const started = Date.now();
  const shotsDir = path.join(SHOTS, journey.name);
  rmSync(shotsDir, { recursive: true, force: true });
  const ctx = await openJourney({
    browser,
    name: journey.name,
    appOrigin: stack.appOrigin,
    apiBase: stack.apiBase,
    runId,
    shotsDir,
    device: journey.device,
  });
  let error = null;
  let timer;
  const work = journey.run(ctx);
  const limit = new Promise((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new JourneyFailure(
            `timed out after ${journey.timeoutMs / 1000} s (last step: ${ctx.steps.at(-1)?.label ?? 'none'}, at ${ctx.here()})`,
          ),
        ),
      journey.timeoutMs,
    );
  });
  try {
    await Promise.race([work, limit]);
  } catch (caught) {
    error = caught;
  } finally {
    clearTimeout(timer);
  }
  const missingInApp = error instanceof MissingInApp;
  // Wrong behaviour recorded on the way (ctx.defect) fails the journey too.
  if (ctx.defects.length) {
    const listed = ctx.defects.join('; ');
    error = new JourneyFailure(error ? `${error.message}; also: ${listed}` : listed);
  }
  let failureShot = null;
  if (error) {
    failureShot = path.join(shotsDir, 'failure.png');
    await ctx.page.screenshot({ path: failureShot, timeout: 10_000 }).catch(() => (failureShot = null));
  }
  // A timed-out journey's work fails once its context is gone (Promise.race has handled that rejection).
  await ctx.close();
  const result = {
    name: journey.name,
    title: journey.title,
    ok: error === null,
    seconds: Number(seconds(started)),
    world: ctx.world,
    error: error
      ? error instanceof JourneyFailure
        ? error.message
        : `${error.message ?? error}`.split('\n').slice(0, 6).join('\n')
      : null,
    missingInApp,
    notes: ctx.notes,
    steps: ctx.steps,
    browserErrors: ctx.browserErrors.slice(-10),
    screenshots: [...ctx.shots, ...(failureShot ? [failureShot] : [])].map((file) => path.relative(REPO_ROOT, file)),
  };
  log(`${result.ok ? 'PASS' : 'FAIL'} ${journey.name} (${result.seconds} s, ${result.screenshots.length} screenshots)`);
  if (!result.ok) {
    log(`     ${result.error}`);
    for (const line of result.browserErrors.slice(-3)) log(`     browser: ${line}`);
  }
  for (const note of result.notes) log(`     note: ${note}`);
  return result;
}

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  const runId = Date.now().toString(36);

  log('starting the mock server and building the app');
  const mock = await startMockServer();
  const apiBase = mock.baseUrl;
  let server = null;
  let browser = null;
  const results = [];
  try {
    const buildStarted = Date.now();
    await buildApp(apiBase);
    log(`mock server ${apiBase} (ready in ${(mock.readyMs / 1000).toFixed(1)} s), app built in ${seconds(buildStarted)} s`);
    server = await serveBuild(BUILD_DIR);
    log(`app served at ${server.origin}`);
    browser = await launchChromium();
    const stack = { appOrigin: server.origin, apiBase };
    // Journeys run side by side in one browser, each in its own context and mock world: most of a
    // journey's time is spent waiting on the page (a 29 s countdown, a slow answer past the client's
    // timeout), so two at a time halve the wall time on a 2-core machine without starving either.
    let next = 0;
    const lane = async () => {
      for (let index = next++; index < selected.length; index = next++) {
        const journey = selected[index];
        log(`→ ${journey.name}: ${journey.title}`);
        results[index] = await runJourney(browser, journey, stack, runId);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, selected.length) }, lane));
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.close();
    await mock.stop();
  }
  return results;
}

let results = [];
let fatal = null;
try {
  results = await main();
} catch (error) {
  fatal = error;
  console.error(`[e2e] could not run the journeys: ${error instanceof Error ? error.stack : error}`);
}

const total = Number(seconds(runStarted));
const passed = results.filter((r) => r.ok).length;
const shotCount = results.reduce((sum, r) => sum + r.screenshots.length, 0);
const summary = fatal
  ? `did not run: ${String(fatal.message ?? fatal).split('\n')[0]}`
  : `${passed}/${results.length} journeys passed in ${total} s, ${shotCount} screenshots in artifacts/screenshots/`;

if (results.length) {
  const width = Math.max(...results.map((r) => r.name.length), 'journey'.length);
  console.log('\n━━ Browser journeys (chromium, 390x844, ko-KR, Asia/Seoul)');
  console.log(`${'journey'.padEnd(width)}  result  seconds`);
  for (const r of results) console.log(`${r.name.padEnd(width)}  ${r.ok ? 'PASS  ' : 'FAIL  '}  ${r.seconds.toFixed(1).padStart(7)}`);
  for (const r of results.filter((x) => !x.ok)) console.log(`\n${r.name}: ${r.error}`);
}
console.log(`\n${summary}`);

mkdirSync(ARTIFACTS, { recursive: true });
writeFileSync(
  path.join(ARTIFACTS, 'e2e.json'),
  JSON.stringify(
    { summary, seconds: total, browser: CHROMIUM_PATH, journeys: results, ...(fatal ? { error: String(fatal.stack ?? fatal) } : {}) },
    null,
    2,
  ),
);
process.exit(fatal || passed !== results.length ? 1 : 0);
