#!/usr/bin/env node
// Durability under kill -9: the mock server's CLI runs with --state FILE under a write load (subscribe and
// unsubscribe, cart adds, address adds, in the default world) that records every acknowledged (2xx) write;
// the process is killed with SIGKILL mid-load, the file must parse, and after a restart on the same file
// every acknowledged write must be there. A write still in flight at the kill may or may not be there.
// Repeated for --rounds kills (each round restarts on the file the previous one left).
//
//   node scripts/reliability/kill9.mjs [--rounds 2] [--kill-after-ms 2500] [--writers 6]
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient } from '../bench/http.mjs';
import { startMockCli } from '../bench/processes.mjs';
import { addableLines, login, payload, sellerPersonaMarketWithStock } from '../bench/world.mjs';

/** What the writers know: the last acknowledged state of each key, and whether a later write is in flight. */
class Ledger {
  subscriptions = new Map(); // sellerUID → {acked: boolean | undefined, inFlight: boolean}
  cartLines = new Map(); // `${productId} ${option}` → {acked: number, inFlight: boolean}
  addresses = new Map(); // _id → addr2 (acknowledged adds)
  pendingAddresses = 0;
  acknowledged = { subscribe: 0, cart: 0, address: 0 };
}

async function subscriptionWriter(client, buyer, sellers, ledger, isRunning) {
  while (isRunning()) {
    for (const sellerId of sellers) {
      if (!isRunning()) return;
      const entry = ledger.subscriptions.get(sellerId);
      const subscribe = entry.acked !== true;
      entry.inFlight = true;
      const res = await client.call('POST', subscribe ? '/subscribe/add' : '/subscribe/cancel', { token: buyer.token, body: { sellerId } });
      if (res.status === 0) return; // the server is gone: this write stays in flight
      entry.inFlight = false;
      if (res.status === 200) {
        entry.acked = subscribe;
        ledger.acknowledged.subscribe += 1;
      }
    }
  }
}

async function cartWriter(client, buyer, market, lines, ledger, isRunning) {
  while (isRunning()) {
    for (const line of lines) {
      if (!isRunning()) return;
      const key = `${line.product._id} ${line.option.title}`;
      const entry = ledger.cartLines.get(key);
      if (entry.exhausted) continue;
      entry.inFlight = true;
      const res = await client.call('POST', '/cart/add/common', {
        token: buyer.token,
        body: {
          marketId: market._id,
          seller: market.sellerPublicId,
          productList: [{ _id: line.product._id, option: line.option.title, amount: 1 }],
        },
      });
      if (res.status === 0) return;
      entry.inFlight = false;
      if (res.status === 200) {
        const saved = payload(res).productList.find((l) => l._id === line.product._id && l.option === line.option.title);
        entry.acked = saved.amount;
        ledger.acknowledged.cart += 1;
      } else entry.exhausted = true; // amount-exceeded and the like: this line is full
    }
  }
}

async function addressWriter(client, buyer, writer, ledger, isRunning) {
  for (let n = 1; isRunning(); n++) {
    const addr2 = `킬나인 ${writer}-${n}호`;
    ledger.pendingAddresses += 1;
    const res = await client.call('POST', '/address/add', {
      token: buyer.token,
      body: { name: '김하늘', tel: '+821012345678', addr: '서울특별시 마포구 와우산로 94', addr2, zip: '04066', msg: '' },
    });
    if (res.status === 0) return;
    ledger.pendingAddresses -= 1;
    if (res.status === 200) {
      ledger.addresses.set(payload(res)._id, addr2);
      ledger.acknowledged.address += 1;
    }
  }
}

/** Compares the restarted server's state with the ledger; returns the missing or wrong writes. */
async function verify(client, buyer, ledger) {
  const problems = [];
  const subscribed = new Set(payload(await client.ok('GET', '/subscribe/getsubscriberlist', { token: buyer.token })));
  for (const [sellerId, entry] of ledger.subscriptions) {
    if (entry.acked === undefined || entry.inFlight) continue;
    if (subscribed.has(sellerId) !== entry.acked)
      problems.push(
        `subscription to ${sellerId}: acknowledged ${entry.acked ? 'subscribed' : 'cancelled'}, found ${subscribed.has(sellerId) ? 'subscribed' : 'not subscribed'}`,
      );
  }
  const carts = payload(await client.ok('GET', '/cart/v2/get', { token: buyer.token }));
  const amounts = new Map();
  for (const cart of carts) for (const line of cart.productList) amounts.set(`${line._id} ${line.option}`, line.amount);
  for (const [key, entry] of ledger.cartLines) {
    if (entry.acked === undefined) continue;
    const found = amounts.get(key) ?? 0;
    const most = entry.acked + (entry.inFlight ? 1 : 0);
    if (found < entry.acked || found > most)
      problems.push(`cart line ${key}: acknowledged amount ${entry.acked}${entry.inFlight ? ' (+1 in flight)' : ''}, found ${found}`);
  }
  const addresses = new Map(payload(await client.ok('GET', '/address/list', { token: buyer.token })).map((a) => [a._id, a.addr2]));
  for (const [id, addr2] of ledger.addresses) {
    if (addresses.get(id) !== addr2)
      problems.push(`address ${id} (${addr2}): acknowledged, ${addresses.has(id) ? `found with addr2 ${addresses.get(id)}` : 'missing'}`);
  }
  // Writes that were in flight at the kill: what the restarted server has is now the known state.
  for (const [sellerId, entry] of ledger.subscriptions) {
    if (entry.inFlight) Object.assign(entry, { acked: subscribed.has(sellerId), inFlight: false });
  }
  for (const [key, entry] of ledger.cartLines) {
    if (entry.inFlight) Object.assign(entry, { acked: amounts.get(key), inFlight: false });
  }
  ledger.pendingAddresses = 0;
  return problems;
}

