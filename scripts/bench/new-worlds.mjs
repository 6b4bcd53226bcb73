#!/usr/bin/env node
// What a new isolated world costs (X-Mock-World): 50 worlds made back to back by one client, each by its
// first request (GET /common/v2/search-keyword, an answer that costs nothing itself), on a server started
// from its seed cache. Time: each first request, spawn-free (the world is made inside it), and the server's CPU time per world. Memory: the
// server's heap after a full collection (--expose-gc and SIGUSR2, see cli.ts) before and after the 50,
// divided by 50, and the RSS beside it.
//
//   node scripts/bench/new-worlds.mjs [--worlds 50] [--scale 1] [--cli other-checkout/mock-server/bin/mock.mjs]
//   (bench.mjs runs it too; --cli measures another checkout the same way, for a before/after)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient } from './http.mjs';
import { cpuTimeMs, MOCK_CLI, startMockCli, waitUntil, worldsReadied } from './processes.mjs';

const MEMORY_LINE = /memory after gc: rss ([\d.]+) heapTotal [\d.]+ heapUsed ([\d.]+) external ([\d.]+)/;

/**
 * @param {{worlds?: number, scale?: number, cli?: string}} [options]
 * @returns {Promise<{worlds: number, scale: number, ms: {p50: number, p90: number, max: number, mean: number}, cpuMsPerWorld: number, heapMbPerWorld: number, rssMbPerWorld: number}>}
 */
export async function measureNewWorlds({ worlds = 50, scale = 1, cli = MOCK_CLI } = {}) {
  const cacheDir = mkdtempSync(join(tmpdir(), 'bench-new-worlds-'));
  const flags = ['--scale', String(scale), '--cache-dir', cacheDir, '--max-worlds', String(worlds + 8)];
  try {
    // A first start writes the seed cache; the measured server reads it back, as a developer's second start does.
    const first = await startMockCli({ cli, flags });
    await waitUntil(() => first.output.some((line) => /\[mock\]\s+seed cache/.test(line)), 'the seed cache line');
    await first.stop();

    /** @type {{rssMb: number, heapMb: number}[]} */
    const memory = [];
    const mock = await startMockCli({
      cli,
      flags,
      nodeOptions: ['--expose-gc'],
      onLine: (line) => {
        const match = MEMORY_LINE.exec(line);
        if (match) memory.push({ rssMb: Number(match[1]), heapMb: Number(match[2]) + Number(match[3]) });
      },
    });
    const client = createClient(mock.baseUrl, { maxSockets: 1 });
    try {
      /** Full collection in the server, then its memory line. */
      const settled = async () => {
        const before = memory.length;
        process.kill(mock.pid, 'SIGUSR2');
        await waitUntil(() => memory.length > before, 'the memory line');
        return memory[memory.length - 1];
      };
      // What worlds share (the search index, the frozen records) is readied in slices after the ready line.
      await worldsReadied(mock);
      // The operation's first answer (its validator compiled) is not a world's cost: once in the default world.
      await client.ok('GET', '/common/v2/search-keyword');
      const before = await settled();
      const times = [];
      const run = Date.now().toString(36);
      // The server's CPU time over the 50 (what CI gates: a loaded machine stretches the times, not this).
      const cpuBefore = cpuTimeMs(mock.pid);
      for (let i = 0; i < worlds; i++) times.push((await client.ok('GET', '/common/v2/search-keyword', { world: `cost-${run}-${i}` })).ms);
      const cpuMsPerWorld = Number(((cpuTimeMs(mock.pid) - cpuBefore) / worlds).toFixed(2));
      const after = await settled();
      const sorted = [...times].sort((a, b) => a - b);
      const at = (q) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1));
      return {
        worlds,
        scale,
        ms: { p50: at(0.5), p90: at(0.9), max: at(1), mean: Number((times.reduce((a, b) => a + b, 0) / worlds).toFixed(1)) },
        cpuMsPerWorld,
        heapMbPerWorld: Number(((after.heapMb - before.heapMb) / worlds).toFixed(2)),
        rssMbPerWorld: Number(((after.rssMb - before.rssMb) / worlds).toFixed(2)),
      };
    } finally {
      client.close();
      await mock.stop();
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      worlds: { type: 'string', default: '50' },
      scale: { type: 'string', default: '1' },
      cli: { type: 'string', multiple: true },
    },
  });
  for (const cli of values.cli ?? [MOCK_CLI]) {
    const r = await measureNewWorlds({ worlds: Number(values.worlds), scale: Number(values.scale), cli });
    console.log(
      `${cli}: ${r.worlds} new worlds at scale ${r.scale}: p50/p90/max ${r.ms.p50}/${r.ms.p90}/${r.ms.max} ms (mean ${r.ms.mean}), ` +
        `${r.cpuMsPerWorld} ms server CPU, ${r.heapMbPerWorld} MB heap and ${r.rssMbPerWorld} MB RSS per world`,
    );
  }
}
