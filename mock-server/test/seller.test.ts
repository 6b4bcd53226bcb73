import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const world = () => srv.mock.worlds.defaultWorld;
const store = () => world().store;
const PERSONA = 'mallang_studio';

describe('getSeller', () => {
  it("answers the seller's public profile, without bank account or private phone", async () => {
    const before = world().clock.now();
    const res = await srv.call('GET', `/common/v2/seller/${PERSONA}`);
    expect(res.status).toBe(200);
    const stored = store().sellers.one('publicId', PERSONA)!;
    expect(stored.bank).toBeDefined();
    expect(stored.info.phone).toBeDefined();
    const { bank: _bank, ...rest } = stored;
    const { phone: _phone, ...info } = stored.info;
    const { _ttl: ttl = '', ...served } = res.body.data;
    expect(served).toEqual({ ...rest, info });
    // how long it may be kept: the answer's time plus 10 minutes, to the whole minute
    const whole = (ms: number) => Math.floor((ms + 10 * 60_000) / 60_000) * 60_000;
    expect(Date.parse(ttl)).toBeGreaterThanOrEqual(whole(before));
    expect(Date.parse(ttl)).toBeLessThanOrEqual(whole(world().clock.now()));
    expect(Date.parse(ttl) % 60_000).toBe(0);
    expect(res.body.data.info.name).toBe('말랑공방');
  });

  it('is 404 for an unknown seller', async () => {
    const res = await srv.call('GET', '/common/v2/seller/no_such_seller');
    expect(res.status).toBe(404);
    expect(errorCode(res.body)).toBe('not-found');
  });

  it('is a bad request for a malformed public id', async () => {
    const res = await srv.call('GET', '/common/v2/seller/Not-A-Slug');
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });
});

describe('listSellerOpenedMarkets', () => {
  it("lists the seller's orderable and scheduled markets, earliest start first", async () => {
    const res = await srv.call('GET', `/common/v2/seller/opened-market/${PERSONA}`);
    expect(res.status).toBe(200);
    const events = res.body.data as { marketTitle: string; marketST: string; sellerPublicId: string }[];
    expect(new Set(events.map((e) => e.marketTitle))).toEqual(
      new Set(['겨울 스티커 마켓', '연말 다꾸 팩 마켓', '크리스마스 키링 마켓 2차', '새해 스티커 마켓', '봄맞이 마스킹테이프 마켓']),
    );
    expect(events.every((e) => e.sellerPublicId === PERSONA)).toBe(true);
    const starts = events.map((e) => Date.parse(e.marketST));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('is 404 for an unknown seller', async () => {
    const res = await srv.call('GET', '/common/v2/seller/opened-market/no_such_seller');
    expect(res.status).toBe(404);
    expect(errorCode(res.body)).toBe('not-found');
  });
});

describe('listRecommendedSellers', () => {
  it("prs: sellers co-subscribed by the seller's fans, the most shared fans first", async () => {
    const s = store();
    // A crowd seller with many fans.
    const seller = [...s.sellers.all()].sort((a, b) => s.subscriptions.count('seller', b._id) - s.subscriptions.count('seller', a._id))[0]!;
    const res = await srv.call('GET', '/common/v2/reco-seller', { query: { sellerPID: seller.publicId, type: 'prs' } });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((r) => r.sellerUID);

    const shared = new Map<string, number>();
    for (const fan of s.subscriptions.by('seller', seller._id).slice(0, 200)) {
      for (const sub of s.subscriptions.by('owner', fan.ownerUid)) {
        if (sub.subscription.sellerId !== seller._id)
          shared.set(sub.subscription.sellerId, (shared.get(sub.subscription.sellerId) ?? 0) + 1);
      }
    }
    expect(ids.length).toBe(Math.min(20, shared.size));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(seller._id);
    const counts = ids.map((id) => shared.get(id)!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBe(Math.max(...shared.values()));
  });

  it('ctg: other sellers sharing a category, most subscribers first', async () => {
    const s = store();
    const seller = s.sellers.one('publicId', PERSONA)!;
    const res = await srv.call('GET', '/common/v2/reco-seller', { query: { sellerPID: PERSONA, type: 'ctg' } });
    expect(res.status).toBe(200);
    const list = res.body.data as { sellerUID: string; sellerCategory: string[] }[];
    const others = [...s.sellers.all()].filter((o) => o._id !== seller._id && o.category.some((c) => seller.category.includes(c)));
    const expected = others.sort((a, b) => b.subscribe - a.subscribe || (a._id < b._id ? -1 : 1)).slice(0, 20);
    expect(list.map((r) => r.sellerUID)).toEqual(expected.map((o) => o._id));
    expect(list.every((r) => r.sellerCategory.some((c) => seller.category.includes(c)))).toBe(true);
  });

  it('is 404 for an unknown seller', async () => {
    const res = await srv.call('GET', '/common/v2/reco-seller', { query: { sellerPID: 'no_such_seller', type: 'ctg' } });
    expect(res.status).toBe(404);
    expect(errorCode(res.body)).toBe('not-found');
  });

  it('is a bad request for an unknown type', async () => {
    const res = await srv.call('GET', '/common/v2/reco-seller', { query: { sellerPID: PERSONA, type: 'xyz' } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });
});