/** Builds the writers' plan and the ledger from the server's current state (the previous round's result). */
async function plan(client, buyer, ledger, writers) {
  const sellers = payload(await client.ok('GET', '/common/v2/seller?from=top')).map((s) => s.sellerUID);
  const subscribed = new Set(payload(await client.ok('GET', '/subscribe/getsubscriberlist', { token: buyer.token })));
  for (const sellerId of sellers)
    if (!ledger.subscriptions.has(sellerId))
      ledger.subscriptions.set(sellerId, { acked: subscribed.has(sellerId) ? true : false, inFlight: false });
  const { detail } = await sellerPersonaMarketWithStock(client, undefined, 20);
  const lines = addableLines(detail, 20);
  const carts = payload(await client.ok('GET', '/cart/v2/get', { token: buyer.token }));
  const current = new Map();
  for (const cart of carts) for (const line of cart.productList) current.set(`${line._id} ${line.option}`, line.amount);
  for (const line of lines) {
    const key = `${line.product._id} ${line.option.title}`;
    if (!ledger.cartLines.has(key)) ledger.cartLines.set(key, { acked: current.get(key), inFlight: false, exhausted: false });
  }
  const groups = Math.max(1, Math.floor(writers / 3));
  const share = (list, i) => list.filter((_, k) => k % groups === i);
  return { sellers, lines, market: detail.market, groups, share };
}

export async function runKill9({ rounds = 2, killAfterMs = 2500, writers = 6, log = console.log } = {}) {
  const started = performance.now();
  const folder = mkdtempSync(join(tmpdir(), 'kill9-'));
  const stateFile = join(folder, 'world.json');
  const ledger = new Ledger();
  const roundsDone = [];
  let problems = [];
  let mock = await startMockCli({ flags: ['--state', stateFile] });
  let client = createClient(mock.baseUrl);
  try {
    for (let round = 1; round <= rounds; round++) {
      const buyer = await login(client, 'buyer');
      const p = await plan(client, buyer, ledger, writers);
      let running = true;
      const isRunning = () => running && mock.exited === null;
      const tasks = [];
      for (let i = 0; i < p.groups; i++) {
        tasks.push(subscriptionWriter(client, buyer, p.share(p.sellers, i), ledger, isRunning));
        tasks.push(cartWriter(client, buyer, p.market, p.share(p.lines, i), ledger, isRunning));
        tasks.push(addressWriter(client, buyer, `${round}.${i}`, ledger, isRunning));
      }
      const before = { ...ledger.acknowledged };
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      const inFlight =
        [...ledger.subscriptions.values(), ...ledger.cartLines.values()].filter((e) => e.inFlight).length + ledger.pendingAddresses;
      await mock.kill9();
      running = false;
      await Promise.all(tasks);
      client.close();

      // The file a kill -9 left must be one complete world.
      const bytes = statSync(stateFile).size;
      let parsed = null;
      try {
        parsed = JSON.parse(readFileSync(stateFile, 'utf8'));
      } catch (error) {
        problems.push(`round ${round}: the state file does not parse after kill -9: ${error.message}`);
      }
      if (parsed && parsed.format !== 'creator-market-world@1')
        problems.push(`round ${round}: the state file's format is ${JSON.stringify(parsed.format)}`);

      mock = await startMockCli({ flags: ['--state', stateFile] });
      client = createClient(mock.baseUrl);
      const roundProblems = await verify(client, await login(client, 'buyer'), ledger);
      problems = problems.concat(roundProblems.map((p) => `round ${round}: ${p}`));
      const acked = Object.fromEntries(Object.entries(ledger.acknowledged).map(([k, v]) => [k, v - before[k]]));
      roundsDone.push({
        round,
        acknowledged: acked,
        inFlightAtKill: inFlight,
        stateFileBytes: bytes,
        restartMs: Math.round(mock.readyMs),
        missing: roundProblems.length,
      });
      log(
        `kill9: round ${round}: ${acked.subscribe + acked.cart + acked.address} writes acknowledged (subscribe ${acked.subscribe}, cart ${acked.cart}, address ${acked.address}), killed with ${inFlight} in flight; file ${(bytes / 1e6).toFixed(1)} MB ${parsed ? 'parses' : 'BROKEN'}; restarted in ${Math.round(mock.readyMs)} ms; ${roundProblems.length ? `${roundProblems.length} MISSING` : 'every acknowledged write present'}`,
      );
      for (const problem of roundProblems.slice(0, 10)) log(`  ${problem}`);
    }
  } finally {
    client.close();
    await mock.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  const total = Object.values(ledger.acknowledged).reduce((a, b) => a + b, 0);
  const ok = problems.length === 0 && total > 0;
  const summary = `kill9: ${ok ? 'PASS' : 'FAIL'} ${rounds} kill -9 rounds, ${total} acknowledged writes (subscribe ${ledger.acknowledged.subscribe}, cart ${ledger.acknowledged.cart}, address ${ledger.acknowledged.address}), ${problems.length ? `${problems.length} problems` : 'all present after restart, state file parses'}`;
  log(summary);
  return { ok, summary, seconds: (performance.now() - started) / 1000, rounds: roundsDone, problems };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '2' },
      'kill-after-ms': { type: 'string', default: '2500' },
      writers: { type: 'string', default: '6' },
    },
  });
  const result = await runKill9({
    rounds: Number(values.rounds),
    killAfterMs: Number(values['kill-after-ms']),
    writers: Number(values.writers),
  });
  process.exit(result.ok ? 0 : 1);
}
