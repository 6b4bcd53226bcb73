import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SELLER_CATEGORY_KEYS, isReceiptCancelled, latestStatus, visibleOptions } from '@creator-market/sdk/domain';
import { Collection } from '../src/world/collection';
import type { Store } from '../src/world/store';
import { errorCode, startTestServer, type TestServer, errorDetails } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const DAY = 24 * 3_600_000;
/** A pristine world of its own (created on first use). */
const freshWorld = () => srv.freshWorld('home-test');
const defaultWorld = () => srv.mock.worlds.defaultWorld;

// Independent statements of the rules, straight from the store (tests may scan; handlers may not).
function isListedMarket(store: Store, marketUID: string, now: number): boolean {
  const m = store.markets.get(marketUID)?.market;
  return !!m && m.public && m.publicId !== 0 && m.status !== 3 && Date.parse(m.marketED) >= now;
}
function isListedProduct(store: Store, productUID: string, now: number): boolean {
  const row = store.products.get(productUID);
  return !!row && row.product.useYN && isListedMarket(store, row.marketUID, now);
}
const joinedAt = (store: Store, uid: string) => Date.parse(store.accounts.get(uid)!.auth.metadata.createdAt);

interface Summary {
  productUID: string;
  productTitle: string;
  productPriceMin: number | null;
  productPriceMax: number | null;
  sellerPublicId: string;
  marketPublicId: number;
}

describe('listOpenedMarkets', () => {
  it('lists every orderable or scheduled market, earliest start first', async () => {
    const world = defaultWorld();
    const now = world.clock.now();
    const res = await srv.call('GET', '/common/v2/opened-market');
    expect(res.status).toBe(200);
    const events = res.body.data as { marketUID: string; marketST: string; sellerPublicId: string; marketTitle: string }[];

    const expected = [...world.store.markets.all()].filter((r) => isListedMarket(world.store, r.market._id, now)).map((r) => r.market._id);
    expect(new Set(events.map((e) => e.marketUID))).toEqual(new Set(expected));
    expect(events).toHaveLength(expected.length);
    for (let i = 1; i < events.length; i++) {
      const [a, b] = [events[i - 1]!, events[i]!];
      expect(Date.parse(a.marketST) < Date.parse(b.marketST) || (a.marketST === b.marketST && a.marketUID < b.marketUID)).toBe(true);
    }
    const titles = events.filter((e) => e.sellerPublicId === 'mallang_studio').map((e) => e.marketTitle);
    expect(titles).toContain('겨울 스티커 마켓');
    expect(titles).toContain('봄맞이 마스킹테이프 마켓');
    expect(titles).not.toContain('가을 스티커 마켓');
    expect(titles).not.toContain('오픈 기념 키링 마켓');
  });

  it('drops a market once the clock passes its end', async () => {
    const { headers, world } = freshWorld();
    const open = [...world.store.markets.all()].find((r) => r.market.title === '겨울 스티커 마켓')!;
    const before = await srv.call('GET', '/common/v2/opened-market', { headers });
    expect(before.body.data.map((e: { marketUID: string }) => e.marketUID)).toContain(open.market._id);
    world.clock.set(Date.parse(open.market.marketED) + 1000);
    const after = await srv.call('GET', '/common/v2/opened-market', { headers });
    expect(after.body.data.map((e: { marketUID: string }) => e.marketUID)).not.toContain(open.market._id);
  });
});

