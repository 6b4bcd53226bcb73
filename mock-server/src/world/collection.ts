// An in-memory collection with a Map by id and a Map per secondary index, maintained on insert, update
// and remove, so that every lookup a request makes costs the same whatever the size of the world
// (../shared/DESIGN.md measured @msw/data's scanning lookups at 0.7-1.5 ms each at 15,000 products).

type KeyOf<T> = (record: T) => string | number | readonly (string | number)[] | null | undefined;

export class Collection<T extends object, I extends string = never> {
  private readonly byId = new Map<string, T>();
  private readonly indexes = new Map<I, Map<string, Set<string>>>();
  /** Bumped by every insert, replace and remove: caches of derived lists key on it. */
  version = 0;

  constructor(
    private readonly idOf: (record: T) => string,
    private readonly keys: Record<I, KeyOf<T>> = {} as Record<I, KeyOf<T>>,
  ) {
    for (const name of Object.keys(keys) as I[]) this.indexes.set(name, new Map());
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string | undefined | null): T | undefined {
    return id == null ? undefined : this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Every record whose index `name` holds `key`, in insertion order. */
  by(name: I, key: string | number | undefined | null): T[] {
    if (key == null) return [];
    const ids = this.indexes.get(name)?.get(String(key));
    if (!ids) return [];
    const out: T[] = [];
    for (const id of ids) {
      const record = this.byId.get(id);
      if (record) out.push(record);
    }
    return out;
  }

  /** The first record of index `name` at `key` (for unique keys such as a public id). */
  one(name: I, key: string | number | undefined | null): T | undefined {
    return this.by(name, key)[0];
  }

  count(name: I, key: string | number): number {
    return this.indexes.get(name)?.get(String(key))?.size ?? 0;
  }

  all(): IterableIterator<T> {
    return this.byId.values();
  }

  insert(record: T): T {
    const id = this.idOf(record);
    if (this.byId.has(id)) throw new Error(`duplicate id ${id}`);
    this.byId.set(id, record);
    this.indexRecord(id, record, 'add');
    this.version += 1;
    return record;
  }

  /**
   * Replaces a record by a new version (records are treated as immutable values). It keeps its place in
   * every index whose key did not change, so lists read by index keep their order across updates.
   */
  replace(record: T): T {
    const id = this.idOf(record);
    const previous = this.byId.get(id);
    if (previous) {
      for (const [name, map] of this.indexes) {
        const before = this.keysOf(name, previous);
        const after = this.keysOf(name, record);
        for (const key of before) if (!after.includes(key)) this.unindex(map, key, id);
        for (const key of after) if (!before.includes(key)) this.index(map, key, id);
      }
    } else this.indexRecord(id, record, 'add');
    this.byId.set(id, record);
    this.version += 1;
    return record;
  }

  update(id: string, change: (record: T) => T): T | undefined {
    const previous = this.byId.get(id);
    if (!previous) return undefined;
    return this.replace(change(previous));
  }

  remove(id: string): T | undefined {
    const previous = this.byId.get(id);
    if (!previous) return undefined;
    this.indexRecord(id, previous, 'delete');
    this.byId.delete(id);
    this.version += 1;
    return previous;
  }

  private indexRecord(id: string, record: T, op: 'add' | 'delete'): void {
    for (const [name, map] of this.indexes) {
      for (const key of this.keysOf(name, record)) {
        if (op === 'add') this.index(map, key, id);
        else this.unindex(map, key, id);
      }
    }
  }

  private keysOf(name: I, record: T): string[] {
    const raw = this.keys[name](record);
    if (raw == null) return [];
    return Array.isArray(raw) ? raw.map(String) : [String(raw)];
  }

  private index(map: Map<string, Set<string>>, key: string, id: string): void {
    let ids = map.get(key);
    if (!ids) map.set(key, (ids = new Set()));
    ids.add(id);
  }

  private unindex(map: Map<string, Set<string>>, key: string, id: string): void {
    const ids = map.get(key);
    if (!ids) return;
    ids.delete(id);
    if (ids.size === 0) map.delete(key);
  }
}
