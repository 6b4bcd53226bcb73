// The seed cache: the generated records of a world, saved so that the next start of the server reads them
// instead of generating them again (generating is most of a start: ~0.5 s at scale 1, ~5 s at scale 10).
// A world is the same for the same (seed, scale, generator, instant), so a file is keyed by the seed, the
// scale, the code's version (a hash of the server's bundle: any change of the generator or the records
// makes a new key) and the Seoul day it was made on; it holds the instant the records were generated for,
// and a server that reads it runs its worlds from that instant (their clocks start there), so a world read
// back is exactly the world generated for that instant. A file from another day or version is stale and
// removed when a new one is written.
//
// Safety: a file (a JSON header line, then the records' atoms and values, see the format below) is written
// to a temporary name and renamed into place (atomic on one file system), so a concurrent start reads either the old file or the new one, never half of one; two starts writing at once
// each rename a whole file. Every read checks the header's key and a CRC-32 of the payload: a truncated,
// corrupt or foreign file is reported and regenerated, never trusted and never a crash.
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { World as GeneratedWorld } from '@creator-market/fixtures';
import { DEFERRED_RECORDS, NO_RECORDS, type DeferredList } from './store';

// The format: the records as a tree of shapes over a table of atoms. Every distinct string, number, boolean
// and null of the records is one atom, stored once (JSON arrays of ASCII text, lines of ~32 KB); the records
// themselves are a stream of 32-bit integers, in machine order (the file never leaves the machine that wrote
// it):
// - 0 <= n < KEPT_BASE: atoms[n];
// - n < 0: a value of shapes[(-1 - n) >> 1] (an object's keys, or an array's length, listed in the header),
//   followed by its parts; when (-1 - n) is odd the value is also kept, numbered in the order values end;
// - n >= KEPT_BASE: the kept value n - KEPT_BASE, itself again.
// Each field of the world (`seed`, `products`, `receipts`...) is a section of the stream of its own (their
// lengths in the header; kept values are numbered per section), so that a section can be read alone: a list
// of records is built when a request first needs it (format @6; @5 built every list before the ready line,
// ~40% of a second start's CPU at scale 1, and a home session never reads some of them: notifications, rooms,
// subscriptions, addresses). The whole file is read and checksummed when it is opened: a damaged file is
// still found at the start.
// Reading builds each shape with a function compiled for it (an object or array literal), so:
// - equal texts are one string (JSON.parse made a copy of each: the ~1.8 million strings of scale 10 were
//   ~120 MB more than its ~860,000 distinct ones);
// - equal small objects and arrays are one (a product's `payment: [1]` and `promotion: {list: []}`, a
//   market's delivery options: ~45 of the ~150 MB of objects and arrays at scale 10). The records are
//   immutable values, made frozen (see ValueReader.read), so none can change another's;
// - no text is parsed but the atoms' (the file is 66 instead of 256 MB at scale 10);
// - every object is made whole by its literal, all its fields in the object.
// Reading the scale-10 records alone: 900-929 ms with one JSON value per line (format @4) against
// 470-520 ms, heap used after a full collection 318 against 197 MB (docs/decisions/seed-cache.md).
// Atoms are written in ASCII, every other character as a \u escape: a line becomes a string by a plain copy
// of its bytes (latin1), where decoding the UTF-8 of the Korean text was ~40% of reading it as JSON.
const MAGIC = 'creator-market-seed-cache@6';
/**
 * A line holds atoms up to about this many bytes of JSON. Its string then stays an ordinary young object
 * that the next scavenge frees: V8 puts strings over 128 KB in its large-object space, which only a full
 * collection frees.
 */
