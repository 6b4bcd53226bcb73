// @vitest-environment node
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, call, createApiClient, isApiError, type ApiClient } from '../../src/index';
import { API, apiReply, samples } from '../support/contract-responses';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The ApiError a call rejects with (fails the test when it resolves or rejects with something else). */
async function failure(pending: Promise<unknown>): Promise<ApiError> {
  const outcome = await pending.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected the call to fail, it resolved with ${JSON.stringify(outcome.value)}`);
  if (!isApiError(outcome.error)) throw outcome.error;
  return outcome.error;
}

/** ApiError's fields as a plain object (toEqual on the instance would compare the Error only by message). */
function fields(error: ApiError) {
  const { status, code, message, title, msg, list, details, method, url } = error;
  return Object.fromEntries(
    Object.entries({ status, code, message, title, msg, list, details, method, url }).filter(([, value]) => value !== undefined),
  );
}

describe('bearer token', () => {
  function recordAuthorization() {
    const seen: (string | null)[] = [];
    const reply = apiReply('getMe', 200, { data: samples.me });
    server.use(
      http.get(`${API}/user/me`, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return reply();
      }),
    );
    return seen;
  }

  it('is sent only while getToken returns a token (sync or async), and read on every request', async () => {
    const seen = recordAuthorization();
    let token: string | null = null;
    const api = createApiClient({ baseUrl: API, getToken: () => token });
    await api.get('/user/me');
    token = 'id-token-1';
    await api.get('/user/me');
    token = '';
    await api.get('/user/me');
    const asyncApi = createApiClient({ baseUrl: API, getToken: () => Promise.resolve('id-token-2') });
    await asyncApi.get('/user/me');
    await createApiClient({ baseUrl: API }).get('/user/me');
    expect(seen).toEqual([null, 'Bearer id-token-1', null, 'Bearer id-token-2', null]);
  });
});

describe('successful calls', () => {
  it('unwrap the {data} envelope', async () => {
    server.use(http.get(`${API}/user/me`, apiReply('getMe', 200, { data: samples.me })));
    const api = createApiClient({ baseUrl: API });
    expect(await api.get('/user/me')).toEqual(samples.me);
    expect(await call(api.raw.GET('/user/me'))).toEqual(samples.me);
  });

  it('send path parameters, queries and JSON bodies', async () => {
    const requests: { url: string; body?: unknown; contentType: string | null }[] = [];
    const receipt = apiReply('getReceipt', 200, { data: samples.receiptDetail });
    const search = apiReply('searchProducts', 200, {
      data: { list: [samples.productSummary], paging: { dataCnt: 21, page: 2, pageCnt: 2 } },
    });
    const added = apiReply('addToCart', 200, { data: samples.cartEntry });
    server.use(
      http.get(`${API}/receipt/get/:publicId`, ({ request }) => {
        requests.push({ url: request.url, contentType: request.headers.get('content-type') });
        return receipt();
      }),
      http.get(`${API}/common/v2/search-product`, ({ request }) => {
        requests.push({ url: request.url, contentType: request.headers.get('content-type') });
        return search();
      }),
      http.post(`${API}/cart/add/common`, async ({ request }) => {
        requests.push({ url: request.url, body: await request.json(), contentType: request.headers.get('content-type') });
        return added();
      }),
    );
    const api = createApiClient({ baseUrl: API });
    const detail = await api.get('/receipt/get/{publicId}', { params: { path: { publicId: '261121000123' } } });
    expect(detail.receiptInfo.publicId).toBe(samples.receiptDetail.receiptInfo.publicId);
    const page = await api.get('/common/v2/search-product', { params: { query: { keyword: '키링', page: 2 } } });
    expect(page.paging).toEqual({ dataCnt: 21, page: 2, pageCnt: 2 });
    const body = {
      marketId: '6650f1c2a9d3e4b5c6d7e001',
      seller: 'mallang_studio',
      productList: [{ _id: '6650f1c2a9d3e4b5c6d7e101', option: '핑크', amount: 2 }],
    };
    expect(await api.post('/cart/add/common', { body })).toEqual(samples.cartEntry);
    expect(requests).toEqual([
      { url: `${API}/receipt/get/261121000123`, contentType: null },
      { url: `${API}/common/v2/search-product?keyword=%ED%82%A4%EB%A7%81&page=2`, contentType: null },
      { url: `${API}/cart/add/common`, body, contentType: 'application/json' },
    ]);
  });

  it('report every response to onResponse with a readable body', async () => {
    server.use(http.get(`${API}/user/me`, apiReply('getMe', 401, { data: 'unauthorized', message: '로그인이 필요해요.' })));
    const seen: { status: number; body: unknown; method: string }[] = [];
    const api = createApiClient({
      baseUrl: API,
      onResponse: (response, request) => {
        void response.json().then((body: unknown) => seen.push({ status: response.status, body, method: request.method }));
      },
    });
    await failure(api.get('/user/me'));
    await vi.waitFor(() =>
      expect(seen).toEqual([{ status: 401, body: { data: 'unauthorized', message: '로그인이 필요해요.' }, method: 'GET' }]),
    );
  });
});

describe('every failure is one ApiError', () => {
  const api: ApiClient = createApiClient({ baseUrl: API, timeoutMs: 200 });
  const me = () => api.get('/user/me');
  const order = () => api.post('/receipt/insert', { body: samples.orderRequest });

  it('400 carries the code and the list', async () => {
    const list = [{ _id: '6650f1c2a9d3e4b5c6d7e801', title: '말랑 곰돌이 키링', option: '핑크', available: 2 }];
    server.use(
      http.post(
        `${API}/receipt/insert`,
        apiReply('insertReceipt', 400, { data: { code: 'stock-shortage', list }, message: '재고가 부족한 물품이 있어요.' }),
      ),
    );
    expect(fields(await failure(order()))).toEqual({
      status: 400,
      code: 'stock-shortage',
      message: '재고가 부족한 물품이 있어요.',
      list,
      method: 'POST',
      url: `${API}/receipt/insert`,
    });
  });

  it('400 bad-request carries the details', async () => {
    const details = [{ path: '/body/productList', message: 'must NOT have fewer than 1 items' }];
    server.use(
      http.post(
        `${API}/receipt/insert`,
        apiReply('insertReceipt', 400, { data: 'bad-request', message: '요청 형식이 올바르지 않아요.', details }),
      ),
    );
    expect(await failure(order())).toMatchObject({ status: 400, code: 'bad-request', details });
  });

  it.each([
    [401, 'unauthorized', '로그인이 필요해요.'],
    [408, 'request-timeout', '주문이 몰려 요청 시간이 초과되었어요.'],
    [504, 'gateway-timeout', '주문이 몰려 응답이 지연되고 있어요.'],
  ])('%i %s from the ErrorBody', async (status, code, message) => {
    server.use(http.get(`${API}/user/me`, apiReply('getMe', status, { data: code, message })));
    expect(fields(await failure(me()))).toEqual({ status, code, message, method: 'GET', url: `${API}/user/me` });
  });

  it.each([
    [403, 'permission-denied', '접근 권한이 없어요.'],
    [404, 'not-found', '찾을 수 없어요.'],
  ])('%i %s from the ErrorBody', async (status, code, message) => {
    server.use(http.get(`${API}/receipt/get/:publicId`, apiReply('getReceipt', status, { data: code, message })));
    const error = await failure(api.get('/receipt/get/{publicId}', { params: { path: { publicId: '261121000999' } } }));
    expect(fields(error)).toEqual({ status, code, message, method: 'GET', url: `${API}/receipt/get/261121000999` });
  });

  it('413 payload-too-large', async () => {
    server.use(
      http.post(`${API}/receipt/insert`, apiReply('insertReceipt', 413, { data: 'payload-too-large', message: '요청 크기가 너무 커요.' })),
    );
    expect(await failure(order())).toMatchObject({ status: 413, code: 'payload-too-large', message: '요청 크기가 너무 커요.' });
  });

  it('420 server-notice carries the server title and msg', async () => {
    const notice = { message: '서버 점검 안내', title: '서버 점검 안내', msg: '더 나은 서비스를 위해 02:00~04:00 점검을 진행해요.' };
    server.use(http.get(`${API}/user/me`, apiReply('getMe', 420, { data: 'server-notice', ...notice })));
    expect(fields(await failure(me()))).toEqual({ status: 420, code: 'server-notice', ...notice, method: 'GET', url: `${API}/user/me` });
  });

  it.each([
    [500, 'http-500', '<html><body><h1>500 Internal Server Error</h1></body></html>', 'text/html'],
    [502, 'http-502', '<html><body>Bad Gateway</body></html>', 'text/html'],
    [504, 'gateway-timeout', '<html><body>Gateway Time-out</body></html>', 'text/html'],
    [401, 'unauthorized', '', 'text/plain'],
    [403, 'permission-denied', 'Forbidden', 'text/plain'],
    [404, 'not-found', '{"error":"no route"}', 'application/json'],
    [408, 'request-timeout', '', 'text/plain'],
    [413, 'payload-too-large', '<html>Request Entity Too Large</html>', 'text/html'],
    [420, 'server-notice', '[]', 'application/json'],
    // The shape before the {data} envelope: its `code` is not read.
    [400, 'http-400', '{"code":"out-of-stock"}', 'application/json'],
    [404, 'not-found', '{"data":"out-of-stok"}', 'application/json'],
  ])('%i with a non-ErrorBody body (%s) takes its code from the status', async (status, code, body, contentType) => {
    server.use(http.get(`${API}/user/me`, () => new HttpResponse(body, { status, headers: { 'Content-Type': contentType } })));
    const error = await failure(me());
    expect(error).toMatchObject({ status, code, method: 'GET', url: `${API}/user/me` });
    expect(error.message).toMatch(new RegExp(`^HTTP ${status}`));
    expect(error.list).toBeUndefined();
  });

  it('a network failure is status 0 network-error', async () => {
    server.use(http.get(`${API}/user/me`, () => HttpResponse.error()));
    const error = await failure(me());
    expect(fields(error)).toMatchObject({ status: 0, code: 'network-error', method: 'GET', url: `${API}/user/me` });
    expect(error.message).toMatch(/^network failure: /);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('a connection that drops in the middle of the body is status 0 network-error', async () => {
    server.use(
      http.get(`${API}/user/me`, () => {
        const stream = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"data":{"user":'));
            controller.error(new Error('socket hang up'));
          },
        });
        return new HttpResponse(stream, { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    expect(await failure(me())).toMatchObject({ status: 0, code: 'network-error' });
  });

  it('a call aborted by its caller is status 0 network-error', async () => {
    server.use(
      http.get(`${API}/user/me`, async () => {
        await delay(100);
        return HttpResponse.json({ data: samples.me });
      }),
    );
    const controller = new AbortController();
    const pending = api.get('/user/me', { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    expect(await failure(pending)).toMatchObject({ status: 0, code: 'network-error' });
  });

  it('a response slower than timeoutMs is status 0 timeout', async () => {
    server.use(
      http.get(`${API}/user/me`, async () => {
        await delay(1_000);
        return HttpResponse.json({ data: samples.me });
      }),
    );
    const started = Date.now();
    const error = await failure(me());
    expect(fields(error)).toEqual({
      status: 0,
      code: 'timeout',
      message: 'no response within 200 ms',
      method: 'GET',
      url: `${API}/user/me`,
    });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('a body that stalls past timeoutMs is a timeout too (the limit covers the whole exchange)', async () => {
    server.use(
      http.get(`${API}/user/me`, () => {
        const stream = new ReadableStream({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode('{"data":'));
            await delay(1_000);
            controller.enqueue(new TextEncoder().encode('null}'));
            controller.close();
          },
        });
        return new HttpResponse(stream, { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    expect(await failure(me())).toMatchObject({ status: 0, code: 'timeout' });
  });

  it.each([
    ['malformed JSON', '{"data": {"user": ', 'a body that is not JSON'],
    ['an empty body', '', 'an empty body'],
    ['JSON without the envelope', JSON.stringify(samples.me), 'a body without the {data} envelope'],
  ])('a 200 with %s is status 0 network-error', async (_, body, problem) => {
    server.use(http.get(`${API}/user/me`, () => new HttpResponse(body, { status: 200, headers: { 'Content-Type': 'application/json' } })));
    expect(fields(await failure(me()))).toEqual({
      status: 0,
      code: 'network-error',
      message: `HTTP 200 with ${problem}`,
      method: 'GET',
      url: `${API}/user/me`,
    });
  });

  it('a 204 No Content is status 0 network-error too (every operation answers a body)', async () => {
    const seen: number[] = [];
    const reporting = createApiClient({ baseUrl: API, onResponse: (response) => void seen.push(response.status) });
    server.use(http.get(`${API}/user/me`, () => new HttpResponse(null, { status: 204 })));
    expect(await failure(reporting.get('/user/me'))).toMatchObject({
      status: 0,
      code: 'network-error',
      message: 'HTTP 204 with an empty body',
    });
    expect(seen).toEqual([204]);
  });

  it('isApiError tells ApiError apart from other errors', async () => {
    server.use(http.get(`${API}/user/me`, () => HttpResponse.error()));
    const error = await failure(me());
    expect(isApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.name).toBe('ApiError');
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ status: 0, code: 'network-error' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});
