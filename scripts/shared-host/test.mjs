#!/usr/bin/env node
// The shared host under load and a crash (issue 30; docs/shared-host.md), in about a minute:
//   1. one mock process alone (with --state, as the host's are): 64 connections over 200 worlds of mixed
//      reads and writes for --baseline-seconds, straight to it: the throughput to compare with;
//   2. --processes mock processes behind HAProxy, the same load for --seconds: no 5xx at all; requests
//      without X-Mock-World reach p0 (the default world's process); each world is held by one process only
//      and that process's journal holds every request the load sent to it (POST /__mock/requests/count);
//   3. the same load again, and p1 is killed with kill -9 a second in: p1's worlds answer HAProxy's 503 in
//      the catalogue's shape (JSON, data `service-unavailable`) at once, not a hang, while every other
//      world goes on answering 2xx; p1 is started again from its --state file and every write acknowledged
//      to p1's worlds (address adds, subscription changes) is there.
// Results in artifacts/shared-host.json (its `summary` goes in pnpm test's table). Loopback only; ports 4300-4399.
//
//   node scripts/shared-host/test.mjs [--processes 3] [--seconds 30] [--baseline-seconds 10] [--connections 64] [--worlds 200]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { createClient } from '../bench/http.mjs';
import { cpuTimeMs, startMockCli } from '../bench/processes.mjs';
import { freePortIn, haproxyInstalled, serverStates, startSharedHost } from './host.mjs';

// The sdk's control client is TypeScript: tsx's loader runs it (imported below, once registered).
register();
const { createMockControl } = await import('@creator-market/sdk/control');

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '30' },
    'baseline-seconds': { type: 'string', default: '10' },
    'kill-seconds': { type: 'string', default: '4' },
    connections: { type: 'string', default: '64' },
    worlds: { type: 'string', default: '200' },
    out: { type: 'string', default: 'artifacts/shared-host.json' },
    // Also measures the one process without --state (what persisting every write costs).
    'compare-without-state': { type: 'boolean', default: false },
  },
});
const PROCESSES = Number(values.processes);
const SECONDS = Number(values.seconds);
const BASELINE_SECONDS = Number(values['baseline-seconds']);
const KILL_SECONDS = Number(values['kill-seconds']);
const CONNECTIONS = Number(values.connections);
const WORLDS = Number(values.worlds);
/**
 * Each world's journal must hold every request the load sends it, or the routing check (a world's requests all in
 * one process's journal) reads a full journal as a lost request: at 4,200 req/s a world got 1,039 requests in
 * 30 s, past the default 1,000.
 */
const JOURNAL_PER_WORLD = 20_000;
const MOCK_FLAGS = ['--max-worlds', '512', '--journal', String(JOURNAL_PER_WORLD)];
const started = performance.now();
const log = (line) => console.log(`[shared-host test] ${line}`);

const report = {
  settings: { processes: PROCESSES, seconds: SECONDS, baselineSeconds: BASELINE_SECONDS, connections: CONNECTIONS, worlds: WORLDS },
  problems: [],
};
const problem = (text) => {
  report.problems.push(text);
  log(`PROBLEM ${text}`);
};

// ---------------------------------------------------------------- the load

/** What the load knows of one world: the acknowledged writes, and the requests it sent there. */
class WorldLedger {
  constructor(name) {
    this.name = name;
    this.sellers = null;
    this.addresses = new Map(); // _id -> addr2, acknowledged adds
    this.subscriptions = new Map(); // sellerUID -> {acked: boolean, inFlight: boolean}
    this.sent = 0; // requests answered with any HTTP status
    this.adds = 0;
    /** @type {unknown} the process whose journal holds this world (found after the load) */
    this.holder = null;
  }
}

const BUYER = { token: '' };

/**
 * One connection's loop: round-robin over its own worlds (world i belongs to connection i % connections, so
 * a world's requests never overlap and its ledger is exact). 60% reads, 40% writes.
 */