const LINE_BYTES = 32 << 10;
/** The size of the blocks the atoms are read in. */
const BLOCK_BYTES = 4 << 20;
/** How many values of a list are read between two steps of its building in steps (~1 ms of work). */
const VALUES_PER_STEP = 16_384;
/** How many records are encoded between two steps of writeInSteps. */
const RECORDS_PER_STEP = 100;
/** Objects and arrays of up to this many values (themselves and their parts) are shared when equal. */
const SHARED_MAX_VALUES = 24;
/** The first value number of a kept value (see the format); atoms are numbered below it. */
const KEPT_BASE = 2 ** 30;
/** Arrays up to this length are built by a literal; longer ones (the lists of records) by a loop. */
const LITERAL_ARRAY_MAX = 16;
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
      return readFile(fd, key);
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
   * write in steps: yields after every RECORDS_PER_STEP records encoded, so a server that saves its records
   * once it is serving (the CLI, in slices) keeps answering: at scale 10 the encoding is seconds of work. The
   * file itself is written in the last step, at once, so no signal can stop a write half way.
   */
  *writeInSteps(key: SeedCacheKey, entry: SeedCacheEntry): Generator<void, string, void> {
    mkdirSync(this.dir, { recursive: true });
    const encoder = new Encoder();
    // The world object by hand: each field a section of its own (see the format), its lists of records
    // encoded in steps.
    const data = entry.data as unknown as Record<string, unknown>;
    const sections: Section[] = [];
    for (const name of Object.keys(data)) {
      const value = data[name];
      if (value === undefined) continue;
      const start = encoder.section();
      if (!Array.isArray(value)) encoder.value(value);
      else {
        encoder.shape(value.length);
        for (let i = 0; i < value.length; i++) {
          encoder.value(value[i]);
          if ((i + 1) % RECORDS_PER_STEP === 0) yield;
        }
      }
      sections.push({ name, values: encoder.section() - start });
    }
    const atomLines = encoder.atomLines();
    const values = encoder.valueBytes();
    let checksum = 0;
    let atomsBytes = 0;
    for (const l of atomLines) {
      checksum = crc32(l, checksum);
      atomsBytes += l.length;
    }
    checksum = crc32(values, checksum);
    const header: Header = {
      magic: MAGIC,
      key,
      startAt: entry.startAt,
      shapes: encoder.shapes,
      sections,
      atomsBytes,
      valuesBytes: values.length,
      crc32: checksum,
    };
    const file = this.fileOf(key);
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      const fd = openSync(temporary, 'w');
      try {
        writeSync(fd, `${JSON.stringify(header)}\n`);
        for (const l of atomLines) writeSync(fd, l);
        writeSync(fd, values);
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

/** A shape: an object's keys, in order, or an array's length. */
type Shape = string[] | number;
/** A field of the world and how many of the stream's values hold it (its section, after the previous field's). */
interface Section {
  name: string;
  values: number;
}
type Atom = string | number | boolean | null;

/** Encodes JSON values (as JSON.stringify sees them) into atoms, shapes and the stream of values. */
class Encoder {
  readonly shapes: Shape[] = [];
  private readonly shapeIds = new Map<string, number>();
  private readonly atomIds = new Map<Atom, number>();
  private readonly atoms: string[] = [];
  /** Small objects and arrays written, by their values: -1 once written, then the number they are kept as. */
  private readonly written = new Map<string, number>();
  private kept = 0;
  private values = new Int32Array(1 << 16);
  private length = 0;

  /**
   * Starts a section: no value of it is written as a value kept in an earlier one, so that each section can
   * be read alone. Returns how many values the stream holds so far.
   */
  section(): number {
    this.written.clear();
    this.kept = 0;
    return this.length;
  }

  value(value: unknown): void {
    if (typeof value === 'object' && value !== null) {
      const start = this.length;
      const keptBefore = this.kept;
      if (Array.isArray(value)) {
        this.shape(value.length);
        for (const item of value) this.value(item === undefined ? null : item);
      } else {
        const prototype: unknown = Object.getPrototypeOf(value);
        // (a Date or a Map would read back as something else: the records are plain JSON values)
        if (prototype !== Object.prototype && prototype !== null) throw new Error('the records hold an object that is not plain JSON');
        const record = value as Record<string, unknown>;
        const keys = Object.keys(record).filter((k) => record[k] !== undefined);
        this.shape(keys);
        for (const k of keys) this.value(record[k]);
      }
      this.share(start, keptBefore);
      return;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) return this.push(this.atom(null));
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return this.push(this.atom(value));
    throw new Error(`a ${typeof value} is not a JSON value`);
  }

  /** Starts a value of this shape: its parts follow. */
  shape(shape: Shape): void {
    const name = typeof shape === 'number' ? String(shape) : JSON.stringify(shape);
    let id = this.shapeIds.get(name);
    if (id === undefined) {
      id = this.shapes.push(shape) - 1;
      this.shapeIds.set(name, id);
    }
    this.push(-1 - id * 2);
  }

  /**
   * The object or array just written from `start`, when small: the second time the same values are written
   * they are marked to be kept, and from then on they are written as the kept value's number.
   */
  private share(start: number, keptBefore: number): void {
    const length = this.length - start;
    if (length > SHARED_MAX_VALUES) return;
    const values = Buffer.from(this.values.buffer, start * 4, length * 4).toString('latin1');
    const number = this.written.get(values);
    if (number === undefined) this.written.set(values, -1);
    else if (number === -1) {
      this.values[start] = this.values[start]! - 1;
      this.written.set(values, this.kept++);
    } else if (this.kept === keptBefore) {
      // (Only when no value inside was kept just now: the reader numbers every kept value it reads.)
      this.length = start;
      this.push(KEPT_BASE + number);
    }
  }

  /** The atoms as lines of JSON arrays of ~LINE_BYTES, in ASCII. */
  atomLines(): Buffer[] {
    const lines: Buffer[] = [];
    let texts: string[] = [];
    let bytes = 0;
    for (const text of this.atoms) {
      texts.push(text);
      bytes += text.length;
      if (bytes < LINE_BYTES) continue;
      lines.push(Buffer.from(`[${texts.join(',')}]\n`, 'latin1'));
      texts = [];
      bytes = 0;
    }
    if (texts.length > 0) lines.push(Buffer.from(`[${texts.join(',')}]\n`, 'latin1'));
    return lines;
  }

  /** The stream of values, as bytes. */
  valueBytes(): Buffer {
    return Buffer.from(this.values.buffer, 0, this.length * 4);
  }

  private atom(atom: Atom): number {
    let id = this.atomIds.get(atom);
    if (id === undefined) {
      id = this.atoms.push(ascii(JSON.stringify(atom))) - 1;
      if (id >= KEPT_BASE) throw new Error('too many distinct values to save');
      this.atomIds.set(atom, id);
    }
    return id;
  }

  private push(n: number): void {
    if (this.length === this.values.length) {
      const bigger = new Int32Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = n;
  }
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
  shapes?: unknown;
  sections?: unknown;
  atomsBytes?: unknown;
  valuesBytes?: unknown;
  crc32?: unknown;
}

/**
 * Reads a file: the header, its sizes checked against the file's; the atoms line by line in blocks (no
 * string of all of them is ever held); then the stream of values in blocks, building the records. Records
 * are returned only when the checksum of all of it holds.
 */
function readFile(fd: number, key: SeedCacheKey): SeedCacheRead {
  const size = fstatSync(fd).size;
  if (size === 0) return { entry: null, reason: 'no header' };
  let buffer = Buffer.allocUnsafe(Math.min(size, BLOCK_BYTES));
  let filled = readSync(fd, buffer, 0, buffer.length, 0);
  const headerEnd = buffer.subarray(0, filled).indexOf(10);
  // (the header line holds the shapes too, a few KB: a file cut short inside it has no newline at all)
  if (headerEnd < 0) return { entry: null, reason: filled === size ? 'truncated (its header has no end)' : 'no header' };
  const header = JSON.parse(buffer.toString('latin1', 0, headerEnd)) as Header;
  if (header.magic !== MAGIC) return { entry: null, reason: 'not a seed cache file' };
  if (!sameKey(header.key, key)) return { entry: null, reason: 'written for another key' };
  const { atomsBytes, valuesBytes, shapes, startAt } = header;
  if (!isSize(atomsBytes) || !isSize(valuesBytes) || valuesBytes % 4 !== 0 || !Array.isArray(shapes))
    return { entry: null, reason: 'unreadable: a header without the sizes and shapes of the records' };
  if (typeof startAt !== 'number' || !Number.isFinite(startAt)) return { entry: null, reason: 'no start instant' };
  const expected = headerEnd + 1 + atomsBytes + valuesBytes;
  if (size < expected) return { entry: null, reason: `truncated (${size} of ${expected} bytes)` };
  if (size > expected) return { entry: null, reason: `unreadable: ${size - expected} bytes after the records` };

  // The atoms: lines of JSON arrays, read in blocks; one buffer, reused (what follows a block's last newline
  // moves to its start and the next read fills the rest).
  const atoms: unknown[] = [];
  let checksum = 0;
  let badLine: string | null = null;
  let position = headerEnd + 1;
  const atomsEnd = position + atomsBytes;
  let carried = 0;
  while (position < atomsEnd) {
    if (carried === buffer.length) {
      // A line longer than the buffer: double it.
      const bigger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(bigger, 0, 0, carried);
      buffer = bigger;
    }
    filled = readSync(fd, buffer, carried, Math.min(buffer.length - carried, atomsEnd - position), position);
    if (filled === 0) return { entry: null, reason: 'truncated while reading' };
    position += filled;
    const chunk = buffer.subarray(0, carried + filled);
    checksum = crc32(chunk.subarray(carried), checksum);
    let start = 0;
    for (let end = chunk.indexOf(10, start); end >= 0; end = chunk.indexOf(10, start)) {
      if (badLine === null) {
        try {
          const line = JSON.parse(chunk.toString('latin1', start, end)) as unknown[];
          for (let i = 0; i < line.length; i++) atoms.push(line[i]);
        } catch (err) {
          badLine = (err as Error).message;
        }
      }
      start = end + 1;
    }
    carried = chunk.copy(buffer, 0, start);
  }

  // The values: each section (a field of the world) read into a buffer of its own and checksummed on the way,
  // the whole file before anything is trusted. A section holding a list of records is built on its first read
  // (DEFERRED_RECORDS: a store's collection reads it when a request first needs it), its buffer dropped then;
  // the others now.
  const sections = header.sections;
  if (!Array.isArray(sections) || !sections.every(isSection) || sections.reduce((sum, { values }) => sum + values * 4, 0) !== valuesBytes)
    return { entry: null, reason: 'unreadable: a header without the sections of the records' };
  const streams: Int32Array[] = [];
  position = atomsEnd;
  for (const section of sections) {
    const bytes = Buffer.allocUnsafeSlow(section.values * 4);
    for (let at = 0; at < bytes.length;) {
      const read = readSync(fd, bytes, at, bytes.length - at, position);
      if (read === 0) return { entry: null, reason: 'truncated while reading' };
      at += read;
      position += read;
    }
    checksum = crc32(bytes, checksum);
    streams.push(new Int32Array(bytes.buffer, bytes.byteOffset, section.values));
  }
  if (checksum !== header.crc32) return { entry: null, reason: 'checksum mismatch' };
  if (badLine !== null || carried !== 0) return { entry: null, reason: `unreadable: ${badLine ?? 'no newline after the atoms'}` };
  // (dropped once every list is built: it holds every atom)
  let reader: ValueReader | null = new ValueReader(atoms, shapes as Shape[]);
  let unread = 0;
  const data = {} as Record<string, unknown>;
  /** The lists built on first read (or in steps), and how many records each holds. */
  const deferred = new Map<string, DeferredList>();
  try {
    sections.forEach(({ name }, i) => {
      const stream = streams[i]!;
      const length = reader!.arrayLength(stream);
      if (length === null || !(name in NO_RECORDS)) {
        // (an own field whatever its name, `__proto__` too, as JSON.parse makes it)
        Object.defineProperty(data, name, { value: reader!.read(stream, false), enumerable: true, writable: true, configurable: true });
        return;
      }
      // A list of records: built on first read, or in steps (DeferredList.steps) until then, its records frozen
      // as they are made (see ValueReader.read).
      let list: unknown = null;
      let pending: Int32Array | null = stream;
      let reading: Reading | null = null;
      /** Reads the list on up to the value at `end` (to its end by default); returns whether it is built. */
      const readTo = (end = Infinity): boolean => {
        if (!pending) return true;
        reading ??= new Reading(true);
        try {
          if (!reader!.readTo(reading, pending, end)) return false;
        } catch (err) {
          reading = null;
          throw err;
        }
        list = reading.value;
        pending = null;
        reading = null;
        if (--unread === 0) reader = null;
        return true;
      };
      deferred.set(name, {
        size: length,
        *steps() {
          while (!readTo((reading?.at ?? 0) + VALUES_PER_STEP)) yield;
        },
      });
      unread++;
      Object.defineProperty(data, name, {
        enumerable: true,
        configurable: true,
        get() {
          readTo();
          return list;
        },
      });
    });
  } catch (err) {
    return { entry: null, reason: `unreadable: ${(err as Error).message}` };
  }
  Object.defineProperty(data, DEFERRED_RECORDS, { value: deferred });
  if (data.seed !== key.seed || data.scale !== key.scale || !deferred.has('products'))
    return { entry: null, reason: 'records of another world' };
  return { entry: { startAt, data: data as unknown as GeneratedWorld } };
}

const isSection = (s: unknown): s is Section =>
  typeof s === 'object' && s !== null && typeof (s as Section).name === 'string' && isSize((s as Section).values);

const isSize = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/**
 * Builds values from streams of values (see the format above), over the file's atoms and shapes.
 *
 * One loop over a stream, no recursion: the parts of the values being read wait on a stack, and a value whose
 * parts are all there is built from the stack by its shape's builder (see builderOf), then becomes a part of
 * the value around it. The builders are small functions, each a literal of stack slots: V8 optimizes the loop
 * once and each builder cheaply (builders that read their parts themselves, each with the reader inlined, were
 * ~90 ms of the optimizing compiler's time on every start at scale 1).
 */
class ValueReader {
  private readonly sizes: number[];
  private readonly builders: Builder[];
  private frozenBuilders: Builder[] | null = null;

  constructor(
    private readonly atoms: readonly unknown[],
    private readonly shapes: readonly Shape[],
  ) {
    this.sizes = shapes.map((shape) => (typeof shape === 'number' ? shape : shape.length));
    this.builders = shapes.map((shape) => builderOf(shape, false));
  }

  /** The length of the array `values` holds, or null when it holds another value. */
  arrayLength(values: Int32Array): number | null {
    const shape = values[0]! < 0 ? this.shapes[(-1 - values[0]!) >> 1] : undefined;
    return typeof shape === 'number' ? shape : null;
  }

  /**
   * The value `values` holds; throws when it holds anything else than one value (a file whose checksum holds
   * was written whole by this code: a list built after the start does not fail). With `freeze`, every object
   * and array of it is made frozen: the records of a world's list are immutable values, shared by every world
   * (see Store.freezeSteps, which freezes the others once they are shared).
   */
  read(values: Int32Array, freeze: boolean): unknown {
    const reading = new Reading(freeze);
    this.readTo(reading, values, values.length);
    return reading.value;
  }

  /**
   * Reads on in `reading`, up to the value at `end` (the stream's length at most); returns whether the value
   * is whole (`reading.value`). In chunks, a list is built in steps: the readying's slices after the ready line.
   */
  readTo(reading: Reading, values: Int32Array, end: number): boolean {
    const builders = reading.freeze ? (this.frozenBuilders ??= this.shapes.map((shape) => builderOf(shape, true))) : this.builders;
    const { atoms, sizes } = this;
    const { kept, stack } = reading;
    const atomCount = atoms.length;
    let { top, codes, bases, missing, depth } = reading;
    const last = Math.min(end, values.length);
    let at = reading.at;
    for (; at < last; at++) {
      const n = values[at]!;
      let value: unknown;
      if (n >= 0) {
        value = n < atomCount ? atoms[n] : kept[n - KEPT_BASE];
        if (value === undefined) throw new Error(`no atom or kept value ${n}`);
      } else {
        const code = -1 - n;
        const shape = code >> 1;
        const size = sizes[shape];
        if (size === undefined) throw new Error(`no shape ${shape}`);
        if (size > 0) {
          if (depth === codes.length) {
            codes = grown(codes);
            bases = grown(bases);
            missing = grown(missing);
          }
          codes[depth] = code;
          bases[depth] = top;
          missing[depth] = size;
          depth++;
          continue;
        }
        value = builders[shape]!(stack, top);
        if (code & 1) kept.push(value);
      }
      // A value read: a part of the value around it, which may now be whole, and so on outwards.
      for (;;) {
        if (depth === 0) {
          if (at !== values.length - 1) throw new Error('values after the records');
          reading.value = value;
          reading.at = values.length;
          return true;
        }
        // (appended when the stack is full, so that it stays a packed array, as its copies are)
        if (top === stack.length) stack.push(value);
        else stack[top] = value;
        top++;
        if (--missing[depth - 1]! > 0) break;
        depth--;
        const code = codes[depth]!;
        top = bases[depth]!;
        value = builders[code >> 1]!(stack, top);
        if (code & 1) kept.push(value);
      }
    }
    if (at === values.length) throw new Error('the records end early');
    Object.assign(reading, { at, top, codes, bases, missing, depth });
    return false;
  }
}

/** Where a read of a stream is (ValueReader.readTo): the values being read, their parts so far, the kept ones. */
class Reading {
  at = 0;
  value: unknown = undefined;
  /** The parts read so far of the values being read, innermost last. */
  readonly stack: unknown[] = [];
  top = 0;
  // The values being read, innermost last: the shape's code, where its parts start on the stack, how many are missing.
  codes = new Int32Array(64);
  bases = new Int32Array(64);
  missing = new Int32Array(64);
  depth = 0;
  readonly kept: unknown[] = [];

  constructor(readonly freeze: boolean) {}
}

function grown(list: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(list.length * 2);
  bigger.set(list);
  return bigger;
}

/** Builds a value of a shape from its parts, `stack[base]` on. */
type Builder = (stack: unknown[], base: number) => unknown;

/**
 * The function that builds a value of `shape` from its parts on the stack: an object or short array literal
 * compiled for it, so every object is made at once with all its fields (and V8 sees one allocation site per
 * shape), or a copy of the stack's slots for a long array. Keys are written as JSON string literals;
 * `__proto__` as a computed key, which makes it an own field as JSON.parse does (a plain `"__proto__":` would
 * set the prototype).
 */
function builderOf(shape: Shape, freeze: boolean): Builder {
  const literal = (text: string) => compiled(freeze ? `Object.freeze(${text})` : text);
  if (typeof shape === 'number') {
    if (!Number.isSafeInteger(shape) || shape < 0) throw new Error(`a bad shape: ${shape}`);
    if (shape <= LITERAL_ARRAY_MAX) return literal(`[${Array.from({ length: shape }, (_, i) => slot(i)).join(',')}]`);
    return freeze ? (stack, base) => Object.freeze(stack.slice(base, base + shape)) : (stack, base) => stack.slice(base, base + shape);
  }
  if (!Array.isArray(shape) || !shape.every((k) => typeof k === 'string')) throw new Error('a bad shape');
  const fields = shape.map((k, i) => `${k === '__proto__' ? `[${JSON.stringify(k)}]` : JSON.stringify(k)}: ${slot(i)}`);
  return literal(`{${fields.join(',')}}`);
}

const slot = (i: number) => (i === 0 ? 's[b]' : `s[b + ${i}]`);

/**
 * A function of the stack `s` and a base `b` returning the literal `expression`. The expression is made above
 * of JSON string literals and stack slots only, so no text of the file is ever run as code.
 */
function compiled(expression: string): Builder {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a literal per shape: see builderOf
  return new Function('s', 'b', `return ${expression}`) as Builder;
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
