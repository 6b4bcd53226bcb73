// The seed cache: the generated records of a world, saved so that the next start of the server reads them
// instead of generating them again (generating is most of a start: ~0.5 s at scale 1, ~5 s at scale 10).
// A world is the same for the same (seed, scale, generator, instant), so a file is keyed by the seed, the
// scale, the code's version (a hash of the server's bundle: any change of the generator or the records
// makes a new key) and the Seoul day it was made on; it holds the instant the records were generated for,
// and a server that reads it runs its worlds from that instant (their clocks start there), so a world read
// back is exactly the world generated for that instant. A file from another day or version is stale and
// removed when a new one is written.
//
// Safety: a file (a JSON header line, then the records as JSON) is written to a temporary name and renamed into place (atomic on one file system), so a
// concurrent start reads either the old file or the new one, never half of one; two starts writing at once
// each rename a whole file. Every read checks the header's key and a CRC-32 of the payload: a truncated,
// corrupt or foreign file is reported and regenerated, never trusted and never a crash.
import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { World as GeneratedWorld } from '@creator-market/fixtures';

// The records are JSON: JSON.parse reads them back in about half the CPU time of v8.deserialize (85-120 vs
// 240-250 ms at scale 1, measured on the 2-core machine), and they are plain JSON values already (--state
// and the control plane's export write them as JSON).
const MAGIC = 'creator-market-seed-cache@2';
const KST_OFFSET_MS = 9 * 3_600_000;
const FILE = /^world-.*\.bin$/;

export interface SeedCacheKey {
  seed: number;
  scale: number;
  /** The code's version (the CLI: a hash of its bundle). */
  version: string;
  /** The Seoul calendar day (YYYY-MM-DD) the records were made on. */
  day: string;
}

export interface SeedCacheEntry {
  /** The instant (epoch ms) the records were generated for. */
  startAt: number;
  data: GeneratedWorld;
}

/** `reason`: 'missing', or what was wrong with the file. */
export type SeedCacheRead = { entry: SeedCacheEntry } | { entry: null; reason: string };

/** The Seoul calendar day of an instant, as YYYY-MM-DD. */
export function seoulDay(epochMs: number): string {
  return new Date(epochMs + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A short hash of some text (the CLI hashes its bundle for SeedCacheKey.version). */
export function versionOf(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export class SeedCache {
  constructor(readonly dir: string) {}

  /** The file of a key: every part of the key is in its name, so another key is another file. */
  fileOf(key: SeedCacheKey): string {
    return join(this.dir, `world-seed${key.seed}-scale${key.scale}-${key.day}-${key.version}.bin`);
  }

  /** The entry saved for `key`, or null with the reason (missing, or what was wrong with the file). */
  read(key: SeedCacheKey): SeedCacheRead {
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.fileOf(key));
    } catch (err) {
      return { entry: null, reason: (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (err as Error).message };
    }
    try {
      const newline = bytes.indexOf(10);
      if (newline < 0) return { entry: null, reason: 'no header' };
      const header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as {
        magic?: unknown;
        key?: SeedCacheKey;
        startAt?: unknown;
        bytes?: unknown;
        crc32?: unknown;
      };
      if (header.magic !== MAGIC) return { entry: null, reason: 'not a seed cache file' };
      if (!sameKey(header.key, key)) return { entry: null, reason: 'written for another key' };
      const payload = bytes.subarray(newline + 1);
      if (payload.length !== header.bytes) return { entry: null, reason: `truncated (${payload.length} of ${String(header.bytes)} bytes)` };
      if (crc32(payload) !== header.crc32) return { entry: null, reason: 'checksum mismatch' };
      const startAt = header.startAt;
      if (typeof startAt !== 'number' || !Number.isFinite(startAt)) return { entry: null, reason: 'no start instant' };
      const data = JSON.parse(payload.toString('utf8')) as GeneratedWorld;
      if (data?.seed !== key.seed || data.scale !== key.scale || !Array.isArray(data.products))
        return { entry: null, reason: 'records of another world' };
      return { entry: { startAt, data } };
    } catch (err) {
      return { entry: null, reason: `unreadable: ${(err as Error).message}` };
    }
  }

  /**
   * Saves `entry` for `key` atomically (a temporary file renamed into place) and removes the stale files of
   * other days and versions. Returns the file written.
   */
  write(key: SeedCacheKey, entry: SeedCacheEntry): string {
    mkdirSync(this.dir, { recursive: true });
    const payload = Buffer.from(JSON.stringify(entry.data), 'utf8');
    const header = {
      magic: MAGIC,
      key,
      startAt: entry.startAt,
      bytes: payload.length,
      // A checksum against damage (a disk, an interrupted copy), not an adversary: CRC-32 reads the ~19 MB of
      // scale 1 in a few ms where SHA-256 took ~5% of a cached start.
      crc32: crc32(payload),
    };
    const file = this.fileOf(key);
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      writeFileSync(temporary, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), payload]));
      renameSync(temporary, file);
    } finally {
      rmSync(temporary, { force: true });
    }
    for (const name of readdirSync(this.dir)) {
      if (!FILE.test(name) || name.includes(`-${key.day}-${key.version}.bin`)) continue;
      rmSync(join(this.dir, name), { force: true });
    }
    return file;
  }
}

function sameKey(a: SeedCacheKey | undefined, b: SeedCacheKey): boolean {
  return !!a && a.seed === b.seed && a.scale === b.scale && a.version === b.version && a.day === b.day;
}

/** What a start begins from: records read from the cache (`hit`) or generated now (to be written after). */
export interface Seeded extends SeedCacheEntry {
  key: SeedCacheKey;
  hit: boolean;
  /** Why the cache was not used (missing, stale, corrupt), when it was not. */
  reason?: string;
}

/**
 * The records a server of (seed, scale) starting at `now` begins from: the cache's for today if it holds a
 * sound file, else generated for `now` (the caller writes them with `cache.write` once it is serving).
 */
export function seedFromCache(
  cache: SeedCache,
  options: { seed: number; scale: number; version: string; now: number },
  generate: (seed: number, scale: number, now: number) => GeneratedWorld,
): Seeded {
  const key: SeedCacheKey = { seed: options.seed, scale: options.scale, version: options.version, day: seoulDay(options.now) };
  const read = cache.read(key);
  if (read.entry) return { ...read.entry, key, hit: true };
  return { key, hit: false, reason: read.reason, startAt: options.now, data: generate(options.seed, options.scale, options.now) };
}
