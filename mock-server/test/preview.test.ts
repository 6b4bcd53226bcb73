import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { World } from '../src/world/world';
import { errorCode, startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const freshWorld = () => srv.freshWorld('preview-test');

interface PreviewBody {
  previewUID: string;
  previewPublicTime: string;
  previewSchedule: string;
  sellerUID: string;
  publicId: string;
}

/** Every page of an offset list, following the last previewUID, until an empty page. */
async function allPages(path: string, query: Record<string, string>, options: { token?: string; headers?: Record<string, string> } = {}) {
  const items: PreviewBody[] = [];
  let offset: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const res = await srv.call<{ data: PreviewBody[] }>('GET', path, {
      ...options,
      query: { ...query, offset, flag: offset ? 'before' : undefined },
    });
    expect(res.status).toBe(200);
    const page = res.body.data;
    expect(page.length).toBeLessThanOrEqual(20);
    if (page.length === 0) return items;
    items.push(...page);
    offset = page.at(-1)!.previewUID;
  }
  throw new Error('the list never ended');
}

/** Latest release date (the date the lists show) first. */
const newestFirst = (items: PreviewBody[]) => {
  const times = items.map((p) => Date.parse(p.previewSchedule));
  return times.every((t, i) => i === 0 || times[i - 1]! >= t);
};

/** Adds a preview of the seller persona published tomorrow (previews are made by an external form). */
function addUnpublishedPreview(world: World): string {
  const { store } = world;
  const seller = store.sellers.one('publicId', 'mallang_studio')!;
  const template = store.previews.by('seller', seller._id)[0]!;
  const tomorrow = new Date(world.clock.now() + 24 * 3_600_000).toISOString();
  const previewUID = store.newId(world.clock.now());
  // Published tomorrow, released later than any other of the seller's.
  const release = new Date(world.clock.now() + 400 * 24 * 3_600_000).toISOString();
  store.previews.insert({
    ...template,
    previewUID,
    previewPublicTime: tomorrow,
    public_dt: tomorrow,
    previewSchedule: release,
    previewPublicId: 99,
  });
  world.touched();
  return previewUID;
}

describe('listPreviews', () => {
  it('pages through every published preview, newest first', async () => {
    const world = srv.mock.worlds.defaultWorld;
    const items = await allPages('/common/v2/preview', {});
    const published = [...world.store.previews.all()].filter((p) => Date.parse(p.previewPublicTime) <= world.clock.now());
    expect(items).toHaveLength(published.length);
    expect(new Set(items.map((p) => p.previewUID))).toEqual(new Set(published.map((p) => p.previewUID)));
    expect(newestFirst(items)).toBe(true);
  });

  it("with sellerPID, only that seller's; an unknown seller has none", async () => {
    const items = await allPages('/common/v2/preview', { sellerPID: 'mallang_studio' });
    expect(items).toHaveLength(3);
    expect(items.every((p) => p.publicId === 'mallang_studio')).toBe(true);
    expect(newestFirst(items)).toBe(true);
    const unknown = await srv.call('GET', '/common/v2/preview', { query: { sellerPID: 'no_such_seller' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual([]);
  });

  it('leaves out previews not yet published', async () => {
    const { headers, world } = freshWorld();
    const future = addUnpublishedPreview(world);
    const feed = await allPages('/common/v2/preview', {}, { headers });
    const own = await allPages('/common/v2/preview', { sellerPID: 'mallang_studio' }, { headers });
    expect(feed.map((p) => p.previewUID)).not.toContain(future);
    expect(own.map((p) => p.previewUID)).not.toContain(future);
    expect(own).toHaveLength(3);
  });
});

describe('listSellerPreviews', () => {
  it("lists the seller's published previews to everyone, and the unpublished ones to the seller too", async () => {
    const { headers, world, name } = freshWorld();
    const future = addUnpublishedPreview(world);
    const asGuest = await allPages('/common/preview/list', { sellerId: 'mallang_studio' }, { headers });
    const asBuyer = await allPages('/common/preview/list', { sellerId: 'mallang_studio' }, { headers, token: srv.token('buyer', name) });
    const asSeller = await allPages('/common/preview/list', { sellerId: 'mallang_studio' }, { headers, token: srv.token('seller', name) });
    expect(asGuest.map((p) => p.previewUID)).not.toContain(future);
    expect(asBuyer).toEqual(asGuest);
    expect(asSeller).toHaveLength(asGuest.length + 1);
    expect(asSeller[0]!.previewUID).toBe(future);
    expect(newestFirst(asSeller)).toBe(true);
  });

  it('is 404 for an unknown seller', async () => {
    const res = await srv.call('GET', '/common/preview/list', { query: { sellerId: 'no_such_seller' } });
    expect(res.status).toBe(404);
    expect(errorCode(res.body)).toBe('not-found');
  });

  it('is a bad request without a seller', async () => {
    const res = await srv.call('GET', '/common/preview/list');
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });
});

describe('deletePreview', () => {
  it('deletes one of the seller’s own previews', async () => {
    const { headers, name } = freshWorld();
    const token = srv.token('seller', name);
    const before = await allPages('/common/preview/list', { sellerId: 'mallang_studio' }, { headers, token });
    const target = before[1]!.previewUID;
    const res = await srv.call('POST', `/feed/delete/preview/${target}`, { headers, token });
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(target);
    const after = await allPages('/common/preview/list', { sellerId: 'mallang_studio' }, { headers, token });
    expect(after.map((p) => p.previewUID)).toEqual(before.map((p) => p.previewUID).filter((id) => id !== target));
    const feed = await allPages('/common/v2/preview', {}, { headers });
    expect(feed.map((p) => p.previewUID)).not.toContain(target);

    const again = await srv.call('POST', `/feed/delete/preview/${target}`, { headers, token });
    expect(again.status).toBe(404);
    expect(errorCode(again.body)).toBe('not-found');
  });

  it("is 403 for a buyer and for another seller's preview, and changes nothing", async () => {
    const { headers, world, name } = freshWorld();
    const seller = world.store.sellers.one('publicId', 'mallang_studio')!;
    const target = world.store.previews.by('seller', seller._id)[0]!.previewUID;
    for (const persona of ['buyer', 'seller-incomplete'] as const) {
      const res = await srv.call('POST', `/feed/delete/preview/${target}`, { headers, token: srv.token(persona, name) });
      expect(res.status, persona).toBe(403);
      expect(errorCode(res.body)).toBe('permission-denied');
    }
    expect(world.store.previews.get(target)).toBeDefined();
  });

  it('is 401 for a guest', async () => {
    const target = [...srv.mock.worlds.defaultWorld.store.previews.all()][0]!.previewUID;
    const res = await srv.call('POST', `/feed/delete/preview/${target}`);
    expect(res.status).toBe(401);
    expect(errorCode(res.body)).toBe('unauthorized');
  });

  it('is 404 for an unknown preview, 400 for a malformed id', async () => {
    const token = srv.token('seller');
    const unknown = await srv.call('POST', '/feed/delete/preview/ffffffffffffffffffffffff', { token });
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown.body)).toBe('not-found');
    const malformed = await srv.call('POST', '/feed/delete/preview/not-an-id', { token });
    expect(malformed.status).toBe(400);
    expect(errorCode(malformed.body)).toBe('bad-request');
  });
});
