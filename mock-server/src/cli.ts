// `pnpm mock`: starts the mock server. Flags: --port N (or PORT), --host H, --seed N, --scale K,
// --latency MS, --state FILE, --max-worlds N, --allow-origin URL and --allow-host NAME (repeatable),
// --start-at ISO (worlds generated for and started at that instant: two servers given the same one have
// the same records and ids, as a proxied and a local half must), --proxy URL [--proxy-only tag|operationId,...] [--proxy-timeout MS] (./recording/proxy),
// --no-cache and --cache-dir DIR (the seed cache, see world/seed-cache.ts, and bin/mock.mjs's code cache);
// --record DIR and --diff with --proxy, --replay DIR|FILE.har [--replay-only] and --har FILE.har
// [--har-base-path /api] (./recording; docs/recording.md).
import type { Server } from 'node:http';
import { parseArgs } from 'node:util';
import { generateWorld } from '@creator-market/fixtures';
import { isLoopbackHost } from './http/access-policy';
import { createHttpServer, createMockServer, DEFAULT_OPTIONS } from './server';
import { forwardsOperation, type ProxyOptions } from './recording/proxy';
import { operations } from '@creator-market/openapi';
import { WorldRegistry } from './world/registry';
import { openStateFile } from './control/persistence';
import { SeedCache, seedFromCache, type Seeded } from './world/seed-cache';
import { runInSlices, shareSeededData } from './world/world';
import { importHar, type HarImport } from './recording/har';
import { Recording } from './recording/recording';
import { mergeRecording, type ReplayReport } from './recording/replay';

const started = performance.now();

function fail(message: string): never {
  console.error(`[mock] ${message}`);
  process.exit(2);
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) fail(`--${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  return value;
}

const { values } = (() => {
  try {
    // `pnpm mock -- --port 5000` passes the `--` through: it separates nothing here.
    const args = process.argv.slice(2).filter((arg, i, all) => !(arg === '--' && all.indexOf('--') === i));
    return parseArgs({
      args,
      options: {
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string' },
        scale: { type: 'string' },
        latency: { type: 'string' },
        state: { type: 'string' },
        'max-worlds': { type: 'string' },
        'max-new-worlds-per-minute': { type: 'string' },
        journal: { type: 'string' },
        'start-at': { type: 'string' },
        proxy: { type: 'string' },
        'proxy-only': { type: 'string' },
        'proxy-timeout': { type: 'string' },
        record: { type: 'string' },
        diff: { type: 'boolean', default: false },
        replay: { type: 'string' },
        'replay-only': { type: 'boolean', default: false },
        har: { type: 'string' },
        'har-base-path': { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        // The first name of --allow-origin, kept for scripts written before it.
        'cors-origin': { type: 'string', multiple: true },
        'allow-host': { type: 'string', multiple: true },
        'no-cache': { type: 'boolean', default: false },
        // Where the caches are: bin/mock.mjs reads it (the code cache is its) and tells the CLI (bundleHost.cacheDir).
        'cache-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    });
  } catch (err) {
    return fail((err as Error).message);
  }
})();

if (values.help) {
  console.log(
    'Usage: pnpm mock [--port 4010] [--host 127.0.0.1] [--seed 1] [--scale 1] [--latency 0] [--state FILE] [--max-worlds 64] [--max-new-worlds-per-minute 120] [--journal 1000] [--start-at ISO] [--allow-origin URL]... [--allow-host NAME]... [--proxy URL [--proxy-only tag|operationId,...] [--proxy-timeout 10000] [--record DIR] [--diff]] [--replay DIR|FILE.har [--replay-only]] [--har FILE.har] [--har-base-path /api] [--no-cache] [--cache-dir DIR]',
  );
  process.exit(0);
}

const port = integer('port', values.port ?? process.env.PORT, 4010, 0, 65535);
const seed = integer('seed', values.seed, DEFAULT_OPTIONS.seed, 0, 2 ** 31 - 1);
const scale = values.scale === undefined ? 1 : Number(values.scale);
if (!(scale > 0 && scale <= 100)) fail(`--scale must be a number above 0 and at most 100, got '${values.scale}'`);
const latencyMs = integer('latency', values.latency, 0, 0, 120_000);
const maxWorlds = integer('max-worlds', values['max-worlds'], DEFAULT_OPTIONS.maxWorlds, 1, 1000);
const maxNewWorldsPerMinute = integer(
  'max-new-worlds-per-minute',
  values['max-new-worlds-per-minute'],
  DEFAULT_OPTIONS.maxNewWorldsPerMinute,
  1,
  100_000,
);

// --state FILE: restore the default world from the file (a corrupt file stops the start with a clear
// error, it is never silently replaced) and persist every change with atomic writes.
const startAt = (() => {
  if (values['start-at'] === undefined) return undefined;
  const ms = Date.parse(values['start-at']);
  if (Number.isNaN(ms)) return fail(`--start-at must be an ISO 8601 date-time such as 2026-12-10T03:00:00Z, got '${values['start-at']}'`);
  return ms;
})();
const stateFile = values.state ? openStateFile(values.state) : null;
if (values.diff && values.proxy === undefined) fail('--diff needs --proxy URL (it compares the real server with the mock)');
if (values.record !== undefined && values.proxy === undefined && values.har === undefined && !values.replay?.endsWith('.har'))
  fail('--record DIR needs --proxy URL (or a HAR to import, --har FILE.har)');
if (values['replay-only'] && values.replay === undefined && values.har === undefined)
  fail('--replay-only needs --replay DIR or --har FILE.har');
const harBasePath = values['har-base-path'] ?? '';
if (values['har-base-path'] !== undefined) {
  if (values.har === undefined && !/\.har$/i.test(values.replay ?? ''))
    fail('--har-base-path needs a HAR to import (--har FILE.har or --replay FILE.har)');
  if (!/^\/[^?#\s]*$/.test(harBasePath)) fail(`--har-base-path must be the API's path on its host, such as /api, got '${harBasePath}'`);
}
if (values.state && (values.replay !== undefined || values.har !== undefined))
  fail('--replay and --har start the default world from a recording; --state restores it from its file: give one of them');

