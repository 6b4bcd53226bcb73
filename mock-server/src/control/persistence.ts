// `--state FILE`: the default world restored at start and saved after every change.
//
// Durability: `onChange` runs inside the request, after the handler and before the response is sent, and
// writes the whole snapshot synchronously (temporary file in the same folder, fsync, rename, fsync of the
// folder). So every change acknowledged to a client is on disk, and a kill -9 at any moment leaves either
// the previous or the next complete file, never a torn one. The cost is one write per change (measured
// at scale 1: see the report / test/control-persistence.test.ts); to keep it small the JSON of records
// that did not change is cached (records are immutable values: a change replaces the object). Bookkeeping a
// read does on the side (a search counted toward today's hot keywords: ChangeHook's `soon`) is saved within
// SOON_MS, with the next change, or at shutdown, whichever comes first.
//
// A file that cannot be read or is not a world stops the start with the reason; it is never replaced.
//
// Named worlds (X-Mock-World) are kept too, in an append-only log `FILE.worlds.log` beside it, with the same
// durability: each change is one line appended and synced (fdatasync) before the answer, so a process of a
// shared host (docs/shared-host.md) restarted from its file has every world it acknowledged writes of. A
// named world is an overlay over records generated for its seed, scale and instant (World.generatedFor): a
// line holds what one change did (the records it put, the ids it removed, the state it changed, the clock),
// a few hundred bytes, where rewriting a world's file per change costs a rename and two syncs (measured
// ~3.5x the time of one append and fdatasync on our disks). The restore generates those records again (once
// per seed, scale and instant; the CLI pins its named worlds to one instant) and puts the changes back, line
// by line. A world of a snapshot's records (PUT /__mock/state) has no such instant: its first line is its
// whole snapshot. A line a kill cut short was never acknowledged: the restore drops it. The log is compacted
// (each live world's changes in one line, written aside and renamed into place) when it is twice as long as
// after the last compaction and past LOG_COMPACT_BYTES. An evicted world is forgotten with a line.
import {
  closeSync,
  fdatasyncSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { StoreState } from '../world/store';
import { World, type ChangeHook, type WorldSnapshot } from '../world/world';
import { parseSnapshot } from './snapshot';
import { collectionOf, COLLECTIONS, type CollectionName } from './world-changes';

export interface StateFile {
  /** The absolute path of the file. */
  path: string;
  /** The saved world, or null when the file does not exist yet; throws when it exists but is unusable. */
  restore: () => WorldSnapshot | null;
  /** Saves the world now (synchronously, atomically), or within SOON_MS for a `soon` change. Throws when the file cannot be written. */
  onChange: ChangeHook;
  /** Saves what is not saved yet (at shutdown): a `soon` change, or a save that failed. */
  flush: () => void;
  /** How long the last save took and how large the file is. */
  lastWrite: { ms: number; bytes: number } | null;
  /** The named worlds' log (`FILE.worlds.log`), for the world registry (WorldRegistryOptions.named). */
  named: NamedWorldsLog;
}

/** How long a `soon` change may wait for its save. */
export const SOON_MS = 1000;

export function openStateFile(file: string): StateFile {
  const path = resolve(file);
  const temporary = `${path}.tmp-${process.pid}`;
  const encoder = new SnapshotEncoder();
  let unsaved: World | null = null;
  let pending: ReturnType<typeof setTimeout> | null = null;
  removeLeftoverTemporaries(path);
  const named = openNamedWorldsLog(`${path}.worlds.log`);

  const state: StateFile = {
    path,
    lastWrite: null,
    named,
    restore() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new Error(`cannot read the state file ${path}: ${(err as Error).message}`);
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (err) {
        throw new Error(
          `the state file ${path} is not valid JSON (${(err as Error).message}); fix it or remove it to start from a fresh world`,
        );
      }
      try {
        return parseSnapshot(value);
      } catch (err) {
        throw new Error(
          `the state file ${path} is not a creator-market world: ${(err as Error).message}; fix it or remove it to start from a fresh world`,
        );
      }
    },
    onChange(world, when = 'now') {
      unsaved = world;
      if (when === 'soon') {
        pending ??= setTimeout(() => {
          pending = null;
          state.flush();
        }, SOON_MS).unref();
        return;
      }
      if (pending) clearTimeout(pending);
      pending = null;
      const started = performance.now();
      const bytes = writeAtomically(path, temporary, encoder.encode(world.snapshot()));
      state.lastWrite = { ms: performance.now() - started, bytes };
      unsaved = null;
    },
    flush() {
      if (unsaved) state.onChange(unsaved);
      named.flush();
    },
  };
  return state;
}

