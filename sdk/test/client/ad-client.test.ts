// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdClient, isApiError, type AdRequestQuery } from '../../src/index';
import { ADS, adReply, nativeAd } from '../support/contract-responses';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const query: AdRequestQuery = { unit: 'home-top30-native', uid: 'u-1740903300000', pf: 'web', lcl: 'ko_KR' };
const noAd = { code: 204, msg: '노출할 광고가 없어요.', result: null, extra: null };

describe('createAdClient', () => {
  it('sends the fixed Authorization value as is, with the query, and returns an ad (code 0)', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    const reply = adReply(200, nativeAd);
    server.use(
      http.get(`${ADS}/request`, ({ request }) => {
        seen.push({ url: request.url, authorization: request.headers.get('authorization') });
        return reply();
      }),
    );
    const ads = createAdClient({ baseUrl: ADS, authorization: 'cm-ads-dev-key' });
    expect(await ads.requestAd({ ...query, trackMode: 1 })).toEqual(nativeAd);
    expect(seen).toEqual([
      { url: `${ADS}/request?unit=home-top30-native&uid=u-1740903300000&pf=web&lcl=ko_KR&trackMode=1`, authorization: 'cm-ads-dev-key' },
    ]);
  });

  it('returns a non-zero code instead of throwing (the slot is rejected, not in error)', async () => {
    server.use(http.get(`${ADS}/request`, adReply(200, noAd)));
    const ads = createAdClient({ baseUrl: ADS, authorization: 'cm-ads-dev-key' });
    await expect(ads.requestAd(query)).resolves.toEqual(noAd);
  });

  it('throws ApiError when the request itself fails (the slot is in error)', async () => {
    const ads = createAdClient({ baseUrl: ADS, authorization: 'wrong', timeoutMs: 100 });
    server.use(http.get(`${ADS}/request`, adReply(401, { code: 'unauthorized', msg: '인증 키가 올바르지 않아요.' })));
    await expect(ads.requestAd(query)).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: '인증 키가 올바르지 않아요.',
      msg: '인증 키가 올바르지 않아요.',
      method: 'GET',
    });
    // The ad service's own error shape `{code, msg}` is read as such.
    server.use(http.get(`${ADS}/request`, adReply(400, { code: 'bad-request', msg: 'unit 값이 필요해요.' })));
    await expect(ads.requestAd(query)).rejects.toMatchObject({ status: 400, code: 'bad-request', message: 'unit 값이 필요해요.' });

    server.use(http.get(`${ADS}/request`, () => HttpResponse.error()));
    const networkError = await ads.requestAd(query).catch((error: unknown) => error);
    expect(isApiError(networkError) && networkError.status === 0 && networkError.code).toBe('network-error');

    server.use(
      http.get(`${ADS}/request`, () => new HttpResponse('<html>oops</html>', { status: 200, headers: { 'Content-Type': 'text/html' } })),
    );
    await expect(ads.requestAd(query)).rejects.toMatchObject({ status: 0, code: 'network-error' });
  });
});
