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
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ChangeHook, World, WorldSnapshot } from '../world/world';
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

  const state: StateFile = {
    path,
    lastWrite: null,
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