/** Writes `chunks` to a temporary file, syncs it, and renames it over `path`. Returns the byte count. */
function writeAtomically(path: string, temporary: string, chunks: readonly Buffer[]): number {
  let bytes = 0;
  const fd = openSync(temporary, 'w', 0o644);
  try {
    for (const chunk of chunks) {
      for (let offset = 0; offset < chunk.length;) offset += writeSync(fd, chunk, offset, chunk.length - offset);
      bytes += chunk.length;
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  syncFolder(dirname(path));
  return bytes;
}

/** Makes the rename itself durable (the folder's entry). Some platforms cannot open a folder: skip there. */
function syncFolder(folder: string): void {
  let fd: number;
  try {
    fd = openSync(folder, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // EINVAL/EPERM on file systems that do not sync folders.
  } finally {
    closeSync(fd);
  }
}

/** Temporary files of an earlier run killed mid-write. */
function removeLeftoverTemporaries(path: string): void {
  const prefix = `${basename(path)}.tmp-`;
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) if (name.startsWith(prefix)) unlinkSync(join(dirname(path), name));
}

// ---------------------------------------------------------------- encoding

/** Records per cached chunk of a collection. */
const CHUNK_SIZE = 256;

interface Chunk {
  items: readonly unknown[];
  bytes: Buffer;
}

/**
 * The JSON of a snapshot as a list of buffers (the same value as JSON.stringify(snapshot)), re-encoding
 * only what changed since the last call: each record's JSON is cached by object identity, and each run of
 * CHUNK_SIZE records of a collection is cached as one buffer while its records stay the same objects.
 * Uploaded photos (`state.uploads`, base64, the only large part of `state`) are cached per entry likewise.
 */
export class SnapshotEncoder {
  private readonly records = new WeakMap<object, Buffer>();
  private readonly chunks = new Map<string, Chunk[]>();

  encode(snapshot: WorldSnapshot): Buffer[] {
    const out: Buffer[] = [];
    const collection = (name: string, rows: unknown) => Array.isArray(rows) && this.collection(out, name, rows);
    const upload = (_uid: string, entry: unknown) => (out.push(this.record(entry)), true);
    const stateMember = (name: string, value: unknown) => name === 'uploads' && this.object(out, value, upload);
    this.object(out, snapshot, (key, value) =>
      key === 'world' ? this.object(out, value, collection) : key === 'state' ? this.object(out, value, stateMember) : false,
    );
    return out;
  }

  /** `{...}` of `value`; `custom` writes a member itself and returns true, or returns false for plain JSON. */
  private object(out: Buffer[], value: unknown, custom: (key: string, member: unknown) => boolean): true {
    let separator = '{';
    for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
      if (member === undefined || typeof member === 'function') continue;
      out.push(Buffer.from(`${separator}${JSON.stringify(key)}:`));
      separator = ',';
      if (!custom(key, member)) out.push(Buffer.from(JSON.stringify(member)));
    }
    out.push(Buffer.from(separator === '{' ? '{}' : '}'));
    return true;
  }

  private collection(out: Buffer[], name: string, rows: readonly unknown[]): true {
    const previous = this.chunks.get(name) ?? [];
    const next: Chunk[] = [];
    for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
      const items = rows.slice(start, start + CHUNK_SIZE);
      const cached = previous[next.length];
      const same = cached !== undefined && cached.items.length === items.length && cached.items.every((item, i) => item === items[i]);
      next.push(same ? cached : { items, bytes: this.join(items) });
    }
    this.chunks.set(name, next);
    out.push(Buffer.from('['));
    next.forEach((chunk, i) => {
      if (i > 0) out.push(Buffer.from(','));
      out.push(chunk.bytes);
    });
    out.push(Buffer.from(']'));
    return true;
  }

  private join(items: readonly unknown[]): Buffer {
    const parts: Buffer[] = [];
    items.forEach((item, i) => {
      if (i > 0) parts.push(COMMA);
      parts.push(this.record(item));
    });
    return Buffer.concat(parts);
  }

  private record(item: unknown): Buffer {
    if (typeof item !== 'object' || item === null) return Buffer.from(JSON.stringify(item) ?? 'null');
    let bytes = this.records.get(item);
    if (!bytes) {
      bytes = Buffer.from(JSON.stringify(item));
      this.records.set(item, bytes);
    }
    return bytes;
  }
}

