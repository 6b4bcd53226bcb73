// Scenarios and latency: every catalogue response forced through the header and through a sticky rule,
// the transport faults as the sdk's real client sees them, slow answers, rule matching and counting, and
// the guarantee that a forced answer changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE_ENTRIES } from '@creator-market/sdk/domain';
import { createApiClient, isApiError, type ApiError } from '@creator-market/sdk/client';
import { FAULTS, pathMatches, SCENARIO_NAMES, type FaultName } from '../src/control';
import { messageFor, type ErrorListItem } from '../src/http/failure';
import type { MarketRow, ProductRow } from '../src/world/store';
import { errorCode, errorList, expectErrorShape, startTestServer, type TestServer, errorMessage } from './support/harness';
import { control, uniqueWorld } from './support/control';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A guest GET of the product API that answers 200 when nothing is forced (getBanners). */
const TARGET_PATH = '/common/v2/banner';
const TARGET = `${TARGET_PATH}?from=top`;
const TARGET_OPERATION = 'getBanners';
/** The same request through the sdk's client. */
const bannersWith = (api: ReturnType<typeof createApiClient>, headers: Record<string, string>) =>
  api.get(TARGET_PATH, { params: { query: { from: 'top' } }, headers } as never);
const FAULT_NAMES = Object.keys(FAULTS) as FaultName[];

