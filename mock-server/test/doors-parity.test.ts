// The doors only convert: the node listener and the msw door answer the same request, in the same world
// state, with the same status, content type and body. Two servers are started from the same seed and instant
// (the clock held still, so times agree), and every request goes to both in the same order, so their worlds
// change alike: every operation of the product API and the ad service with the contract's example request,
// as a guest and as personas; every forced scenario each operation declares (transport faults: neither
// leaves a usable answer); bad input; the control plane's routes; and a property over random sequences of
// all of these, whose worlds must still agree at the end.
import { setupServer } from 'msw/node';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adOperations,
  adsDocument,
  controlDocument,
  operations,
  productDocument,
  type OpenApiDocument,
  type OperationInfo,
} from '@creator-market/openapi';
import { issueToken } from '../src/auth/tokens';
import { createMswDoor, type MswDoor } from '../src/doors/msw';
import { AD_SERVICE_KEY } from '../src/handlers/ads';
import { startTestServer, TEST_NOW, type TestServer } from './support/harness';

const MSW_BASE = 'http://msw-door.test';
const SCALE = 0.2;

let node: TestServer;
let msw: MswDoor;
let mswServer: ReturnType<typeof setupServer>;

beforeAll(async () => {
  // One instant for both: a world's clock reads Date.now, so answers carry the same times.
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
  node = await startTestServer({ scale: SCALE });
  msw = createMswDoor({ baseUrl: MSW_BASE, seed: 1, scale: SCALE, startAt: TEST_NOW });
  mswServer = setupServer(...msw.handlers);
  mswServer.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  mswServer.close();
  await node.close();
  vi.useRealTimers();
});

interface Probe {
  method: string;
  /** Path and query below the door's base. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What a client can tell of an answer: status, content type and body; or that it got none it could use. */
type Seen = { status: number; type: string; body: string } | { unusable: true };

async function ask(base: string, probe: Probe): Promise<Seen> {
  try {
    const res = await fetch(`${base}${probe.path}`, {
      method: probe.method,
      // Named, because node's fetch adds its own user agent only on the wire (the server sees it, msw does not).
      headers: { 'user-agent': 'doors-parity', ...probe.headers },
      body: probe.body,
      redirect: 'manual',
    });
    const body = await res.text();
    const type = res.headers.get('content-type') ?? '';
    if (res.status === 200 && type.includes('json') && body !== '') JSON.parse(body);
    return { status: res.status, type, body };
  } catch {
    return { unusable: true };
  }
}

/** Asks both doors, node first; both answers. */
async function both(probe: Probe): Promise<{ node: Seen; msw: Seen }> {
  const fromNode = await ask(node.baseUrl, probe);
  const fromMsw = await ask(MSW_BASE, probe);
  return { node: fromNode, msw: fromMsw };
}

const label = (probe: Probe) => `${probe.method} ${probe.path} ${JSON.stringify(probe.headers ?? {})}`;

async function expectSame(probe: Probe): Promise<Seen> {
  const seen = await both(probe);
  // Links to the server's own pages name its origin: the node door's, the msw door's base.
  const normalise = (s: Seen): Seen =>
    'unusable' in s ? s : { ...s, body: s.body.replaceAll(node.baseUrl, '<origin>').replaceAll(MSW_BASE, '<origin>') };
  expect(normalise(seen.msw), label(probe)).toEqual(normalise(seen.node));
  return seen.node;
}

// ---------------------------------------------------------------- requests from the contract's examples

type Json = Record<string, unknown>;

function resolveRef<T>(document: OpenApiDocument, value: T): T {
  const ref = (value as { $ref?: string } | undefined)?.$ref;
  if (!ref) return value;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Json)[key], document) as T;
}

function exampleOf(holder: Json | undefined): unknown {
  if (!holder) return undefined;
  if (holder.example !== undefined) return holder.example;
  const examples = holder.examples as Record<string, { value?: unknown }> | undefined;
  if (examples) return Object.values(examples)[0]?.value;
  return (holder.schema as Json | undefined)?.example;
}