describe('getBanners', () => {
  it('answers the stored carousel in its stored order', async () => {
    const res = await srv.call('GET', '/common/v2/banner', { query: { from: 'top' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(defaultWorld().store.state.banners);
    expect(res.body.data.sorting).toBe('random');
    expect(res.body.data.bannerList.length).toBeGreaterThanOrEqual(5);
  });

  it('is a bad request for an unknown slot', async () => {
    const res = await srv.call('GET', '/common/v2/banner', { query: { from: 'bottom' } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });
});

describe('listCategorySellers', () => {
  it('flag=news: each category once, in the fixed order, with its newest member', async () => {
    const { store } = defaultWorld();
    const res = await srv.call('GET', '/common/v2/seller-ctg', { query: { flag: 'news' } });
    expect(res.status).toBe(200);
    const entries = res.body.data as { sellerCategory: string; sellerUID: string }[];
    const withSellers = SELLER_CATEGORY_KEYS.filter((c) => store.sellers.count('category', c) > 0);
    expect(entries.map((e) => e.sellerCategory)).toEqual(withSellers);
    for (const entry of entries) {
      const newest = Math.max(...store.sellers.by('category', entry.sellerCategory).map((s) => joinedAt(store, s._id)));
      expect(joinedAt(store, entry.sellerUID)).toBe(newest);
      expect(store.sellers.get(entry.sellerUID)!.category).toContain(entry.sellerCategory);
    }
    const one = await srv.call('GET', '/common/v2/seller-ctg', { query: { flag: 'news', category: 'keyring' } });
    expect(one.body.data).toEqual(entries.filter((e) => e.sellerCategory === 'keyring'));
  });

  it("pages through a category's sellers, most recent member first, until an empty page", async () => {
    const { store } = defaultWorld();
    const seen: string[] = [];
    let offset: string | undefined;
    for (let guard = 0; guard < 50; guard++) {
      const res = await srv.call('GET', '/common/v2/seller-ctg', {
        query: { category: 'stickers', offset, flag: offset ? 'before' : undefined },
      });
      expect(res.status).toBe(200);
      const page = res.body.data as { sellerUID: string; sellerCategory: string }[];
      expect(page.length).toBeLessThanOrEqual(20);
      if (page.length === 0) break;
      expect(page.every((e) => e.sellerCategory === 'stickers')).toBe(true);
      seen.push(...page.map((e) => e.sellerUID));
      offset = page.at(-1)!.sellerUID;
    }
    const members = store.sellers.by('category', 'stickers');
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(members.map((s) => s._id)));
    const times = seen.map((uid) => joinedAt(store, uid));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('needs a category without flag=news', async () => {
    const res = await srv.call('GET', '/common/v2/seller-ctg', { query: { flag: 'before', offset: '65f0c0de0000000000000003' } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
    expect(errorDetails(res.body)[0]?.path).toBe('/query/category');
  });
});

describe('listHomeSellers', () => {
  it('top: the 30 most subscribed sellers, most subscribers first', async () => {
    const { store } = defaultWorld();
    const res = await srv.call('GET', '/common/v2/seller', { query: { from: 'top' } });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((s) => s.sellerUID);
    expect(ids).toHaveLength(30);
    const counts = ids.map((id) => store.sellers.get(id)!.subscribe);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const thirtieth = counts.at(-1)!;
    const more = [...store.sellers.all()].filter((s) => s.subscribe > thirtieth);
    expect(more.every((s) => ids.includes(s._id))).toBe(true);
    expect(res.body.data.every((s: { isNew?: boolean }) => typeof s.isNew === 'boolean')).toBe(true);
  });

  it('new: sellers who joined in the last 7 days of the world clock, newest first', async () => {
    const { headers, world } = freshWorld();
    // The seeded world has sellers who joined this week (its last crowd sellers), so the section shows.
    const seeded = await srv.call('GET', '/common/v2/seller', { query: { from: 'new' }, headers });
    expect(seeded.body.data.length).toBeGreaterThan(0);
    expect(seeded.body.data.every((s) => s.isNew)).toBe(true);

    // Move the clock back to two days after two older sellers joined: they are this week's new sellers.
    const sellers = [...world.store.sellers.all()].filter((s) => s.publicId !== 'mallang_studio').slice(0, 2);
    const joined = sellers.map((s) => joinedAt(world.store, s._id));
    world.clock.set(Math.max(...joined) + 2 * DAY);
    const now = world.clock.now();
    const res = await srv.call('GET', '/common/v2/seller', { query: { from: 'new' }, headers });
    expect(res.status).toBe(200);
    const list = res.body.data as { sellerUID: string; isNew: boolean }[];
    const expected = [...world.store.sellers.all()].filter((s) => {
      const t = joinedAt(world.store, s._id);
      return t <= now && now - t < 7 * DAY;
    });
    expect(new Set(list.map((s) => s.sellerUID))).toEqual(new Set(expected.slice(0, 30).map((s) => s._id)));
    expect(list.map((s) => s.sellerUID)).toContain(sellers.find((_, i) => joined[i] === Math.max(...joined))!._id);
    expect(list.every((s) => s.isNew)).toBe(true);
    const times = list.map((s) => joinedAt(world.store, s.sellerUID));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('lucky: up to 20 distinct sellers, the same pick all day, another the next day', async () => {
    const { headers, world } = freshWorld();
    const first = await srv.call('GET', '/common/v2/seller', { query: { from: 'lucky' }, headers });
    const again = await srv.call('GET', '/common/v2/seller', { query: { from: 'lucky' }, headers });
    const ids = first.body.data.map((s) => s.sellerUID);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(again.body.data).toEqual(first.body.data);
    world.clock.advance(DAY);
    const tomorrow = await srv.call('GET', '/common/v2/seller', { query: { from: 'lucky' }, headers });
    expect(tomorrow.body.data.map((s: { sellerUID: string }) => s.sellerUID)).not.toEqual(ids);
  });

  it('is a bad request for an unknown section', async () => {
    const res = await srv.call('GET', '/common/v2/seller', { query: { from: 'old' } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });
});

describe('listHomeProducts', () => {
  const section = async (from: string, headers?: Record<string, string>) => {
    const res = await srv.call('GET', '/common/v2/product', { query: { from }, headers });
    expect(res.status).toBe(200);
    return res.body.data as Summary[];
  };

  it('topcart: products in the most carts, most carted first, all still on sale', async () => {
    const { store } = defaultWorld();
    const now = defaultWorld().clock.now();
    const carts = new Map<string, number>();
    for (const { cart } of store.carts.all())
      for (const id of new Set(cart.productList.map((l) => l._id))) carts.set(id, (carts.get(id) ?? 0) + 1);
    const list = await section('topcart');
    const expected = [...carts.keys()].filter((id) => isListedProduct(store, id, now));
    expect(list.length).toBe(Math.min(30, expected.length));
    expect(list.length).toBeGreaterThan(0);
    const counts = list.map((p) => carts.get(p.productUID)!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('topcart follows the carts within a minute: a product put in many carts becomes the first', async () => {
    const { headers, world } = freshWorld();
    const { store } = world;
    const before = await section('topcart', headers);
    const product = [...store.products.all()].find(
      (r) => isListedProduct(store, r.product._id, world.clock.now()) && !before.some((p) => p.productUID === r.product._id),
    )!;
    const template = [...store.carts.all()][0]!;
    for (let i = 0; i < 5; i++) {
      const line = { ...template.cart.productList[0]!, _id: product.product._id };
      store.carts.insert({
        ownerUid: template.ownerUid,
        cart: { ...template.cart, _id: store.newId(world.clock.now()), productList: [line] },
      });
    }
    world.touched();
    // Rankings by carts are refreshed at most once a minute (home-lists.ts), not on every cart write.
    world.clock.advance(61_000);
    const after = await section('topcart', headers);
    expect(after[0]!.productUID).toBe(product.product._id);
  });

  it('topsold: products ordered most in the last 7 days, most units first', async () => {
    const { store } = defaultWorld();
    const now = defaultWorld().clock.now();
    // The window is the 7 days before the current hour (the ranking is computed once an hour).
    const hour = Math.floor(now / 3_600_000) * 3_600_000;
    const units = new Map<string, number>();
    for (const { receipt } of store.receipts.all()) {
      const at = Date.parse(receipt.timestamp);
      if (at <= hour - 7 * DAY || at > hour + 3_600_000 || isReceiptCancelled(latestStatus(receipt.status))) continue;
      for (const line of receipt.productList) units.set(line._id, (units.get(line._id) ?? 0) + line.amount);
    }
    const list = await section('topsold');
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(30);
    const sold = list.map((p) => units.get(p.productUID) ?? 0);
    expect(sold.every((n) => n > 0)).toBe(true);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    const best = Math.max(...[...units].filter(([id]) => isListedProduct(store, id, now)).map(([, n]) => n));
    expect(sold[0]).toBe(best);
  });

  it('special: products with a bonus or gift, newest first', async () => {
    const { store } = defaultWorld();
    const list = await section('special');
    expect(list.length).toBe(30);
    const rows = list.map((p) => store.products.get(p.productUID)!);
    expect(rows.every((r) => r.product.promotion.list.length > 0 && r.product.useYN)).toBe(true);
    const times = rows.map((r) => Date.parse(r.product.publicTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('lucky: 20 distinct listed products, the same on every call of the day', async () => {
    const { store } = defaultWorld();
    const now = defaultWorld().clock.now();
    const list = await section('lucky');
    expect(list).toHaveLength(20);
    expect(new Set(list.map((p) => p.productUID)).size).toBe(20);
    expect(list.every((p) => isListedProduct(store, p.productUID, now))).toBe(true);
    expect(await section('lucky')).toEqual(list);
  });

  it('shows price ranges over the options on sale', async () => {
    const { store } = defaultWorld();
    for (const p of await section('special')) {
      const prices = visibleOptions(store.products.get(p.productUID)!.product.option).map((o) => o.price);
      expect(p.productPriceMin).toBe(prices.length ? Math.min(...prices) : null);
      expect(p.productPriceMax).toBe(prices.length ? Math.max(...prices) : null);
    }
  });

  it('is computed once per world version: a repeated request scans nothing', async () => {
    const { headers } = freshWorld();
    await srv.call('GET', '/common/v2/product', { query: { from: 'topsold' }, headers });
    const scans = vi.spyOn(Collection.prototype, 'all');
    try {
      for (const from of ['topsold', 'topsold']) await srv.call('GET', '/common/v2/product', { query: { from }, headers });
      expect(scans).not.toHaveBeenCalled();
    } finally {
      scans.mockRestore();
    }
  });

  it('is a bad request for an unknown section', async () => {
    const res = await srv.call('GET', '/common/v2/product', { query: { from: 'cheap' } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });
});

describe('listNewProducts', () => {
  it('pages through every listed product, newest first, until an empty page', async () => {
    const { store } = defaultWorld();
    const now = defaultWorld().clock.now();
    const seen: string[] = [];
    let offset: string | undefined;
    for (let guard = 0; guard < 500; guard++) {
      const res = await srv.call('GET', '/common/v2/new-product', { query: { offset, flag: offset ? 'before' : undefined } });
      expect(res.status).toBe(200);
      const page = res.body.data as Summary[];
      expect(page.length).toBeLessThanOrEqual(20);
      if (page.length === 0) break;
      seen.push(...page.map((p) => p.productUID));
      offset = page.at(-1)!.productUID;
    }
    const expected = [...store.products.all()].filter((r) => isListedProduct(store, r.product._id, now)).map((r) => r.product._id);
    expect(seen).toHaveLength(expected.length);
    expect(new Set(seen)).toEqual(new Set(expected));
    const times = seen.map((id) => Date.parse(store.products.get(id)!.product.publicTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('ends the list at an unknown cursor', async () => {
    const res = await srv.call('GET', '/common/v2/new-product', { query: { offset: 'ffffffffffffffffffffffff', flag: 'before' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('is a bad request for an unknown flag', async () => {
    const res = await srv.call('GET', '/common/v2/new-product', { query: { flag: 'after' } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });
});
