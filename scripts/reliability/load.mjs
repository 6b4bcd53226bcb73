#!/usr/bin/env node
// Mixed load against the mock server's CLI: 50 buyers, each in its own X-Mock-World (the default world has
// only 4 personas), driven by 64 connections for --seconds (default 60) after a short warm-up: reads (home
// lists, market detail, search), cart writes (add, update, delete) and orders (insert a receipt from a cart,
// at a steady ORDERS_PER_SECOND).
// The actions are paced at --rate per second (default 2,500, about half of what one core serves): the same
// request count on a quiet or a loaded machine, so the leak check compares like with like, and CPU left for
// the steps CI runs beside it (unpaced, the load took both cores for the whole minute). --rate 0 unpaces it.
// Asserts zero 5xx, zero socket errors, and RSS growth under 50 MB from the end of the warm-up to the end.
// Business 4xx (out of stock, limits...) are allowed and counted by code.
//
//   node scripts/reliability/load.mjs [--seconds 60] [--warmup 5] [--buyers 50] [--connections 64] [--rate 2500] [--seed 1] [--cpu-prof]
//   (--cpu-prof runs the server under node --cpu-prof and prints its heaviest frames at the end;
//   LOAD_DEBUG=1 prints the server's memory line after each full collection)
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient } from '../bench/http.mjs';
import { errorCodeOf } from '../lib/error-body.mjs';
import { printProfile } from '../bench/cpu-profile.mjs';
import { quantile } from '../bench/measure.mjs';
import { startMockCli } from '../bench/processes.mjs';
import { SELLER_PERSONA_SLUG, addableLines, available, login, marketDetail, payload } from '../bench/world.mjs';

const RSS_GROWTH_LIMIT_MB = 50;
/** A --trace-gc line of a full collection: `... ms: Mark-Compact 2861.3 (2915.6) -> 2810.2 (2866.5) MB, 812.5 / 0.0 ms ...`. */
const FULL_GC = /Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, ([\d.]+)/;
const MARKETS_PER_BUYER = 4;
/**
 * Orders are placed at this steady rate (2,400 in the 60 s run), not as a share of the actions: every
 * accepted order is data the world keeps (~2.8 KB of live heap: the receipt, two notifications, index
 * entries), so as a share the stored data grew with the server's speed: at 3% of the actions the faster
 * server of November stored 5,800 orders in 60 s (+16 MB live, +45 to 55 MB RSS) and the leak check
 * measured the machine instead of the server.
 */
const ORDERS_PER_SECOND = 40;
/** Requests each world's journal keeps (what 5 s of warm-up fills at any rate the machine gives). */
const JOURNAL_PER_WORLD = 100;
/** Actions started per second across all connections (0: as fast as the server answers). */
const DEFAULT_RATE = 2500;
const KEYWORDS = ['키링', '스티커', '마스킹테이프', '떡메', '엽서', '다꾸', '씰', '곰돌이', '겨울', 'zzz-nothing'];
const HOME_LISTS = [
  '/common/v2/opened-market',
  '/common/v2/banner?from=top',
  '/common/v2/seller?from=top',
  '/common/v2/seller?from=new',
  '/common/v2/seller?from=lucky',
  '/common/v2/product?from=topcart',
  '/common/v2/product?from=topsold',
  '/common/v2/product?from=lucky',
  '/common/v2/new-product',
  '/common/v2/search-keyword',
];

/** A small seeded PRNG (mulberry32), so a run's mix can be replayed. */
function rngFrom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (list) => list[Math.floor(next() * list.length)] };
}

