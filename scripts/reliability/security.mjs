#!/usr/bin/env node
// @ts-check
// The security suite: against a fresh mock server CLI, what an attacker's web page or a careless client
// would try (issue: "safe on a developer's laptop"), each asserting the refusal, and at the end that the
// default world is exactly as it was (GET /__mock/state before and after, but for the clock's reading).
// Attacks that must change something to prove a point (the clock, hot keywords) run in worlds of their own.
//
//   node scripts/reliability/security.mjs [--out artifacts/security.json]
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '../bench/http.mjs';
import { errorCodeOf } from '../lib/error-body.mjs';
import { REPO_ROOT, startMockCli } from '../bench/processes.mjs';
import { login, payload } from '../bench/world.mjs';

const { values } = parseArgs({ options: { out: { type: 'string', default: join(REPO_ROOT, 'artifacts/security.json') } } });

const EVIL = 'https://evil.example';
const SELLER_MARKET = 'mallang_studio:4';

/** @param {string} text */
const withoutClock = (text) => text.replace(/"clockOffsetMs":-?\d+/, '').replace(/"now":"[^"]*"/, '');

/** Raw bytes to the server and what comes back before it closes (request smuggling shapes). @param {number} port @param {string} bytes */
function rawExchange(port, bytes) {
  return new Promise((resolveExchange) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (/** @type {string} */ chunk) => (answer += chunk));
    socket.on('close', () => resolveExchange(answer));
    socket.on('error', () => resolveExchange(answer));
    socket.setTimeout(5000, () => socket.destroy());
  });
}

const WORLDS_PER_MINUTE = 12;
const mock = await startMockCli({ flags: ['--max-worlds', '32', '--max-new-worlds-per-minute', String(WORLDS_PER_MINUTE)] });
const client = createClient(mock.baseUrl);
/** @type {{group: string, attack: string, expected: string, got: string, ok: boolean}[]} */
const rows = [];

/**
 * One attack: `send` makes the request, `expect` the statuses that count as refused.
 * @param {string} group @param {string} attackName @param {() => Promise<{status: number, text: string}>} send
 * @param {number[]} expected @param {(res: {status: number, text: string}) => string | null} [extra] another check; a string is a failure
 */