const COMMA = Buffer.from(',');

// ---------------------------------------------------------------- named worlds

/** The first line of a named worlds' log. */
export const LOG_FORMAT = 'creator-market-worlds-log@1';
/** A log shorter than this is never compacted. */
export const LOG_COMPACT_BYTES = 8 * 1024 * 1024;

/** One line of the log: one change of a world (or its start), or its eviction. */
export interface LogLine {
  /** The world's name. */
  w: string;
  /** A new world of this name starts here (made, reset or imported): what came before for the name is gone. */
  start?: { seed: number; scale: number; generatedFor: number } | { snapshot: WorldSnapshot };
  /** The world was evicted: it is gone. */
  evicted?: true;
  clockOffsetMs?: number;
  /** The members of the world's state that changed (uploads apart). */
  state?: Partial<Omit<StoreState, 'uploads'>>;
  /** Uploads that changed, and the uids whose upload went. */
  uploads?: Record<string, unknown>;
  uploadsGone?: string[];
  /** Per collection, the records put (inserted or replaced) and the ids removed. */
  put?: Partial<Record<CollectionName, unknown[]>>;
  removed?: Partial<Record<CollectionName, string[]>>;
}

export interface NamedWorldsLog {
  /** The log's absolute path. */
  path: string;
  /** The saved worlds, least recently changed first, each with `onChange` as its hook; throws for an unusable log, naming it. */
  restore: () => World[];
  /** Appends a named world's change and syncs it now, or within SOON_MS for a `soon` change. */
  onChange: ChangeHook;
  /** Forgets an evicted world; a late change of it is not saved. */
  onEvict: (world: World) => void;
  /** Saves every `soon` change not saved yet (at shutdown). */
  flush: () => void;
  /** How long the last append took and how long its line was. */
  lastWrite: { ms: number; bytes: number } | null;
  /** Rewrites the log as one line per live world (done on its own when the log grows; see LOG_COMPACT_BYTES). */
  compact: () => void;
}

/** What the log holds of one world so far: the record (or null: removed) of each id, the state's members. */
interface Logged {
  records: Map<CollectionName, Map<string, object | null>>;
  state: Map<string, unknown>;
  uploads: Map<string, unknown>;
  clockOffsetMs: number | null;
}

const emptyLogged = (): Logged => ({ records: new Map(), state: new Map(), uploads: new Map(), clockOffsetMs: null });

