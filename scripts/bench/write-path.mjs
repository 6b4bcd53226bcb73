#!/usr/bin/env node
// The bench's write path (32 buyers in 16 worlds alternating an add and an update, scripts/bench.mjs) on
// several mock server CLIs side by side and on plain Express (or bare node:http) answering the same bytes, in alternating rounds:
// server CPU per request, the median per server and, for each CLI after the first, the median of its
// round-by-round ratio to the first (what a before/after reads on a loaded machine, where two runs apart
// drift more than the change).
//
//   node scripts/bench/write-path.mjs --cli before/mock-server/bin/mock.mjs --cli mock-server/bin/mock.mjs [--rounds 10] [--seconds 3] [--warmup 1]
//     [--peer express] [--peer bare]   (Express / this is printed when Express is among the peers)
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from './http.mjs';
import { measure } from './measure.mjs';
import { MOCK_CLI, startMockCli, startPeer } from './processes.mjs';
import { writeBuyersOfWorld } from './world.mjs';

const { values } = parseArgs({
  options: {
    cli: { type: 'string', multiple: true, default: [MOCK_CLI] },
    // The peers answering the first CLI's own answers beside them (scripts/bench/peer-server.mjs): express, bare.
    peer: { type: 'string', multiple: true, default: ['express'] },
    rounds: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '3' },
    // Seconds of load before each round's measured ones (a round right after another on the same server may need none).
    warmup: { type: 'string', default: '1' },
  },
});
const CONNECTIONS = 32;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];

const servers = [];
for (const cli of values.cli) {
  const mock = await startMockCli({ cli, flags: ['--no-cache'] });
  const client = createClient(mock.baseUrl);
  const buyers = [];
  for (let w = 0; buyers.length < CONNECTIONS; w++) buyers.push(...(await writeBuyersOfWorld(client, w)));
  client.close();
  servers.push({ name: cli, server: mock, buyers });
}
// The peers answer the first CLI's own answers to one add and one update (as the bench's peers do).
const client = createClient(servers[0].server.baseUrl);
const routes = [];
for (const request of servers[0].buyers[0].requests) {
  const res = await client.ok(request.method, request.path, { headers: request.headers, rawBody: request.body });
  routes.push({ method: request.method, path: request.path, status: res.status, body: res.json });
}
client.close();
const routesFile = join(tmpdir(), `write-path-routes-${process.pid}.json`);
writeFileSync(routesFile, JSON.stringify(routes));
for (const kind of values.peer) servers.push({ name: kind, server: await startPeer(kind, routesFile), buyers: servers[0].buyers });
rmSync(routesFile, { force: true });

const cpu = new Map(servers.map((s) => [s.name, []]));
for (let round = 0; round < Number(values.rounds); round++) {
  for (const { name, server, buyers } of round % 2 ? [...servers].reverse() : servers) {
    const result = await measure({
      url: server.baseUrl,
      pid: server.pid,
      requestsFor: (connection) => buyers[connection % buyers.length].requests,
      seconds: Number(values.seconds),
      warmupSeconds: Number(values.warmup),
      connections: CONNECTIONS,
    });
    if (result.non2xx || result.errors) throw new Error(`${name}: ${JSON.stringify(result.statusCounts)}, ${result.errors} errors`);
    cpu.get(name).push(result.serverCpuUsPerRequest);
  }
}
const first = cpu.get(servers[0].name);
for (const [name, list] of cpu) {
  const ratios = list.map((us, i) => us / first[i]);
  console.log(
    `${name}: ${list.join(' ')} µs CPU/request, median ${median(list)}` +
      (cpu.has('express') ? `; Express / this ${(median(cpu.get('express')) / median(list)).toFixed(2)}x` : '') +
      (name === servers[0].name ? '' : `; this / the first, median of the rounds' ratios ${median(ratios).toFixed(2)}`),
  );
}
for (const { server } of servers) await server.stop();
