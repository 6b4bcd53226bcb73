import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Collection } from '../src/world/collection';
import { errorCode, startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const store = () => srv.mock.worlds.defaultWorld.store;
const marketTitled = (title: string) => [...store().markets.all()].find((r) => r.market.title === title)!;

describe('getMarket', () => {
  it('answers the market, its seller and exactly its products', async () => {
    const row = marketTitled('겨울 스티커 마켓');
    const res = await srv.call('GET', `/common/market/get/mallang_studio/${row.market.publicId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.market).toEqual(row.market);
    expect(res.body.data.product.map((p: { _id: string }) => p._id)).toEqual(
      store()
        .products.by('market', row.market._id)
        .map((r) => r.product._id),
    );
    expect(res.body.data.product).toHaveLength(12);
    expect(res.body.data.seller.publicId).toBe('mallang_studio');
    expect(res.body.data.seller.bank).toBeUndefined();
    expect(res.body.data.seller.info.phone).toBeUndefined();
  });

  it('includes products not on sale (the app hides them)', async () => {
    const s = store();
    const hidden = [...s.products.all()].find(
      (r) => !r.product.useYN && s.markets.get(r.marketUID)!.market.public && s.markets.get(r.marketUID)!.market.publicId > 0,
    )!;
    const market = s.markets.get(hidden.marketUID)!.market;
    const res = await srv.call('GET', `/common/market/get/${market.sellerPublicId}/${market.publicId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.product.find((p: { _id: string }) => p._id === hidden.product._id)).toEqual(hidden.product);
  });

  it('still answers a closed market', async () => {
    const row = marketTitled('가을 스티커 마켓');
    const res = await srv.call('GET', `/common/market/get/mallang_studio/${row.market.publicId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.market._id).toBe(row.market._id);
  });

  it('is 404 for an unknown seller, market number 0, an unknown number, or a market that is not public', async () => {
    const s = store();
    const own = marketTitled('겨울 스티커 마켓').market.publicId;
    const highest = Math.max(...s.markets.by('seller', s.sellers.one('publicId', 'mallang_studio')!._id).map((r) => r.market.publicId));
    const hidden = [...s.markets.all()].find((r) => !r.market.public && r.market.publicId > 0)!.market;
    const other = [...s.markets.all()].find((r) => r.market.sellerPublicId !== 'mallang_studio' && r.market.publicId > highest);
    const paths = [
      `/common/market/get/no_such_seller/${own}`,
      '/common/market/get/mallang_studio/0',
      `/common/market/get/mallang_studio/${highest + 1}`,
      `/common/market/get/${hidden.sellerPublicId}/${hidden.publicId}`,
    ];
    // Another seller's market number does not open it under this seller.
    if (other) paths.push(`/common/market/get/mallang_studio/${other.market.publicId}`);
    for (const path of paths) {
      const res = await srv.call('GET', path);
      expect(res.status, path).toBe(404);
      expect(errorCode(res.body)).toBe('not-found');
    }
  });

  it('is a bad request for a market id that is not a number', async () => {
    const res = await srv.call('GET', '/common/market/get/mallang_studio/abc');
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });

  it('looks up by index, whatever the size of the world: no collection is scanned', async () => {
    const row = marketTitled('겨울 스티커 마켓');
    const scans = vi.spyOn(Collection.prototype, 'all');
    try {
      const res = await srv.call('GET', `/common/market/get/mallang_studio/${row.market.publicId}`);
      expect(res.status).toBe(200);
      expect(scans).not.toHaveBeenCalled();
    } finally {
      scans.mockRestore();
    }
  });

  it('answers what the world holds now after a product, the seller or the market changes (its bytes are reused only while all three are the same)', async () => {
    const s = store();
    const row = marketTitled('겨울 스티커 마켓');
    const path = `/common/market/get/mallang_studio/${row.market.publicId}` as const;
    const first = await srv.call('GET', path);
    expect((await srv.call('GET', path)).body).toEqual(first.body);

    const productId = first.body.data.product[0]!._id;
    s.products.update(productId, (r) => ({ ...r, product: { ...r.product, title: '바뀐 물품 이름' } }));
    expect((await srv.call('GET', path)).body.data.product[0]!.title).toBe('바뀐 물품 이름');

    const seller = s.sellers.one('publicId', 'mallang_studio')!;
    s.sellers.replace({ ...seller, msg: '새 인사말이에요' });
    expect((await srv.call('GET', path)).body.data.seller.msg).toBe('새 인사말이에요');

    s.markets.update(row.market._id, (r) => ({ ...r, market: { ...r.market, title: '바뀐 마켓 이름' } }));
    expect((await srv.call('GET', path)).body.data.market.title).toBe('바뀐 마켓 이름');
  });
});
