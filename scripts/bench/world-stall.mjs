#!/usr/bin/env node
// What one client feels while another makes new worlds (X-Mock-World): the latency of market detail
// requests sent one after another by a reader, first with nothing else going on, then while a second
// client makes 20 new worlds back to back. A world whose records must be generated is ~0.3-0.5 s of work at
// scale 1 (made in slices so it holds no one that long); one that shares a live world's records
// (copy-on-write, the usual case) is ~1 ms, and its first request's lists are the shared ones.
//
//   node scripts/bench/world-stall.mjs [--worlds 20] [--cli other-checkout/mock-server/bin/mock.mjs]
//   (bench.mjs runs it too; --cli measures another checkout the same way, for a before/after)
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient } from './http.mjs';
import { MOCK_CLI, startMockCli, worldsReadied } from './processes.mjs';

const MARKET = '/common/market/get/mallang_studio/4';

/** @param {number[]} values @param {number} q */
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

/**
 * @param {{worlds?: number, cli?: string}} [options]
 * @returns {Promise<{idle: {p50: number, p99: number, max: number, n: number}, making: {p50: number, p99: number, max: number, n: number}, worldsMade: number, makeMs: number}>}
 */
export async function measureWorldStall({ worlds = 20, cli = MOCK_CLI } = {}) {
  const mock = await startMockCli({ cli, flags: ['--max-worlds', String(worlds + 5)] });
  // What worlds share is readied in slices after the ready line (search index, frozen records): not measured.
  await worldsReadied(mock);
  const reader = createClient(mock.baseUrl, { maxSockets: 1 });
  const maker = createClient(mock.baseUrl, { maxSockets: 1 });
  try {
    /** Market detail, one request at a time, until `until()` says stop; the latencies in ms. */
    const read = async (/** @type {() => boolean} */ until) => {
      const latencies = [];
      while (!until()) latencies.push((await reader.ok('GET', MARKET)).ms);
      return latencies;
    };
    const stats = (/** @type {number[]} */ ms) => ({
      p50: Number(quantile(ms, 0.5).toFixed(2)),
      p99: Number(quantile(ms, 0.99).toFixed(2)),
      max: Number(Math.max(...ms).toFixed(2)),
      n: ms.length,
    });
    // Warm-up: the reader's path, and the maker's once (a process's first new world runs its code cold: ~20 ms).
    await maker.ok('GET', '/common/v2/opened-market', { world: `stall-warm-up-${Date.now().toString(36)}` });
    await read(
      (
        (end) => () =>
          performance.now() > end
      )(performance.now() + 500),
    );
    const idle = await read(
      (
        (end) => () =>
          performance.now() > end
      )(performance.now() + 1500),
    );
    let done = false;
    const started = performance.now();
    const making = (async () => {
      for (let i = 0; i < worlds; i++)
        await maker.ok('GET', '/common/v2/opened-market', { world: `stall-${Date.now().toString(36)}-${i}` });
      done = true;
    })();
    const during = await read(() => done);
    await making;
    return { idle: stats(idle), making: stats(during), worldsMade: worlds, makeMs: Math.round(performance.now() - started) };
  } finally {
    await mock.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { worlds: { type: 'string', default: '20' }, cli: { type: 'string', multiple: true } } });
  for (const cli of values.cli ?? [MOCK_CLI]) {
    const result = await measureWorldStall({ worlds: Number(values.worlds), cli });
    console.log(
      `${cli}: market detail p50/p99/max ${result.idle.p50}/${result.idle.p99}/${result.idle.max} ms idle (${result.idle.n} requests), ` +
        `${result.making.p50}/${result.making.p99}/${result.making.max} ms while ${result.worldsMade} worlds were made in ${result.makeMs} ms (${result.making.n} requests)`,
    );
  }
}