/** One buyer: its world, token, what an order needs, and the markets (with addable lines) it shops in. */
async function prepareBuyer(client, index, openUntil) {
  const world = `load-${index}`;
  const buyer = await login(client, 'buyer', world);
  const me = payload(await client.ok('GET', '/user/me', { token: buyer.token, world })).user;
  const address = payload(await client.ok('GET', '/address/get-primary', { token: buyer.token, world }));
  if (!address) throw new Error(`buyer of world ${world} has no primary address`);

  // The seller persona's open markets first, then other open markets of the world.
  const own = payload(await client.ok('GET', `/common/v2/seller/opened-market/${SELLER_PERSONA_SLUG}`, { world }));
  const all = payload(await client.ok('GET', '/common/v2/opened-market', { world }));
  // Markets open now and still open when the run ends (an order needs a started, not yet closed market).
  const now = Date.now();
  const events = [...own, ...all].filter(
    (e) => e.marketStatus === 2 && Date.parse(e.marketST) <= now && Date.parse(e.marketED) > openUntil,
  );
  const markets = [];
  for (const event of events) {
    if (markets.length === MARKETS_PER_BUYER) break;
    if (markets.some((m) => m.uid === event.marketUID)) continue;
    const { path, detail } = await marketDetail(client, event.sellerPublicId, event.marketPublicId, world);
    const lines = addableLines(detail, 1);
    if (!detail.market.public || lines.length === 0) continue;
    markets.push({ uid: detail.market._id, path, seller: event.sellerPublicId, market: detail.market, lines });
  }
  const carts = new Map();
  for (const entry of payload(await client.ok('GET', '/cart/v2/get', { token: buyer.token, world }))) carts.set(entry.market._id, entry);
  return { ...buyer, world, me, address, markets, carts };
}

/** The delivery option an order of this weight can use: one without a weight limit, or the roomiest. */
function deliveryFor(market, weight) {
  const usable = market.delivery.option.filter((o) => o.useYN);
  return usable.find((o) => o.weight === undefined || o.weight === null || o.weight >= weight) ?? usable[0];
}

function orderBody(buyer, m, entry) {
  const weight = entry.productList.reduce((sum, line) => sum + line.weight * line.amount, 0);
  const { address, me } = buyer;
  return {
    marketId: m.uid,
    memo: '부하 테스트 주문이에요',
    productList: entry.productList.map((line) => ({ _id: line._id, amount: line.amount, option: line.option })),
    delivery: {
      addr: address.addr,
      addr2: address.addr2,
      msg: address.msg ?? '',
      name: address.name,
      tel: address.tel,
      zip: address.zip,
      title: deliveryFor(m.market, weight)?.title ?? '택배',
    },
    sns: me.sns ?? { type: 0, id: '' },
    buyerAccount: me.account,
    payment: { option: m.market.payment.option[0] ?? 1 },
    cashReceipt: { isPersonal: false, no: '' },
    cartId: entry._id,
  };
}

/**
 * Asks the idle server for full collections (its SIGUSR2 hook, with --expose-gc) until its RSS settles, so
 * that RSS is read with the garbage of the load collected and the freed heap pages given back: each full
 * collection returns only part of them (measured: 1069 → 871 → 710 MB over three, the live heap 555 MB
 * throughout), so a fixed number of rounds left up to 70 MB of free pages in the figure, more or less by luck.
 */
