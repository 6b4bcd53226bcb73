#!/usr/bin/env node
// Bad-input fuzzer: for every operation of openapi/bundled/product.json, at least 50 requests derived from
// its schema that the server must refuse (see mutations.mjs), sent with a valid buyer token where the
// operation needs one, against a fresh mock server CLI. Asserts for every answer: a 4xx; a body in the
// catalogue shape ({data: code or {code, list}, message: string}, a code of the catalogue for that status) that is valid
// against the operation's declared response for that status (validateResponse of openapi/src/contract.ts);
// no stack trace text. And the world is unchanged: GET /__mock/state before and after, equal but for the clock.
//
//   node scripts/reliability/fuzz.mjs [--min-per-op 50] [--max-per-op 150] [--only operationId] [--concurrency 8]
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { createClient } from '../bench/http.mjs';
import { errorCodeOf } from '../lib/error-body.mjs';
import { startMockCli } from '../bench/processes.mjs';
import { login, payload } from '../bench/world.mjs';
import { listOperations, resolveSchema } from './openapi.mjs';
import {
  BAD_AUTHORIZATION,
  UNKNOWN_QUERY_NAMES,
  badParameterValues,
  bodyValueMutations,
  malformedJsonBodies,
  oversizeBody,
} from './mutations.mjs';

// openapi/src/contract.ts and the sdk's catalogue are TypeScript: tsx's loader runs them as the mock server's
// CLI does.
register();
const { validateResponse } = await import('@creator-market/openapi/contract');

const { ERROR_CATALOGUE_ENTRIES } = await import('@creator-market/sdk/domain/errors');

/**
 * The team's error catalogue by HTTP status (sdk/src/domain/errors.ts, SPEC.md section 8), less its server
 * errors: no bad input may cause one.
 * @type {Record<number, Set<string>>}
 */
const CATALOGUE = {};
for (const { status, code } of ERROR_CATALOGUE_ENTRIES) if (status < 500) (CATALOGUE[status] ??= new Set()).add(code);
const STACK_TRACE =
  /(\n\s+at\s|\bat\s+[\w$.<>]+\s+\(|node_modules|\/mock-server\/|\/work\/|\.(?:ts|mjs|cjs|js):\d+:\d+|\bTypeError\b|\bReferenceError\b|\bRangeError\b|\bSyntaxError\b)/;

/** 24-hex ids that match every id pattern but name nothing in a seeded world. */
const ABSENT_IDS = ['ffffffffffffffffffffffff', '000000000000000000000000'];

function buildPath(template, values, raw = {}) {
  return template.replace(/\{([^}]+)\}/g, (_, name) => (name in raw ? raw[name] : encodeURIComponent(String(values[name]))));
}

