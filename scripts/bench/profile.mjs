#!/usr/bin/env node
// Where does the mock server spend its time on a path? Starts the CLI under `node --cpu-prof`, drives the
// path with autocannon, stops the server (the profile is written at exit) and prints the heaviest frames
// by self time and by inclusive time, with their files.
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
import { printProfile } from './cpu-profile.mjs';
import { startMockCli, worldsReadied } from './processes.mjs';
import { addToCartBody, cartEntryOf, login, payload, sellerPersonaMarketWithStock } from './world.mjs';

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
let requests;
if (values.path === 'start') {
  console.log(`start: ready in ${Math.round(mock.readyMs)} ms (it says ${mock.selfReportedMs} ms) under the profiler`);
} else if (values.path === 'search') {
  requests = [{ method: 'GET', path: `/common/v2/search-product?keyword=${encodeURIComponent('키링')}&page=1` }];
} else {
  const { path, detail, lines } = await sellerPersonaMarketWithStock(client, undefined, 2);
  if (values.path === 'read') requests = [{ method: 'GET', path }];
  else {
    // One buyer alternating add (1 → 2) and update (back to 1) on its own cart entry.
    const buyer = await login(client, 'buyer');
    const existing = await cartEntryOf(client, buyer, detail.market._id);
    if (existing) await client.ok('POST', '/cart/delete', { token: buyer.token, body: { cartId: existing._id } });
    const cartId = payload(
      await client.ok('POST', '/cart/add/common', { token: buyer.token, body: addToCartBody(detail, lines[0], 1) }),
    )._id;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` };
    requests = [
      { method: 'POST', path: '/cart/add/common', headers, body: JSON.stringify(addToCartBody(detail, lines[0], 1)) },
      {
        method: 'POST',
        path: '/cart/update',
        headers,
        body: JSON.stringify({ cartId, productList: [{ _id: lines[0].product._id, option: lines[0].option.title, amount: 1 }] }),
      },
    ];
  }
}
client.close();
if (requests) {
  const result = await measure({
    url: mock.baseUrl,
    requests,
    seconds: Number(values.seconds),
    warmupSeconds: 1,
    connections: Number(values.connections),
  });
  console.log(
    `${values.path}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx} (under the profiler)`,
  );
}
await mock.stop(10_000);

const file = readdirSync(folder).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no .cpuprofile in ${folder}`);
printProfile(join(folder, file), Number(values.top));
