// The home's first lists read index.html's early answers before the API client has loaded (firstScreenAnswer):
// a plain success is their payload, anything else goes to the client, which takes that same answer and reads
// its error, or asks again, as it does for any early answer.
import { DEFAULT_TIMEOUT_MS, isApiError } from '@creator-market/sdk/client';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { API_BASE } from '../config/hosts';
import { resetAppState, signInAs } from '../testing/appHarness';
import { setupMockApi } from '../testing/testServer';
import { api } from './client';
import { serverClock } from './clock';
import { EARLY_ANSWER_HANDOVER_MS, firstScreenAnswer } from './earlyAnswers';
import { EARLY_REQUESTS_GLOBAL, HOME_FIRST_REQUESTS } from './earlyRequests';

const server = setupMockApi();
const earlyWindow = window as unknown as Partial<Record<string, Record<string, Promise<Response>>>>;
const address = HOME_FIRST_REQUESTS.categories;
const url = `${API_BASE}${address}`;

/** The client's call for the categories, counted. */
const clientCall = () => vi.fn(() => api.get('/common/v2/seller-ctg', { params: { query: { flag: 'news' } } }));

/** Every product API address asked for from the mock, in order. */
function recordRequests(): string[] {
  const urls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    urls.push(request.url);
  });
  return urls;
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });

beforeEach(() => {
  resetAppState();
});

afterEach(() => {
  delete earlyWindow[EARLY_REQUESTS_GLOBAL];
  server.events.removeAllListeners();
  serverClock.observe(new Headers({ 'X-Mock-Now': String(Date.now()) }));
});

describe('firstScreenAnswer', () => {
  test('a plain success is the payload, without the client; the server clock is observed', async () => {
    const serverNow = Date.now() + 3_600_000;
    earlyWindow[EARLY_REQUESTS_GLOBAL] = {
      [url]: Promise.resolve(json({ data: [{ sellerCategory: 'stickers' }] }, { headers: { 'X-Mock-Now': String(serverNow) } })),
    };
    const call = clientCall();
    await expect(firstScreenAnswer(address, call)).resolves.toEqual([{ sellerCategory: 'stickers' }]);
    expect(call).not.toHaveBeenCalled();
    expect(earlyWindow[EARLY_REQUESTS_GLOBAL]).toEqual({});
    expect(Math.abs(serverClock.now() - serverNow)).toBeLessThan(1000);
  });

  test('an HTTP error is the client’s to read, from the same answer (nothing asked again)', async () => {
    earlyWindow[EARLY_REQUESTS_GLOBAL] = { [url]: Promise.resolve(json({ data: 'not-found', message: 'gone' }, { status: 404 })) };
    const asked = recordRequests();
    const error: unknown = await firstScreenAnswer(address, clientCall()).catch((caught: unknown) => caught);
    expect(isApiError(error) && [error.status, error.code, error.message]).toEqual([404, 'not-found', 'gone']);
    expect(asked).toEqual([]);
    expect(earlyWindow[EARLY_REQUESTS_GLOBAL]).toEqual({});
  });

  test('a 2xx that is not the {data} envelope is the client’s: its network error, nothing asked again', async () => {
    for (const body of ['not json', '[]', '{"list":[]}']) {
      earlyWindow[EARLY_REQUESTS_GLOBAL] = { [url]: Promise.resolve(new Response(body)) };
      const asked = recordRequests();
      const error: unknown = await firstScreenAnswer(address, clientCall()).catch((caught: unknown) => caught);
      expect(isApiError(error) && [error.status, error.code]).toEqual([0, 'network-error']);
      expect(asked).toEqual([]);
      server.events.removeAllListeners();
    }
  });

  test('a failed early request is asked again by the client', async () => {
    earlyWindow[EARLY_REQUESTS_GLOBAL] = { [url]: Promise.reject(new TypeError('Failed to fetch')) };
    const asked = recordRequests();
    const call = clientCall();
    const categories = await firstScreenAnswer(address, call);
    expect(categories.length).toBeGreaterThan(0);
    expect(call).toHaveBeenCalledTimes(1);
    expect(asked).toEqual([url]);
  });

  test('a signed-in call leaves the early answer to the client, which drops it and asks itself', async () => {
    await signInAs('buyer');
    const early = json({ data: [] });
    earlyWindow[EARLY_REQUESTS_GLOBAL] = { [url]: Promise.resolve(early) };
    const asked = recordRequests();
    const categories = await firstScreenAnswer(address, clientCall());
    expect(categories.length).toBeGreaterThan(0);
    expect(asked).toEqual([url]);
    expect(early.bodyUsed).toBe(false);
    expect(earlyWindow[EARLY_REQUESTS_GLOBAL]).toEqual({});
  });

  test('no early answer: the client asks', async () => {
    const asked = recordRequests();
    const call = clientCall();
    expect((await firstScreenAnswer(address, call)).length).toBeGreaterThan(0);
    expect(call).toHaveBeenCalledTimes(1);
    expect(asked).toEqual([url]);
  });

  test('an answer not there within the handover wait is handed to the client, which takes it when it comes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let answer: (response: Response) => void = () => undefined;
    earlyWindow[EARLY_REQUESTS_GLOBAL] = { [url]: new Promise<Response>((resolve) => (answer = resolve)) };
    const asked = recordRequests();
    const call = clientCall();
    const result = firstScreenAnswer(address, call);
    await vi.advanceTimersByTimeAsync(EARLY_ANSWER_HANDOVER_MS - 100);
    expect(call).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    answer(json({ data: [{ sellerCategory: 'late' }] }));
    await expect(result).resolves.toEqual([{ sellerCategory: 'late' }]);
    expect(asked).toEqual([]);
  });

  test("an answer that never comes fails as the client's timeout, counted from the handover: not twice over", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    earlyWindow[EARLY_REQUESTS_GLOBAL] = { [url]: new Promise<Response>(() => undefined) };
    const failed = vi.fn();
    void firstScreenAnswer(address, clientCall()).catch(failed);
    await vi.advanceTimersByTimeAsync(EARLY_ANSWER_HANDOVER_MS + DEFAULT_TIMEOUT_MS - 100);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    const [error] = failed.mock.calls[0] as [unknown];
    expect(isApiError(error) && [error.status, error.code]).toEqual([0, 'timeout']);
  });
});
