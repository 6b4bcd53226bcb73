#!/usr/bin/env node
// Where does the mock server spend its time on a path? Starts the CLI under `node --cpu-prof`, drives the
// path with autocannon, stops the server (the profile is written at exit) and prints the heaviest frames
// by self time and by inclusive time, with their files and µs per request. Only the samples of the measured
// seconds count (not the start, the warm-up or what the CLI readies in slices); the write path is the
// bench's own (32 buyers in 16 worlds alternating an add and an update, scripts/bench/world.mjs).
//
//   node scripts/bench/profile.mjs [--path read|write|search|start] [--seconds 8] [--top 25] [--scale 1]
//   (--path start profiles the start-up alone: the server is stopped as soon as it is ready)
//   --node-option=--require=FILE passes a flag to the server's node (to try a fix without editing it)
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from './http.mjs';
import { measure } from './measure.mjs';
import { monotonicUs, printProfile } from './cpu-profile.mjs';
import { startMockCli, worldsReadied } from './processes.mjs';
import { sellerPersonaMarketWithStock, writeBuyersOfWorld } from './world.mjs';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: 'read' },
    seconds: { type: 'string', default: '8' },
    top: { type: 'string', default: '25' },
    scale: { type: 'string', default: '1' },
    connections: { type: 'string', default: '32' },
    // Extra flags for the server's node, e.g. --node-option=--require=/tmp/experiment.cjs to try a fix.
    'node-option': { type: 'string', multiple: true, default: [] },
  },
});

const folder = mkdtempSync(join(tmpdir(), 'mock-profile-'));
const mock = await startMockCli({
  flags: ['--scale', values.scale],
  nodeOptions: ['--cpu-prof', `--cpu-prof-dir=${folder}`, ...values['node-option']],
});
const client = createClient(mock.baseUrl);
// What the CLI readies in slices after its ready line (search index, frozen records, the seed cache's file)
// is not the path's work: the load starts once it is done.
if (values.path !== 'start') await worldsReadied(mock);
let requestsFor;
if (values.path === 'start') {
  console.log(`start: ready in ${Math.round(mock.readyMs)} ms (it says ${mock.selfReportedMs} ms) under the profiler`);
} else if (values.path === 'search') {
  const requests = [{ method: 'GET', path: `/common/v2/search-product?keyword=${encodeURIComponent('키링')}&page=1` }];
  requestsFor = () => requests;
} else if (values.path === 'read') {
  const requests = [{ method: 'GET', path: (await sellerPersonaMarketWithStock(client, undefined, 1)).path }];
  requestsFor = () => requests;
} else {
  const buyers = [];
  for (let w = 0; buyers.length < Number(values.connections); w++) buyers.push(...(await writeBuyersOfWorld(client, w)));
  requestsFor = (connection) => buyers[connection % buyers.length].requests;
}
client.close();
let window;
if (requestsFor) {
  const load = { url: mock.baseUrl, requestsFor, connections: Number(values.connections) };
  await measure({ ...load, seconds: 1, warmupSeconds: 0 });
  const fromUs = monotonicUs();
  const result = await measure({ ...load, seconds: Number(values.seconds), warmupSeconds: 0 });
  window = { fromUs, toUs: monotonicUs(), requests: result.requests };
  console.log(
    `${values.path}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx} (under the profiler)`,
  );
}
await mock.stop(10_000);

const file = readdirSync(folder).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no .cpuprofile in ${folder}`);
printProfile(join(folder, file), Number(values.top), window);
