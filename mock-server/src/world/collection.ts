// An in-memory collection with a Map by id and a Map per secondary index, maintained on insert, update
// and remove, so that every lookup a request makes costs the same whatever the size of the world
// (../shared/DESIGN.md measured @msw/data's scanning lookups at 0.7-1.5 ms each at 15,000 products).
//
// Copy-on-write: `overlay()` makes a collection that reads through to this one (its base, sealed from then
// on) and keeps only its own changes: the records it put or removed by id, and, per index key it touched,
// its own copy of that key's ids. A new world is an overlay per collection over the seeded records' shared
// base, so it costs almost nothing until it is written, and a write copies one index entry, not the world.

/** How many deferred records loadSteps loads between two steps. */
const LOAD_STEP = 250;

type KeyOf<T> = (record: T) => string | number | readonly (string | number)[] | null | undefined;

/**
 * The ids at one key of an index: a lone id as itself, more as a Set. Most keys of the unique and nearly
 * unique indexes (a receipt's public id, a room, an owner and seller) hold one id, and a Set of one is
 * ~150 bytes: ~15 MB of the heap at scale 10. A string entry is never changed; a Set only by the collection
 * whose own entry it is.
 */
type Ids = string | Set<string>;

/** An overlay's mark of a base record it removed. */
const REMOVED = Symbol('removed');

export class Collection<T extends object, I extends string = never> {
  /** Own records by id; in an overlay, REMOVED hides a record of the base. */
  private readonly byId = new Map<string, T | typeof REMOVED>();
  /**
   * Own index entries; in an overlay, an entry replaces the base's entry of that key as a whole. A collection
   * with no base builds an index on its first read (see entries): the seeded records' collections are loaded at
   * every start, and most of their indexes serve requests that a session may never make (a receipt by its
   * room, a notification by its recipient).
   */
  private readonly indexes = new Map<I, Map<string, Ids>>();
  private readonly indexNames: I[];
  /** Records of the base an overlay hides (removed) and adds (new ids), for `size`. */
  private removedFromBase = 0;
  private addedToBase = 0;
  /** Set once this collection is the base of an overlay: it must not change any more. */
  private sealed = false;
  /** Bumped by every insert, replace and remove: caches of derived lists key on it. */
  version = 0;
  /** Records to load on first use (see defer), how, and the rest of them once loading has begun. */
  private pending: {
    records: () => Iterable<T>;
    size: number;
    mode: 'insert' | 'replace';
    readSteps?: () => Generator<void, void, void>;
    rest?: Iterator<T>;
  } | null = null;
  /** Set while records are loaded (see loadSome): the collection's own inserts must not load again. */
  private loading = false;

  constructor(
    private readonly idOf: (record: T) => string,
    private readonly keys: Record<I, KeyOf<T>> = {} as Record<I, KeyOf<T>>,
    private readonly base: Collection<T, I> | null = null,
  ) {
    this.indexNames = Object.keys(keys) as I[];
    // (an overlay's own entries start empty: its changes over its base's)
    if (base) for (const name of this.indexNames) this.indexes.set(name, new Map());
  }

  /**
   * Loads `records` (each inserted, or with `mode` 'replace' replacing one of the same id) on this collection's
   * first use instead of now: the seed cache's lists of records are built when a request first needs them.
   * `size` is how many records the list holds. The collection then reads as if they had been loaded now: the
   * same records, order and version (one per record); its size, when they are inserted, is `size` until then.
   */
  defer(records: () => Iterable<T>, size: number, mode: 'insert' | 'replace', readSteps?: () => Generator<void, void, void>): void {
    if (this.base || this.byId.size > 0 || this.pending) throw new Error('only an empty collection with no base defers its records');
    this.pending = { records, size, mode, readSteps };
    this.version = size;
  }

  /**
   * Loads the deferred records in steps (`readSteps`, the list's own building, then a few hundred records a
   * step), for a caller that runs them in slices. A use of the collection meanwhile loads the rest at once.
   */
  *loadSteps(): Generator<void, void, void> {
    const pending = this.pending;
    if (!pending) return;
    if (pending.readSteps) yield* pending.readSteps();
    while (this.pending === pending && !this.loadSome(LOAD_STEP)) yield;
  }

  /** Loads the deferred records (see defer), or what is left of them; a base (sealed) loads them too. */
  private load(): void {
    this.loadSome(Infinity);
  }

