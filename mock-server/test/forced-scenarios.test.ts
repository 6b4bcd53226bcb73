// The contract declares every answer a forced scenario gives. For every operation of the product API and
// the ad service, every scenario `GET /__mock/scenarios?operationId=` offers is forced through the header
// and its answer checked against the operation's document by the harness (status declared, body valid);
// every other scenario of the catalogue is refused with a 400 the contract declares too. Sticky rules
// follow the same list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adOperations, operations, type OperationInfo } from '@creator-market/openapi';
import { AD_SERVICE_KEY } from '../src/handlers/ads';
import { errorCode as productErrorCode, startTestServer, type Method, type TestServer } from './support/harness';
import { control, uniqueWorld } from './support/control';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Target {
  op: OperationInfo;
  /** The path as requested: the service's prefix and `x` for every `{param}`. */
  path: string;
  headers: Record<string, string>;
}

const targets: Target[] = [
  ...operations.map((op) => ({ op, path: concrete(op.path), headers: {} })),
  ...adOperations.map((op) => ({ op, path: `/ads${concrete(op.path)}`, headers: { Authorization: AD_SERVICE_KEY } })),
];

function concrete(template: string): string {
  return template.replace(/\{[^/{}]+\}/g, 'x');
}

/** An error answer's catalogue code: `data` (or `data.code`) in the product API's shape, `code` in the ad service's. */
const errorCode = (body: unknown): unknown => productErrorCode(body) ?? (body as { code?: unknown } | null)?.code;
/** An error answer's text: `message` in the product API's shape, `msg` in the ad service's. */
const errorText = (body: unknown): string => {
  const error = body as { message?: unknown; msg?: unknown } | null;
  return String(error?.message ?? error?.msg);
};

async function offeredOn(world: string, operationId: string) {
  const res = await control(server, 'GET', '/scenarios', { headers: { 'X-Mock-World': world }, query: { operationId } });
  expect(res.status, operationId).toBe(200);
  return res.body.scenarios;
}

/** Runs `check` for every target, a few operations at a time (each one's requests in turn). */
async function eachTarget(check: (target: Target) => Promise<void>): Promise<void> {
  const queue = [...targets];
  const worker = async () => {
    for (let target = queue.shift(); target; target = queue.shift()) await check(target);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** Calls the operation with a forced scenario; the harness throws when the answer breaks the contract. */
async function force(target: Target, world: string, scenario: string) {
  return server.call(target.op.method.toUpperCase() as Method, target.path, {
    headers: { ...target.headers, 'X-Mock-World': world, 'X-Mock-Scenario': scenario },
  });
}

/** Whether a transport fault left the client something usable: a response whose body is whole JSON. */
async function usableAnswer(target: Target, world: string, fault: string): Promise<boolean> {
  try {
    const res = await fetch(new URL(target.path, server.baseUrl), {
      method: target.op.method.toUpperCase(),
      headers: { ...target.headers, 'X-Mock-World': world, 'X-Mock-Scenario': fault },
    });
    JSON.parse(await res.text());
    return true;
  } catch {
    return false;
  }
}

describe('forced scenarios and the contract', () => {
  it('answers every scenario each operation offers as its contract declares it: 0 violations', async () => {
    const world = uniqueWorld('forced-all');
    const violations: string[] = [];
    let validated = 0;
    let faults = 0;
    await eachTarget(async (target) => {
      const { operationId } = target.op;
      for (const scenario of await offeredOn(world, operationId)) {
        if (scenario.kind === 'fault') {
          faults += 1;
          if (await usableAnswer(target, world, scenario.name)) violations.push(`${operationId} ${scenario.name}: a usable answer`);
          continue;
        }
        const name = scenario.kind === 'slow' ? 'slow:1' : scenario.name;
        try {
          const res = await force(target, world, name);
          validated += 1;
          const listed = [scenario.status, scenario.code, JSON.stringify(scenario.body)];
          const answered = [res.status, errorCode(res.body), JSON.stringify(res.body)];
          if (scenario.kind === 'error' && JSON.stringify(answered) !== JSON.stringify(listed)) {
            violations.push(`${operationId} ${name}: answered ${answered.join(' ')}, listed ${listed.join(' ')}`);
          }
        } catch (err) {
          violations.push(`${operationId} ${name}: ${(err as Error).message}`);
        }
      }
    });
    expect(violations).toEqual([]);
    // Each operation answers at least its declared transport statuses, besides the faults and slow:MS.
    expect(validated).toBeGreaterThanOrEqual(targets.length * 6);
    expect(faults).toBe(targets.length * 5);
    console.info(
      `forced-scenarios: ${validated} (operation, scenario) answers validated against the contract, ${faults} transport faults unusable as required`,
    );
  });

  it('refuses every catalogue scenario an operation does not offer with a declared 400 naming it', async () => {
    const world = uniqueWorld('forced-refused');
    const all = (await control(server, 'GET', '/scenarios', { headers: { 'X-Mock-World': world } })).body.scenarios;
    const errors = all.filter((s) => s.kind === 'error').map((s) => s.name);
    let refused = 0;
    await eachTarget(async (target) => {
      const { operationId } = target.op;
      const offered = new Set((await offeredOn(world, operationId)).map((s) => s.name));
      for (const name of errors.filter((n) => !offered.has(n))) {
        const res = await force(target, world, name);
        expect([res.status, errorCode(res.body)], `${operationId} ${name}`).toEqual([400, 'bad-request']);
        expect(errorText(res.body)).toContain(`'${name}'`);
        expect(errorText(res.body)).toContain(operationId);
        refused += 1;
      }
    });
    // Most of the catalogue is business codes of a few operations each.
    expect(refused).toBeGreaterThan(targets.length * 20);
    console.info(`forced-scenarios: ${refused} (operation, scenario) pairs outside the contract refused`);
  });

  it('offers the transport statuses on every operation and the others where they apply', async () => {
    const world = uniqueWorld('forced-policy');
    for (const { op } of targets) {
      const names = (await offeredOn(world, op.operationId)).map((s) => s.name);
      const expected = ['bad-request', 'http-408', 'http-500', 'http-504'];
      if (op.operationId !== 'requestAd') expected.push('http-420');
      if (op.method !== 'get') expected.push('http-413');
      if (!op.guest || op.operationId === 'requestAd') expected.push('http-401');
      expect(names, op.operationId).toEqual(expect.arrayContaining([...expected, 'network-error', 'slow:MS']));
      if (op.method === 'get') expect(names, op.operationId).not.toContain('http-413');
    }
    const offered = async (operationId: string) => (await offeredOn(world, operationId)).map((s) => s.name);
    // Business codes only where the operation's enum has them.
    expect(await offered('addToCart')).toEqual(expect.arrayContaining(['out-of-stock', 'limit-cart', 'market-schedule']));
    expect(await offered('listCarts')).not.toContain('out-of-stock');
    expect(await offered('getBanners')).not.toContain('http-401');
    expect(await offered('getReceipt')).toContain('permission-denied');
    expect(await offered('requestAd')).not.toContain('http-420');
    expect(await offered('requestAd')).not.toContain('out-of-stock');

    const unknown = await control(server, 'GET', '/scenarios', {
      headers: { 'X-Mock-World': world },
      query: { operationId: 'noSuchOperation' },
    });
    expect([unknown.status, errorCode(unknown.body)]).toEqual([400, 'bad-request']);
    expect(errorText(unknown.body)).toContain('noSuchOperation');
  });

  it('answers the ad service in its own shape', async () => {
    const world = uniqueWorld('forced-ads');
    const ad = targets.find((t) => t.op.operationId === 'requestAd')!;
    const res = await force(ad, world, 'http-500');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'internal', msg: '서버 오류가 발생했어요.' });
  });
});