async function connectionLoop(client, worlds, stats, isRunning, onAnswer) {
  for (let n = 0; isRunning(); n++) {
    const world = worlds[n % worlds.length];
    const token = BUYER.token;
    const roll = (n * 7919 + world.name.length * 31) % 10;
    const call = async (method, path, body) => {
      const res = await client.call(method, path, { token, world: world.name, body, parse: true });
      stats.record(res);
      if (res.status > 0) world.sent += 1;
      onAnswer?.(world, res);
      return res;
    };
    if (!world.sellers) {
      const res = await call('GET', '/common/v2/seller?from=top');
      if (res.status === 200) world.sellers = res.json.data.slice(0, 12).map((s) => s.sellerUID);
      continue;
    }
    if (roll < 2) await call('GET', '/common/v2/seller?from=top');
    else if (roll < 4) await call('GET', '/address/list');
    else if (roll < 6) await call('GET', '/subscribe/getsubscriberlist');
    else if (roll < 8) {
      const addr2 = `공유호스트 ${world.name}-${++world.adds}호`;
      const res = await call('POST', '/address/add', {
        name: '김하늘',
        tel: '+821012345678',
        addr: '서울특별시 마포구 와우산로 94',
        addr2,
        zip: '04066',
        msg: '',
      });
      if (res.status === 200) world.addresses.set(res.json.data._id, addr2);
    } else {
      const sellerId = world.sellers[n % world.sellers.length];
      const entry = world.subscriptions.get(sellerId) ?? { acked: undefined, inFlight: false, known: false };
      world.subscriptions.set(sellerId, entry);
      const subscribe = entry.acked !== true;
      entry.inFlight = true;
      const res = await call('POST', subscribe ? '/subscribe/add' : '/subscribe/cancel', { sellerId });
      // No answer, or the proxy's (the kill): it may or may not have been applied; it stays in flight.
      if (res.status === 0 || res.status >= 500) continue;
      entry.inFlight = false;
      if (res.status === 200) entry.acked = subscribe;
      // 400: already (un)subscribed before this run's first write of it: now known
      else if (res.status === 400) entry.acked = !subscribe;
    }
  }
}

function newStats() {
  const latencies = [];
  const byStatus = {};
  return {
    latencies,
    byStatus,
    record(res) {
      latencies.push(res.ms);
      const key = res.status === 0 ? 'no-answer' : String(res.status);
      byStatus[key] = (byStatus[key] ?? 0) + 1;
    },
    summary(seconds) {
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
      const fivexx = Object.entries(byStatus)
        .filter(([status]) => status.startsWith('5'))
        .reduce((n, [, count]) => n + count, 0);
      return { requests: latencies.length, rps: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), byStatus, fivexx };
    },
  };
}

/**
 * Runs the load for `seconds` against `baseUrl`; `during` runs alongside (the kill).
 * @param {string} baseUrl
 * @param {WorldLedger[]} worlds
 * @param {number} seconds
 * @param {{ during?: () => Promise<unknown>, onAnswer?: (world: WorldLedger, res: any) => void, pids?: Record<string, number> }} [options]
 */
async function runLoad(baseUrl, worlds, seconds, { during, onAnswer, pids = {} } = {}) {
  const client = createClient(baseUrl, { maxSockets: CONNECTIONS, timeoutMs: 10_000 });
  const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuTimeMs(pid)]));
  const stats = newStats();
  let running = true;
  const loopsStarted = performance.now();
  const loops = Array.from({ length: CONNECTIONS }, (_, i) =>
    connectionLoop(
      client,
      worlds.filter((_, w) => w % CONNECTIONS === i),
      stats,
      () => running,
      onAnswer,
    ),
  );
  const side = during?.();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  running = false;
  await Promise.all(loops);
  await side;
  const elapsed = (performance.now() - loopsStarted) / 1000;
  client.close();
  const summary = stats.summary(elapsed);
  // CPU time each server process used per request (µs): what a core buys, whatever else shares the machine.
  summary.cpuUsPerRequest = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [
      name,
      Math.round((((cpuTimeMs(pid) ?? 0) - (cpuBefore[name] ?? 0)) * 1000) / Math.max(1, summary.requests)),
    ]),
  );
  return summary;
}

// ---------------------------------------------------------------- checks

/** Which process holds each world (GET /__mock/worlds of each, straight to it). */
async function holders(host) {
  const where = new Map();
  for (const p of host.processes) {
    const { worlds } = await createMockControl({ baseUrl: p.mock.baseUrl }).worlds();
    for (const { name } of worlds) if (name !== 'default') where.set(name, [...(where.get(name) ?? []), p]);
  }
  return where;
}