/** A parameter's example as it is written in a URL. */
const scalar = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The operation's example request: path parameters, query and JSON body from the document's examples. */
function exampleRequest(document: OpenApiDocument, op: OperationInfo, prefix: string): Probe {
  const operation = (document.paths as Record<string, Record<string, Json>>)[op.path]![op.method]!;
  let path = op.path;
  const query = new URLSearchParams();
  for (const raw of (operation.parameters as Json[] | undefined) ?? []) {
    const parameter = resolveRef(document, raw);
    const value = exampleOf(parameter);
    if (value === undefined) continue;
    if (parameter.in === 'path') path = path.replace(`{${String(parameter.name)}}`, encodeURIComponent(scalar(value)));
    if (parameter.in === 'query') query.set(String(parameter.name), scalar(value));
  }
  const probe: Probe = { method: op.method.toUpperCase(), path: `${prefix}${path}${query.size ? `?${query}` : ''}`, headers: {} };
  const content = (resolveRef(document, operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
  const json = exampleOf(content['application/json']);
  if (json !== undefined) {
    probe.body = JSON.stringify(json);
    probe.headers!['content-type'] = 'application/json';
  }
  return probe;
}

const productTargets = operations.map((op) => ({ op, probe: exampleRequest(productDocument, op, '') }));
const adTargets = adOperations.map((op) => ({
  op,
  probe: { ...exampleRequest(adsDocument, op, '/ads'), headers: { Authorization: AD_SERVICE_KEY } },
}));
const targets = [...productTargets, ...adTargets];

/** The personas' tokens: the same in both doors (tokens are signed by uid, and the worlds are the same). */
const PERSONA_UIDS = { buyer: '65f0c0de0000000000000001', seller: '65f0c0de0000000000000003' } as const;
const callers = {
  guest: {},
  buyer: { Authorization: `Bearer ${issueToken(PERSONA_UIDS.buyer)}` },
  seller: { Authorization: `Bearer ${issueToken(PERSONA_UIDS.seller)}` },
} satisfies Record<string, Record<string, string>>;

const withHeaders = (probe: Probe, headers: Record<string, string>): Probe => ({ ...probe, headers: { ...probe.headers, ...headers } });

describe('the node door and the msw door answer alike', () => {
  it('the personas are the ones the tokens name', async () => {
    const personas = (await expectSame({ method: 'GET', path: '/__mock/personas' })) as { body: string };
    const byId = Object.fromEntries(
      (JSON.parse(personas.body) as { personas: { id: string; uid: string }[] }).personas.map((p) => [p.id, p.uid]),
    );
    expect(byId.buyer).toBe(PERSONA_UIDS.buyer);
    expect(byId.seller).toBe(PERSONA_UIDS.seller);
  });

  it('every operation with its example request, as a guest, the buyer and the seller', async () => {
    expect(targets.length).toBe(67);
    const statuses = new Map<number, number>();
    for (const caller of Object.values(callers)) {
      for (const { probe } of targets) {
        const seen = await expectSame(withHeaders(probe, caller));
        if (!('unusable' in seen)) statuses.set(seen.status, (statuses.get(seen.status) ?? 0) + 1);
      }
    }
    // Not only refusals: most example requests are answered.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(targets.length);
    console.info(`doors-parity: ${targets.length * 3} example requests, by status ${JSON.stringify(Object.fromEntries(statuses))}`);
  });

  it('every forced scenario each operation declares (faults: neither door gives a usable answer)', async () => {
    let forced = 0;
    for (const { op, probe } of targets) {
      const listed = await expectSame({ method: 'GET', path: `/__mock/scenarios?operationId=${op.operationId}` });
      const { scenarios } = JSON.parse((listed as { body: string }).body) as { scenarios: { name: string; kind: string }[] };
      for (const scenario of scenarios) {
        const name = scenario.kind === 'slow' ? 'slow:1' : scenario.name;
        const seen = await both(withHeaders(probe, { ...callers.buyer, 'X-Mock-Scenario': name }));
        if (scenario.kind === 'fault' && scenario.name !== 'empty-response') {
          expect([seen.node, seen.msw], `${op.operationId} ${name}`).toEqual([{ unusable: true }, { unusable: true }]);
        } else {
          expect(seen.msw, `${op.operationId} ${name}`).toEqual(seen.node);
        }
        forced += 1;
      }
    }
    expect(forced).toBeGreaterThan(targets.length * 10);
    console.info(`doors-parity: ${forced} forced scenarios`);
  });

  it('bad input: unknown query, broken JSON, wrong media type, a bad path escape, a bad world name, an unknown scenario', async () => {
    const broken: Probe[] = [];
    for (const { op, probe } of targets) {
      broken.push(withHeaders({ ...probe, path: `${probe.path}${probe.path.includes('?') ? '&' : '?'}zzz=1` }, callers.buyer));
      broken.push(withHeaders(probe, { ...callers.buyer, 'X-Mock-World': 'no spaces allowed' }));
      broken.push(withHeaders(probe, { ...callers.buyer, 'X-Mock-Scenario': 'no-such-scenario' }));
      if (op.method !== 'get') {
        broken.push(withHeaders({ ...probe, body: '{"broken": ' }, { ...callers.buyer, 'content-type': 'application/json' }));
        broken.push(withHeaders({ ...probe, body: 'name=x' }, { ...callers.buyer, 'content-type': 'application/x-www-form-urlencoded' }));
      }
      if (op.path.includes('{'))
        broken.push(withHeaders({ ...probe, path: `${probe.path.split('?')[0]!.replace(/\/[^/]*$/, '/%E0%A4%A')}` }, callers.buyer));
    }
    broken.push({ method: 'GET', path: '/no/such/path' }, { method: 'DELETE', path: '/user/me' });
    for (const probe of broken) await expectSame(probe);
    console.info(`doors-parity: ${broken.length} bad requests`);
  });

  it("the control plane's routes, in the same order on both", async () => {
    const world = { 'X-Mock-World': 'parity-control' };
    const json = { 'content-type': 'application/json' };
    const calls: Probe[] = [
      { method: 'GET', path: '/__mock/worlds' },
      { method: 'POST', path: '/__mock/login', headers: json, body: JSON.stringify({ persona: 'buyer' }) },
      { method: 'POST', path: '/__mock/login', headers: json, body: JSON.stringify({ persona: 'nobody' }) },
      { method: 'GET', path: '/__mock/scenarios' },
      {
        method: 'POST',
        path: '/__mock/scenarios',
        headers: json,
        body: JSON.stringify({ name: 'http-504', method: 'POST', path: '/receipt/insert', times: 2 }),
      },
      { method: 'POST', path: '/__mock/scenarios', headers: json, body: JSON.stringify({ name: 'no-such' }) },
      { method: 'GET', path: '/__mock/scenarios' },
      { method: 'DELETE', path: '/__mock/scenarios' },
      { method: 'PUT', path: '/__mock/latency', headers: json, body: JSON.stringify({ ms: 0 }) },
      { method: 'GET', path: '/__mock/latency' },
      { method: 'GET', path: '/__mock/clock' },
      { method: 'PUT', path: '/__mock/clock', headers: json, body: JSON.stringify({ now: '2026-12-24T01:00:00Z' }) },
      { method: 'POST', path: '/__mock/clock/advance', headers: json, body: JSON.stringify({ ms: 3_600_000 }) },
      { method: 'PUT', path: '/__mock/clock', headers: json, body: JSON.stringify({ now: '3000-01-01T00:00:00Z' }) },
      { method: 'DELETE', path: '/__mock/clock' },
      { method: 'POST', path: '/__mock/markets/4/close' },
      { method: 'POST', path: '/__mock/markets/4/open' },
      {
        method: 'POST',
        path: '/__mock/notifications',
        headers: json,
        body: JSON.stringify({ persona: 'buyer', title: '새 소식', body: '겨울 마켓이 열렸어요' }),
      },
      { method: 'GET', path: '/__mock/phone-code?persona=buyer' },
      { method: 'POST', path: '/__mock/receipts/000000000000/deposit' },
      { method: 'GET', path: '/__mock/requests?limit=5' },
      { method: 'POST', path: '/__mock/requests/count', headers: json, body: JSON.stringify({ status: 400 }) },
      { method: 'DELETE', path: '/__mock/requests' },
      { method: 'POST', path: '/__mock/reset', headers: json, body: JSON.stringify({}) },
      { method: 'GET', path: '/__mock/no-such-route' },
      { method: 'POST', path: '/__mock/reset', headers: { 'content-type': 'text/plain' }, body: 'x' },
      { method: 'GET', path: '/__mock/openapi.json' },
    ];
    const covered = new Set<string>();
    for (const call of calls) {
      await expectSame(withHeaders(call, world));
      const found = Object.entries(controlDocument.paths ?? {}).find(([template, item]) => {
        const pattern = new RegExp(`^/__mock${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
        return pattern.test(call.path.split('?')[0]!) && (item as Json)[call.method.toLowerCase()];
      });
      if (found) covered.add(`${call.method} ${found[0]}`);
    }
    // Every control route but the state export and import (a whole world each; the snapshot test covers them).
    expect(covered.size).toBeGreaterThanOrEqual(20);
  });

  it('random sequences of requests keep the two worlds alike', async () => {
    const probes = [
      ...targets.flatMap(({ probe }) => Object.values(callers).map((caller) => withHeaders(probe, caller))),
      {
        method: 'POST',
        path: '/__mock/clock/advance',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms: 600_000 }),
      },
    ];
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...probes), { minLength: 5, maxLength: 25 }), async (sequence) => {
        const world = { 'X-Mock-World': `parity-seq-${++run}` };
        for (const probe of sequence) await expectSame(withHeaders(probe, world));
        // The worlds agree as a whole at the end, not only in what each answer showed.
        await expectSame({ method: 'GET', path: '/__mock/state', headers: world });
      }),
      { numRuns: 15 },
    );
  });
});