export function openNamedWorldsLog(file: string): NamedWorldsLog {
  const path = resolve(file);
  const temporary = `${path}.tmp-${process.pid}`;
  /** The live world of each name; a change of any other world is not saved. */
  const current = new Map<string, World>();
  const logged = new WeakMap<World, Logged>();
  const retired = new WeakSet<World>();
  const pending = new Map<World, ReturnType<typeof setTimeout>>();
  let fd: number | null = null;
  let size = 0;
  let compactAt = LOG_COMPACT_BYTES;
  removeLeftoverTemporaries(path);

  /** Opens the log for appending (made with its first line if missing; a line cut short at its end dropped). */
  const open = (): number => {
    if (fd !== null) return fd;
    let text: string | null = null;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (!text) {
      writeAtomically(path, temporary, [Buffer.from(`${JSON.stringify({ format: LOG_FORMAT })}\n`)]);
      text = readFileSync(path, 'utf8');
    }
    fd = openSync(path, 'r+');
    size = Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1));
    if (size !== Buffer.byteLength(text)) {
      ftruncateSync(fd, size);
      fsyncSync(fd);
    }
    compactAt = Math.max(LOG_COMPACT_BYTES, 2 * size);
    return fd;
  };

  const append = (line: LogLine, sync: boolean) => {
    const bytes = Buffer.from(`${JSON.stringify(line)}\n`);
    const target = open();
    for (let offset = 0; offset < bytes.length;) offset += writeSync(target, bytes, offset, bytes.length - offset, size + offset);
    size += bytes.length;
    if (sync) fdatasyncSync(target);
    return bytes.length;
  };

  const save = (world: World) => {
    const timer = pending.get(world);
    if (timer) clearTimeout(timer);
    pending.delete(world);
    const started = performance.now();
    let known = logged.get(world);
    const fresh = !known;
    if (!known) logged.set(world, (known = emptyLogged()));
    const line = changeLine(world, known, fresh);
    if (!line) return;
    const bytes = append(line, true);
    log.lastWrite = { ms: performance.now() - started, bytes };
    if (size > compactAt) log.compact();
  };

  const log: NamedWorldsLog = {
    path,
    lastWrite: null,
    restore() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw new Error(`cannot read the named worlds' log ${path}: ${(err as Error).message}`);
      }
      if (!text) return [];
      const worlds = replay(path, text, log.onChange);
      for (const [world, known] of worlds) {
        current.set(world.name, world);
        logged.set(world, known);
      }
      open();
      return [...worlds.keys()];
    },
    onChange(world, when = 'now') {
      if (retired.has(world)) return;
      const live = current.get(world.name);
      if (live !== world) {
        // A new world of this name (made after an eviction, or by a reset or import): the old one is done.
        if (live) retired.add(live);
        current.set(world.name, world);
      }
      if (when === 'soon') {
        if (!pending.has(world)) pending.set(world, setTimeout(() => save(world), SOON_MS).unref());
        return;
      }
      save(world);
    },
    onEvict(world) {
      retired.add(world);
      const timer = pending.get(world);
      if (timer) clearTimeout(timer);
      pending.delete(world);
      if (current.get(world.name) !== world) return;
      current.delete(world.name);
      // Not synced: a crash that loses it brings the world back, which is no acknowledged write lost.
      if (logged.has(world)) append({ w: world.name, evicted: true }, false);
    },
    flush() {
      for (const world of [...pending.keys()]) save(world);
    },
    compact() {
      const lines = [Buffer.from(`${JSON.stringify({ format: LOG_FORMAT })}\n`)];
      const next = new Map<World, Logged>();
      for (const world of current.values()) {
        if (!logged.has(world)) continue;
        const known = emptyLogged();
        const line = changeLine(world, known, true)!;
        lines.push(Buffer.from(`${JSON.stringify(line)}\n`));
        next.set(world, known);
      }
      if (fd !== null) closeSync(fd);
      fd = null;
      writeAtomically(path, temporary, lines);
      for (const [world, known] of next) logged.set(world, known);
      open();
    },
  };
  return log;
}

/**
 * The line for what `world` changed since `known` (updated to the world as it is now), or null when nothing
 * did. `fresh`: the world's first line (its start), with every change it has over its generated records.
 */
function changeLine(world: World, known: Logged, fresh: boolean): LogLine | null {
  const line: LogLine = { w: world.name };
  let changed = fresh;
  if (fresh) {
    if (world.generatedFor === undefined) {
      // Imported: its records are the snapshot's; what it changed since is in them.
      line.start = { snapshot: world.snapshot() };
      for (const name of COLLECTIONS) {
        const collection = collectionOf(world, name);
        const records = new Map<string, object | null>();
        for (const id of collection.changedIds()) records.set(id, collection.get(id) ?? null);
        known.records.set(name, records);
      }
    } else line.start = { seed: world.seed, scale: world.scale, generatedFor: world.generatedFor };
  }
  if (known.clockOffsetMs !== world.clock.offset) {
    line.clockOffsetMs = world.clock.offset;
    known.clockOffsetMs = world.clock.offset;
    changed = true;
  }
  const { uploads, ...rest } = world.store.state;
  for (const [key, value] of Object.entries(rest)) {
    // The generated banners and hot keywords are compared by identity; counters and counts change in place.
    const shared = key === 'banners' || key === 'hotKeywords';
    const mark = shared ? value : JSON.stringify(value);
    if (known.state.get(key) === mark) continue;
    known.state.set(key, mark);
    (line.state ??= {})[key as keyof LogLine['state']] = value as never;
    changed = true;
  }
  for (const [uid, entry] of Object.entries(uploads)) {
    if (known.uploads.get(uid) === entry) continue;
    known.uploads.set(uid, entry);
    (line.uploads ??= {})[uid] = entry;
    changed = true;
  }
  for (const uid of known.uploads.keys()) {
    if (uid in uploads) continue;
    known.uploads.delete(uid);
    (line.uploadsGone ??= []).push(uid);
    changed = true;
  }
  for (const name of COLLECTIONS) {
    const collection = collectionOf(world, name);
    let records = known.records.get(name);
    if (!records) known.records.set(name, (records = new Map<string, object | null>()));
    const check = (id: string) => {
      const record = collection.get(id) ?? null;
      if (records.has(id) && records.get(id) === record) return;
      records.set(id, record);
      if (record) ((line.put ??= {})[name] ??= []).push(record);
      else ((line.removed ??= {})[name] ??= []).push(id);
      changed = true;
    };
    for (const id of collection.changedIds()) check(id);
    // An id the world added and then removed is no longer among its changes: removed since logged.
    for (const id of [...records.keys()]) if (records.get(id) !== null && collection.get(id) === undefined) check(id);
  }
  return changed ? line : null;
}