  /** Loads up to `count` more of the deferred records; returns whether all are loaded. */
  private loadSome(count: number): boolean {
    const pending = this.pending!;
    // (read first: a list that cannot be read throws, and the collection stays as it was, deferred)
    pending.rest ??= pending.records()[Symbol.iterator]();
    const { sealed, version } = this;
    this.sealed = false;
    this.loading = true;
    try {
      for (let loaded = 0; loaded < count; loaded++) {
        const next = pending.rest.next();
        if (next.done) {
          this.pending = null;
          return true;
        }
        if (pending.mode === 'insert') this.insert(next.value);
        else this.replace(next.value);
      }
      return false;
    } finally {
      this.sealed = sealed;
      this.version = version;
      this.loading = false;
    }
  }

  /** A collection that starts as this one's records and indexes, shares them, and keeps its changes to itself. */
  overlay(): Collection<T, I> {
    this.sealed = true;
    return new Collection(this.idOf, this.keys, this);
  }

  get size(): number {
    if (this.pending && !this.loading) {
      if (this.pending.mode === 'insert') return this.pending.size;
      this.load();
    }
    return this.base ? this.base.size - this.removedFromBase + this.addedToBase : this.byId.size;
  }

  get(id: string | undefined | null): T | undefined {
    if (this.pending && !this.loading) this.load();
    if (id == null) return undefined;
    const own = this.byId.get(id);
    if (own === REMOVED) return undefined;
    return own ?? this.base?.get(id);
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Every record whose index `name` holds `key`, in insertion order. */
  by(name: I, key: string | number | undefined | null): T[] {
    if (key == null) return [];
    const ids = this.idsAt(name, String(key));
    if (ids === undefined) return [];
    if (typeof ids === 'string') {
      const record = this.get(ids);
      return record ? [record] : [];
    }
    const out: T[] = [];
    for (const id of ids) {
      const record = this.get(id);
      if (record) out.push(record);
    }
    return out;
  }

  /** The first record of index `name` at `key` (for unique keys such as a public id). */
  one(name: I, key: string | number | undefined | null): T | undefined {
    return this.by(name, key)[0];
  }

  count(name: I, key: string | number): number {
    const ids = this.idsAt(name, String(key));
    return typeof ids === 'string' ? 1 : (ids?.size ?? 0);
  }

  /**
   * The ids of the records an overlay inserted, replaced or removed since it was made over its base; none for
   * a collection that is no overlay. What was derived from the base (a search index) holds for every other id.
   */
  changedIds(): IterableIterator<string> {
    return (this.base ? this.byId : new Map<string, never>()).keys();
  }

  /** Every record: an overlay's in its base's order (its replacements in place), then the ones it added. */
  *all(): IterableIterator<T> {
    if (this.pending && !this.loading) this.load();
    if (!this.base) {
      for (const record of this.byId.values()) if (record !== REMOVED) yield record;
      return;
    }
    for (const record of this.base.all()) {
      const own = this.byId.get(this.idOf(record));
      if (own === undefined) yield record;
      else if (own !== REMOVED) yield own;
    }
    for (const [id, record] of this.byId) if (record !== REMOVED && !this.base.has(id)) yield record;
  }

  insert(record: T): T {
    if (this.pending && !this.loading) this.load();
    this.writable();
    const id = this.idOf(record);
    if (this.has(id)) throw new Error(`duplicate id ${id}`);
    this.put(id, record);
    this.indexRecord(id, record, 'add');
    return record;
  }

  /**
   * Replaces a record by a new version (records are treated as immutable values). It keeps its place in
   * every index whose key did not change, so lists read by index keep their order across updates.
   */
  replace(record: T): T {
    if (this.pending && !this.loading) this.load();
    this.writable();
    const id = this.idOf(record);
    const previous = this.get(id);
    if (previous) {
      // An index built later from the records would hold this one at its old place under its new key, where
      // one kept up to date has it last: every index is built before a record changes.
      for (const name of this.indexNames) this.entries(name);
      for (const name of this.indexes.keys()) {
        const before = this.keysOf(name, previous);
        const after = this.keysOf(name, record);
        for (const key of before) if (!after.includes(key)) this.unindex(name, key, id);
        for (const key of after) if (!before.includes(key)) this.index(name, key, id);
      }
    } else this.indexRecord(id, record, 'add');
    this.put(id, record);
    return record;
  }

  update(id: string, change: (record: T) => T): T | undefined {
    const previous = this.get(id);
    if (!previous) return undefined;
    return this.replace(change(previous));
  }

  remove(id: string): T | undefined {
    const previous = this.get(id);
    if (!previous) return undefined;
    this.writable();
    this.indexRecord(id, previous, 'delete');
    if (this.base?.has(id)) {
      this.byId.set(id, REMOVED);
      this.removedFromBase += 1;
    } else {
      this.byId.delete(id);
      if (this.base) this.addedToBase -= 1;
    }
    this.version += 1;
    return previous;
  }

  private put(id: string, record: T): void {
    const own = this.byId.get(id);
    if (this.base && own === undefined && !this.base.has(id)) this.addedToBase += 1;
    if (own === REMOVED) this.removedFromBase -= 1;
    this.byId.set(id, record);
    this.version += 1;
  }

  private writable(): void {
    if (this.sealed) throw new Error('this collection is the shared base of other worlds and cannot change');
  }

  /** Adds a record to the indexes built so far, or takes it out of them (one not built yet has none of its changes). */
  private indexRecord(id: string, record: T, op: 'add' | 'delete'): void {
    for (const name of this.indexes.keys()) {
      for (const key of this.keysOf(name, record)) {
        if (op === 'add') this.index(name, key, id);
        else this.unindex(name, key, id);
      }
    }
  }

  private keysOf(name: I, record: T): string[] {
    const raw = this.keys[name](record);
    if (raw == null) return [];
    return Array.isArray(raw) ? raw.map(String) : [String(raw)];
  }

  /** Puts `id` in the entry at `key` (an overlay's first change of a key's entry makes its own). */
  private index(name: I, key: string, id: string): void {
    const own = this.entries(name);
    const ownIds = own.get(key);
    if (ownIds instanceof Set) {
      ownIds.add(id);
      return;
    }
    const ids = ownIds ?? this.base?.idsAt(name, key);
    if (ids === undefined) own.set(key, id);
    else if (typeof ids === 'string') {
      if (ids !== id) own.set(key, new Set([ids, id]));
    } else if (!ids.has(id)) own.set(key, new Set(ids).add(id));
  }

  /** Takes `id` out of the entry at `key`; an empty entry goes, unless it hides its base's (an overlay's). */
  private unindex(name: I, key: string, id: string): void {
    const own = this.entries(name);
    const ownIds = own.get(key);
    const ids = ownIds ?? this.base?.idsAt(name, key);
    if (ids === undefined || (typeof ids === 'string' ? ids !== id : !ids.has(id))) return;
    let left: Set<string>;
    if (typeof ids === 'string') left = new Set();
    else if (ids === ownIds) left = ownIds;
    else left = new Set(ids);
    left.delete(id);
    if (left.size === 0 && !this.base) own.delete(key);
    else own.set(key, left);
  }

  /** The ids at `key` of index `name`: this collection's own entry, else its base's. */
  private idsAt(name: I, key: string): Ids | undefined {
    return this.entries(name).get(key) ?? this.base?.idsAt(name, key);
  }

  /**
   * The own entries of index `name`; in a collection with no base, built from its records on first use, in
   * their order (an overlay's start empty, at its making).
   */
  private entries(name: I): Map<string, Ids> {
    const built = this.indexes.get(name);
    if (built) return built;
    if (this.pending && !this.loading) this.load();
    const own = new Map<string, Ids>();
    const keyOf = this.keys[name];
    for (const [id, record] of this.byId) {
      if (record === REMOVED) continue;
      const raw = keyOf(record);
      if (raw == null) continue;
      if (Array.isArray(raw)) for (const key of raw) add(own, String(key), id);
      else add(own, String(raw), id);
    }
    this.indexes.set(name, own);
    return own;
  }
}

/** Puts `id` in the entry at `key` of an index with no base (entries' build). */
function add(entries: Map<string, Ids>, key: string, id: string): void {
  const ids = entries.get(key);
  if (ids === undefined) entries.set(key, id);
  else if (typeof ids === 'string') {
    if (ids !== id) entries.set(key, new Set([ids, id]));
  } else ids.add(id);
}
