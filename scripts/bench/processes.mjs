// Child processes of the bench and the reliability suite: the mock server's CLI, the peer servers and
// Prism. Each is started on a free loopback port, waited for, measured (/proc RSS) and stopped by its pid.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MOCK_CLI = `${REPO_ROOT}mock-server/bin/mock.mjs`;
export const HOST = '127.0.0.1';

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Listens with an http `server` on a free loopback port; resolves with its origin and a close that also ends
 * kept-alive connections (a browser holds them open).
 */
export async function listenOnLoopback(server) {
  const port = await freePort();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, resolve);
  });
  return {
    origin: `http://${HOST}:${port}`,
    close: () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        })
      ),
  };
}

/** Resident set size of a process in MB, from /proc/<pid>/status (VmRSS), or null when it is gone. */
export function rssMb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time a process has used so far, in ms (null when it is gone): the run time of each of its threads from
 * /proc/<pid>/task/<tid>/schedstat, which the scheduler keeps in ns. /proc/<pid>/stat's utime and stime count
 * 10 ms ticks: on a loaded machine a quick run's 2 s serve a few hundred requests, and ticks then made their
 * CPU per request a guess (one tick more or less was 100 µs a request). Falls back to stat without schedstat.
 */
export function cpuTimeMs(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    }
    return ns / 1e6;
  } catch {
    return ticksCpuTimeMs(pid);
  }
}

function ticksCpuTimeMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Spawns a process and resolves once a line of its output matches `readyLine` (or once `probe` succeeds),
 * with the wall time from spawn to ready. Rejects when it exits first or takes longer than `timeoutMs`.
 * @param {{command: string, args: string[], cwd?: string, env?: Record<string, string>, readyLine?: RegExp,
 *   probe?: () => Promise<unknown>, timeoutMs?: number, label: string, onLine?: (line: string) => void}} options
 */
export function startProcess({ command, args, cwd = REPO_ROOT, env = {}, readyLine, probe, timeoutMs = 60_000, label, onLine }) {
  const started = performance.now();
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  liveChildren.add(child);
  const output = [];
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      liveChildren.delete(child);
      exited = { code, signal };
      resolve(exited);
    });
  });

  const ready = new Promise((resolve, reject) => {
    let done = false;
    const finish = (/** @type {Error | null} */ error, /** @type {unknown} */ info = undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(poller);
      if (error) reject(error);
      else resolve(info);
    };
    const lineSeen = (line) => {
      onLine?.(line);
      output.push(line);
      if (output.length > 200) output.shift();
      const match = readyLine && readyLine.exec(line);
      if (match) finish(null, { readyMs: performance.now() - started, match });
    };
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        lines.forEach(lineSeen);
      });
    }
    const timer = setTimeout(
      () => finish(new Error(`${label} not ready after ${timeoutMs} ms:\n${output.slice(-20).join('\n')}`)),
      timeoutMs,
    );
    const poller = probe
      ? setInterval(() => {
          void probe()
            .catch(() => false)
            .then((ready) => ready && finish(null, { readyMs: performance.now() - started, match: null }));
        }, 100)
      : undefined;
    void exitPromise.then(({ code, signal }) =>
      finish(new Error(`${label} exited (code ${code}, signal ${signal}) before it was ready:\n${output.slice(-20).join('\n')}`)),
    );
  });

  const handle = {
    child,
    pid: child.pid,
    output,
    get exited() {
      return exited;
    },
    rssMb: () => rssMb(child.pid),
    /** SIGTERM, then SIGKILL if it is still running after `graceMs`. */
    async stop(graceMs = 3000) {
      if (exited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exitPromise;
      clearTimeout(timer);
      return result;
    },
    /** kill -9: no chance to flush anything. */
    async kill9() {
      if (exited) return exited;
      child.kill('SIGKILL');
      return exitPromise;
    },
  };
  return ready.then((info) => Object.assign(handle, info));
}

const MOCK_READY = /\[mock\] creator-market mock server ready in (\d+) ms/;

/** Resolves once `condition()` holds (checked every 20 ms); rejects after `timeoutMs`, naming `what` it waited for. */
export async function waitUntil(/** @type {() => boolean} */ condition, /** @type {string} */ what, timeoutMs = 120_000) {
  for (let waited = 0; waited < timeoutMs; waited += 20) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/**
 * Resolves once a mock CLI has readied what new worlds share with its default world (search index, frozen
 * records: its `new worlds ready` line), work it does in slices after its ready line, and has saved its code
 * cache (just before that line) if it had none.
 * @param {{output: string[]}} mock
 */
export function worldsReadied(mock) {
  return waitUntil(
    () => mock.output.some((line) => /\[mock\]\s+new worlds\s+ready/.test(line)),
    "the mock server's 'new worlds ready' line",
  );
}

/**
 * Starts the mock server's CLI (`node mock-server/bin/mock.mjs --port N ...flags`; `cli`: another checkout's). Resolves with the handle,
 * its base URL, `readyMs` (spawn to the ready line, wall time) and `selfReportedMs` (the CLI's own figure).
 */
/**
 * @param {{port?: number, flags?: string[], timeoutMs?: number, nodeOptions?: string[], onLine?: (line: string) => void, cli?: string}} [options]
 */
export async function startMockCli({ port, flags = [], timeoutMs = 120_000, nodeOptions = [], onLine, cli = MOCK_CLI } = {}) {
  const chosenPort = port ?? (await freePort());
  const handle = await startProcess({
    command: process.execPath,
    args: [...nodeOptions, cli, '--port', String(chosenPort), '--host', HOST, ...flags],
    readyLine: MOCK_READY,
    timeoutMs,
    label: 'mock server',
    onLine,
  });
  return Object.assign(handle, {
    baseUrl: `http://${HOST}:${chosenPort}`,
    port: chosenPort,
    selfReportedMs: Number(handle.match[1]),
  });
}

// No child outlives the script that started it (normal exit, Ctrl-C, an uncaught error).
const liveChildren = new Set();
process.on('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => process.exit(130));
}

/** Starts a bench peer (`bare` node:http or plain `express`) serving the routes in `routesFile`. */
export async function startPeer(kind, routesFile) {
  const port = await freePort();
  const handle = await startProcess({
    command: process.execPath,
    args: [fileURLToPath(new URL('./peer-server.mjs', import.meta.url)), '--kind', kind, '--port', String(port), '--routes', routesFile],
    readyLine: /\[peer\] ready/,
    timeoutMs: 15_000,
    label: `peer ${kind}`,
  });
  return Object.assign(handle, { baseUrl: `http://${HOST}:${port}`, port });
}

/**
 * The CPU a bare node start costs to its first line, in ms: the floor a mock server's start is compared with
 * (the bench's start gate, start-cpu.mjs), so that the ratio is one the machine's speed cancels out of.
 */
export async function bareNodeStartCpuMs() {
  const bare = await startProcess({
    command: process.execPath,
    args: ['-e', "console.log('ready'); setInterval(() => {}, 1000)"],
    readyLine: /^ready$/,
    label: 'bare node',
  });
  const cpu = cpuTimeMs(bare.pid);
  await bare.stop();
  return cpu;
}
