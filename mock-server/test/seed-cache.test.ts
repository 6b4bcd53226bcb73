// The seed cache (src/world/seed-cache.ts): records read back equal the records generated for the same key
// and instant, and the world made from them equals a freshly made one; a corrupt, truncated, foreign or
// stale file is reported and regenerated, never trusted; with the real CLI, concurrent first starts leave
// one sound file that the next start reads, and --no-cache neither reads nor writes one.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { generateWorld } from '@creator-market/fixtures';
import { SeedCache, seedFromCache, seoulDay, type SeedCacheKey, type SeedCacheRead } from '../src/world/seed-cache';
import { DEFERRED_RECORDS, NO_RECORDS, type DeferredList } from '../src/world/store';
import { shareSeededData, World } from '../src/world/world';
import { runCliUntil } from './support/cli-run';
import { TEST_NOW } from './support/harness';

const folder = mkdtempSync(join(tmpdir(), 'cm-seed-cache-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

let dirCount = 0;
const newCache = () => new SeedCache(join(folder, `cache-${++dirCount}`));
const SCALE = 0.2;
const options = { seed: 7, scale: SCALE, version: 'test-version', now: TEST_NOW };
const generate = (seed: number, scale: number, now: number) => generateWorld({ seed, scale, now });
const keyOf = (overrides: Partial<SeedCacheKey> = {}): SeedCacheKey => ({
  seed: 7,
  scale: SCALE,
  version: 'test-version',
  day: seoulDay(TEST_NOW),
  ...overrides,
});

/** A world's snapshot without what depends on when it was taken (the clock's offset and time then). */
const comparable = (world: World) => {
  const { clockOffsetMs: _offset, ...rest } = world.snapshot();
  return JSON.parse(JSON.stringify({ ...rest, world: { ...rest.world, now: '' } })) as unknown;
};

describe('SeedCache', () => {
  it('reads back the records generated for the key, and the world made from them equals a fresh one', () => {
    const cache = newCache();
    const first = seedFromCache(cache, options, generate);
    expect(first).toMatchObject({ hit: false, reason: 'missing', startAt: TEST_NOW });
    cache.write(first.key, first);

    const second = seedFromCache(cache, { ...options, now: TEST_NOW + 3_600_000 }, () => {
      throw new Error('a hit must not generate');
    });
    expect(second.hit).toBe(true);
    // The instant the records were generated for, not the later start's.
    expect(second.startAt).toBe(TEST_NOW);
    expect(second.data).toEqual(generateWorld({ seed: 7, scale: SCALE, now: TEST_NOW }));
    // The header and the atoms are ASCII (Korean as \u escapes), read back as the same text; each distinct
    // text is stored once, however many records hold it (a seller's id: every product of theirs).
    const file = readFileSync(cache.fileOf(first.key));
    const headerEnd = file.indexOf(10);
    const { atomsBytes } = JSON.parse(file.toString('latin1', 0, headerEnd)) as { atomsBytes: number };
    const atoms = file.subarray(headerEnd + 1, headerEnd + 1 + atomsBytes);
    expect(atoms.every((byte) => byte < 0x80)).toBe(true);
    const sellerUID = first.data.products[0]!.sellerUID;
    expect(first.data.products.filter((p) => p.sellerUID === sellerUID).length).toBeGreaterThan(1);
    expect(atoms.toString('latin1').split(`"${sellerUID}"`)).toHaveLength(2);

    // Each world starts from its own records: the ones read back, and ones generated afresh. The real time is
    // an hour past the records' instant (Date frozen there): a world read back starts its clock at the records'.
    vi.useFakeTimers({ now: TEST_NOW + 3_600_000, toFake: ['Date'] });
    shareSeededData(7, SCALE, second.startAt, second.data);
    const fromCache = World.create({ name: 'default', seed: 7, scale: SCALE, startAt: second.startAt });
    shareSeededData(7, SCALE, TEST_NOW, generateWorld({ seed: 7, scale: SCALE, now: TEST_NOW }));
    const fresh = World.create({ name: 'default', seed: 7, scale: SCALE, startAt: TEST_NOW });
    expect(fresh.store.products.all().next().value).not.toBe(fromCache.store.products.all().next().value);
    expect(fromCache.store.products.size).toBeGreaterThan(0);
    expect(comparable(fromCache)).toEqual(comparable(fresh));
    expect(fromCache.clock.now()).toBe(TEST_NOW);
    vi.useRealTimers();
  });

  it('builds a list of records read back on its first read, its records frozen: a world reads only what it uses', () => {
    const cache = newCache();
    const first = seedFromCache(cache, options, generate);
    cache.write(first.key, first);
    const data = cache.read(first.key).entry!.data;
    const lists = Object.keys(NO_RECORDS) as (keyof typeof NO_RECORDS)[];
    const deferred = (data as unknown as Record<symbol, Map<string, DeferredList>>)[DEFERRED_RECORDS]!;
    expect([...deferred].map(([name, list]) => [name, list.size])).toEqual(lists.map((name) => [name, first.data[name].length]));
    const notifications = vi.spyOn(data, 'notifications', 'get');
    const products = vi.spyOn(data, 'products', 'get');
    shareSeededData(7, SCALE, first.startAt, data);
    const world = World.create({ name: 'default', seed: 7, scale: SCALE, startAt: first.startAt });
    // Counted without building them.
    expect(world.store.notifications.size).toBe(first.data.notifications.length);
    expect(world.store.products.size).toBe(first.data.products.length);
    expect(products).not.toHaveBeenCalled();
    const [row] = world.store.products.all();
    expect(products).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(row) && Object.isFrozen(row!.product) && Object.isFrozen(row!.product.option)).toBe(true);
    expect(world.store.products.get(first.data.products[0]!.product._id)).toEqual(first.data.products[0]);
    expect(notifications).not.toHaveBeenCalled();
    expect([...world.store.notifications.all()]).toEqual(first.data.notifications);
    expect(notifications).toHaveBeenCalledTimes(1);
  });

  it('builds a list read back in steps, and a read between two steps builds the rest at once', () => {
    const cache = newCache();
    const first = seedFromCache(cache, options, generate);
    cache.write(first.key, first);
    const deferred = (read: SeedCacheRead) => (read.entry!.data as unknown as Record<symbol, Map<string, DeferredList>>)[DEFERRED_RECORDS]!;
    const stepped = cache.read(first.key);
    let steps = 0;
    for (const _ of deferred(stepped).get('products')!.steps()) steps++;
    expect(steps).toBeGreaterThan(1);
    expect(stepped.entry!.data.products).toEqual(first.data.products);

    const interrupted = cache.read(first.key);
    const building = deferred(interrupted).get('products')!.steps();
    building.next();
    expect(interrupted.entry!.data.products).toEqual(first.data.products);
    expect(building.next().done).toBe(true);
  });

  it('reads back any text: Korean, emoji (surrogate pairs), quotes and control characters', () => {
    const cache = newCache();
    const generated = seedFromCache(cache, options, generate);
    const text = '말랑 스튜디오 😀 "따옴표" \\ \n\t\u0000 é';
    const [seller, ...others] = generated.data.sellers;
    // A key named __proto__ is an own field, as JSON.parse makes it, not the object's prototype.
    const info = { ...seller!.info, name: text, ...(JSON.parse('{"__proto__": {"polluted": true}}') as object) };
    const data = { ...generated.data, sellers: [{ ...seller!, info }, ...others] };
    cache.write(generated.key, { startAt: generated.startAt, data });
    const read = cache.read(generated.key);
    const readInfo = read.entry?.data.sellers[0]?.info;
    expect(readInfo?.name).toBe(text);
    expect(Object.getPrototypeOf(readInfo)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(readInfo, '__proto__')?.value).toEqual({ polluted: true });
    expect(read.entry?.data).toEqual(data);
  });

  it('reads a line of atoms longer than its read buffer (4 MB)', () => {
    const cache = newCache();
    const generated = seedFromCache(cache, options, generate);
    const long = '말'.repeat(1_500_000); // 9 MB as \u escapes
    const [seller, ...others] = generated.data.sellers;
    const data = { ...generated.data, sellers: [{ ...seller!, info: { ...seller!.info, name: long } }, ...others] };
    cache.write(generated.key, { startAt: generated.startAt, data });
    expect(cache.read(generated.key).entry?.data).toEqual(data);
  });

  it('regenerates instead of trusting a corrupt, truncated or foreign file, and the next write repairs it', () => {
    const cache = newCache();
    const entry = seedFromCache(cache, options, generate);
    const file = cache.write(entry.key, entry);
    const sound = readFileSync(file);

    const flipped = Buffer.from(sound);
    flipped[sound.length - 100] = flipped[sound.length - 100]! ^ 0xff;
    const damaged: [string, Buffer, RegExp][] = [
      ['a flipped byte in the records', flipped, /checksum mismatch/],
      ['a file cut short', sound.subarray(0, Math.floor(sound.length / 2)), /truncated/],
      ['an empty file', Buffer.alloc(0), /no header/],
      ['some other file', Buffer.from('{"hello":"world"}\nnot records'), /not a seed cache file/],
      ['a header that is not JSON', Buffer.from('\u0000\u0001garbage\nmore'), /unreadable/],
    ];
    for (const [what, bytes, reason] of damaged) {
      writeFileSync(file, bytes);
      const again = seedFromCache(cache, options, generate);
      expect(again.hit, what).toBe(false);
      expect(again.reason, what).toMatch(reason);
      expect(again.data, what).toEqual(entry.data);
      cache.write(again.key, again);
      expect(seedFromCache(cache, options, generate).hit, `${what}: repaired`).toBe(true);
    }
  });

  it('keys by seed, scale, version and Seoul day, and a write removes the stale files of other days and versions', () => {
    const cache = newCache();
    const entry = seedFromCache(cache, options, generate);
    cache.write(keyOf({ day: '2026-12-09' }), entry);
    cache.write(keyOf({ version: 'older-version' }), entry);
    expect(readdirSync(cache.dir)).toHaveLength(1);
    expect(cache.read(keyOf()).entry).toBeNull();

    // A file renamed to another key's name is refused: the header names the key it was written for.
    writeFileSync(cache.fileOf(keyOf()), readFileSync(cache.fileOf(keyOf({ version: 'older-version' }))));
    expect(cache.read(keyOf())).toEqual({ entry: null, reason: 'written for another key' });

    cache.write(keyOf(), entry);
    cache.write(keyOf({ seed: 8 }), { ...entry, data: { ...entry.data, seed: 8 } });
    expect(readdirSync(cache.dir).sort()).toEqual(
      [cache.fileOf(keyOf()), cache.fileOf(keyOf({ seed: 8 }))].map((f) => f.slice(cache.dir.length + 1)).sort(),
    );
    // Records of another seed under this key's name are refused too.
    writeFileSync(
      cache.fileOf(keyOf({ seed: 9 })),
      readFileSync(cache.fileOf(keyOf({ seed: 8 })))
        .toString('latin1')
        .replace('"seed":8', '"seed":9'),
      'latin1',
    );
    expect(cache.read(keyOf({ seed: 9 })).entry).toBeNull();
    // The next Seoul day is another key: a new file, generated again.
    expect(seoulDay(TEST_NOW + 86_400_000)).not.toBe(seoulDay(TEST_NOW));
    expect(seedFromCache(cache, { ...options, now: TEST_NOW + 86_400_000 }, generate).hit).toBe(false);
  });
});

/** Runs the CLI until it has printed its seed cache line (or, with --no-cache, its ready line), then stops it. */
const startAndStop = (args: string[]) =>
  runCliUntil(
    ['--scale', String(SCALE), '--seed', '5', ...args],
    args.includes('--no-cache') ? /\[mock\]\s+control plane/ : /\[mock\]\s+seed cache/,
  );

describe('the CLI and its seed cache', () => {
  it('concurrent first starts save whole files (or read one another saved); the next start reads it; --no-cache reads and writes none', async () => {
    const dir = join(folder, 'cli-cache');
    const first = await Promise.all([1, 2, 3].map(() => startAndStop(['--cache-dir', dir])));
    // Each start saves the file, or (on a loaded machine, when another was quicker) reads the one saved.
    for (const start of first) {
      expect(start.output).toMatch(/records (saved to|read from) .*world-seed5-scale0\.2-.*\.bin/);
      expect(start.output).not.toMatch(/WARNING|Error/);
    }
    expect(first.some((start) => /records saved to/.test(start.output))).toBe(true);
    // One file of records, no temporary file left over (the folder also holds the code cache, see code-cache.test.ts).
    const files = readdirSync(dir).filter((name) => !name.endsWith('.v8-cache'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^world-seed5-scale0\.2-\d{4}-\d{2}-\d{2}-[0-9a-f]{16}\.bin$/);

    const second = await startAndStop(['--cache-dir', dir]);
    expect(second.output).toMatch(/seed cache\s+records read from/);
    expect(second.output).not.toMatch(/records saved/);

    // A corrupt file is regenerated and replaced, the start goes on.
    const file = join(dir, files[0]!);
    writeFileSync(file, readFileSync(file).subarray(0, 1000));
    const repaired = await startAndStop(['--cache-dir', dir]);
    expect(repaired.output).toMatch(/records saved to .* \(the saved file was not used: truncated/);
    expect((await startAndStop(['--cache-dir', dir])).output).toMatch(/records read from/);

    const other = join(folder, 'cli-no-cache');
    const uncached = await startAndStop(['--cache-dir', other, '--no-cache']);
    expect(uncached.output).toMatch(/ready in \d+ ms/);
    expect(uncached.output).not.toMatch(/seed cache/);
    expect(existsSync(other)).toBe(false);
  }, 120_000);
});