/** How many requests of `world` (the default world when undefined) process `p`'s journal holds. */
function journalCount(p, world) {
  return createMockControl({ baseUrl: p.mock.baseUrl, world }).journal.count();
}

/** Every write acknowledged to `worlds` is in the (restarted) server: returns the missing ones. */
async function verifyWrites(baseUrl, worlds) {
  const client = createClient(baseUrl, { maxSockets: 8 });
  const missing = [];
  let checked = 0;
  try {
    for (const world of worlds) {
      const list = await client.ok('GET', '/address/list', { token: BUYER.token, world: world.name });
      const found = new Map(list.json.data.map((a) => [a._id, a.addr2]));
      for (const [id, addr2] of world.addresses) {
        checked += 1;
        if (found.get(id) !== addr2) missing.push(`${world.name}: address ${id} (${addr2}) ${found.has(id) ? 'changed' : 'missing'}`);
      }
      const subs = await client.ok('GET', '/subscribe/getsubscriberlist', { token: BUYER.token, world: world.name });
      const subscribed = new Set(subs.json.data);
      for (const [sellerId, entry] of world.subscriptions) {
        if (entry.inFlight || entry.acked === undefined) continue;
        checked += 1;
        if (subscribed.has(sellerId) !== entry.acked)
          missing.push(
            `${world.name}: subscription to ${sellerId} acknowledged ${entry.acked ? 'on' : 'off'}, found ${entry.acked ? 'off' : 'on'}`,
          );
      }
    }
  } finally {
    client.close();
  }
  return { checked, missing };
}

// ---------------------------------------------------------------- the run