async function attack(group, attackName, send, expected, extra) {
  let got;
  let ok;
  try {
    const res = await send();
    const problem = expected.includes(res.status) ? (extra?.(res) ?? null) : null;
    ok = expected.includes(res.status) && problem === null && !/\bat \S+ \(|Error:/.test(res.text);
    got = `${res.status}${problem ? ` (${problem})` : ''}`;
  } catch (error) {
    ok = false;
    got = `threw: ${error instanceof Error ? error.message : String(error)}`;
  }
  rows.push({ group, attack: attackName, expected: expected.join('/'), got, ok });
}

/** @param {{text: string}} res */
const code = (res) => {
  try {
    return errorCodeOf(JSON.parse(res.text));
  } catch {
    return undefined;
  }
};
/** @param {import('../lib/error-body.mjs').ErrorCode} want */
const hasCode = (want) => (/** @type {{text: string}} */ res) => (code(res) === want ? null : `code ${code(res)}, expected ${want}`);

let failed = false;
try {
  const before = withoutClock((await client.ok('GET', '/__mock/state')).text);
  const buyer = await login(client, 'buyer');
  const other = await login(client, 'buyer-new');

  // ---------------------------------------------------------------- other sites' pages
  const csrf = 'cross-site page';
  await attack(
    csrf,
    'POST /__mock/reset, text/plain body, Origin evil',
    () => client.call('POST', '/__mock/reset', { rawBody: 'x', headers: { origin: EVIL, 'content-type': 'text/plain' } }),
    [403],
    hasCode('forbidden'),
  );
  await attack(
    csrf,
    'POST /__mock/reset, JSON, Origin evil',
    () => client.call('POST', '/__mock/reset', { body: {}, headers: { origin: EVIL } }),
    [403],
  );
  await attack(
    csrf,
    'POST /__mock/markets/{id}/open, Origin null (sandboxed frame)',
    () => client.call('POST', `/__mock/markets/${SELLER_MARKET}/open`, { body: {}, headers: { origin: 'null' } }),
    [403],
  );
  await attack(
    csrf,
    'POST /__mock/receipts/{id}/deposit, Origin evil',
    () => client.call('POST', '/__mock/receipts/000000000001/deposit', { headers: { origin: EVIL } }),
    [403],
  );
  await attack(
    csrf,
    'PUT /__mock/state, text/plain body, no Origin',
    () => client.call('PUT', '/__mock/state', { rawBody: '{}', headers: { 'content-type': 'text/plain' } }),
    [415],
    hasCode('unsupported-media-type'),
  );
  await attack(
    csrf,
    'POST /__mock/login, text/plain; x=json',
    () => client.call('POST', '/__mock/login', { rawBody: '{"persona":"buyer"}', headers: { 'content-type': 'text/plain; x=json' } }),
    [415],
  );

  // ---------------------------------------------------------------- DNS rebinding
  const rebinding = 'DNS rebinding (Host)';
  for (const [method, path] of [
    ['GET', '/__mock/state'],
    ['POST', '/__mock/login'],
    ['GET', '/user/me'],
    ['GET', '/docs'],
    ['GET', '/auth/v2/kakao?state=http://localhost:5173&persona=buyer'],
  ]) {
    await attack(
      rebinding,
      `${method} ${path.split('?')[0]}, Host evil.example`,
      () =>
        client.call(method, path, {
          token: buyer.token,
          headers: { host: 'evil.example:4010' },
          ...(method === 'POST' ? { body: { persona: 'buyer' } } : {}),
        }),
      [403],
      hasCode('forbidden'),
    );
  }

  // ---------------------------------------------------------------- open redirects with a token or a result
  const redirects = 'redirects';
  await attack(
    redirects,
    'sign-in state=https://evil.example (token in the URL)',
    () => client.call('GET', `/auth/v2/kakao?state=${encodeURIComponent(EVIL)}&persona=buyer`),
    [403],
    (res) => (/token=/.test(res.text) ? 'a token in the answer' : null),
  );
  await attack(
    redirects,
    'Apple sign-in page for another origin',
    () => client.call('GET', `/auth/v2/apple?state=${encodeURIComponent(EVIL)}`),
    [403],
  );
  await attack(
    redirects,
    'card page origin=https://evil.example',
    () => client.call('GET', `/__pay/card?oid=000000000001&key=x&origin=${encodeURIComponent(EVIL)}`),
    [403],
  );
  await attack(
    redirects,
    'naver pay params for another origin',
    () => client.call('GET', `/hecto/naver/param?receipt=000000000001&origin=${encodeURIComponent(EVIL)}`, { token: buyer.token }),
    [403],
  );

  // ---------------------------------------------------------------- values that could break a world
  const values_ = 'field values';
  const clockWorld = 'security-clock';
  await attack(
    values_,
    'PUT /__mock/clock now=8640000000000000',
    () => client.call('PUT', '/__mock/clock', { body: { now: 8640000000000000 }, world: clockWorld }),
    [400],
  );
  await attack(
    values_,
    'PUT /__mock/clock offsetMs past 2100',
    () => client.call('PUT', '/__mock/clock', { body: { offsetMs: 3153600000000 }, world: clockWorld }),
    [400],
  );
  await client.ok('PUT', '/__mock/clock', { body: { now: '2099-12-30T00:00:00Z' }, world: clockWorld });
  await attack(
    values_,
    'POST /__mock/clock/advance, repeated past 2100',
    async () => {
      let last = { status: 200, text: '' };
      for (let i = 0; i < 5 && last.status === 200; i++)
        last = await client.call('POST', '/__mock/clock/advance', { body: { ms: 86_400_000 }, world: clockWorld });
      return last;
    },
    [400],
  );
  await attack(
    values_,
    '…and the world still answers (GET /common/v2/opened-market)',
    () => client.call('GET', '/common/v2/opened-market', { world: clockWorld }),
    [200],
  );
  await attack(
    values_,
    'PUT /__mock/state with clockOffsetMs 8.64e15',
    async () => {
      const snapshot = payload(await client.ok('GET', '/__mock/state', { world: 'security-snapshot' }));
      return client.call('PUT', '/__mock/state', { body: { ...snapshot, clockOffsetMs: 8.64e15 }, world: 'security-snapshot' });
    },
    [400],
  );
  for (const key of ['__proto__', 'constructor', 'toString']) {
    await attack(values_, `GET /uploads/profiles/${key}.png`, () => client.call('GET', `/uploads/profiles/${key}.png`), [404]);
  }
  await attack(
    values_,
    'GET /ads/request?unit=constructor',
    () =>
      client.call('GET', '/ads/request?unit=constructor&uid=u-1740903300000&pf=web&lcl=ko_KR', {
        headers: { authorization: 'cm-ads-dev-key' },
      }),
    [200],
    (res) => (JSON.parse(res.text).result !== null ? 'an ad for an unknown unit' : null),
  );
  await attack(
    values_,
    'API body as text/plain; x=json',
    () =>
      client.call('POST', '/subscribe/add', {
        token: buyer.token,
        rawBody: '{"sellerId":"mallang_studio"}',
        headers: { 'content-type': 'text/plain; x=json' },
      }),
    [400],
  );

  // ---------------------------------------------------------------- accounts and tokens (checks that already held)
  const accounts = 'accounts';
  await attack(
    accounts,
    'forged token (bad signature)',
    () => client.call('GET', '/user/me', { token: `${buyer.token.slice(0, -4)}AAAA` }),
    [401],
  );
  // A receipt of the buyer persona, found as the app finds it: rooms, then a room's receipts.
  const rooms = payload(await client.ok('GET', '/room', { token: buyer.token }));
  const info = payload(await client.ok('GET', `/room/info/${rooms[0]._id}`, { token: buyer.token }));
  const groups = payload(await client.ok('GET', `/room/receipt?seller=${encodeURIComponent(info.seller)}`, { token: buyer.token }));
  const publicId = groups[0].receipt[0].receiptPublicId;
  await attack(
    accounts,
    "another account's receipt (GET /receipt/get)",
    () => client.call('GET', `/receipt/get/${publicId}`, { token: other.token }),
    [403],
    hasCode('permission-denied'),
  );
  await attack(
    accounts,
    "another account's receipt memo (POST /receipt/memo)",
    () => client.call('POST', '/receipt/memo', { token: other.token, body: { id: publicId, memo: '남의 주문' } }),
    [403],
  );
  await attack(
    accounts,
    "cancelling another account's order (POST /receipt/change-status)",
    () => client.call('POST', `/receipt/change-status?id=${publicId}`, { token: other.token, body: { status: 10, msg: '남의 주문' } }),
    [403],
  );
  // The buyer's cart entry, address and room, each tried by another account (answers 403 or 404: the
  // record is not the caller's either way), and another account's receipts of a seller read as empty.
  const cart = payload(await client.ok('GET', '/cart/v2/get', { token: buyer.token }))[0];
  const address = payload(await client.ok('GET', '/address/list', { token: buyer.token }))[0];
  const line = cart.productList[0];
  const lines = [{ _id: line._id, option: line.option, amount: 1 }];
  const addressBody = {
    _id: address._id,
    name: '남의주소',
    tel: '+821012345678',
    addr: '서울 중구 세종대로 110',
    addr2: '1층',
    zip: '04524',
    msg: '',
  };
  for (const [name, send] of /** @type {[string, () => Promise<{status: number, text: string}>][]} */ ([
    [
      "another account's cart entry (GET /cart/v2/get/single)",
      () => client.call('GET', `/cart/v2/get/single?id=${cart._id}`, { token: other.token }),
    ],
    [
      "another account's cart quantities (POST /cart/update)",
      () => client.call('POST', '/cart/update', { token: other.token, body: { cartId: cart._id, productList: lines } }),
    ],
    [
      "another account's cart delivery option",
      () => client.call('POST', `/cart/update/delivery-option/${cart._id}`, { token: other.token, body: { title: '일반 택배' } }),
    ],
    [
      "another account's cart entry deleted (POST /cart/delete)",
      () => client.call('POST', '/cart/delete', { token: other.token, body: { cartId: cart._id } }),
    ],
    [
      "another account's address changed (POST /address/update)",
      () => client.call('POST', '/address/update', { token: other.token, body: addressBody }),
    ],
    [
      "another account's address made primary",
      () => client.call('POST', '/address/set-primary', { token: other.token, body: { _id: address._id } }),
    ],
    [
      "another account's address deleted (POST /address/delete)",
      () => client.call('POST', '/address/delete', { token: other.token, body: { _id: address._id } }),
    ],
    ["another account's room (GET /room/info)", () => client.call('GET', `/room/info/${rooms[0]._id}`, { token: other.token })],
    [
      "another account's room pinned (POST /room/pin)",
      () => client.call('POST', '/room/pin', { token: other.token, body: { roomId: rooms[0]._id, flag: true } }),
    ],
  ])) {
    await attack(accounts, name, send, [403, 404]);
  }
  await attack(
    accounts,
    "another account's receipts of a seller (GET /room/receipt) read as empty",
    () => client.call('GET', `/room/receipt?seller=${encodeURIComponent(info.seller)}`, { token: other.token }),
    [200],
    (res) => (JSON.stringify(JSON.parse(res.text).data) === '[]' ? null : 'receipts of another account listed'),
  );
  await attack(
    accounts,
    'mass assignment: POST /user with level 1',
    () => client.call('POST', '/user', { token: buyer.token, body: { name: '해커', level: 1, uid: other.uid } }),
    [400],
  );
  await attack(accounts, 'login-only operation without a token', () => client.call('GET', '/cart/v2/get'), [401]);

  // ---------------------------------------------------------------- transport shapes
  const transport = 'transport';
  await attack(transport, 'path traversal /docs/../../package.json', () => client.call('GET', '/docs/..%2F..%2Fpackage.json'), [400, 404]);
  await attack(
    transport,
    'path traversal /uploads/profiles/..%2F..%2Fetc%2Fpasswd',
    () => client.call('GET', '/uploads/profiles/..%2F..%2Fetc%2Fpasswd'),
    [400, 404],
  );
  await attack(
    transport,
    'oversize JSON body (200 kB)',
    () =>
      client.call('POST', '/subscribe/add', {
        token: buyer.token,
        rawBody: JSON.stringify({ sellerId: 'x'.repeat(200_000) }),
        headers: { 'content-type': 'application/json' },
      }),
    [413],
  );
  for (const [name, bytes] of [
    [
      'Content-Length and Transfer-Encoding together',
      `POST /subscribe/add HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ],
    [
      'two different Content-Length headers',
      `POST /subscribe/add HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 30\r\n\r\n{}`,
    ],
  ]) {
    await attack(
      transport,
      name,
      async () => {
        const answer = await rawExchange(mock.port, bytes);
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
        return { status, text: answer.split('\r\n\r\n').slice(1).join('') };
      },
      [400],
    );
  }

  // ---------------------------------------------------------------- hot keywords
  const keywords = 'hot keywords';
  await attack(
    keywords,
    'one guest searches the same text 12 times',
    async () => {
      const world = 'security-keywords';
      for (let i = 0; i < 12; i++)
        await client.ok('GET', `/common/v2/search-product?keyword=${encodeURIComponent('광고 문구')}&page=1`, { world });
      const res = await client.call('GET', '/common/v2/search-keyword', { world });
      return res;
    },
    [200],
    (res) => (JSON.parse(res.text).data.keywords[0] === '광고 문구' ? 'the text became the #1 hot keyword' : null),
  );

  // ---------------------------------------------------------------- worlds
  await attack(
    'worlds',
    `one client asks for 40 new worlds in a minute (bound ${WORLDS_PER_MINUTE})`,
    async () => {
      let last = { status: 200, text: '' };
      for (let i = 0; i < 40 && last.status === 200; i++)
        last = await client.call('GET', '/common/v2/opened-market', { world: `security-flood-${i}` });
      return last;
    },
    [429],
    hasCode('too-many-requests'),
  );

  const after = withoutClock((await client.ok('GET', '/__mock/state')).text);
  rows.push({
    group: 'world',
    attack: 'default world unchanged after every attack (GET /__mock/state)',
    expected: 'equal',
    got: after === before ? 'equal' : 'changed',
    ok: after === before,
  });
} catch (error) {
  failed = true;
  console.error(`[security] could not run: ${error instanceof Error ? error.stack : error}`);
} finally {
  await mock.stop();
}

const refused = rows.filter((row) => row.ok).length;
const ok = !failed && rows.length > 0 && refused === rows.length;
const groups = [...new Set(rows.map((row) => row.group))];
const width = Math.max(...rows.map((row) => row.attack.length));
console.log('\n━━ Security suite');
for (const group of groups) {
  console.log(`\n${group}`);
  for (const row of rows.filter((r) => r.group === group))
    console.log(`  ${row.ok ? 'PASS' : 'FAIL'}  ${row.attack.padEnd(width)}  expected ${row.expected}, got ${row.got}`);
}
const summary = `security: ${ok ? 'PASS' : 'FAIL'} ${refused}/${rows.length} attacks refused as expected in ${groups.length} groups, default world ${rows.at(-1)?.got ?? 'not compared'}`;
console.log(`\n${summary}`);
const out = resolve(values.out ?? '');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ summary, ok, rows }, null, 2)}\n`);
process.exit(ok ? 0 : 1);
