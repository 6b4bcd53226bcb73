import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertResponse } from '@creator-market/openapi/contract';
import { Collection } from '../src/world/collection';
import type { Store } from '../src/world/store';
import { errorCode, startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const freshWorld = () => srv.freshWorld('search-test');
const store = () => srv.mock.worlds.defaultWorld.store;
const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** The products the search must find, stated from the store: on sale, of a public market, by title, tags or seller name. */
function matchingProducts(s: Store, keyword: string): string[] {
  const k = normalise(keyword);
  return [...s.products.all()]
    .filter((r) => {
      const market = s.markets.get(r.marketUID)!.market;
      if (!r.product.useYN || !market.public || market.publicId === 0) return false;
      const seller = s.sellers.get(r.sellerUID)!;
      return (
        normalise(`${r.product.title} ${r.product.tags.join(' ')}`).includes(k) ||
        normalise(`${seller.info.name} ${seller.publicId}`).includes(k)
      );
    })
    .map((r) => r.product._id);
}

interface Page<T> {
  list: T[];
  paging: { dataCnt: number; page: number; pageCnt: number };
}

/**
 * One page of results. The query is encoded as the app's client encodes it (encodeURIComponent: a space is
 * %20; the harness's URLSearchParams would send '+', which the Express validator refuses), and the answer
 * is checked against the contract here.
 */
async function searchPage<T>(
  what: 'seller' | 'product',
  keyword: string,
  page?: number,
  headers?: Record<string, string>,
): Promise<Page<T>> {
  const path = `/common/v2/search-${what}`;
  const query = `keyword=${encodeURIComponent(keyword)}${page === undefined ? '' : `&page=${page}`}`;
  const res = await fetch(`${srv.baseUrl}${path}?${query}`, { headers });
  const body = (await res.json()) as { data: Page<T> };
  expect(res.status, JSON.stringify(body)).toBe(200);
  assertResponse({ method: 'GET', path }, res.status, body);
  return body.data;
}

describe('getHotKeywords', () => {
  it('answers the stored ranking until someone searches today', async () => {
    const { headers, world } = freshWorld();
    const res = await srv.call('GET', '/common/v2/search-keyword', { headers });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(world.store.state.hotKeywords);
    expect(res.body.data.keywords).toHaveLength(10);
  });

  it("merges today's searches (page 1 of searchProducts) into the ranking, most searched first", async () => {
    const { headers, world } = freshWorld();
    const stored = world.store.state.hotKeywords.keywords;
    // A new keyword searched by 11 searchers outweighs the top stored keyword (worth 10).
    for (let i = 0; i < 11; i++) await searchPage('product', '  별빛 키링 ', 1, { ...headers, 'user-agent': `searcher-${i}` });
    // Later pages and the seller section do not count.
    for (let i = 0; i < 5; i++) await searchPage('product', '구름', 2, headers);
    for (let i = 0; i < 5; i++) await searchPage('seller', '구름', 1, headers);
    const res = await srv.call('GET', '/common/v2/search-keyword', { headers });
    const { keywords, timestamp } = res.body.data;
    expect(keywords[0]).toBe('별빛 키링');
    expect(keywords).toHaveLength(10);
    expect(keywords).not.toContain('구름');
    expect(keywords.slice(1)).toEqual(stored.slice(0, 9));
    expect(Math.abs(Date.parse(timestamp) - world.clock.now())).toBeLessThan(60_000);

    // The last stored keyword (worth 1) searched by two searchers overtakes the ones worth 2 and 1 above it.
    const last = stored[9]!;
    await searchPage('product', last, 1, { ...headers, 'user-agent': 'searcher-a' });
    await searchPage('product', last, 1, { ...headers, 'user-agent': 'searcher-b' });
    const again = (await srv.call('GET', '/common/v2/search-keyword', { headers })).body.data.keywords;
    expect(again.indexOf(last)).toBe(again.indexOf(stored[7]!) + 1);
    expect(again).not.toContain(stored[8]);
  });

  it('counts one search per searcher and keyword a day: one guest or one account repeating a search cannot take the list', async () => {
    const { headers, world, name } = freshWorld();
    const stored = world.store.state.hotKeywords.keywords;
    // Twelve searches from one guest client, then twelve from one signed-in account (whatever its client).
    for (let i = 0; i < 12; i++) await searchPage('product', '아무 말', 1, headers);
    const token = srv.token('buyer', name);
    for (let i = 0; i < 12; i++)
      await searchPage('product', '아무 말', 1, { ...headers, authorization: `Bearer ${token}`, 'user-agent': `ua-${i}` });
    const { keywords } = (await srv.call('GET', '/common/v2/search-keyword', { headers })).body.data as { keywords: string[] };
    // Two searchers are worth 2: below the stored keywords worth 3 and more, not first.
    expect(keywords.indexOf('아무 말')).toBeGreaterThan(keywords.indexOf(stored[7]!));
    expect(keywords[0]).toBe(stored[0]);
  });

  it('counts only today: the next day starts from the stored ranking again', async () => {
    const { headers, world } = freshWorld();
    for (let i = 0; i < 11; i++) await searchPage('product', '별빛', 1, { ...headers, 'user-agent': `searcher-${i}` });
    world.clock.advance(24 * 3_600_000);
    const res = await srv.call('GET', '/common/v2/search-keyword', { headers });
    expect(res.body.data).toEqual(world.store.state.hotKeywords);
  });
});

describe('searchSellers', () => {
  it('finds sellers by name or public id, most subscribers first, with the paging', async () => {
    const s = store();
    const page = await searchPage<{ sellerUID: string; sellerPublicId: string }>('seller', '말랑');
    expect(page.list.map((x) => x.sellerPublicId)).toContain('mallang_studio');
    const byId = await searchPage<{ sellerPublicId: string }>('seller', 'MALLANG_stu');
    expect(byId.list.map((x) => x.sellerPublicId)).toEqual(['mallang_studio']);
    expect(byId.paging).toEqual({ dataCnt: 1, page: 1, pageCnt: 1 });

    // A keyword matching many sellers: one letter of the public ids.
    const all = [...s.sellers.all()].filter((x) => normalise(`${x.info.name} ${x.publicId}`).includes('a'));
    const first = await searchPage<{ sellerUID: string }>('seller', 'a');
    expect(first.paging).toEqual({ dataCnt: all.length, page: 1, pageCnt: Math.ceil(all.length / 20) });
    expect(first.list).toHaveLength(Math.min(20, all.length));
    const seen: string[] = [];
    for (let p = 1; p <= first.paging.pageCnt; p++)
      seen.push(...(await searchPage<{ sellerUID: string }>('seller', 'a', p)).list.map((x) => x.sellerUID));
    expect(new Set(seen)).toEqual(new Set(all.map((x) => x._id)));
    const counts = seen.map((id) => s.sellers.get(id)!.subscribe);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('answers an empty list with the totals past the last page, and nothing for no match', async () => {
    const first = await searchPage('seller', 'a');
    const past = await searchPage('seller', 'a', first.paging.pageCnt + 1);
    expect(past.list).toEqual([]);
    expect(past.paging).toEqual({ ...first.paging, page: first.paging.pageCnt + 1 });
    const none = await searchPage('seller', '존재하지않는작가이름');
    expect(none).toEqual({ list: [], paging: { dataCnt: 0, page: 1, pageCnt: 0 } });
  });

  it('is a bad request without a keyword', async () => {
    const res = await srv.call('GET', '/common/v2/search-seller');
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });
});

describe('searchProducts', () => {
  it('finds products on sale by title or tag, newest first, 20 a page', async () => {
    const s = store();
    const expected = matchingProducts(s, '스티커');
    expect(expected.length).toBeGreaterThan(40);
    const first = await searchPage<{ productUID: string }>('product', '스티커');
    expect(first.paging).toEqual({ dataCnt: expected.length, page: 1, pageCnt: Math.ceil(expected.length / 20) });
    const seen: string[] = [];
    for (let p = 1; p <= first.paging.pageCnt; p++) {
      const page = await searchPage<{ productUID: string }>('product', '스티커', p);
      expect(page.list.length).toBe(p < first.paging.pageCnt ? 20 : expected.length - 20 * (first.paging.pageCnt - 1));
      seen.push(...page.list.map((x) => x.productUID));
    }
    expect(seen).toHaveLength(expected.length);
    expect(new Set(seen)).toEqual(new Set(expected));
    const times = seen.map((id) => Date.parse(s.products.get(id)!.product.publicTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const past = await searchPage('product', '스티커', first.paging.pageCnt + 1);
    expect(past).toEqual({ list: [], paging: { ...first.paging, page: first.paging.pageCnt + 1 } });
  });

  it("finds a seller's products by the seller's name", async () => {
    const s = store();
    const expected = matchingProducts(s, '말랑공방');
    const page = await searchPage<{ productUID: string; sellerPublicId: string }>('product', '말랑공방');
    expect(page.paging.dataCnt).toBe(expected.length);
    expect(page.paging.dataCnt).toBeGreaterThan(20);
    expect(page.list.every((p) => p.sellerPublicId === 'mallang_studio')).toBe(true);
  });

  it('uses the search index: no collection is scanned', async () => {
    await searchPage('product', '키링');
    const scans = vi.spyOn(Collection.prototype, 'all');
    try {
      await searchPage('product', '떡메모지');
      await searchPage('product', '키링', 2);
      expect(scans).not.toHaveBeenCalled();
    } finally {
      scans.mockRestore();
    }
  });

  it('is a bad request for a missing or too long keyword', async () => {
    for (const keyword of [undefined, 'ㄱ'.repeat(101)]) {
      const res = await srv.call('GET', '/common/v2/search-product', { query: { keyword } });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('bad-request');
    }
  });
});