async function collectGarbage(mock) {
  let previous = mock.rssMb();
  for (let round = 0; round < 10; round++) {
    process.kill(mock.pid, 'SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rss = mock.rssMb();
    if (rss === null || (round >= 2 && Math.abs(previous - rss) < 2)) return;
    previous = rss;
  }
}

export async function runLoad({
  seconds = 60,
  warmupSeconds = 5,
  buyers: buyerCount = 50,
  connections = 64,
  rate = DEFAULT_RATE,
  seed = 1,
  cpuProfile = false,
  log = console.log,
} = {}) {
  const started = performance.now();
  const { mock, fullGcs, heapUsedAfterGc, profileDir } = await startLoadServer(buyerCount, cpuProfile);
  const client = createClient(mock.baseUrl, { maxSockets: connections, timeoutMs: 30_000 });
  const rssSamples = [];
  let sampler;
  try {
    log(`load: mock server ready in ${Math.round(mock.readyMs)} ms; preparing ${buyerCount} buyers in ${buyerCount} worlds`);
    const buyers = [];
    for (let i = 0; i < buyerCount; i += 5) {
      const openUntil = Date.now() + (warmupSeconds + seconds + 600) * 1000;
      buyers.push(
        ...(await Promise.all(Array.from({ length: Math.min(5, buyerCount - i) }, (_, j) => prepareBuyer(client, i + j, openUntil)))),
      );
    }
    log(
      `load: ${buyers.length} buyers ready after ${((performance.now() - started) / 1000).toFixed(1)} s (RSS ${mock.rssMb()?.toFixed(0)} MB); ${warmupSeconds} s warm-up, then ${seconds} s at ${connections} connections${rate ? `, ${rate} actions/s` : ', unpaced'}`,
    );

    const recorder = operationRecorder();
    const call = async (op, method, path, buyer, options = {}) => {
      const res = await client.call(method, path, { token: buyer.token, world: buyer.world, ...options });
      recorder.record(op, res);
      return res;
    };
    const actionPace = actionPacer(rate);
    const orderPace = orderPacer();
    const actions = buyerActions(call, orderPace);
    const totalWeight = actions.reduce((n, [w]) => n + w, 0);

    const runUntil = async (deadline, worker) => {
      const r = rngFrom(seed * 1000 + worker);
      const buyer = buyers[worker % buyers.length];
      while (performance.now() < deadline && mock.exited === null) {
        let roll = r.next() * totalWeight;
        const action = actions.find(([w]) => (roll -= w) < 0)[1];
        await actionPace.next();
        await action(buyer, r);
      }
    };
    const phase = (ms) => {
      const deadline = performance.now() + ms;
      orderPace.restart();
      actionPace.restart();
      return Promise.all(Array.from({ length: connections }, (_, worker) => runUntil(deadline, worker)));
    };

    await phase(warmupSeconds * 1000);
    await collectGarbage(mock);
    const rssStart = mock.rssMb();
    const heapStart = heapUsedAfterGc.at(-1) ?? null;
    rssSamples.push(rssStart);
    sampler = setInterval(() => {
      const rss = mock.rssMb();
      if (rss !== null) rssSamples.push(rss);
    }, 1000);
    recorder.measuring = true;
    const loadStarted = performance.now();
    await phase(seconds * 1000);
    recorder.measuring = false;
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const gcsInWindow = fullGcs.filter((gc) => gc.at >= loadStarted);
    const heap = {
      fullCollections: gcsInWindow.length,
      liveHeapAfterFirstMb: gcsInWindow[0]?.heapAfterMb ?? null,
      liveHeapAfterLastMb: gcsInWindow.at(-1)?.heapAfterMb ?? null,
      longestPauseMs: gcsInWindow.length ? Math.max(...gcsInWindow.map((gc) => gc.pauseMs)) : null,
    };
    clearInterval(sampler);
    await collectGarbage(mock);
    const rssEnd = mock.rssMb();
    const heapEnd = heapUsedAfterGc.at(-1) ?? null;
    const alive = mock.exited === null;

    const { requests, fiveXx, socketErrors, business, perOperation } = totalsOf(recorder);
    const growth = rssEnd - rssStart;
    for (const f of recorder.warmupFailures.slice(0, 5)) log(`  warm-up failure: ${f.op} ${f.status} ${f.error ?? ''} ${f.body}`);
    const ok = alive && fiveXx === 0 && socketErrors === 0 && growth < RSS_GROWTH_LIMIT_MB;

    logOperations(log, perOperation, heap);
    const businessText = Object.entries(business)
      .sort((a, b) => b[1] - a[1])
      .map(([c, n]) => `${c} ${n}`)
      .join(', ');
    const summary = `load: ${ok ? 'PASS' : 'FAIL'} ${requests} requests in ${loadSeconds.toFixed(0)} s (${Math.round(requests / loadSeconds)} req/s) from ${buyers.length} buyers over ${connections} connections, ${fiveXx} 5xx, ${socketErrors} socket errors, ${Object.values(business).reduce((a, b) => a + b, 0)} business 4xx${businessText ? ` (${businessText})` : ''}, RSS ${rssStart.toFixed(0)} → ${rssEnd?.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB, limit +${RSS_GROWTH_LIMIT_MB}${heapStart !== null && heapEnd !== null ? `; live heap ${heapStart.toFixed(0)} → ${heapEnd.toFixed(0)} MB` : ''})${client.stats.keepAliveRetries ? `, ${client.stats.keepAliveRetries} keep-alive races retried` : ''}${alive ? '' : ', SERVER DIED'}`;
    log(summary);
    return {
      ok,
      summary,
      seconds: (performance.now() - started) / 1000,
      settings: { seconds, warmupSeconds, buyers: buyerCount, connections, rate, seed },
      requests,
      requestsPerSecond: Math.round(requests / loadSeconds),
      serverErrors: fiveXx,
      socketErrors,
      keepAliveRetries: client.stats.keepAliveRetries,
      businessErrors: business,
      rssMb: {
        afterWarmup: round(rssStart, 1),
        end: round(rssEnd, 1),
        max: round(Math.max(...rssSamples), 1),
        growth: round(growth, 1),
        limit: RSS_GROWTH_LIMIT_MB,
        samples: rssSamples.map((v) => round(v, 0)),
      },
      heap: { ...heap, usedAfterWarmupMb: heapStart, usedAtEndMb: heapEnd },
      perOperation,
    };
  } finally {
    clearInterval(sampler);
    client.close();
    await mock.stop(15_000);
    // --cpu-prof: where the server spent the run (written when it exits).
    const profile = profileDir && readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
    if (profile) printProfile(join(profileDir, profile), 25);
  }
}

/**
 * The mock server under load, with room for every buyer's world, and what its --trace-gc lines tell: the
 * live heap after each full (mark-compact) collection, whether RSS growth is retained data or garbage.
 */
async function startLoadServer(buyerCount, cpuProfile) {
  const fullGcs = [];
  const heapUsedAfterGc = [];
  const profileDir = cpuProfile ? mkdtempSync(join(tmpdir(), 'load-profile-')) : null;
  const mock = await startMockCli({
    // Small worlds (scale 0.2, every persona and market state still there): 50 of them at scale 1 would
    // need 2.7 GB; what this test measures (errors, leaks) does not depend on their size.
    // A journal of 100 requests per world (1,000 by default): a bounded store must be full before the baseline,
    // or its filling reads as growth. 50 worlds' journals of 1,000 fill only after ~50,000 requests, so the
    // warm-up's share of them (and the RSS figure) followed the machine's speed: at 1,000 req/s the growth read
    // +52 MB (live heap +23), with 100 per world +31 MB (live heap +16) on the same machine at the same load.
    flags: ['--max-worlds', String(buyerCount + 8), '--scale', '0.2', '--journal', String(JOURNAL_PER_WORLD)],
    nodeOptions: ['--trace-gc', '--expose-gc', ...(cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    onLine: (line) => {
      const memory = /memory after gc: rss [\d.]+ heapTotal [\d.]+ heapUsed ([\d.]+)/.exec(line);
      if (memory) heapUsedAfterGc.push(Number(memory[1]));
      if (memory && process.env.LOAD_DEBUG) console.log(line);
      const gc = FULL_GC.exec(line);
      if (gc) fullGcs.push({ at: performance.now(), heapAfterMb: Number(gc[1]), pauseMs: Number(gc[2]) });
    },
  });
  return { mock, fullGcs, heapUsedAfterGc, profileDir };
}

/**
 * Each operation's answers while measuring (count, statuses, error codes, latencies, a few 5xx samples);
 * in the warm-up only its 5xx and socket errors, which count too.
 */
function operationRecorder() {
  const recorder = {
    measuring: false,
    stats: new Map(),
    warmupFailures: [],
    record(op, res) {
      if (!recorder.measuring) {
        if (res.status >= 500 || res.status === 0)
          recorder.warmupFailures.push({ op, status: res.status, body: res.text.slice(0, 300), error: res.error?.message });
        return;
      }
      let s = recorder.stats.get(op);
      if (!s) recorder.stats.set(op, (s = { count: 0, statuses: {}, codes: {}, latencies: [], samples: [] }));
      s.count += 1;
      s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1;
      s.latencies.push(res.ms);
      if (res.status >= 400 || res.status === 0) {
        const code = res.status === 0 ? `socket: ${res.error?.message}` : (errorCodeOf(res.json) ?? `http-${res.status}`);
        s.codes[code] = (s.codes[code] ?? 0) + 1;
        if ((res.status >= 500 || res.status === 0) && s.samples.length < 5)
          s.samples.push({ status: res.status, body: res.text.slice(0, 300), error: res.error?.message });
      }
    },
  };
  return recorder;
}

/**
 * What a buyer does, by weight: reads 67%, cart writes 30%, orders 3% (as many as the order pace allows).
 * @returns {Array<[weight: number, action: (b: any, r: any) => Promise<unknown>]>}
 */
function buyerActions(call, orderPace) {
  return [
    // Reads: 67%.
    [22, (b, r) => call('home list', 'GET', r.pick(HOME_LISTS), b, { parse: false })],
    [23, (b, r) => call('market detail', 'GET', r.pick(b.markets).path, b, { parse: false })],
    [
      22,
      (b, r) =>
        call('search', 'GET', `/common/v2/search-product?keyword=${encodeURIComponent(r.pick(KEYWORDS))}&page=${1 + r.int(3)}`, b, {
          parse: false,
        }),
    ],
    // Cart writes: 30%.
    [
      14,
      async (b, r) => {
        const m = r.pick(b.markets);
        const line = r.pick(m.lines);
        const res = await call('cart add', 'POST', '/cart/add/common', b, {
          body: {
            marketId: m.uid,
            seller: m.seller,
            productList: [{ _id: line.product._id, option: line.option.title, amount: 1 + r.int(2) }],
          },
        });
        if (res.status === 200) b.carts.set(m.uid, payload(res));
      },
    ],
    [
      10,
      async (b, r) => {
        const m = r.pick(b.markets);
        const entry = b.carts.get(m.uid);
        if (!entry || entry.productList.length === 0) return;
        const line = r.pick(entry.productList);
        const res = await call('cart update', 'POST', '/cart/update', b, {
          body: { cartId: entry._id, productList: [{ _id: line._id, option: line.option, amount: r.int(3) }] },
        });
        if (res.status === 200) {
          const next = payload(res);
          if (next.status === 2) b.carts.delete(m.uid);
          else b.carts.set(m.uid, next);
        } else if (res.status === 404) b.carts.delete(m.uid);
      },
    ],
    [
      6,
      async (b, r) => {
        const m = r.pick(b.markets);
        const entry = b.carts.get(m.uid);
        if (!entry) return;
        const res = await call('cart delete', 'POST', '/cart/delete', b, { body: { cartId: entry._id } });
        if (res.status === 200 || res.status === 404) b.carts.delete(m.uid);
      },
    ],
    // Orders: 3% of the rolls, as many as ORDERS_PER_SECOND allows (a roll past it reads the market
    // instead). Add enough of one line to reach the market's minimum, then order the whole entry.
    [
      3,
      async (b, r) => {
        const m = r.pick(b.markets);
        if (!orderPace.take()) {
          await call('market detail', 'GET', m.path, b, { parse: false });
          return;
        }
        const line = r.pick(m.lines);
        const left = available(line.product, line.option);
        const amount = Math.max(
          1,
          Math.min(left === Infinity ? 999 : left, Math.ceil((m.market.minPrice || 1) / Math.max(1, line.option.price)), 999),
        );
        const added = await call('cart add', 'POST', '/cart/add/common', b, {
          body: { marketId: m.uid, seller: m.seller, productList: [{ _id: line.product._id, option: line.option.title, amount }] },
        });
        if (added.status !== 200) return;
        const entry = payload(added);
        b.carts.set(m.uid, entry);
        const res = await call('order', 'POST', '/receipt/insert', b, { body: orderBody(b, m, entry) });
        if (res.status === 200) b.carts.delete(m.uid);
      },
    ],
  ];
}

/** Spaces the actions' starts at `rate` per second across every connection (none when `rate` is 0). */
function actionPacer(rate) {
  return {
    startedAt: 0,
    taken: 0,
    restart() {
      this.startedAt = performance.now();
      this.taken = 0;
    },
    /** Resolves when the next action may start. */
    async next() {
      if (!rate) return;
      const due = this.startedAt + (this.taken++ * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    },
  };
}

/** At most ORDERS_PER_SECOND orders since the phase began. */
function orderPacer() {
  return {
    startedAt: 0,
    taken: 0,
    restart() {
      this.startedAt = performance.now();
      this.taken = 0;
    },
    /** Whether one more order fits the rate so far. */
    take() {
      if (this.taken >= ((performance.now() - this.startedAt) / 1000) * ORDERS_PER_SECOND) return false;
      this.taken += 1;
      return true;
    },
  };
}

/**
 * The totals of a run: requests, 5xx and socket errors (the warm-up's too), business 4xx by code, and per
 * operation its count, statuses, codes and p50/p99.
 * @param {ReturnType<typeof operationRecorder>} recorder
 */
function totalsOf({ stats, warmupFailures }) {
  let requests = 0;
  let fiveXx = 0;
  let socketErrors = 0;
  const business = {};
  const perOperation = {};
  for (const [op, s] of stats) {
    requests += s.count;
    const sorted = s.latencies.sort((a, b) => a - b);
    for (const [status, n] of Object.entries(s.statuses)) {
      if (Number(status) >= 500) fiveXx += n;
      if (Number(status) === 0) socketErrors += n;
    }
    for (const [code, n] of Object.entries(s.codes))
      if (!code.startsWith('socket') && !code.startsWith('http-5')) business[code] = (business[code] ?? 0) + n;
    perOperation[op] = {
      count: s.count,
      statuses: s.statuses,
      codes: s.codes,
      p50: round(quantile(sorted, 0.5)),
      p99: round(quantile(sorted, 0.99)),
      serverErrorSamples: s.samples,
    };
  }
  fiveXx += warmupFailures.filter((f) => f.status >= 500).length;
  socketErrors += warmupFailures.filter((f) => f.status === 0).length;
  return { requests, fiveXx, socketErrors, business, perOperation };
}

/** One line per operation (count, statuses, p50/p99 ms, 4xx codes, 5xx samples), then the full GCs. */
function logOperations(log, perOperation, heap) {
  log('load: per operation (count, statuses, p50/p99 ms, 4xx codes)');
  for (const [op, s] of Object.entries(perOperation)) {
    const codes = Object.entries(s.codes)
      .map(([c, n]) => `${c}:${n}`)
      .join(' ');
    log(
      `  ${op.padEnd(14)} ${String(s.count).padStart(7)}  ${Object.entries(s.statuses)
        .map(([k, n]) => `${k}:${n}`)
        .join(' ')
        .padEnd(28)} ${s.p50} / ${s.p99}${codes ? `  ${codes}` : ''}`,
    );
    for (const sample of s.serverErrorSamples) log(`      ${sample.status} ${sample.error ?? ''} ${sample.body}`);
  }
  log(
    heap.fullCollections
      ? `load: ${heap.fullCollections} full GCs while measuring; live heap after them ${heap.liveHeapAfterFirstMb} → ${heap.liveHeapAfterLastMb} MB; longest pause ${heap.longestPauseMs} ms`
      : 'load: no full GC while measuring (RSS growth is then mostly garbage not yet collected)',
  );
}

function round(value, digits = 2) {
  return value === null || value === undefined ? null : Number(value.toFixed(digits));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '60' },
      warmup: { type: 'string', default: '5' },
      buyers: { type: 'string', default: '50' },
      connections: { type: 'string', default: '64' },
      rate: { type: 'string', default: String(DEFAULT_RATE) },
      seed: { type: 'string', default: '1' },
      'cpu-prof': { type: 'boolean', default: false },
    },
  });
  const result = await runLoad({
    seconds: Number(values.seconds),
    warmupSeconds: Number(values.warmup),
    buyers: Number(values.buyers),
    connections: Number(values.connections),
    rate: Number(values.rate),
    seed: Number(values.seed),
    cpuProfile: values['cpu-prof'],
  });
  process.exit(result.ok ? 0 : 1);
}