function buildQuery(entries) {
  const parts = [];
  for (const [name, value] of entries) {
    for (const v of Array.isArray(value) ? value : [value]) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Every refused request for one operation: [{label, kind, method, path, headers, rawBody}]. */
export function requestsFor(op, token, { minPerOp = 50, maxPerOp = 150 } = {}) {
  const pathValues = {};
  const baseQuery = [];
  for (const p of op.parameters) {
    if (p.in === 'path') pathValues[p.name] = p.example;
    if (p.in === 'query' && p.required) baseQuery.push([p.name, p.example]);
  }
  const authHeaders = op.guest ? {} : { authorization: `Bearer ${token}` };
  const exampleText = op.body && op.body.mediaType === 'application/json' ? JSON.stringify(op.body.example ?? {}) : '';
  const baseBody = exampleText ? { rawBody: exampleText, headers: { 'content-type': 'application/json' } } : {};
  const out = [];
  const add = (
    kind,
    label,
    {
      path = buildPath(op.path, pathValues),
      query = baseQuery,
      headers = {},
      rawBody = baseBody.rawBody,
      contentType = baseBody.headers?.['content-type'],
    } = {},
  ) => {
    const h = { ...authHeaders, ...headers };
    if (contentType && !('content-type' in headers)) h['content-type'] = contentType;
    for (const [k, v] of Object.entries(h)) if (v === null) delete h[k];
    out.push({ kind, label, method: op.method, path: path + buildQuery(query), headers: h, rawBody });
  };

  // Body: schema mutations (kept only when the contract refuses them), malformed JSON, content types, size.
  if (op.body?.mediaType === 'application/json') {
    const seen = new Set();
    for (const m of bodyValueMutations(resolveSchema, op.body.schema, op.body.example)) {
      if (m.value === undefined || op.body.valid(m.value)) continue;
      const text = JSON.stringify(m.value);
      if (seen.has(text)) continue;
      seen.add(text);
      add('body-schema', m.label, { rawBody: text });
    }
    for (const [label, text] of malformedJsonBodies(exampleText)) {
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (parsed !== undefined && typeof parsed === 'object' && op.body.valid(parsed)) continue;
      add('malformed-json', label, { rawBody: text });
    }
    add('content-type', 'JSON sent as text/plain', { contentType: 'text/plain' });
    add('content-type', 'form-urlencoded body', { contentType: 'application/x-www-form-urlencoded', rawBody: 'a=1&b=2' });
    add('content-type', 'JSON sent as multipart without a boundary', { contentType: 'multipart/form-data' });
    add('content-type', 'JSON in UTF-16 charset', { contentType: 'application/json; charset=utf-16' });
    add('content-type', 'JSON labelled gzip but plain', { headers: { 'content-encoding': 'gzip' } });
    add('content-type', 'JSON labelled with an unknown encoding', { headers: { 'content-encoding': 'br2' } });
    add('content-type', 'no content type', { headers: { 'content-type': null }, contentType: null });
    add('content-type', 'XML body', { contentType: 'application/xml', rawBody: '<a>1</a>' });
    if (op.body.required) add('content-type', 'empty body', { rawBody: '' });
    add('oversize', 'body over the 100 kb limit', { rawBody: oversizeBody(op.body.example) });
  }
  if (op.body?.mediaType === 'multipart/form-data') multipartRequests(add);

  // Query parameters: refused values, missing required ones, repeated ones.
  for (const p of op.parameters.filter((q) => q.in === 'query')) {
    const others = baseQuery.filter(([name]) => name !== p.name);
    for (const bad of badParameterValues(p)) if (!p.valid(bad.value)) add('query', bad.label, { query: [...others, [p.name, bad.value]] });
    if (p.required) add('query', `query ${p.name}: missing (required)`, { query: others });
    if (p.example !== undefined && !p.valid([String(p.example), String(p.example)]))
      add('query', `query ${p.name}: repeated`, { query: [...others, [p.name, [p.example, p.example]]] });
  }
  // Path parameters: refused values (encoded), path-breaking forms, and well-formed ids that name nothing.
  for (const p of op.parameters.filter((q) => q.in === 'path')) {
    for (const bad of badParameterValues(p))
      if (!p.valid(bad.value)) add('path', bad.label, { path: buildPath(op.path, { ...pathValues, [p.name]: bad.value }) });
    for (const [label, raw] of [
      ['encoded slash', 'a%2Fb'],
      ['dot dot', '..'],
      ['encoded dot dot', '%2e%2e'],
      ['encoded NUL', '%00'],
      ['bad percent escape', '%E0%A4%A'],
    ]) {
      add('path', `path ${p.name}: ${label}`, { path: buildPath(op.path, pathValues, { [p.name]: raw }) });
    }
    if (p.schema?.pattern === '^[0-9a-f]{24}$') {
      for (const id of ABSENT_IDS)
        add('absent-id', `path ${p.name}: well-formed id of nothing (${id})`, {
          path: buildPath(op.path, { ...pathValues, [p.name]: id }),
        });
    }
  }
  // Tokens that identify nobody, on operations that need one.
  if (!op.guest) {
    for (const [label, value] of BAD_AUTHORIZATION) add('auth', label, { headers: { authorization: value } });
  }
  // Undeclared query parameters, until the operation has its share of requests.
  const unknownValues = ['1', '', 'x'.repeat(2000), '{"$gt":""}', '%00'];
  for (let i = 0; out.length < minPerOp || i < UNKNOWN_QUERY_NAMES.length; i++) {
    const name = UNKNOWN_QUERY_NAMES[i % UNKNOWN_QUERY_NAMES.length];
    const value = unknownValues[Math.floor(i / UNKNOWN_QUERY_NAMES.length) % unknownValues.length];
    const suffix = i >= UNKNOWN_QUERY_NAMES.length * unknownValues.length ? `_${i}` : '';
    add(
      'unknown-query',
      `undeclared query parameter ${JSON.stringify((name + suffix).slice(0, 30))}=${JSON.stringify(value.slice(0, 10))}`,
      { query: [...baseQuery, [name + suffix, value]] },
    );
  }

  if (out.length <= maxPerOp) return out;
  // Too many: keep every non-schema request and an even sample of the schema mutations.
  const schema = out.filter((r) => r.kind === 'body-schema');
  const rest = out.filter((r) => r.kind !== 'body-schema');
  const room = Math.max(maxPerOp - rest.length, 20);
  const step = schema.length / room;
  return [...Array.from({ length: Math.min(room, schema.length) }, (_, i) => schema[Math.floor(i * step)]), ...rest];
}

/** The upload operation: multipart bodies that are not one JPEG, PNG or WebP file in the field `data`. */
function multipartRequests(add) {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const part = (
    /** @type {string} */ name,
    /** @type {{filename?: string, type?: string, content: string}} */ { filename, type, content },
  ) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${content}\r\n`;
  const form = (...parts) => `${parts.join('')}--${boundary}--\r\n`;
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const send = (label, rawBody, type = contentType) => add('multipart', label, { rawBody, contentType: type });

  send('no parts', form());
  send('field data as plain text', form(part('data', { content: 'hello' })));
  for (const type of [
    'text/plain',
    'application/pdf',
    'image/gif',
    'image/svg+xml',
    'application/octet-stream',
    'text/html',
    'application/x-sh',
  ]) {
    send(`file of type ${type}`, form(part('data', { filename: 'a.bin', type, content: 'not an image' })));
  }
  for (const name of ['file', 'image', 'Data', 'data[]', '__proto__', 'constructor']) {
    send(`file in field '${name}'`, form(part(name, { filename: 'a.txt', type: 'text/plain', content: 'x' })));
  }
  send(
    'two files',
    form(
      part('data', { filename: 'a.txt', type: 'text/plain', content: 'x' }),
      part('data', { filename: 'b.txt', type: 'text/plain', content: 'y' }),
    ),
  );
  send('unknown extra field', form(part('data', { filename: 'a.txt', type: 'text/plain', content: 'x' }), part('extra', { content: '1' })));
  send('path traversal file name', form(part('data', { filename: '../../../etc/passwd', type: 'text/plain', content: 'x' })));
  send(
    'truncated multipart',
    `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="a.png"\r\nContent-Type: text/plain\r\n\r\nabc`,
  );
  send('garbage body', 'this is not multipart at all');
  send(
    'no boundary in the content type',
    form(part('data', { filename: 'a.txt', type: 'text/plain', content: 'x' })),
    'multipart/form-data',
  );
  send(
    'wrong boundary',
    form(part('data', { filename: 'a.txt', type: 'text/plain', content: 'x' })),
    'multipart/form-data; boundary=other',
  );
  send('JSON instead of multipart', '{"data": "x"}', 'application/json');
  send('file over 5 MB', form(part('data', { filename: 'big.txt', type: 'text/plain', content: 'x'.repeat(5 * 1024 * 1024 + 10) })));
  send('empty body', '');
}

function stripClock(snapshot) {
  const copy = structuredClone(snapshot);
  delete copy.clockOffsetMs;
  if (copy.world) delete copy.world.now;
  return copy;
}

/** The first differing JSON paths between two values. */
function differences(a, b, path = '', out = [], limit = 10) {
  if (out.length >= limit) return out;
  if (a === b) return out;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object' || Array.isArray(a) !== Array.isArray(b)) {
    out.push(`${path || '/'}: ${JSON.stringify(a)?.slice(0, 120)} → ${JSON.stringify(b)?.slice(0, 120)}`);
    return out;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) differences(a[key], b[key], `${path}/${key}`, out, limit);
  return out;
}

/** Checks one answer; returns the reasons it is wrong (empty when fine). */
function judge(op, request, res) {
  const reasons = [];
  if (res.status === 0) return [`no answer: ${res.error?.message}`];
  if (res.status < 400 || res.status >= 500) reasons.push(`status ${res.status}, expected a 4xx`);
  if (STACK_TRACE.test(res.text)) reasons.push('stack trace text in the body');
  const body = res.json;
  const code = errorCodeOf(body);
  if (code === undefined || typeof body.message !== 'string') {
    reasons.push(`body is not {data, message}: ${res.text.slice(0, 120) || '(empty)'}`);
    return reasons;
  }
  if (!CATALOGUE[res.status]?.has(code)) reasons.push(`code '${code}' is not a catalogue code for ${res.status}`);
  if (op.declaredStatuses.includes(String(res.status))) {
    const result = validateResponse({ operationId: op.operationId }, res.status, body);
    if (!result.valid) reasons.push(`breaks the declared ${res.status} response: ${result.errors.join('; ')}`);
  }
  return reasons;
}

async function pool(items, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** @param {{minPerOp?: number, maxPerOp?: number, only?: string, concurrency?: number, log?: (line: string) => void}} [options] */
export async function runFuzz({ minPerOp = 50, maxPerOp = 150, only, concurrency = 8, log = console.log } = {}) {
  const started = performance.now();
  // The server logs each unexpected error (a 500) with its message: collected to say what broke.
  const serverErrors = new Map();
  const mock = await startMockCli({
    onLine: (line) => {
      if (line.includes('unexpected error')) serverErrors.set(line, (serverErrors.get(line) ?? 0) + 1);
    },
  });
  const client = createClient(mock.baseUrl, { maxSockets: concurrency });
  try {
    const buyer = await login(client, 'buyer');
    const before = stripClock(payload(await client.ok('GET', '/__mock/state')));

    const operations = listOperations().filter((op) => !only || op.operationId === only);
    const perOperation = [];
    const failures = [];
    const undeclared = [];
    for (const op of operations) {
      const requests = requestsFor(op, buyer.token, { minPerOp, maxPerOp });
      const row = { operationId: op.operationId, sent: 0, statuses: {}, failures: 0, kinds: {} };
      await pool(requests, concurrency, async (request) => {
        const res = await client.call(request.method, request.path, { headers: request.headers, rawBody: request.rawBody });
        row.sent += 1;
        row.statuses[res.status] = (row.statuses[res.status] ?? 0) + 1;
        row.kinds[request.kind] = (row.kinds[request.kind] ?? 0) + 1;
        const reasons = judge(op, request, res);
        if (res.status >= 400 && res.status < 500 && !op.declaredStatuses.includes(String(res.status))) {
          undeclared.push({ operationId: op.operationId, status: res.status, label: request.label });
        }
        if (reasons.length) {
          row.failures += 1;
          failures.push({
            operationId: op.operationId,
            request: {
              label: request.label,
              method: request.method,
              path: request.path.slice(0, 300),
              headers: request.headers,
              body: request.rawBody === undefined ? undefined : String(request.rawBody).slice(0, 300),
            },
            response: { status: res.status, body: res.text.slice(0, 500) },
            reasons,
          });
        }
      });
      perOperation.push(row);
    }
    const alive = mock.exited === null;
    const after = alive ? stripClock(payload(await client.ok('GET', '/__mock/state'))) : null;
    const worldChanges = after ? differences(before, after) : ['server died'];

    const sent = perOperation.reduce((n, r) => n + r.sent, 0);
    const short = perOperation.filter((r) => r.sent < minPerOp).map((r) => `${r.operationId} (${r.sent})`);
    const undeclaredSummary = {};
    for (const u of undeclared) {
      const key = `${u.operationId} ${u.status}`;
      undeclaredSummary[key] = (undeclaredSummary[key] ?? 0) + 1;
    }

    log('\nfuzz: per-operation counts (status: count)');
    for (const r of perOperation) {
      const statuses = Object.entries(r.statuses)
        .map(([s, n]) => `${s}:${n}`)
        .join(' ');
      log(`  ${r.operationId.padEnd(28)} ${String(r.sent).padStart(4)} sent  ${statuses}${r.failures ? `  FAILURES ${r.failures}` : ''}`);
    }
    if (Object.keys(undeclaredSummary).length) {
      log('fuzz: 4xx statuses the operation does not declare (checked for the catalogue shape only):');
      for (const [key, n] of Object.entries(undeclaredSummary)) log(`  ${key} ×${n}`);
    }
    for (const f of failures.slice(0, 40)) {
      log(
        `  FAIL ${f.operationId}: ${f.request.label}\n       ${f.request.method} ${f.request.path.slice(0, 160)}${f.request.body !== undefined ? `\n       body ${JSON.stringify(f.request.body.slice(0, 160))}` : ''}\n       → ${f.response.status} ${f.response.body.slice(0, 240)}\n       ${f.reasons.join('; ')}`,
      );
    }
    if (failures.length > 40) log(`  ... and ${failures.length - 40} more failures (all in the JSON report)`);
    if (worldChanges.length) log(`fuzz: the world changed:\n${worldChanges.map((d) => `  ${d}`).join('\n')}`);
    if (serverErrors.size)
      log(`fuzz: the server logged:\n${[...serverErrors].map(([line, n]) => `  ${n}× ${line.slice(0, 200)}`).join('\n')}`);

    const ok = failures.length === 0 && worldChanges.length === 0 && short.length === 0 && alive;
    const seconds = (performance.now() - started) / 1000;
    const summary = `fuzz: ${ok ? 'PASS' : 'FAIL'} ${sent} bad requests over ${perOperation.length} operations (min ${Math.min(...perOperation.map((r) => r.sent))} per operation) in ${seconds.toFixed(1)} s, ${failures.length} wrong answers, world ${worldChanges.length ? `CHANGED (${worldChanges.length} differences)` : 'unchanged'}${short.length ? `, under ${minPerOp}: ${short.join(', ')}` : ''}${alive ? '' : ', SERVER DIED'}`;
    log(summary);
    return {
      ok,
      summary,
      seconds,
      sent,
      perOperation,
      failures,
      undeclaredStatuses: undeclaredSummary,
      worldChanges,
      serverLoggedErrors: Object.fromEntries(serverErrors),
    };
  } finally {
    client.close();
    await mock.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      'min-per-op': { type: 'string', default: '50' },
      'max-per-op': { type: 'string', default: '150' },
      only: { type: 'string' },
      concurrency: { type: 'string', default: '8' },
    },
  });
  const result = await runFuzz({
    minPerOp: Number(values['min-per-op']),
    maxPerOp: Number(values['max-per-op']),
    only: values.only,
    concurrency: Number(values.concurrency),
  });
  process.exit(result.ok ? 0 : 1);
}
