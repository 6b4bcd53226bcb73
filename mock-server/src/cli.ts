// `pnpm mock`: starts the mock server. Flags: --port N (or PORT), --host H, --seed N, --scale K,
// --latency MS, --state FILE, --max-worlds N, --allow-origin URL and --allow-host NAME (repeatable).
import { createServer, type Server } from 'node:http';
import { parseArgs } from 'node:util';
import { isLoopbackHost } from './http/access-policy';
import { createMockServer, DEFAULT_OPTIONS } from './server';
import { WorldRegistry } from './world/registry';
import { openStateFile } from './control/persistence';

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
        'allow-origin': { type: 'string', multiple: true },
        // The first name of --allow-origin, kept for scripts written before it.
        'cors-origin': { type: 'string', multiple: true },
        'allow-host': { type: 'string', multiple: true },
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
    'Usage: pnpm mock [--port 4010] [--host 127.0.0.1] [--seed 1] [--scale 1] [--latency 0] [--state FILE] [--max-worlds 16] [--max-new-worlds-per-minute 120] [--journal 1000] [--allow-origin URL]... [--allow-host NAME]...',
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
const stateFile = values.state ? openStateFile(values.state) : null;
const worlds = (() => {
  try {
    return new WorldRegistry({
      seed,
      scale,
      maxWorlds,
      maxNewWorldsPerMinute,
      ...(stateFile ? { restoreDefault: stateFile.restore, onChange: stateFile.onChange } : {}),
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
const { listener } = createMockServer({ seed, scale, latencyMs, maxWorlds, allowOrigins, allowHosts, journal, worlds });

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

const server: Server = createServer(listener).listen(port, values.host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const base = `http://${values.host}:${actualPort}`;
  const ms = Math.round(performance.now() - started);
  const world = worlds.defaultWorld.store;
  console.log(
    `[mock] creator-market mock server ready in ${ms} ms (seed ${seed}, scale ${scale}: ${world.sellers.size} sellers, ${world.markets.size} markets, ${world.products.size} products)`,
  );
  console.log(`[mock]   API            ${base}/`);
  console.log(`[mock]   ad service     ${base}/ads/request`);
  console.log(`[mock]   API docs       ${base}/docs   (OpenAPI: ${base}/openapi.json)`);
  console.log(`[mock]   control plane  ${base}/__mock   (personas: ${base}/__mock/personas, scenarios: ${base}/__mock/scenarios)`);
  if (stateFile)
    console.log(
      `[mock]   state file     ${stateFile.path}   (saved after every change; the first save took ${Math.round(stateFile.lastWrite?.ms ?? 0)} ms)`,
    );
});
server.on('error', (err) => fail(`cannot listen on ${values.host}:${port}: ${(err as Error).message}`));

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
