// A small least-recently-used map: the keep-alive page cache (5) and the scroll position cache (10).

export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value, marking the key as used most recently. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores the value as the most recent; returns the keys evicted to stay within capacity. */
  set(key: K, value: V): K[] {
    this.entries.delete(key);
    this.entries.set(key, value);
    const evicted: K[] = [];
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
      evicted.push(oldest);
    }
    return evicted;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  /** Values from least to most recently used (without marking them used). */
  values(): V[] {
    return [...this.entries.values()];
  }

  /** Keys from least to most recently used. */
  keys(): K[] {
    return [...this.entries.keys()];
  }

  clear(): void {
    this.entries.clear();
  }
}
