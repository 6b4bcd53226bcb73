#!/usr/bin/env node
// `pnpm shared-host`: one QA host for everyone, past one process (docs/shared-host.md). N mock processes,
// each with its own --state file, behind HAProxy routing by a consistent hash of X-Mock-World.
//
//   pnpm shared-host --processes 3 [--port 4020] [--bind 127.0.0.1] [--dir .tmp/shared-host] [-- mock flags...]
//   pnpm shared-host fanout GET /__mock/worlds [--dir DIR]                  every process answers (bypassing HAProxy)
//   pnpm shared-host fanout PUT /__mock/latency '{"ms":300}' [--world W]    the same call to every process's world W
//
// The processes listen on the ports after --port (4021, 4022, ...); run.mjs writes them to DIR/shared-host.json,
// which `fanout` reads. Ctrl-C stops HAProxy and every process (each saves what it has not saved yet).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { haproxyInstalled, startSharedHost } from './host.mjs';

const argv = process.argv.slice(2).filter((arg, i, all) => !(arg === '--' && all.indexOf('--') === i && i === 0));
const separator = argv.indexOf('--');
const own = separator === -1 ? argv : argv.slice(0, separator);
const mockFlags = separator === -1 ? [] : argv.slice(separator + 1);

const { values, positionals } = parseArgs({
  args: own,
  allowPositionals: true,
  options: {
    processes: { type: 'string', default: '3' },
    port: { type: 'string', default: '4020' },
    bind: { type: 'string', default: '127.0.0.1' },
    dir: { type: 'string', default: '.tmp/shared-host' },
    world: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const dir = resolve(values.dir);

if (values.help) {
  console.log(
    readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .slice(1, 12)
      .join('\n')
      .replaceAll('// ', ''),
  );
  process.exit(0);
}

if (positionals[0] === 'fanout') await fanout(positionals.slice(1));
else await serve();

async function serve() {
  const count = Number(values.processes);
  const port = Number(values.port);
  if (!Number.isInteger(count) || count < 1 || count > 32) fail(`--processes must be 1 to 32, got '${values.processes}'`);
  if (!Number.isInteger(port) || port < 1 || port + count > 65535) fail(`--port must be a port, got '${values.port}'`);
  if (!(await haproxyInstalled()))
    fail("HAProxy is not installed: `sudo apt-get install -y haproxy` (Debian's package), or ./scripts/bootstrap.sh --browser");
  const processPorts = Array.from({ length: count }, (_, i) => port + 1 + i);
  // Each process holds about 1/N of the host's worlds; 256 each (a later --max-worlds, after --, wins).
  // The names clients use for the host are the processes' to allow: `-- --allow-host qa-mock.internal`.
  const flags = ['--max-worlds', '256', ...mockFlags];
  const host = await startSharedHost({ count, port, processPorts, dir, mockFlags: flags, bind: values.bind, log: console.log });
  writeFileSync(
    join(dir, 'shared-host.json'),
    JSON.stringify(
      { baseUrl: host.baseUrl, processes: host.processes.map(({ name, port: p, stateFile }) => ({ name, port: p, stateFile })) },
      null,
      2,
    ),
  );
  console.log(
    `[shared-host] ready: ${host.baseUrl} (${count} processes; the default world is p0's; \`pnpm shared-host fanout GET /__mock/worlds\` asks them all)`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('[shared-host] stopping');
    await host.stop();
    process.exit(0);
  };
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // A process that dies is not restarted here: its worlds answer 503 until `pnpm shared-host` is run again.
  for (const p of host.processes)
    void p.mock.child.on('exit', (code, signal) => {
      if (!stopping) console.log(`[shared-host] ${p.name} exited (${signal ?? code}): its worlds answer 503 until it is started again`);
    });
}

/** Sends one control call to every process directly and prints each answer. */
/** @param {string[]} args METHOD /path [JSON body] */
async function fanout(args) {
  const [method, path, body] = args;
  if (!method || !path?.startsWith('/')) fail('usage: pnpm shared-host fanout METHOD /path [JSON body] [--world NAME] [--dir DIR]');
  let layout;
  try {
    layout = JSON.parse(readFileSync(join(dir, 'shared-host.json'), 'utf8'));
  } catch {
    fail(`no running shared host described in ${join(dir, 'shared-host.json')} (start one with pnpm shared-host, or give its --dir)`);
  }
  let failed = 0;
  for (const p of layout.processes) {
    const headers = { ...(body ? { 'content-type': 'application/json' } : {}), ...(values.world ? { 'x-mock-world': values.world } : {}) };
    try {
      const res = await fetch(`http://127.0.0.1:${p.port}${path}`, { method: method.toUpperCase(), headers, body });
      const text = await res.text();
      if (!res.ok) failed += 1;
      console.log(`${p.name} (:${p.port}) ${res.status} ${text.length > 2000 ? `${text.slice(0, 2000)}…` : text}`);
    } catch (err) {
      failed += 1;
      console.log(`${p.name} (:${p.port}) no answer: ${err.cause?.code ?? err.message}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

function fail(message) {
  console.error(`[shared-host] ${message}`);
  process.exit(2);
}