/** What bin/mock.mjs, which builds and runs this CLI's bundle from a V8 code cache, tells it. */
interface BundleHost {
  /** A hash of the running bundle. */
  version: string;
  /** The caches' folder (--cache-dir, or the package's node_modules/.cache/creator-market). */
  cacheDir: string;
  /** Saves the V8 code cache of the bundle, once warm; the file written, or null when there was nothing to save. */
  saveCodeCache(): string | null;
}
const launchedByBin = (globalThis as Record<symbol, BundleHost | undefined>)[Symbol.for('creator-market.bundle-host')];
/**
 * Run from its sources (`tsx mock-server/src/cli.ts`, under a debugger): no bundle, so no code cache to save, and
 * no seed cache either, since its key is the running bundle's hash and the sources have none (the records are
 * generated at each start, as with --no-cache). The launcher is an optimisation of the start, not a requirement.
 */
const bundleHost: BundleHost = launchedByBin ?? {
  version: 'sources',
  cacheDir: values['cache-dir'] ?? '',
  saveCodeCache: () => null,
};

// The seed cache (world/seed-cache.ts): today's records of this seed and scale, read back instead of
// generated; the server's worlds then run from the instant they were generated for. Not with --state (its
// default world comes from the file), --start-at (records generated for that instant) nor --no-cache
// (records generated for now, nothing read or written).
const cache = new SeedCache(bundleHost.cacheDir);
const seeded: Seeded | null =
  values['no-cache'] || stateFile || startAt !== undefined || !launchedByBin
    ? null
    : seedFromCache(
        cache,
        // The version is a hash of this running bundle (dist/cli.cjs): the generator and the records' code.
        { seed, scale, version: bundleHost.version, now: Date.now() },
        (s, k, now) => generateWorld({ seed: s, scale: k, now }),
      );