describe('sticky rules follow what each operation can answer', () => {
  it('refuses a rule no operation it matches can answer', async () => {
    const headers = { 'X-Mock-World': uniqueWorld('rule-refused') };
    for (const body of [
      { name: 'out-of-stock', method: 'GET', path: '/common' },
      { name: 'http-413', method: 'GET' },
      { name: 'permission-denied', path: '/common/v2/banner' },
      { name: 'out-of-stock', path: '/ads' },
    ]) {
      const res = await control(server, 'POST', '/scenarios', { headers, body });
      expect([res.status, errorCode(res.body)], JSON.stringify(body)).toEqual([400, 'bad-request']);
      expect(errorText(res.body)).toContain(`'${body.name}'`);
    }
    expect((await control(server, 'GET', '/scenarios', { headers })).body.rules).toEqual([]);
  });

  it('applies a rule only to the operations that can answer it, without counting the others', async () => {
    const world = uniqueWorld('rule-passes');
    const headers = { 'X-Mock-World': world };
    const token = server.token('buyer', world);
    const added = await control(server, 'POST', '/scenarios', { headers, body: { name: 'out-of-stock', times: 1 } });
    expect(added.status).toBe(200);

    // getBanners and listCarts cannot answer out-of-stock: they answer as usual and leave the rule in place.
    expect((await server.call('GET', '/common/v2/banner', { headers, query: { from: 'top' } })).status).toBe(200);
    expect((await server.call('GET', '/cart/v2/get', { headers, token })).status).toBe(200);
    expect((await control(server, 'GET', '/scenarios', { headers })).body.rules.map((r) => [r.name, r.times])).toEqual([
      ['out-of-stock', 1],
    ]);
    // addToCart can: the rule answers it, then it is used up.
    const forced = await server.call('POST', '/cart/add/common', { headers, token, body: {} });
    expect([forced.status, errorCode(forced.body)]).toEqual([400, 'out-of-stock']);
    expect((await control(server, 'GET', '/scenarios', { headers })).body.rules).toEqual([]);
  });
});
