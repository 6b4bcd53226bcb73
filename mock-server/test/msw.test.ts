// The msw adapter answers exactly what the Express server answers, for the same world and request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { assertResponse } from '@creator-market/openapi/contract';
import { adsDocument, productDocument } from '@creator-market/openapi';
import { createBrowserWorld, createMswHandlers } from '../src/doors/msw';
import { AD_SERVICE_KEY } from '../src/handlers/ads';
import { errorCode, startTestServer, type Method, type TestServer, errorDetails } from './support/harness';

const MSW_BASE = 'http://msw.test';

let srv: TestServer;
let msw: ReturnType<typeof setupServer>;
beforeAll(async () => {
  srv = await startTestServer();
  // The same worlds as the Express server: both adapters read and write the same state.
  msw = setupServer(...createMswHandlers({ baseUrl: MSW_BASE, worlds: srv.mock.worlds }));
  msw.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  msw.close();
  await srv.close();
});

interface Request<P extends string = string> {
  method?: Method;
  path: P;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
}

async function viaMsw(req: Request) {
  const url = new URL(req.path, MSW_BASE);
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
  const headers = { ...req.headers, ...(req.body === undefined ? {} : { 'content-type': 'application/json' }) };
  const res = await fetch(url, {
    method: req.method ?? 'GET',
    headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

/** Asks both adapters, checks the answers are equal and valid against the contract, and returns msw's. */
async function same<P extends string>(req: Request<P>) {
  const express = await srv.call(req.method ?? 'GET', req.path, { query: req.query, headers: req.headers, body: req.body });
  const mocked = await viaMsw(req);
  expect(mocked.status).toBe(express.status);
  expect(mocked.body).toEqual(express.body);
  const isAds = req.path.startsWith('/ads/');
  assertResponse(
    { method: req.method ?? 'GET', path: isAds ? req.path.slice('/ads'.length) : req.path },
    mocked.status,
    mocked.body,
    isAds ? adsDocument : productDocument,
  );
  // msw's body equals the listener's (checked above), so it has the type the contract gives that one.
  return { ...mocked, body: mocked.body as typeof express.body };
}

describe('createMswHandlers', () => {
  it('getMarket: the same market detail', async () => {
    const res = await same({ path: '/common/market/get/mallang_studio/4' });
    expect(res.status).toBe(200);
    expect(res.body.data.product.length).toBeGreaterThan(0);
    await same({ path: '/common/market/get/mallang_studio/0' });
  });

  it('getMe: the same signed-in user, and the same 401 for a guest', async () => {
    const token = srv.token('buyer');
    const res = await same({ path: '/user/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.body.data.user.uid).toBe('65f0c0de0000000000000001');
    expect((await same({ path: '/user/me' })).status).toBe(401);
  });

  it('searchProducts and the home lists: the same pages', async () => {
    const res = await same({ path: '/common/v2/search-product', query: { keyword: '키링', page: '2' } });
    expect(res.body.data.paging.page).toBe(2);
    await same({ path: '/common/v2/seller', query: { from: 'top' } });
    await same({ path: '/common/v2/product', query: { from: 'topcart' } });
  });

  it('a write through msw is seen by the server (same world, one pipeline)', async () => {
    const token = srv.token('seller', 'msw-write');
    const headers = { authorization: `Bearer ${token}`, 'X-Mock-World': 'msw-write' };
    const world = srv.mock.worlds.fromRequest('msw-write');
    const target = world.store.previews.by('seller', world.store.sellers.one('publicId', 'mallang_studio')!._id)[0]!.previewUID;
    const version = world.version;
    const res = await viaMsw({ method: 'POST', path: `/feed/delete/preview/${target}`, headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-mock-world')).toBe('msw-write');
    expect(world.version).toBe(version + 1);
    const again = await srv.call('POST', `/feed/delete/preview/${target}`, { headers });
    expect(again.status).toBe(404);
  });

  it('validates requests like the server: the same bad-request details', async () => {
    const res = await same({ path: '/common/v2/seller', query: { from: 'old' } });
    expect(res.status).toBe(400);
    expect(errorDetails(res.body)[0]?.path).toBe('/query/from');
    const unknown = await same({ path: '/common/v2/banner', query: { from: 'top', extra: '1' } });
    expect(unknown.status).toBe(400);
    const body = await same({
      method: 'POST',
      path: '/subscribe/add',
      headers: { authorization: `Bearer ${srv.token('buyer')}` },
      body: { sellerId: 42 },
    });
    expect(body.status).toBe(400);
    expect(errorCode(body.body)).toBe('bad-request');
  });

  it('serves the ad service under /ads with its key and error shape', async () => {
    const query = { unit: 'home-cart-native-1', uid: 'u-7', pf: 'ios', lcl: 'ko_KR' };
    const ok = await same({ path: '/ads/request', query, headers: { authorization: AD_SERVICE_KEY } });
    expect(ok.body.code).toBe(0);
    expect((await same({ path: '/ads/request', query })).status).toBe(401);
    expect((await same({ path: '/ads/request', query: { ...query, pf: 'tv' }, headers: { authorization: AD_SERVICE_KEY } })).status).toBe(
      400,
    );
  });
});

describe('createBrowserWorld', () => {
  it('makes a seeded world without Node APIs that the handlers can serve on their own', async () => {
    const world = createBrowserWorld(1, 0.2);
    msw.use(...createMswHandlers({ baseUrl: 'http://browser.test', world }));
    try {
      const res = await fetch('http://browser.test/common/v2/seller/mallang_studio');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-mock-world')).toBe('default');
      expect(((await res.json()) as { data: { info: { name: string } } }).data.info.name).toBe('말랑공방');
    } finally {
      msw.resetHandlers();
    }
  });
});