/** The worlds a log holds (least recently changed first), with what it holds of each. */
function replay(path: string, text: string, onChange: ChangeHook): Map<World, Logged> {
  const fail = (at: number, reason: string): never => {
    throw new Error(
      `the named worlds' log ${path} ${at ? `line ${at} ` : ''}${reason}; fix it or remove it to start without the named worlds`,
    );
  };
  const lines = text.split('\n');
  // The last line is complete only when the text ends with a newline; a line a kill cut short is dropped.
  lines.pop();
  let header: unknown;
  try {
    header = JSON.parse(lines[0] ?? '');
  } catch {
    fail(1, "is not this log's first line (JSON)");
  }
  if ((header as { format?: unknown })?.format !== LOG_FORMAT) fail(1, `must be {"format":"${LOG_FORMAT}"}`);
  const live = new Map<string, { world: World }>();
  lines.slice(1).forEach((text, i) => {
    const at = i + 2;
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch (err) {
      return fail(at, `is not JSON (${(err as Error).message})`);
    }
    if (typeof line?.w !== 'string') fail(at, 'names no world');
    if (line.evicted) {
      live.delete(line.w);
      return;
    }
    let entry = live.get(line.w);
    if (line.start) {
      const start = line.start;
      try {
        const world =
          'snapshot' in start
            ? World.fromSnapshot({ ...parseSnapshot(start.snapshot), name: line.w }, onChange)
            : World.create({ name: line.w, seed: start.seed, scale: start.scale, startAt: start.generatedFor, onChange });
        entry = { world };
      } catch (err) {
        return fail(at, `starts a world that cannot be made: ${(err as Error).message}`);
      }
    }
    if (!entry) return fail(at, `changes the world '${line.w}' before its start`);
    // Map order is the order of last change (least recent first), as the registry's LRU wants.
    live.delete(line.w);
    live.set(line.w, entry);
    try {
      apply(entry.world, line);
    } catch (err) {
      fail(at, `cannot be put back: ${(err as Error).message}`);
    }
  });
  return new Map([...live.values()].map(({ world }) => [world, knownOf(world)]));
}

/** Puts one line's changes back into `world`. */
function apply(world: World, line: LogLine): void {
  const { store } = world;
  for (const [name, ids] of Object.entries(line.removed ?? {}) as [CollectionName, string[]][]) {
    if (!COLLECTIONS.includes(name)) throw new Error(`unknown collection '${name}'`);
    for (const id of ids) collectionOf(world, name).remove(id);
  }
  for (const [name, list] of Object.entries(line.put ?? {}) as [CollectionName, object[]][]) {
    if (!COLLECTIONS.includes(name)) throw new Error(`unknown collection '${name}'`);
    const collection = collectionOf(world, name);
    for (const record of list) collection.replace(record);
  }
  if (line.state || line.uploads || line.uploadsGone) {
    const uploads = { ...store.state.uploads, ...(line.uploads as StoreState['uploads'] | undefined) };
    for (const uid of line.uploadsGone ?? []) delete uploads[uid];
    store.state = { ...store.state, ...line.state, uploads };
  }
  if (line.clockOffsetMs !== undefined) world.clock.advance(line.clockOffsetMs - world.clock.offset);
}

/** What a log holds of `world` when it holds the world as it is now (after a replay). */
function knownOf(world: World): Logged {
  const known = emptyLogged();
  changeLine(world, known, false);
  return known;
}