/** The catalogue (of one operation when `operationId` is given). */
async function catalogueOf(world: string, operationId?: string) {
  const res = await control(server, 'GET', '/scenarios', {
    headers: { 'X-Mock-World': world },
    ...(operationId ? { query: { operationId } } : {}),
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function errorThrownBy(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('the scenario catalogue', () => {
  it('has a scenario for every entry of the sdk error catalogue, errors named by code or http-<status>', async () => {
    const { scenarios } = await catalogueOf(uniqueWorld('catalogue'));
    const covered = new Set(scenarios.map((s) => `${s.status}:${s.code}`));
    const missing = ERROR_CATALOGUE_ENTRIES.filter((entry) => !covered.has(`${entry.status}:${entry.code}`)).map(
      (e) => `${e.status}:${e.code}`,
    );
    expect(missing).toEqual([]);
    // One error scenario per catalogue entry with an HTTP status, the five faults and slow:MS.
    const errors = scenarios.filter((s) => s.kind === 'error');
    expect(errors).toHaveLength(ERROR_CATALOGUE_ENTRIES.filter((e) => e.status > 0).length);
    expect(scenarios.filter((s) => s.kind === 'fault').map((s) => s.name)).toEqual(FAULT_NAMES);
    expect(scenarios.filter((s) => s.kind === 'slow').map((s) => s.name)).toEqual(['slow:MS']);
    expect(SCENARIO_NAMES).toEqual([...errors.map((s) => s.name), ...FAULT_NAMES]);
    for (const name of [
      'out-of-stock',
      'limit-cart',
      'weight-exceeded',
      'permission-denied',
      'not-found',
      'validate-sms-failed',
      'card-payment-failed',
      'notification-send-failed',
      'http-401',
      'http-408',
      'http-420',
      'http-504',
    ]) {
      expect(SCENARIO_NAMES).toContain(name);
    }
  });

  it('gives each scenario the text the app shows for it (SPEC.md section 8)', async () => {
    const { scenarios } = await catalogueOf(uniqueWorld('ui'));
    const ui = (name: string) => scenarios.find((s) => s.name === name)!.ui;
    expect(ui('out-of-stock')).toMatchObject({ kind: 'toast', message: '품절된 물품이 있어요', followUp: 'reload-cart' });
    expect(ui('stock-shortage')).toMatchObject({ kind: 'alert', title: '재고 부족 안내' });
    expect(ui('stock-shortage').list).toHaveLength(2);
    expect(ui('market-schedule')).toMatchObject({ title: '마켓 일정을 확인해주세요', followUp: 'go-home' });
    expect(ui('limit-cart')).toMatchObject({ kind: 'confirm', title: '장바구니가 꽉 찼어요' });
    expect(ui('http-408')).toMatchObject({
      title: '주문 실패',
      message: '주문 폭주로 요청을 완료 할 수 없어요. 잠시 후 다시 주문해주세요.',
    });
    expect(ui('http-504')).toMatchObject({ title: '주문 실패' });
    expect(ui('http-401')).toMatchObject({ kind: 'login', title: '로그인 필요' });
    expect(ui('http-420')).toMatchObject({ kind: 'alert', title: '서버 점검 안내' });
    expect(ui('validate-sms-failed')).toMatchObject({ title: '인증번호 오류' });
    expect(ui('card-payment-failed')).toMatchObject({ title: '결제 시도 오류' });
    expect(ui('notification-send-failed')).toMatchObject({ kind: 'inquiry' });
    expect(ui('permission-denied')).toMatchObject({ title: '주문 계정 확인 필요', followUp: 'relogin' });
    expect(ui('network-error')).toMatchObject({ title: '인터넷에 연결할 수 없어요' });
    expect(ui('slow:MS')).toMatchObject({ title: '인터넷에 연결할 수 없어요' });
  });

  it('names real records of the caller world in the list errors, and a Korean title and msg in http-420', async () => {
    const world = uniqueWorld('lists');
    const { store } = server.mock.worlds.fromRequest(world);
    const { scenarios } = await catalogueOf(world);
    const body = (name: string) => scenarios.find((s) => s.name === name)!.body!;
    const list = (name: string) => errorList(body(name)) as ErrorListItem[];
    for (const name of ['stock-shortage', 'deleted-product', 'failed']) {
      const items = list(name);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(store.products.get(item._id)?.product.title).toBe(item.title);
    }
    expect(list('stock-shortage').every((item) => Number.isInteger(item.available))).toBe(true);
    const [market] = list('market-schedule');
    expect(store.markets.get(market!._id)?.market.title).toBe(market!.title);
    expect(body('http-420')).toMatchObject({
      data: 'server-notice',
      title: expect.stringMatching(/[가-힣]/) as unknown,
      msg: expect.stringMatching(/[가-힣]/) as unknown,
    });
    expect(body('bad-request')).toMatchObject({ data: 'bad-request', details: [expect.anything()] });
  });
});

describe('list errors of a signed-in caller', () => {
  it("a forced stock-shortage names the caller's own cart lines, with fewer left than each line asks", async () => {
    const world = uniqueWorld('shortage-cart');
    const { store } = server.mock.worlds.fromRequest(world);
    const buyerUid = store.accounts.one('persona', 'buyer')!.uid;
    const lines = store.carts.by('owner', buyerUid).flatMap((row) => row.cart.productList);
    expect(lines.length).toBeGreaterThan(0);
    const headers = { 'X-Mock-World': world, 'X-Mock-Scenario': 'stock-shortage' };
    // The order is where a stock shortage is declared (the scenario is forced before the body is read).
    const res = await server.call('POST', '/receipt/insert', { headers, token: server.token('buyer', world), body: {}, unchecked: true });
    expect(res.status).toBe(400);
    const list: { _id: string; title: string; option: string; available: number }[] = errorList(res.body) as {
      _id: string;
      title: string;
      option: string;
      available: number;
    }[];
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) {
      const line = lines.find((l) => l._id === item._id && l.option === item.option);
      expect(line, item.title).toBeDefined();
      expect(item.title).toBe(line!.productTitle);
      expect(item.available).toBeLessThan(line!.amount);
    }
    // A guest, or an account with an empty cart, still gets real products of the world.
    const guest = await server.call('POST', '/receipt/insert', { headers, body: {}, unchecked: true });
    expect((errorList(guest.body) as unknown[]).length).toBeGreaterThan(0);
    for (const item of errorList(guest.body) as { _id: string }[]) expect(store.products.get(item._id)).toBeDefined();
  });
});

describe('X-Mock-Scenario', () => {
  it('answers every error scenario of the operation exactly as the catalogue lists it, and the sdk client reads it the same', async () => {
    const world = uniqueWorld('header');
    const { scenarios } = await catalogueOf(world, 'getBanners');
    const api = createApiClient({ baseUrl: server.baseUrl });
    const errors = scenarios.filter((s) => s.kind === 'error');
    for (const scenario of errors) {
      const headers = { 'X-Mock-World': world, 'X-Mock-Scenario': scenario.name };
      const res = await server.call('GET', TARGET, { headers, unchecked: true });
      expect(res.status, scenario.name).toBe(scenario.status);
      expect(res.body, scenario.name).toEqual(scenario.body);
      expect(res.headers.get('x-mock-scenario')).toBe(scenario.name);

      const error = await errorThrownBy(bannersWith(api, headers));
      const body = scenario.body!;
      expect({ status: error.status, code: error.code, list: error.list, title: error.title, msg: error.msg }).toEqual({
        status: scenario.status,
        code: scenario.code,
        list: errorList(body),
        title: 'title' in body ? body.title : undefined,
        msg: 'msg' in body ? body.msg : undefined,
      });
    }
    // A guest GET answers what any operation can (the business codes, 401, 403, 404 and 413 are not its answers).
    expect(errors.map((s) => s.name)).toEqual(['bad-request', 'http-408', 'http-420', 'http-500', 'http-504']);
  });

  it('forces the ad service too, in its own error shape {code, msg}, only what its document declares, but never the control plane', async () => {
    const forced = (scenario: string) =>
      server.call('GET', '/ads/request', {
        headers: { Authorization: 'cm-ads-dev-key', 'X-Mock-Scenario': scenario },
        query: { unit: 'home-top30-native', uid: 'u-1', pf: 'web', lcl: 'ko_KR' },
      });
    // Each answer is also checked against the ads document by the harness.
    const timeout = await forced('http-504');
    expect([timeout.status, timeout.body]).toEqual([504, { code: 'gateway-timeout', msg: messageFor('gateway-timeout') }]);
    // The ad service knows no catalogue codes: forcing one is refused, in the ad service's own shape.
    const soldOut = await forced('out-of-stock');
    expect(soldOut.status).toBe(400);
    expect(soldOut.body.code).toBe('bad-request');
    expect(soldOut.body.msg).toContain('out-of-stock');
    const clock = await control(server, 'GET', '/clock', { headers: { 'X-Mock-Scenario': 'http-504' } });
    expect(clock.status).toBe(200);
  });

  it('refuses a misspelt name with the mock own 400 unknown-scenario, naming it and listing what the operation offers', async () => {
    const offered = (await catalogueOf(uniqueWorld('offered'), TARGET_OPERATION)).scenarios.map((s) => s.name);
    for (const name of ['no-such-scenario', 'slow:abc', 'slow:999999', 'out-of-stock2']) {
      const res = await server.call('GET', TARGET, { headers: { 'X-Mock-Scenario': name }, unchecked: true });
      expect(res.status).toBe(400);
      expectErrorShape(res.body);
      expect(errorCode(res.body)).toBe('unknown-scenario');
      expect(errorMessage(res.body)).toContain(`'${name}'`);
      const listed = (res.body as unknown as { scenarios: string[] }).scenarios;
      expect(listed.filter((n) => n !== 'slow:MS')).toEqual(offered.filter((n) => !n.startsWith('slow:')));
      expect(listed).toContain('slow:MS');
    }
    // Known, but not an answer this operation declares: the contract's bad-request, not unknown-scenario.
    const undeclared = await server.call('GET', TARGET, { headers: { 'X-Mock-Scenario': 'weight-exceeded' }, unchecked: true });
    expect(errorCode(undeclared.body)).toBe('bad-request');
  });

  it('changes nothing: a forced out-of-stock order leaves the stock, the cart and the receipts as they were', async () => {
    const world = uniqueWorld('no-change');
    const live = server.mock.worlds.fromRequest(world);
    const { store } = live;
    const sellerUid = store.accounts.one('persona', 'seller')!.uid;
    const market = store.markets.by('seller', sellerUid).find((r) => r.market.title === '겨울 스티커 마켓') as MarketRow;
    const product = store.products.by('market', market.market._id)[0] as ProductRow;
    const option = product.product.option[0]!;
    const buyerUid = store.accounts.one('persona', 'buyer-new')!.uid;
    const token = server.token('buyer-new', world);
    const headers = { 'X-Mock-World': world };
    const lines = [{ _id: product.product._id, option: option.title, amount: 2 }];

    const added = await server.call('POST', '/cart/add/common', {
      token,
      headers,
      body: { marketId: market.market._id, seller: 'mallang_studio', productList: lines },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cartId = added.body.data._id;
    const order = {
      marketId: market.market._id,
      memo: '문 앞에 놓아주세요',
      productList: lines,
      delivery: {
        name: '이새봄',
        tel: '+821098765432',
        addr: '서울특별시 마포구 와우산로 94',
        addr2: '3층 301호',
        zip: '04066',
        msg: '',
        title: '택배',
      },
      sns: { type: 1, id: 'saebom_daily' },
      buyerAccount: { name: '이새봄', no: '1002345678901', type: '020' },
      payment: { option: 1, depositExpect: '' },
      cashReceipt: { useYN: false, isPersonal: true, no: '' },
      cartId,
    };

    const orderedBefore = () => store.products.get(product.product._id)!.product.option[0]!.order;
    const before = {
      version: live.version,
      ordered: orderedBefore(),
      receipts: store.receipts.by('owner', buyerUid).length,
      cart: store.carts.get(cartId),
    };
    const forced = await server.call('POST', '/receipt/insert', {
      token,
      headers: { ...headers, 'X-Mock-Scenario': 'out-of-stock' },
      body: order,
    });
    expect(forced.status).toBe(400);
    expect(errorCode(forced.body)).toBe('out-of-stock');
    expect({
      version: live.version,
      ordered: orderedBefore(),
      receipts: store.receipts.by('owner', buyerUid).length,
      cart: store.carts.get(cartId),
    }).toEqual(before);

    // The very same request, unforced, is a real order.
    const real = await server.call('POST', '/receipt/insert', { token, headers, body: order });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(orderedBefore()).toBe(before.ordered + 2);
    expect(store.carts.get(cartId)).toBeUndefined();
  });
});

describe('sticky rules (POST/GET/DELETE /__mock/scenarios)', () => {
  it('answer every error scenario of the operation for `times` requests, then disappear', async () => {
    const world = uniqueWorld('rules');
    const headers = { 'X-Mock-World': world };
    const { scenarios } = await catalogueOf(world, 'getBanners');
    for (const scenario of scenarios.filter((s) => s.kind === 'error')) {
      const added = await control(server, 'POST', '/scenarios', {
        headers,
        body: { name: scenario.name, method: 'GET', path: TARGET_PATH, times: 1 },
      });
      expect(added.status).toBe(200);
      const forced = await server.call('GET', TARGET, { headers, unchecked: true });
      expect(forced.status, scenario.name).toBe(scenario.status);
      expect(forced.body, scenario.name).toEqual(scenario.body);
      const after = await server.call('GET', TARGET, { headers });
      expect(after.status, `${scenario.name} once only`).toBe(200);
    }
    expect((await catalogueOf(world)).rules).toEqual([]);
  });

  it('count down, are listed with what is left, and are cleared', async () => {
    const world = uniqueWorld('countdown');
    const headers = { 'X-Mock-World': world };
    const added = await control(server, 'POST', '/scenarios', { headers, body: { name: 'http-504', path: TARGET_PATH, times: 2 } });
    expect(added.body.rule).toMatchObject({ id: expect.any(String) as unknown, name: 'http-504', path: TARGET_PATH, times: 2 });
    await control(server, 'POST', '/scenarios', { headers, body: { name: 'limit-cart', method: 'POST', path: '/cart' } });

    expect((await server.call('GET', TARGET, { headers, unchecked: true })).status).toBe(504);
    expect((await catalogueOf(world)).rules.map((r) => [r.name, r.times])).toEqual([
      ['http-504', 1],
      ['limit-cart', undefined],
    ]);
    expect((await server.call('GET', TARGET, { headers, unchecked: true })).status).toBe(504);
    expect((await server.call('GET', TARGET, { headers })).status).toBe(200);
    expect((await catalogueOf(world)).rules.map((r) => r.name)).toEqual(['limit-cart']);

    const cleared = await control(server, 'DELETE', '/scenarios', { headers });
    expect(cleared.body).toEqual({ cleared: 1 });
    expect((await catalogueOf(world)).rules).toEqual([]);
  });

  it('match by method, by path template and by path prefix', async () => {
    const world = uniqueWorld('matching');
    const headers = { 'X-Mock-World': world };
    const token = server.token('buyer', world);
    await control(server, 'POST', '/scenarios', {
      headers,
      body: { name: 'permission-denied', method: 'GET', path: '/receipt/get/{publicId}' },
    });
    await control(server, 'POST', '/scenarios', { headers, body: { name: 'already-in-order', method: 'POST', path: '/cart' } });

    const receipt = await server.call('GET', '/receipt/get/261121000123', { token, headers, unchecked: true });
    expect(receipt.status).toBe(403);
    const cartUpdate = await server.call('POST', '/cart/update', { token, headers, body: {}, unchecked: true });
    expect(errorCode(cartUpdate.body)).toBe('already-in-order');
    // Another method, or another path, is not matched.
    expect((await server.call('GET', '/cart/v2/get', { token, headers })).status).toBe(200);
    expect((await server.call('GET', '/room', { token, headers })).status).toBe(200);

    expect(pathMatches('/receipt/get/{publicId}', '/receipt/get/261121000123')).toBe(true);
    expect(pathMatches('/receipt/get/{publicId}', '/receipt/get')).toBe(false);
    expect(pathMatches('/cart', '/cart/update/delivery-option/abc')).toBe(true);
    expect(pathMatches('/cart', '/cartoon')).toBe(false);
    expect(pathMatches('/', '/anything')).toBe(true);
  });

  it('match the ad service by its full path, and are never used up by the pages, images or documents', async () => {
    const world = uniqueWorld('pages');
    const headers = { 'X-Mock-World': world };
    await control(server, 'POST', '/scenarios', { headers, body: { name: 'http-504', path: '/ads/request', times: 1 } });
    await control(server, 'POST', '/scenarios', { headers, body: { name: 'http-408', times: 1 } });
    for (const path of ['/openapi.json', '/ads/openapi.json', '/docs', '/__postcode/search?q=%EC%84%B8%EC%A2%85']) {
      const page = await server.call('GET', path, { headers, unchecked: true });
      expect(page.status, path).toBe(200);
    }
    const ads = await server.call('GET', '/ads/request', {
      headers: { ...headers, Authorization: 'cm-ads-dev-key' },
      query: { unit: 'home-top30-native', uid: 'u-1', pf: 'web', lcl: 'ko_KR' },
      unchecked: true,
    });
    expect(ads.status).toBe(504);
    expect((await server.call('GET', TARGET, { headers, unchecked: true })).status).toBe(408);
    expect((await catalogueOf(world)).rules).toEqual([]);
  });

  it('belong to the world they were made in', async () => {
    const mine = uniqueWorld('rule-owner');
    const other = uniqueWorld('rule-other');
    await control(server, 'POST', '/scenarios', { headers: { 'X-Mock-World': mine }, body: { name: 'http-408' } });
    expect((await server.call('GET', TARGET, { headers: { 'X-Mock-World': mine }, unchecked: true })).status).toBe(408);
    expect((await server.call('GET', TARGET, { headers: { 'X-Mock-World': other } })).status).toBe(200);
    expect((await catalogueOf(other)).rules).toEqual([]);
  });

  it('refuse unknown names and malformed rules with 400, adding nothing', async () => {
    const world = uniqueWorld('bad-rules');
    const headers = { 'X-Mock-World': world };
    const bad = [
      { name: 'no-such-scenario' },
      { name: 'slow:200000' },
      { name: 'http-504', times: 0 },
      { name: 'http-504', method: 'FETCH' },
      { name: 'http-504', path: 'cart' },
      { name: 'http-504', delayMs: -1 },
      { name: 'http-504', extra: true },
      { method: 'GET' },
    ];
    for (const body of bad) {
      const res = await control(server, 'POST', '/scenarios', { headers, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      // A misspelt scenario has its own code; every other malformed rule is bad-request.
      expect(errorCode(res.body)).toBe(
        body.name === 'no-such-scenario' || body.name === 'slow:200000' ? 'unknown-scenario' : 'bad-request',
      );
    }
    const malformed = await control(server, 'POST', '/scenarios', {
      headers: { ...headers, 'content-type': 'application/json' },
      rawBody: '{"name":',
    });
    expect(malformed.status).toBe(400);
    expect((await catalogueOf(world)).rules).toEqual([]);
  });
});

describe('transport faults, as the sdk client sees them', () => {
  it('each fault, by header and by rule, is an ApiError with status 0 network-error, and the server keeps serving', async () => {
    const world = uniqueWorld('faults');
    const api = createApiClient({ baseUrl: server.baseUrl, timeoutMs: 5000 });
    let checked = 0;
    for (const fault of FAULT_NAMES) {
      const byHeader = await errorThrownBy(bannersWith(api, { 'X-Mock-World': world, 'X-Mock-Scenario': fault }));
      expect([fault, byHeader.status, byHeader.code]).toEqual([fault, 0, 'network-error']);

      await control(server, 'POST', '/scenarios', {
        headers: { 'X-Mock-World': world },
        body: { name: fault, path: TARGET_PATH, times: 1 },
      });
      const byRule = await errorThrownBy(bannersWith(api, { 'X-Mock-World': world }));
      expect([fault, byRule.status, byRule.code]).toEqual([fault, 0, 'network-error']);
      checked += 1;

      const healthy = await bannersWith(api, { 'X-Mock-World': world });
      expect(healthy).toBeDefined();
    }
    expect(checked).toBe(FAULT_NAMES.length);
    expect(checked).toBe(5);
  });
});

describe('slow:MS and latency', () => {
  it('slow:MS answers normally after MS, and past the client timeout the client reports timeout', async () => {
    const api = createApiClient({ baseUrl: server.baseUrl });
    const started = performance.now();
    const res = await server.call('GET', TARGET, { headers: { 'X-Mock-Scenario': 'slow:400' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-mock-scenario')).toBe('slow:400');
    await expect(bannersWith(api, { 'X-Mock-Scenario': 'slow:300' })).resolves.toBeDefined();

    const impatient = createApiClient({ baseUrl: server.baseUrl, timeoutMs: 200 });
    const error = await errorThrownBy(bannersWith(impatient, { 'X-Mock-Scenario': 'slow:1000' }));
    expect([error.status, error.code]).toEqual([0, 'timeout']);
  });

  it("PUT /__mock/latency delays the caller world's API responses; a rule's delayMs adds to it", async () => {
    const world = uniqueWorld('latency');
    const headers = { 'X-Mock-World': world };
    expect((await control(server, 'GET', '/latency', { headers })).body).toEqual({ ms: 0, globalMs: 0 });
    expect((await control(server, 'PUT', '/latency', { headers, body: { ms: 300 } })).body).toEqual({ ms: 300, globalMs: 0 });
    expect((await control(server, 'GET', '/latency', { headers: { 'X-Mock-World': uniqueWorld('latency-other') } })).body.ms).toBe(0);

    let started = performance.now();
    expect((await server.call('GET', TARGET, { headers })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);

    await control(server, 'POST', '/scenarios', { headers, body: { name: 'http-504', times: 1, delayMs: 300 } });
    started = performance.now();
    expect((await server.call('GET', TARGET, { headers, unchecked: true })).status).toBe(504);
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);

    for (const ms of [-1, 120_001, 'fast']) expect((await control(server, 'PUT', '/latency', { headers, body: { ms } })).status).toBe(400);
    expect((await control(server, 'GET', '/latency', { headers })).body.ms).toBe(300);
  });

  it('the global --latency applies to every world without its own', async () => {
    const slow = await startTestServer({ latencyMs: 250 });
    try {
      const started = performance.now();
      expect((await slow.call('GET', TARGET, { headers: { 'X-Mock-World': uniqueWorld('global-latency') } })).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(240);
      expect((await control(slow, 'GET', '/latency')).body).toEqual({ ms: 250, globalMs: 250 });
    } finally {
      await slow.close();
    }
  });
});
