import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleOptions } from '@creator-market/sdk/domain';
import { AD_SERVICE_KEY, AD_UNITS } from '../src/handlers/ads';
import { startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const KEY = { authorization: AD_SERVICE_KEY };
const query = (unit: string, uid = 'u-1740903300000') => ({ unit, uid, pf: 'web', lcl: 'ko_KR' });
const store = () => srv.mock.worlds.defaultWorld.store;

async function ad(unit: string, uid?: string) {
  const res = await srv.call('GET', '/ads/request', { headers: KEY, query: query(unit, uid) });
  expect(res.status).toBe(200);
  return res.body as { code: number; msg: string; result: { format: string; ad: string } | null; extra: Record<string, unknown> | null };
}

/** The market an ad links to (`/m/{seller}/{number}` or `/p/{seller}/{number}#product`). */
function linkedMarket(html: string) {
  const match = /href="\/[mp]\/([a-z0-9_-]+)\/(\d+)/.exec(html);
  expect(match).not.toBeNull();
  const s = store();
  const seller = s.sellers.one('publicId', match![1])!;
  return s.markets.by('seller', seller._id).find((r) => r.market.publicId === Number(match![2]))!.market;
}

describe('requestAd', () => {
  it('answers a banner with an image and Korean copy, for a market open or coming', async () => {
    const now = srv.mock.worlds.defaultWorld.clock.now();
    for (const unit of Object.keys(AD_UNITS).filter((u) => AD_UNITS[u] === 'banner')) {
      const body = await ad(unit);
      expect(body.code).toBe(0);
      expect(body.extra).toBeNull();
      expect(body.result!.format).toBe('banner');
      expect(body.result!.ad).toMatch(/^<a class="ad-banner" href="\/m\/[^"]+"><img src="\/img\/banner\/[0-9a-f]{24}\.svg" alt="[^"]+">/);
      expect(body.result!.ad).toMatch(/[가-힣]/);
      const market = linkedMarket(body.result!.ad);
      expect(market.public && market.status !== 3 && Date.parse(market.marketED) >= now).toBe(true);
      expect(body.result!.ad).toContain(`/img/banner/${market._id}.svg`);
    }
  });

  it("answers a native ad with a real product's seller, name and price range", async () => {
    for (const unit of ['home-top30-native', 'home-cart-native-1', 'home-cart-native-2']) {
      const body = await ad(unit);
      expect(body.code).toBe(0);
      expect(body.result!.format).toBe('native');
      const productId = /#([0-9a-f]{24})"/.exec(body.result!.ad)![1]!;
      const row = store().products.get(productId)!;
      const prices = visibleOptions(row.product.option).map((o) => o.price);
      expect(body.extra).toEqual({
        seller_name: store().sellers.get(row.sellerUID)!.info.name,
        product_name: row.product.title,
        min_price: Math.min(...prices),
        max_price: Math.max(...prices),
      });
      expect(row.product.useYN).toBe(true);
      expect(linkedMarket(body.result!.ad)._id).toBe(row.marketUID);
    }
  });

  it('answers a popup for the home popup units', async () => {
    for (const unit of ['home-popup-android', 'home-popup-ios']) {
      const body = await ad(unit);
      expect(body.code).toBe(0);
      expect(body.result!.format).toBe('popup');
      expect(body.result!.ad).toContain('<img src="/img/banner/');
      expect(body.extra).toBeNull();
    }
  });

  it('is the same ad for a placement and ad user all day', async () => {
    expect(await ad('search-middle-banner', 'u-1')).toEqual(await ad('search-middle-banner', 'u-1'));
    const byUser = new Set<string>();
    for (let i = 0; i < 10; i++) byUser.add((await ad('search-middle-banner', `u-${i}`)).result!.ad);
    expect(byUser.size).toBeGreaterThan(1);
  });

  it('has no ad for an unknown placement', async () => {
    const body = await ad('unknown-slot');
    expect(body.code).not.toBe(0);
    expect(body.msg).toBe('노출할 광고가 없어요.');
    expect(body.result).toBeNull();
    expect(body.extra).toBeNull();
  });

  it("is 401 without the app's key or with another one", async () => {
    const headerSets: Record<string, string>[] = [{}, { authorization: 'wrong-key' }, { authorization: `Bearer ${srv.token('buyer')}` }];
    for (const headers of headerSets) {
      const res = await srv.call('GET', '/ads/request', { headers, query: query('my-middle-banner') });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthorized');
      expect(res.body.msg).toBeTruthy();
    }
  });

  it('is 400 in the ad service shape for a missing or malformed query', async () => {
    for (const q of [
      { uid: 'u-1', pf: 'web', lcl: 'ko_KR' },
      { ...query('my-middle-banner'), pf: 'windows' },
      { ...query('my-middle-banner'), lcl: 'korean' },
    ]) {
      const res = await srv.call('GET', '/ads/request', { headers: KEY, query: q });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('bad-request');
      expect(typeof res.body.msg).toBe('string');
    }
  });
});
