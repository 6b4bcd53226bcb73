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
// Named worlds (X-Mock-World) are kept too, one file each in the folder `FILE.worlds/` beside it, with the
// same durability (each change written, synced and renamed into place before the answer), so a process of a
// shared host (docs/shared-host.md) restarted from its file has every world it acknowledged writes of. A
// named world is an overlay over records generated for its seed, scale and instant (World.generatedFor):
// its file holds only what it changed (the records it put, the ids it removed), its state and its clock, a
// few KB where a whole world is ~20 MB at scale 1, and its restore generates those records again (once per
// seed, scale and instant; the CLI pins its named worlds to one instant) and puts the changes back. A world
// of a snapshot's records (PUT /__mock/state) has no such instant: its file is its whole snapshot. An
// evicted world's file is removed with it.
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { StoreState } from '../world/store';
import { World, type ChangeHook, type WorldSnapshot } from '../world/world';
import { parseSnapshot } from './snapshot';

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
  /** The named worlds' files (`FILE.worlds/`), for the world registry (WorldRegistryOptions.named). */
  named: NamedWorldFiles;
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
  const named = openNamedWorldFiles(`${path}.worlds`);

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

/** The format of a named world's file that holds its changes over its generated records. */
export const CHANGES_FORMAT = 'creator-market-world-changes@1';

/** The collections of a store, by the names its records have in a snapshot's `world`. */
const COLLECTIONS = [
  'accounts',
  'sellers',
  'markets',
  'products',
  'previews',
  'addresses',
  'subscriptions',
  'alarms',
  'devices',
  'carts',
  'rooms',
  'receipts',
  'notifications',
] as const;
type CollectionName = (typeof COLLECTIONS)[number];

/** What a named world's changes file holds. */
export interface WorldChanges {
  format: typeof CHANGES_FORMAT;
  name: string;
  seed: number;
  scale: number;
  /** The instant its records were generated for (epoch ms): World.generatedFor. */
  generatedFor: number;
  clockOffsetMs: number;
  state: StoreState;
  /** Per collection, the records the world put (inserted or replaced) and the ids of records it removed. */
  changes: Partial<Record<CollectionName, { put: unknown[]; removed: string[] }>>;
}

export interface NamedWorldFiles {
  /** The folder of the files (`FILE.worlds`), made at the first save. */
  folder: string;
  /** The saved worlds, least recently saved first, each with `onChange` as its hook; throws for an unusable file, naming it. */
  restore: () => World[];
  /** Saves a named world now (synchronously, atomically), or within SOON_MS for a `soon` change. */
  onChange: ChangeHook;
  /** Removes an evicted world's file; a late change of that world is not saved. */
  onEvict: (world: World) => void;
  /** Saves every `soon` change not saved yet (at shutdown). */
  flush: () => void;
  /** How long the last save of a named world took and how large its file is. */
  lastWrite: { ms: number; bytes: number } | null;
}

/** A world's file name: `w-NAME.json` (names are [A-Za-z0-9_.:-]; temporaries start with `t-`, never a world's). */
const fileOfWorld = (name: string) => `w-${name}.json`;
const WORLD_FILE = /^w-([A-Za-z0-9_.:-]{1,64})\.json$/;