if (!(await haproxyInstalled())) {
  console.error(
    '[shared-host test] HAProxy is not installed: `sudo apt-get install -y haproxy` (./scripts/bootstrap.sh --browser does it)',
  );
  process.exit(1);
}
const folder = mkdtempSync(join(tmpdir(), 'cm-shared-host-'));
let host;
let single;
try {
  const taken = new Set();
  const port = async () => {
    const p = await freePortIn(4300, 4399, taken);
    taken.add(p);
    return p;
  };

  // 1. One process alone.
  single = await startMockCli({ port: await port(), flags: ['--state', join(folder, 'single.json'), ...MOCK_FLAGS] });
  BUYER.token = (await createMockControl({ baseUrl: single.baseUrl }).login('buyer')).token;
  const baselineWorlds = Array.from({ length: WORLDS }, (_, i) => new WorldLedger(`base-${i}`));
  report.oneProcess = await runLoad(single.baseUrl, baselineWorlds, BASELINE_SECONDS, { pids: { mock: single.pid } });
  log(
    `1 process, straight: ${report.oneProcess.rps} req/s, p50 ${report.oneProcess.p50} ms, p99 ${report.oneProcess.p99} ms, ${JSON.stringify(report.oneProcess.byStatus)}, CPU µs/request ${JSON.stringify(report.oneProcess.cpuUsPerRequest)}`,
  );
  await single.stop();
  single = undefined;
  if (values['compare-without-state']) {
    single = await startMockCli({ port: await port(), flags: MOCK_FLAGS });
    report.oneProcessWithoutState = await runLoad(
      single.baseUrl,
      baselineWorlds.map((w) => new WorldLedger(w.name)),
      BASELINE_SECONDS,
      { pids: { mock: single.pid } },
    );
    log(
      `1 process without --state: ${report.oneProcessWithoutState.rps} req/s, p50 ${report.oneProcessWithoutState.p50} ms, p99 ${report.oneProcessWithoutState.p99} ms, CPU µs/request ${JSON.stringify(report.oneProcessWithoutState.cpuUsPerRequest)}`,
    );
    await single.stop();
    single = undefined;
  }

  // 2. The shared host.
  const frontPort = await port();
  const processPorts = [];
  for (let i = 0; i < PROCESSES; i++) processPorts.push(await port());
  host = await startSharedHost({ count: PROCESSES, port: frontPort, processPorts, dir: join(folder, 'host'), mockFlags: MOCK_FLAGS, log });

  // Requests that name no world reach p0.
  const before = await Promise.all(host.processes.map((p) => journalCount(p)));
  for (let i = 0; i < 20; i++) await fetch(`${host.baseUrl}/common/v2/seller?from=top`);
  const after = await Promise.all(host.processes.map((p) => journalCount(p)));
  const defaultDelta = after.map((n, i) => n - before[i]);
  report.defaultWorld = { requests: 20, journalDeltaByProcess: defaultDelta };
  if (defaultDelta[0] !== 20 || defaultDelta.slice(1).some((n) => n !== 0))
    problem(`20 requests without X-Mock-World: journals grew by ${defaultDelta.join('/')} (p0 should hold all)`);

  const worlds = Array.from({ length: WORLDS }, (_, i) => new WorldLedger(`qa-${i}`));
  report.shared = await runLoad(host.baseUrl, worlds, SECONDS, {
    pids: { ...Object.fromEntries(host.processes.map((p) => [p.name, p.mock.pid])), haproxy: host.haproxy.pid },
  });
  log(
    `${PROCESSES} processes behind HAProxy: ${report.shared.rps} req/s, p50 ${report.shared.p50} ms, p99 ${report.shared.p99} ms, ${JSON.stringify(report.shared.byStatus)}, CPU µs/request ${JSON.stringify(report.shared.cpuUsPerRequest)}`,
  );
  if (report.shared.fivexx > 0) problem(`${report.shared.fivexx} 5xx answers under load`);
  if (report.shared.byStatus['no-answer']) problem(`${report.shared.byStatus['no-answer']} requests got no answer under load`);

  // Each world on one process, whose journal has every request sent to it.
  const where = await holders(host);
  const perProcess = Object.fromEntries(host.processes.map((p) => [p.name, 0]));
  let journalMismatches = 0;
  for (const world of worlds) {
    const found = where.get(world.name) ?? [];
    if (found.length !== 1) {
      problem(`world ${world.name} is on ${found.length} processes (${found.map((p) => p.name).join(', ')})`);
      continue;
    }
    world.holder = found[0];
    perProcess[found[0].name] += 1;
    if (world.sent > JOURNAL_PER_WORLD) {
      problem(
        `world ${world.name}: ${world.sent} requests sent, more than a journal keeps (${JOURNAL_PER_WORLD}): raise JOURNAL_PER_WORLD`,
      );
      continue;
    }
    const count = await journalCount(found[0], world.name);
    if (count !== world.sent) {
      journalMismatches += 1;
      if (journalMismatches <= 5) problem(`world ${world.name}: ${world.sent} requests sent, ${count} in ${found[0].name}'s journal`);
    }
  }
  report.routing = { worldsPerProcess: perProcess, journalMismatches };
  log(
    `worlds per process ${JSON.stringify(perProcess)}; journals match the requests sent for ${WORLDS - journalMismatches} of ${WORLDS} worlds`,
  );

  // 3. kill -9 of p1 under load, then its restart from its --state file.
  const victim = host.processes[1];
  const victimWorlds = worlds.filter((w) => w.holder === victim);
  const kill = { afterKill: newStats(), inFlight: newStats(), othersAfterKill: newStats(), bad503: 0 };
  let killStartedAt = null;
  let killedAt = null;
  report.killLoad = await runLoad(host.baseUrl, worlds, KILL_SECONDS, {
    during: async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      killStartedAt = performance.now();
      await victim.mock.kill9();
      killedAt = performance.now();
      log(`kill -9 ${victim.name} (pid ${victim.mock.pid}) under load`);
    },
    onAnswer: (world, res) => {
      if (killStartedAt === null) return;
      const sentAt = performance.now() - res.ms;
      if (world.holder === victim && (killedAt === null || sentAt < killedAt)) {
        // In flight when the process died: HAProxy's 502 (the connection broke) or 503, or an answer before it died.
        kill.inFlight.record(res);
        return;
      }
      if (killedAt === null || sentAt < killedAt) return;
      if (world.holder === victim) {
        kill.afterKill.record(res);
        const shaped =
          res.status === 503 &&
          /^application\/json/.test(res.headers['content-type'] ?? '') &&
          res.json?.data === 'service-unavailable' &&
          /[가-힣]/.test(res.json?.message ?? '');
        if (!shaped) kill.bad503 += 1;
      } else kill.othersAfterKill.record(res);
    },
  });
  const victimAnswers = kill.afterKill.summary(KILL_SECONDS - 1);
  const othersAnswers = kill.othersAfterKill.summary(KILL_SECONDS - 1);
  const othersNot2xx = Object.entries(othersAnswers.byStatus)
    .filter(([status]) => !/^2/.test(status))
    .reduce((n, [, count]) => n + count, 0);
  const states = await serverStates(join(folder, 'host'));
  report.kill = {
    process: victim.name,
    worldsOfIt: victimWorlds.length,
    itsWorldsAfterKill: {
      answers: victimAnswers.requests,
      byStatus: victimAnswers.byStatus,
      p50: victimAnswers.p50,
      max: Math.round(Math.max(0, ...kill.afterKill.latencies)),
      notCatalogue503: kill.bad503,
    },
    inFlightAtKill: kill.inFlight.summary(1).byStatus,
    otherWorldsAfterKill: {
      answers: othersAnswers.requests,
      byStatus: othersAnswers.byStatus,
      p50: othersAnswers.p50,
      p99: othersAnswers.p99,
      not2xx: othersNot2xx,
    },
    haproxySaw: states,
  };
  log(
    `in flight at the kill: ${JSON.stringify(report.kill.inFlightAtKill)}; after it: ${victim.name}'s ${victimWorlds.length} worlds answered ${JSON.stringify(victimAnswers.byStatus)} (p50 ${victimAnswers.p50} ms, max ${report.kill.itsWorldsAfterKill.max} ms); the other worlds ${JSON.stringify(othersAnswers.byStatus)} (p99 ${othersAnswers.p99} ms); HAProxy: ${JSON.stringify(states)}`,
  );
  if (victimAnswers.requests === 0) problem(`no request reached ${victim.name}'s worlds after the kill`);
  if (kill.bad503 > 0) problem(`${kill.bad503} answers of ${victim.name}'s worlds after the kill were not the catalogue's JSON 503`);
  if (report.kill.itsWorldsAfterKill.max > 2000)
    problem(`an answer of the killed process's worlds took ${report.kill.itsWorldsAfterKill.max} ms (a hang)`);
  if (othersNot2xx > 0) problem(`${othersNot2xx} answers of other processes' worlds after the kill were not 2xx`);

  const restartStarted = performance.now();
  await host.restart(victim.name);
  // HAProxy marks it up at its next check.
  for (let waited = 0; waited < 5000; waited += 100) {
    if ((await serverStates(join(folder, 'host')))[victim.name] === 'UP') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const restartMs = Math.round(performance.now() - restartStarted);
  const durable = await verifyWrites(host.baseUrl, victimWorlds);
  const acknowledged = victimWorlds.reduce((n, w) => n + w.addresses.size, 0);
  report.restart = {
    ms: restartMs,
    processReadyMs: Math.round(victim.mock.readyMs),
    writesChecked: durable.checked,
    addressesAcknowledged: acknowledged,
    missing: durable.missing.length,
  };
  log(
    `${victim.name} restarted from its --state file in ${restartMs} ms: ${durable.checked} acknowledged writes of its worlds checked, ${durable.missing.length} missing`,
  );
  for (const line of durable.missing.slice(0, 10)) problem(line);
  if (durable.checked === 0) problem('no acknowledged write of the killed process was checked');
} catch (error) {
  problem(`the run stopped: ${error.stack ?? error}`);
} finally {
  await single?.stop();
  await host?.stop();
  rmSync(folder, { recursive: true, force: true });
}

const ok = report.problems.length === 0;
report.seconds = Math.round((performance.now() - started) / 100) / 10;
const s = report.shared;
const one = report.oneProcess;
report.summary = `${ok ? 'PASS' : 'FAIL'} ${PROCESSES} processes behind HAProxy ${s?.rps ?? '?'} req/s (1 process ${one?.rps ?? '?'}), ${CONNECTIONS} conns x ${WORLDS} worlds ${SECONDS} s: ${s?.fivexx ?? '?'} 5xx, ${report.routing ? `${WORLDS - report.routing.journalMismatches}/${WORLDS} worlds on one process` : 'routing unchecked'}; kill -9 ${report.kill ? `${report.kill.process}: its worlds 503 in max ${report.kill.itsWorldsAfterKill.max} ms, others ${report.kill.otherWorldsAfterKill.not2xx} not-2xx` : 'not run'}; restart ${report.restart ? `${report.restart.missing}/${report.restart.writesChecked} acknowledged writes missing` : 'not run'}`;
log(report.summary);
mkdirSync('artifacts', { recursive: true });
writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
process.exit(ok ? 0 : 1);