if (seeded) shareSeededData(seed, scale, seeded.startAt, seeded.data);

// --replay DIR (a recording, ./recording) or a HAR (--har FILE, or --replay FILE.har): its records merged over
// the seed's (alone with --replay-only) become the records every world starts from, the default world and
// every X-Mock-World alike, pinned to one start (so reset gives the same world back).
const replayed = (() => {
  const sources = [values.replay, values.har].filter((source): source is string => source !== undefined);
  if (sources.length === 0) return null;
  // The import (reading the recording or HAR, merging it over the seed) is timed apart from the seed's records,
  // in wall and CPU time (the CPU's is the figure that holds on a machine shared with other work).
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const readStarted = performance.now();
  const readCpu = cpuMs();
  const recording = new Recording(values.proxy === undefined ? (values.record ?? null) : null);
  let har: HarImport | null = null;
  try {
    for (const source of sources) {
      if (/\.har$/i.test(source)) har = importHar(source, recording, harBasePath);
      else if (values.record !== undefined && values.proxy === undefined)
        fail('--record DIR takes a HAR to import; --replay DIR reads a recording');
      else
        for (const [kind, rows] of Object.entries(Recording.read(source)))
          for (const row of rows as never[]) recording.adopt(kind as never, row);
    }
  } catch (err) {
    return fail(`cannot replay ${sources.join(' and ')}: ${(err as Error).message}`);
  }
  const readMs = performance.now() - readStarted;
  const readCpuMs = cpuMs() - readCpu;
  const at = startAt ?? seeded?.startAt ?? Date.now();
  const seedStarted = performance.now();
  const seedData = seeded?.data ?? generateWorld({ seed, scale, now: at });
  const seedMs = performance.now() - seedStarted;
  const mergeStarted = performance.now();
  const mergeCpu = cpuMs();
  const { world, report } = mergeRecording(seedData, recording.world(), values['replay-only']);
  const ms = Math.round(readMs + performance.now() - mergeStarted);
  const cpu = Math.round(readCpuMs + cpuMs() - mergeCpu);
  shareSeededData(seed, scale, at, world);
  return { at, report, har, recording, ms, cpuMs: cpu, seedMs: Math.round(seedMs), sources };
})();

const worlds = (() => {
  try {
    return new WorldRegistry({
      seed,
      scale,
      maxWorlds,
      maxNewWorldsPerMinute,
      // With --state, named worlds are kept as their changes over records generated for one instant: pinned to
      // this start's, so that they share one base and their restore generates it once (control/persistence.ts).
      startAt: startAt ?? replayed?.at ?? seeded?.startAt ?? (stateFile ? Date.now() : undefined),
      ...(stateFile ? { restoreDefault: stateFile.restore, onChange: stateFile.onChange, named: stateFile.named } : {}),
    });
  } catch (err) {
    // restore() names the file in its errors; a world the store cannot rebuild is named here.
    const message = (err as Error).message;
    return fail(
      stateFile && !message.includes(stateFile.path) ? `the state file ${stateFile.path} cannot be restored: ${message}` : message,
    );
  }
})();
// The file holds the world from the start (a new file gets the freshly generated world at once).
if (stateFile) {
  try {
    stateFile.onChange(worlds.defaultWorld);
  } catch (err) {
    fail(`cannot write the state file ${stateFile.path}: ${(err as Error).message}`);
  }
}
const allowOrigins = [...(values['allow-origin'] ?? []), ...(values['cors-origin'] ?? [])];
for (const origin of allowOrigins) {
  if (!/^https?:\/\/[^/\s]+$/.test(origin)) fail(`--allow-origin must be an origin such as https://qa.example:8443, got '${origin}'`);
}
// Listening on a specific address means being called by it: that name is allowed besides the loopback ones.
const allowHosts = [...(values['allow-host'] ?? []), ...(isWildcard(values.host) ? [] : [values.host])];
const journal = integer('journal', values.journal, DEFAULT_OPTIONS.journal, 0, 100_000);
const proxy = proxyOptions();
const mock = (() => {
  try {
    return createMockServer({ seed, scale, latencyMs, maxWorlds, allowOrigins, allowHosts, journal, worlds, proxy });
  } catch (err) {
    return fail((err as Error).message);
  }
})();

