// @ts-check
// A deliberately wrong server for the conformance kit's own test: a small node:http server that forwards
// every request to a conforming server (our mock) and breaks the answers of a handful of operations in the
// ways a real backend drifts from its contract. PLANTED lists each break as the kit must report it.
//
//   node scripts/test/support/planted-server.mjs --upstream http://127.0.0.1:4010 [--port 4020]
import { createServer, request } from 'node:http';
import { parseArgs } from 'node:util';
import { listenOnLoopback } from '../../bench/processes.mjs';

/**
 * @typedef {{status: number, headers: Record<string, string | string[] | undefined>, body: Buffer}} Answer
 * @typedef {{operationId: string, label: string, where: string, what: string,
 *   applies: (method: string, path: string, authorized: boolean) => boolean, change: (answer: Answer) => void}} Plant
 */

/** @param {Answer} answer @param {(body: any) => void} edit */
function editJson(answer, edit) {
  const body = JSON.parse(answer.body.toString('utf8'));
  edit(body);
  answer.body = Buffer.from(JSON.stringify(body));
}

/** Every planted violation: where the kit must find it (operation, call, location) and how it is made. */
/** @type {Plant[]} */
export const PLANTED = [
  {
    operationId: 'listOpenedMarkets',
    label: 'read',
    where: '/data/0/marketPublicId',
    what: 'a wrong type (an integer sent as a string)',
    applies: (method, path) => method === 'GET' && path === '/common/v2/opened-market',
    change: (answer) =>
      editJson(answer, (body) => {
        body.data[0].marketPublicId = String(body.data[0].marketPublicId);
      }),
  },
  {
    operationId: 'getMe',
    label: 'read',
    where: '/data/user/uid',
    what: 'a required field missing',
    applies: (method, path, authorized) => method === 'GET' && path === '/user/me' && authorized,
    change: (answer) =>
      editJson(answer, (body) => {
        delete body.data.user.uid;
      }),
  },
  {
    operationId: 'listRooms',
    label: 'read',
    where: '/data/0/extra',
    what: 'a property the closed schema does not have',
    applies: (method, path, authorized) => method === 'GET' && path === '/room' && authorized,
    change: (answer) =>
      editJson(answer, (body) => {
        body.data[0].extra = 1;
      }),
  },
  {
    operationId: 'getHotKeywords',
    label: 'read',
    where: 'status',
    what: 'an undeclared status (418)',
    applies: (method, path) => method === 'GET' && path === '/common/v2/search-keyword',
    change: (answer) => {
      answer.status = 418;
    },
  },
  {
    operationId: 'listAddresses',
    label: 'read',
    where: 'content-type',
    what: 'a wrong Content-Type (text/plain for a JSON body)',
    applies: (method, path, authorized) => method === 'GET' && path === '/address/list' && authorized,
    change: (answer) => {
      answer.headers['content-type'] = 'text/plain; charset=utf-8';
    },
  },
  {
    operationId: 'listDevices',
    label: 'no token -> 401',
    where: 'status',
    what: 'no 401 without a token (answers 200 with an empty list)',
    applies: (method, path, authorized) => method === 'GET' && path === '/device' && !authorized,
    change: (answer) => {
      answer.status = 200;
      answer.body = Buffer.from(JSON.stringify({ data: [] }));
      answer.headers['content-type'] = 'application/json; charset=utf-8';
    },
  },
];

/**
 * Starts the planted server in front of `upstream` on a free loopback port.
 * @param {string} upstream the conforming server's origin
 */
export async function startPlantedServer(upstream) {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const plant = PLANTED.find((p) => p.applies(req.method ?? 'GET', path, Boolean(req.headers.authorization)));
    const forward = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (upstreamRes) => {
        /** @type {Buffer[]} */
        const chunks = [];
        upstreamRes.on('data', (chunk) => chunks.push(chunk));
        upstreamRes.on('end', () => {
          /** @type {Answer} */
          const answer = { status: upstreamRes.statusCode ?? 502, headers: { ...upstreamRes.headers }, body: Buffer.concat(chunks) };
          plant?.change(answer);
          delete answer.headers['transfer-encoding'];
          answer.headers['content-length'] = String(answer.body.length);
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
        });
      },
    );
    forward.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`planted server: upstream ${upstream} failed: ${error.message}`);
    });
    req.pipe(forward);
  });
  return listenOnLoopback(server);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { upstream: { type: 'string' } } });
  if (!values.upstream) {
    console.error('Usage: node scripts/test/support/planted-server.mjs --upstream http://127.0.0.1:4010');
    process.exit(2);
  }
  const { origin } = await startPlantedServer(values.upstream);
  console.log(`planted-violations server on ${origin}, forwarding to ${values.upstream}; planted:`);
  for (const p of PLANTED) console.log(`  ${p.operationId} (${p.label}) ${p.where}: ${p.what}`);
}
