// One shared QA host: N mock processes, each with its own --state file, behind HAProxy, which sends every
// request to the process that holds its world (docs/shared-host.md). Used by `pnpm shared-host` (run.mjs)
// and its CI test (test.mjs).
//
// Routing, in HAProxy's terms:
//   frontend `shared-host`   requests without X-Mock-World (or naming `default`) -> backend p0, the process
//                            of the default world; every other request -> backend `worlds`.
//   backend `worlds`         `balance hdr(X-Mock-World)` + `hash-type consistent` over one server per process,
//                            each an internal hop to that process's own frontend. These servers have no
//                            health check, so the ring never changes while a process is down: a world is
//                            never moved to another process (where it would be a fresh, empty world, and
//                            come back stale when its process returns).
//   backend p<i>             the process itself, health-checked (GET /__mock/personas every second): while it
//                            is down, its worlds answer at once HAProxy's 503 in the catalogue's error shape
//                            (errorfile), not a hang, and the other processes' worlds are untouched.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { startMockCli, startProcess } from '../bench/processes.mjs';

// Debian puts it in /usr/sbin, which is not on every user's PATH.
export const HAPROXY = process.env.HAPROXY ?? (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');
export const HOST = '127.0.0.1';

/** The catalogue-shaped bodies of the answers HAProxy makes itself (SPEC's `{data: code, message}`). */
export const PROXY_ERRORS = {
  502: {
    reason: 'Bad Gateway',
    data: 'bad-gateway',
    message: '이 세계를 맡은 목 서버 프로세스가 올바른 HTTP 응답 없이 연결을 끊었어요.',
  },
  503: {
    reason: 'Service Unavailable',
    data: 'service-unavailable',
    message:
      '이 세계를 맡은 목 서버 프로세스가 지금 응답하지 않아요. 프로세스가 다시 시작되면 저장된 세계로 돌아와요. 잠시 후 다시 시도해주세요.',
  },
  504: {
    reason: 'Gateway Timeout',
    data: 'gateway-timeout',
    message: '이 세계를 맡은 목 서버 프로세스가 제한 시간 안에 응답하지 않았어요.',
  },
};

/** An HTTP answer file for HAProxy's `errorfile`: JSON in the catalogue's shape, never cached. */
export function errorFileText(status) {
  const { reason, data, message } = PROXY_ERRORS[status];
  const body = JSON.stringify({ data, message });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'content-type: application/json; charset=utf-8',
    'cache-control: no-store',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * HAProxy's configuration for `processes` (each {name, port}) behind `port`; the error files go in `dir`.
 * @param {{port: number, processes: {name: string, port: number}[], dir: string, bind?: string}} options
 */
export function haproxyConfig({ port, processes, dir, bind = HOST }) {
  const hop = (name) => `abns@creator-market-shared-host-${port}-${name}`;
  const [first] = processes;
  return `# Made by scripts/shared-host/host.mjs (docs/shared-host.md); do not edit, it is written at every start.
global
    maxconn 4000
    # One thread: the mock processes are the work; HAProxy forwards (2-core machines).
    nbthread 1
    stats socket ${join(dir, 'haproxy.sock')} mode 600 level admin

defaults
    mode http
    option http-keep-alive
    # Loopback: a connection is made at once or refused. A retry waits min(this, 1 s) first.
    timeout connect 300ms
    timeout client 150s
    # A world's latency or slow:MS scenario may hold an answer up to 120 s (--latency's bound).
    timeout server 150s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 2s
    # A refused connection (a process just killed, not yet marked down) is retried once, never elsewhere.
    retries 1
    no option redispatch
    errorfile 502 ${join(dir, '502.http')}
    errorfile 503 ${join(dir, '503.http')}
    errorfile 504 ${join(dir, '504.http')}

frontend shared-host
    bind ${bind}:${port}
    acl has_world req.hdr(X-Mock-World) -m found
    acl default_world req.hdr(X-Mock-World) -m str default
    acl blank_world req.hdr(X-Mock-World) -m len 0
    # The default world lives in ${first.name}: requests that name no world go there.
    use_backend ${first.name} if !has_world or default_world or blank_world
    default_backend worlds

backend worlds
    balance hdr(X-Mock-World)
    hash-type consistent
${processes.map((p) => `    server ${p.name} ${hop(p.name)}`).join('\n')}
${processes
  .map(
    (p) => `
frontend ${p.name}-hop
    bind ${hop(p.name)}
    default_backend ${p.name}

backend ${p.name}
    option httpchk
    http-check send meth GET uri /__mock/personas ver HTTP/1.1 hdr Host ${HOST}
    http-check expect status 200
    server ${p.name} ${HOST}:${p.port} check inter 1s fastinter 250ms downinter 500ms fall 2 rise 1`,
  )
  .join('\n')}
`;
}

/** Resolves with a port in [from, to] nobody listens on (the project's test servers use 4300-4399). */
export async function freePortIn(from, to, taken = new Set()) {
  for (let port = from; port <= to; port++) {
    if (taken.has(port)) continue;
    const free = await new Promise((done) => {
      const server = net.createServer();
      server.once('error', () => done(false));
      server.listen(port, HOST, () => server.close(() => done(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from} to ${to}`);
}

/**
 * Starts the shared host: `count` mock processes (p0 .. p<count-1>, p0 holding the default world), each with
 * `--state <dir>/<name>.json`, and HAProxy in front on `port`. `mockFlags` go to every process.
 * @param {{count: number, port: number, processPorts: number[], dir: string, mockFlags?: string[], bind?: string,
 *   log?: (line: string) => void}} options
 */
export async function startSharedHost({ count, port, processPorts, dir, mockFlags = [], bind = HOST, log = () => {} }) {
  const folder = resolve(dir);
  mkdirSync(folder, { recursive: true });
  const processes = Array.from({ length: count }, (_, i) => ({
    name: `p${i}`,
    port: processPorts[i],
    stateFile: join(folder, `p${i}.json`),
    mock: null,
  }));
  for (const status of [502, 503, 504]) writeFileSync(join(folder, `${status}.http`), errorFileText(status));
  const configFile = join(folder, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ port, processes, dir: folder, bind }));

  const startOne = async (p) => {
    p.mock = await startMockCli({ port: p.port, flags: ['--state', p.stateFile, ...mockFlags] });
    log(`[shared-host] ${p.name} ready on ${p.mock.baseUrl} in ${Math.round(p.mock.readyMs)} ms (state ${p.stateFile})`);
    return p.mock;
  };
  // One at a time: two cores, and each start is CPU-bound.
  for (const p of processes) await startOne(p);

  const haproxy = await startProcess({
    command: HAPROXY,
    // -db: foreground, no daemon: stopped by its pid like every other child.
    args: ['-db', '-f', configFile],
    label: 'haproxy',
    probe: () => fetch(`http://${HOST}:${port}/__mock/personas`).then((res) => res.ok),
    timeoutMs: 15_000,
  });
  log(`[shared-host] HAProxy on http://${bind}:${port} (config ${configFile})`);

  return {
    baseUrl: `http://${HOST}:${port}`,
    port,
    processes,
    haproxy,
    configFile,
    /** Starts a stopped or killed process again from its --state file. */
    restart: (name) => startOne(processes.find((p) => p.name === name)),
    async stop() {
      await haproxy.stop();
      await Promise.all(processes.map((p) => p.mock?.stop()));
    },
  };
}

/** HAProxy's view of each process (`show servers state`): name -> 'UP' | 'DOWN' | ..., read from its stats socket. */
export function serverStates(dir) {
  return new Promise((done, fail) => {
    const socket = net.createConnection(join(resolve(dir), 'haproxy.sock'));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', fail);
    socket.on('end', () => {
      const states = {};
      // show stat's CSV: pxname,svname,...,status (18th field)
      for (const line of text.split('\n')) {
        const fields = line.split(',');
        if (fields.length > 17 && /^p\d+$/.test(fields[0]) && fields[1] === fields[0]) states[fields[0]] = fields[17];
      }
      done(states);
    });
    socket.end('show stat\n');
  });
}

/** Whether HAProxy is installed (`haproxy -v`). */
export function haproxyInstalled() {
  return new Promise((done) => {
    const child = spawn(HAPROXY, ['-v'], { stdio: 'ignore' });
    child.on('error', () => done(false));
    child.on('exit', (code) => done(code === 0));
  });
}
