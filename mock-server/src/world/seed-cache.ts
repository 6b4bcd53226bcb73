// The seed cache: the generated records of a world, saved so that the next start of the server reads them
// instead of generating them again (generating is most of a start: ~0.5 s at scale 1, ~5 s at scale 10).
// A world is the same for the same (seed, scale, generator, instant), so a file is keyed by the seed, the
// scale, the code's version (a hash of the server's bundle: any change of the generator or the records
// makes a new key) and the Seoul day it was made on; it holds the instant the records were generated for,
// and a server that reads it runs its worlds from that instant (their clocks start there), so a world read
// back is exactly the world generated for that instant. A file from another day or version is stale and
// removed when a new one is written.
//
// Safety: a file (a JSON header line, then lines of JSON: each a field of the records or a slice of one of
// their lists) is written to a temporary name and renamed into place (atomic on one file system), so a
// concurrent start reads either the old file or the new one, never half of one; two starts writing at once
// each rename a whole file. Every read checks the header's key and a CRC-32 of the payload: a truncated,
// corrupt or foreign file is reported and regenerated, never trusted and never a crash.
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { closeSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { World as GeneratedWorld } from '@creator-market/fixtures';

// The records are JSON: JSON.parse reads them back in about half the CPU time of v8.deserialize (85-120 vs
// 240-250 ms at scale 1, measured on the 2-core machine), and they are plain JSON values already (--state
// and the control plane's export write them as JSON). The JSON is written in ASCII, every other character
// as a \u escape: a line then becomes a string by a plain copy of its bytes (latin1), where decoding the
// UTF-8 of the Korean text was ~40% of reading it (decode and parse of the scale-10 file: 1,402 -> 1,116 ms,
// for 256 instead of 216 MB on disk).
const MAGIC = 'creator-market-seed-cache@4';
/**
 * A line holds records up to about this many bytes of JSON. Its string then stays an ordinary young object
 * that the next scavenge frees: V8 puts strings over 128 KB in its large-object space, which only a full
 * collection frees. Lines of 1,000 records (~700 KB) made the scale-10 read take 1,054-1,084 ms and leave RSS
 * at 434 MB; lines of 40 records, 900-929 ms and 378 MB (the read alone, side by side).
 */
const LINE_BYTES = 32 << 10;
/** The size of the blocks the file is read in. */
const BLOCK_BYTES = 4 << 20;
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

export class SeedCache {
  constructor(readonly dir: string) {}

  /** The file of a key: every part of the key is in its name, so another key is another file. */
  fileOf(key: SeedCacheKey): string {
    return join(this.dir, `world-seed${key.seed}-scale${key.scale}-${key.day}-${key.version}.bin`);
  }

  /** The entry saved for `key`, or null with the reason (missing, or what was wrong with the file). */
  read(key: SeedCacheKey): SeedCacheRead {
    let fd: number;
    try {
      fd = openSync(this.fileOf(key), 'r');
    } catch (err) {
      return { entry: null, reason: (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (err as Error).message };
    }
    try {
      return readLines(fd, key);
    } catch (err) {
      return { entry: null, reason: `unreadable: ${(err as Error).message}` };
    } finally {
      closeSync(fd);
    }
  }

  /**
   * Saves `entry` for `key` atomically (a temporary file renamed into place) and removes the stale files of
   * other days and versions. Returns the file written.
   */
  write(key: SeedCacheKey, entry: SeedCacheEntry): string {
    const steps = this.writeInSteps(key, entry);
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /**
   * write in steps: yields after each line is encoded (~32 KB of records), so a server that saves its records
   * once it is serving (the CLI, in slices) keeps answering: at scale 10 the encoding is seconds of work. The
   * file itself is written in the last step, at once, so no signal can stop a write half way.
   */
  *writeInSteps(key: SeedCacheKey, entry: SeedCacheEntry): Generator<void, string, void> {
    mkdirSync(this.dir, { recursive: true });
    const lines: Buffer[] = [];
    for (const [field, value] of Object.entries(entry.data)) {
      if (!Array.isArray(value) || value.length === 0) {
        lines.push(line(`[${JSON.stringify(field)},${ascii(JSON.stringify(value))}]`));
        continue;
      }
      let records: string[] = [];
      let bytes = 0;
      for (const record of value as unknown[]) {
        const json = ascii(JSON.stringify(record));
        records.push(json);
        bytes += json.length;
        if (bytes < LINE_BYTES) continue;
        lines.push(listLine(field, records));
        records = [];
        bytes = 0;
        yield;
      }
      if (records.length > 0) lines.push(listLine(field, records));
    }
    let checksum = 0;
    let bytes = 0;
    for (const l of lines) {
      checksum = crc32(l, checksum);
      bytes += l.length;
    }
    const header = { magic: MAGIC, key, startAt: entry.startAt, bytes, crc32: checksum };
    const file = this.fileOf(key);
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      const fd = openSync(temporary, 'w');
      try {
        writeSync(fd, `${JSON.stringify(header)}\n`);
        for (const l of lines) writeSync(fd, l);
      } finally {
        closeSync(fd);
      }
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

/** One line of the file (ASCII JSON): a field of the records, or a slice of one of its lists. */
function line(json: string): Buffer {
  return Buffer.from(`${json}\n`, 'latin1');
}

/** The line of a slice of the list `field`: `[field, [records...]]`, each record's JSON already ASCII. */
function listLine(field: string, records: string[]): Buffer {
  return line(`[${JSON.stringify(field)},[${records.join(',')}]]`);
}

/** JSON text in ASCII: every other character as its \u escape (still the same JSON value). */
function ascii(json: string): string {
  return json.replace(NOT_ASCII, escapeChar);
}

const NOT_ASCII = /[\u0080-\uffff]/g;
const escapeChar = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

interface Header {
  magic?: unknown;
  key?: SeedCacheKey;
  startAt?: unknown;
  bytes?: unknown;
  crc32?: unknown;
}

/**
 * Reads a file's lines in blocks: the header, then each line parsed on its own (a slice of lists), so no
 * string or buffer of the whole file is ever held (at scale 10, one JSON.parse of the ~190 MB file doubled
 * the server's RSS at its ready line). The size and checksum are checked before the records are used.
 */
function readLines(fd: number, key: SeedCacheKey): SeedCacheRead {
  // One buffer, reused: what follows a block's last newline moves to its start and the next read fills the
  // rest (a new buffer per block, concatenated, left freed memory in the process: RSS at the ready line).
  let buffer = Buffer.allocUnsafe(BLOCK_BYTES);
  let kept = 0;
  let header: Header | null = null;
  let checksum = 0;
  let bytes = 0;
  let badLine: string | null = null;
  const world: Record<string, unknown> = {};
  for (;;) {
    if (kept === buffer.length) {
      // A line longer than the buffer: double it.
      const bigger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(bigger, 0, 0, kept);
      buffer = bigger;
    }
    const read = readSync(fd, buffer, kept, buffer.length - kept, null);
    if (read === 0) break;
    const chunk = buffer.subarray(0, kept + read);
    let start = 0;
    for (let end = chunk.indexOf(10, start); end >= 0; end = chunk.indexOf(10, start)) {
      if (!header) {
        header = JSON.parse(chunk.toString('latin1', start, end)) as Header;
        if (header.magic !== MAGIC) return { entry: null, reason: 'not a seed cache file' };
        if (!sameKey(header.key, key)) return { entry: null, reason: 'written for another key' };
      } else {
        checksum = crc32(chunk.subarray(start, end + 1), checksum);
        bytes += end + 1 - start;
        if (badLine === null) {
          try {
            const [field, value] = JSON.parse(chunk.toString('latin1', start, end)) as [string, unknown];
            const list = world[field];
            if (Array.isArray(list) && Array.isArray(value)) for (const record of value) list.push(record);
            else world[field] = value;
          } catch (err) {
            badLine = (err as Error).message;
          }
        }
      }
      start = end + 1;
    }
    kept = chunk.copy(buffer, 0, start);
  }
  const rest = buffer.subarray(0, kept);
  if (!header) return { entry: null, reason: 'no header' };
  checksum = crc32(rest, checksum);
  bytes += rest.length;
  if (bytes !== header.bytes) return { entry: null, reason: `truncated (${bytes} of ${String(header.bytes)} bytes)` };
  if (checksum !== header.crc32) return { entry: null, reason: 'checksum mismatch' };
  if (badLine !== null || rest.length > 0) return { entry: null, reason: `unreadable: ${badLine ?? 'no newline at the end'}` };
  const startAt = header.startAt;
  if (typeof startAt !== 'number' || !Number.isFinite(startAt)) return { entry: null, reason: 'no start instant' };
  const data = world as unknown as GeneratedWorld;
  if (data.seed !== key.seed || data.scale !== key.scale || !Array.isArray(data.products))
    return { entry: null, reason: 'records of another world' };
  return { entry: { startAt, data } };
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