function proxyOptions(): ProxyOptions | undefined {
  if (values.proxy === undefined) {
    if (values['proxy-only'] !== undefined || values['proxy-timeout'] !== undefined)
      fail('--proxy-only and --proxy-timeout need --proxy URL');
    return undefined;
  }
  let upstream: URL;
  try {
    upstream = new URL(values.proxy);
  } catch {
    return fail(`--proxy must be the real server's URL, such as https://staging.example, got '${values.proxy}'`);
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') fail(`--proxy must be an http(s) URL, got '${values.proxy}'`);
  if (upstream.search || upstream.hash) fail(`--proxy takes no query or fragment, got '${values.proxy}'`);
  const only = values['proxy-only']
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (only?.length === 0) fail('--proxy-only needs at least one tag or operationId');
  let recording: Recording | undefined;
  try {
    recording = values.record === undefined ? undefined : new Recording(values.record);
  } catch (err) {
    return fail(`cannot record into ${values.record}: ${(err as Error).message}`);
  }
  return {
    upstream,
    only: only ?? null,
    timeoutMs: integer('proxy-timeout', values['proxy-timeout'], 10_000, 1, 600_000),
    recording,
    diff: values.diff,
  };
}

/** One line: what a replay imported, per kind, and how long the import took (the seed's records apart). */
function replaySummary(
  sources: string[],
  report: ReplayReport,
  har: HarImport | null,
  time: { ms: number; cpuMs: number; seedMs: number },
): string {
  const kinds = Object.entries(report.imported)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
  const dropped = Object.entries(report.dropped)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
  const harLine = har
    ? ` (HAR: ${har.entries} entries, ${har.matched} API calls at ${har.origin ?? 'no origin'}${harBasePath}, ${har.imported} imported, ${har.violations} violating kept out${har.otherOrigins ? `, ${har.otherOrigins} calls to other origins skipped` : ''})`
    : '';
  return (
    `${sources.join(' + ')}${harLine}: ${kinds || 'no records'} imported${values['replay-only'] ? ' alone (with the personas)' : ' over the seed'}` +
    `${dropped ? `; left out for want of their market or seller: ${dropped}` : ''}` +
    `${report.displaced ? `; ${report.displaced} seeded sellers and markets displaced` : ''} in ${time.ms} ms, ${time.cpuMs} ms of CPU` +
    ` (the seed's records apart: ${seeded ? 'read from the seed cache' : 'generated'} in ${time.seedMs} ms)`
  );
}

function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}
if (!isLoopbackHost(values.host)) {
  console.warn(
    `[mock] WARNING: --host ${values.host} makes the mock server reachable from other machines: anyone who can reach it can read every ` +
      `seeded account's personal data, sign in as any persona and change or reset worlds through /__mock. Requests must still name ` +
      `the server by a loopback name${isWildcard(values.host) ? '' : ` or ${values.host}`}; add the names others use with --allow-host NAME ` +
      `and the origins of pages that may change worlds with --allow-origin URL.`,
  );
}