export function openNamedWorldFiles(folderPath: string): NamedWorldFiles {
  const folder = resolve(folderPath);
  const encoder = new ChangesEncoder();
  /** Whole-snapshot encoders of worlds with no generated records (imported), by world. */
  const snapshotEncoders = new WeakMap<World, SnapshotEncoder>();
  /** The live world of each name this process has saved or restored; a change of any other is not saved. */
  const current = new Map<string, World>();
  const retired = new WeakSet<World>();
  const pending = new Map<World, ReturnType<typeof setTimeout>>();
  let folderReady = false;
  removeTemporariesIn(folder);

  const save = (world: World) => {
    const timer = pending.get(world);
    if (timer) clearTimeout(timer);
    pending.delete(world);
    if (!folderReady) {
      mkdirSync(folder, { recursive: true });
      syncFolder(dirname(folder));
      folderReady = true;
    }
    const started = performance.now();
    let chunks: Buffer[];
    if (world.generatedFor === undefined) {
      let whole = snapshotEncoders.get(world);
      if (!whole) snapshotEncoders.set(world, (whole = new SnapshotEncoder()));
      chunks = whole.encode(world.snapshot());
    } else chunks = [Buffer.concat(encoder.encode(world, world.generatedFor))]; // one write call
    const bytes = writeAtomically(join(folder, fileOfWorld(world.name)), join(folder, `t-${process.pid}-${world.name}`), chunks);
    files.lastWrite = { ms: performance.now() - started, bytes };
  };

  const files: NamedWorldFiles = {
    folder,
    lastWrite: null,
    restore() {
      let names: string[];
      try {
        names = readdirSync(folder);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw new Error(`cannot read the named worlds' folder ${folder}: ${(err as Error).message}`);
      }
      folderReady = true;
      const saved = names
        .filter((name) => WORLD_FILE.test(name))
        .map((name) => ({ path: join(folder, name), name: WORLD_FILE.exec(name)![1]! }))
        .map((entry) => ({ ...entry, mtimeMs: statSync(entry.path).mtimeMs }))
        .sort((a, b) => a.mtimeMs - b.mtimeMs);
      return saved.map(({ path, name }) => {
        const world = restoreNamedWorld(path, name, files.onChange);
        current.set(name, world);
        return world;
      });
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
      try {
        unlinkSync(join(folder, fileOfWorld(world.name)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },
    flush() {
      for (const world of [...pending.keys()]) save(world);
    },
  };
  return files;
}

/** A named world from its file: its generated records with its changes put back, or its whole snapshot. */
function restoreNamedWorld(path: string, name: string, onChange: ChangeHook): World {
  const fail = (reason: string): never => {
    throw new Error(`the named world's file ${path} ${reason}; fix it or remove it to start without that world`);
  };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    return fail(`cannot be read as JSON (${(err as Error).message})`);
  }
  const saved = value as Partial<WorldChanges> & { format?: unknown };
  if (saved?.name !== name) fail(`names the world ${JSON.stringify(saved?.name)}, not '${name}'`);
  if (saved.format !== CHANGES_FORMAT) {
    try {
      return World.fromSnapshot({ ...parseSnapshot(value), name }, onChange);
    } catch (err) {
      return fail(`is not a creator-market world: ${(err as Error).message}`);
    }
  }
  const { seed, scale, generatedFor, clockOffsetMs, state, changes } = saved;
  if (!Number.isInteger(seed) || typeof scale !== 'number' || !(scale > 0) || !Number.isFinite(generatedFor))
    fail('has no valid seed, scale and generatedFor');
  if (typeof clockOffsetMs !== 'number' || typeof state !== 'object' || state === null || typeof changes !== 'object' || changes === null)
    fail('has no valid clockOffsetMs, state and changes');
  const world = World.create({ name, seed: seed!, scale: scale!, startAt: generatedFor, onChange });
  const { store } = world;
  try {
    for (const [collectionName, change] of Object.entries(changes!)) {
      if (!(COLLECTIONS as readonly string[]).includes(collectionName)) throw new Error(`unknown collection '${collectionName}'`);
      const collection = store[collectionName as CollectionName] as unknown as {
        replace(record: unknown): unknown;
        remove(id: string): unknown;
      };
      if (!Array.isArray(change.put) || !Array.isArray(change.removed)) throw new Error(`${collectionName} needs put and removed lists`);
      for (const id of change.removed) collection.remove(id);
      for (const record of change.put) collection.replace(record);
    }
  } catch (err) {
    return fail(`cannot be put back over its generated records: ${(err as Error).message}`);
  }
  store.state = state!;
  world.clock.advance(clockOffsetMs! - world.clock.offset);
  return world;
}

/** Temporaries of an earlier run killed mid-write (`t-...`). */
function removeTemporariesIn(folder: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) if (name.startsWith('t-')) unlinkSync(join(folder, name));
}

/**
 * The JSON of a named world's changes file as a list of buffers: each record's JSON cached by object identity
 * (records are immutable values; the records of the shared generated base are cached once for every world).
 */
export class ChangesEncoder {
  private readonly records = new WeakMap<object, Buffer>();

  encode(world: World, generatedFor: number): Buffer[] {
    const { store } = world;
    const { uploads, ...rest } = store.state;
    const head = {
      format: CHANGES_FORMAT,
      name: world.name,
      seed: world.seed,
      scale: world.scale,
      generatedFor,
      clockOffsetMs: world.clock.offset,
    };
    const out: Buffer[] = [Buffer.from(`${JSON.stringify(head).slice(0, -1)},"state":{`)];
    let separator = '';
    for (const [key, value] of Object.entries(rest)) {
      if (value === undefined) continue;
      // The generated banners and hot keywords are cached; counters and counts change in place.
      const shared = key === 'banners' || key === 'hotKeywords';
      out.push(Buffer.from(`${separator}${JSON.stringify(key)}:`), shared ? this.record(value) : Buffer.from(JSON.stringify(value)));
      separator = ',';
    }
    out.push(Buffer.from(`${separator}"uploads":{`));
    separator = '';
    for (const [uid, entry] of Object.entries(uploads)) {
      out.push(Buffer.from(`${separator}${JSON.stringify(uid)}:`), this.record(entry));
      separator = ',';
    }
    out.push(Buffer.from('}},"changes":{'));
    separator = '';
    for (const name of COLLECTIONS) {
      const collection = store[name] as unknown as { changedIds(): Iterable<string>; get(id: string): object | undefined };
      const put: Buffer[] = [];
      const removed: string[] = [];
      for (const id of collection.changedIds()) {
        const record = collection.get(id);
        if (record === undefined) removed.push(id);
        else put.push(this.record(record));
      }
      if (put.length === 0 && removed.length === 0) continue;
      out.push(Buffer.from(`${separator}${JSON.stringify(name)}:{"put":[`));
      put.forEach((bytes, i) => out.push(...(i > 0 ? [COMMA, bytes] : [bytes])));
      out.push(Buffer.from(`],"removed":${JSON.stringify(removed)}}`));
      separator = ',';
    }
    out.push(Buffer.from('}}'));
    return out;
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