const server: Server = createHttpServer(mock).listen(port, values.host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const base = `http://${values.host}:${actualPort}`;
  const ms = Math.round(performance.now() - started);
  const world = worlds.defaultWorld.store;
  console.log(
    `[mock] creator-market mock server ready in ${ms} ms (seed ${seed}, scale ${scale}: ${world.sellers.size} sellers, ${world.markets.size} markets, ${world.products.size} products)`,
  );
  if (seeded?.hit)
    console.log(
      `[mock]   seed cache     records read from ${cache.fileOf(seeded.key)}: worlds start at ${new Date(seeded.startAt).toISOString()}, when they were generated (--no-cache: generate them for now)`,
    );
  console.log(`[mock]   API            ${base}/`);
  console.log(`[mock]   ad service     ${base}/ads/request`);
  console.log(`[mock]   API docs       ${base}/docs   (OpenAPI: ${base}/openapi.json)`);
  console.log(`[mock]   control plane  ${base}/__mock   (personas: ${base}/__mock/personas, scenarios: ${base}/__mock/scenarios)`);
  if (proxy) {
    const forwarded = operations.filter((op) => forwardsOperation(proxy.only, op)).length;
    console.log(
      `[mock]   proxy          ${forwarded} of ${operations.length} product API operations forwarded to ${proxy.upstream.href} (timeout ${proxy.timeoutMs} ms); answers checked against the contract, violations in ${base}/__mock/requests`,
    );
  }
  if (proxy?.recording)
    console.log(
      `[mock]   record         conforming answers become records in ${proxy.recording.dir} (one JSON file per kind, personal data replaced); violating ones in violations.jsonl`,
    );
  if (proxy?.diff)
    console.log(`[mock]   diff           each forwarded request also answered in a shadow world; differences in ${base}/__mock/diff`);
  if (replayed) console.log(`[mock]   replay         ${replaySummary(replayed.sources, replayed.report, replayed.har, replayed)}`);
  if (stateFile)
    console.log(
      `[mock]   state file     ${stateFile.path}   (saved after every change; the first save took ${Math.round(stateFile.lastWrite?.ms ?? 0)} ms)`,
    );
});
// A start that generated its records saves them for the next one once it is serving (not in the start's time),
// encoded in 5 ms slices so requests are answered meanwhile (seconds of work at scale 10). Records are
// immutable values (a change puts a new record in the world's collections), so what is saved is what was made.
server.once('listening', () => {
  // What new worlds share with the default one (its search index, deferred at start, and its records frozen),
  // readied now in slices: the first X-Mock-World waits for neither.
  const sharingStarted = performance.now();
  void runInSlices(worlds.defaultWorld.store.sharingSteps(), 5).then(() => {
    const readiedMs = Math.round(performance.now() - sharingStarted);
    // Warm now: the code cache holds what the start compiled, so the next start skips compiling it. Saved
    // before the line below, so that whoever waits for that line finds the server done with its start.
    try {
      const file = bundleHost.saveCodeCache();
      if (file) console.log(`[mock]   code cache     saved to ${file} (the next start compiles nothing it holds)`);
    } catch (err) {
      console.warn(
        `[mock] WARNING: the code cache could not be saved (${(err as Error).message}); the next start compiles the bundle again`,
      );
    }
    console.log(`[mock]   new worlds     ready to share the default world's records (readied in ${readiedMs} ms)`);
  });
  if (!seeded || seeded.hit) return;
  const writeStarted = performance.now();
  runInSlices(cache.writeInSteps(seeded.key, seeded), 5).then(
    (file) =>
      console.log(
        `[mock]   seed cache     records saved to ${file} in ${Math.round(performance.now() - writeStarted)} ms (${seeded.reason === 'missing' ? 'none for today' : `the saved file was not used: ${seeded.reason}`})`,
      ),
    (err: Error) =>
      console.warn(`[mock] WARNING: the seed cache could not be written (${err.message}); the next start generates the records again`),
  );
});
server.on('error', (err) => fail(`cannot listen on ${values.host}:${port}: ${err.message}`));

function shutdown(signal: string) {
  console.log(`[mock] ${signal}: stopping`);
  stateFile?.flush();
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 1000).unref();
}
// Reliability runs start the server with --expose-gc and send SIGUSR2 before reading its RSS, so growth
// measures what is kept, not garbage waiting for a collection; the line it prints splits RSS into its parts.
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  process.on('SIGUSR2', () => {
    gc();
    const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
    const m = process.memoryUsage();
    console.log(
      `[mock] memory after gc: rss ${mb(m.rss)} heapTotal ${mb(m.heapTotal)} heapUsed ${mb(m.heapUsed)} external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)} MB`,
    );
  });
}

process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
