// A prebuilt search index over seller names and product titles and tags. Keywords match as substrings
// (Korean has no word boundaries a user would type); character bigrams narrow the candidates so a search
// never scans every product. It is built over a world's shared base; a search in the world itself also
// checks the few records the world changed since (see `sellerIds`).
import type { CreatorProfile, ProductRow } from '@creator-market/fixtures';
import type { Collection } from './collection';
import type { Store } from './store';

/** A collection as a search reads it: its records now, and which of them changed since its base. */
type Current<T extends object> = Pick<Collection<T>, 'changedIds' | 'get'>;

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** What a seller is found by: the name and the public id. */
const sellerText = (seller: CreatorProfile) => `${seller.info.name ?? ''} ${seller.publicId}`;
/** What a product is found by: the title and the tags. */
const productText = (row: ProductRow) => `${row.product.title} ${row.product.tags.join(' ')}`;

/**
 * `indexed` (the ids the index finds for `keyword`, as their records were when it was built) with the
 * changes of `current` since then: an id it changed is kept when its record's text now holds the keyword.
 */
function withChanges<T extends object>(
  indexed: string[],
  keyword: string,
  current: Current<T> | undefined,
  textOf: (record: T) => string,
): string[] {
  const k = normalise(keyword);
  // (a blank keyword finds nothing: `indexed` is empty then)
  if (!current || !k) return indexed;
  const changed = new Set(current.changedIds());
  if (changed.size === 0) return indexed;
  const found = indexed.filter((id) => !changed.has(id));
  for (const id of changed) {
    const record = current.get(id);
    if (record && normalise(textOf(record)).includes(k)) found.push(id);
  }
  return found;
}

function bigrams(text: string): Set<string> {
  const grams = new Set<string>();
  if (text.length === 1) grams.add(text);
  for (let i = 0; i + 1 < text.length; i++) grams.add(text.slice(i, i + 2));
  return grams;
}

const NONE = new Int32Array(0);

/** What a text is found by: its bigrams and its characters (see TextIndex). */
function keysOf(text: string): Set<string> {
  const keys = bigrams(text);
  for (const c of text) keys.add(c);
  return keys;
}

/**
 * Texts by position (the order they were added in) and, per bigram and per character (one table: a
 * character is a one-unit key, a bigram a two-unit one, and a character outside the BMP is the same two
 * units as the bigram of its halves), the ascending positions whose text holds it.
 *
 * The positions are one Int32Array, each key's after the previous key's, and `starts` says where each key's
 * begin. They are made from the texts in two passes (compactSteps: count each key's positions, then place
 * them), at the end of a build or on the first search after texts were added. At scale 10 (150,000
 * products), with a growing array of positions per key, building the index and freezing the records took
 * the heap after a full collection from 252 to 307 MB, with ~100 MB of garbage on the way; now 214 to 231 MB
 * and ~19 MB of positions.
 */
class TextIndex {
  private readonly ids: string[] = [];
  private readonly texts: string[] = [];
  private keyNumbers = new Map<string, number>();
  /** The positions of key k are positions[starts[k]] up to positions[starts[k + 1]]; null when out of date. */
  private starts: Int32Array | null = null;
  private positions: Int32Array = NONE;

  add(id: string, text: string): void {
    this.ids.push(id);
    this.texts.push(normalise(text));
    this.starts = null;
  }

  /** Makes the positions of every text added, in steps of a few hundred texts. */
  *compactSteps(): Generator<void, void, void> {
    const keyNumbers = new Map<string, number>();
    const counts: number[] = [];
    for (let position = 0; position < this.texts.length; position++) {
      for (const key of keysOf(this.texts[position]!)) {
        const number = keyNumbers.get(key);
        if (number === undefined) {
          keyNumbers.set(key, counts.length);
          counts.push(1);
        } else counts[number]! += 1;
      }
      if (position % 500 === 499) yield;
    }
    const starts = new Int32Array(counts.length + 1);
    for (let k = 0; k < counts.length; k++) starts[k + 1] = starts[k]! + counts[k]!;
    const next = starts.slice(0, -1);
    const positions = new Int32Array(starts[counts.length]!);
    for (let position = 0; position < this.texts.length; position++) {
      for (const key of keysOf(this.texts[position]!)) positions[next[keyNumbers.get(key)!]!++] = position;
      if (position % 500 === 499) yield;
    }
    this.keyNumbers = keyNumbers;
    this.positions = positions;
    this.starts = starts;
  }

  /** Ids whose text contains the keyword, in insertion order. */
  find(keyword: string): string[] {
    const k = normalise(keyword);
    if (!k) return [];
    if (!this.starts) for (const _ of this.compactSteps());
    const keys = k.length === 1 ? [k] : [...bigrams(k)];
    const lists = keys.map((key) => this.positionsOf(key));
    lists.sort((a, b) => a.length - b.length);
    const [smallest, ...rest] = lists;
    // Every list ascends: one cursor per list, moved forward to each candidate of the smallest.
    const cursors = rest.map(() => 0);
    const out: string[] = [];
    for (const position of smallest ?? []) {
      const inAll = rest.every((list, i) => {
        let at = cursors[i]!;
        while (at < list.length && list[at]! < position) at += 1;
        cursors[i] = at;
        return list[at] === position;
      });
      if (inAll && this.texts[position]!.includes(k)) out.push(this.ids[position]!);
    }
    return out;
  }

  private positionsOf(key: string): Int32Array {
    const number = this.keyNumbers.get(key);
    if (number === undefined) return NONE;
    return this.positions.subarray(this.starts![number], this.starts![number + 1]);
  }
}

export class SearchIndex {
  private sellers = new TextIndex();
  private products = new TextIndex();
  /** A build not run yet (see defer): the first search runs what is left of it at once. */
  private pending: Generator<void, void, void> | null = null;

  /**
   * Builds from `store` later, not now: at once on the first search, or earlier in slices by whoever runs
   * pendingSteps (the CLI, once it is serving). The index is ~20-30% of a world's making, which a start-up
   * and a world that is never searched need not wait for.
   */
  defer(store: Store): void {
    this.pending = this.buildInSteps(store);
  }

  /** The steps left of a deferred build (none when nothing is deferred), for a caller that runs them in slices. */
  *pendingSteps(): Generator<void, void, void> {
    while (this.pending && !this.pending.next().done) yield;
    this.pending = null;
  }

  private ready(): void {
    const pending = this.pending;
    this.pending = null;
    if (pending) for (let step = pending.next(); !step.done; step = pending.next());
  }

  build(store: Store): void {
    for (const _ of this.buildInSteps(store)) {
      // at once
    }
  }

  /** build in steps: yields after every few hundred records (see Store.inSteps). */
  *buildInSteps(store: Store): Generator<void, void, void> {
    this.sellers = new TextIndex();
    this.products = new TextIndex();
    let count = 0;
    for (const s of store.sellers.all()) {
      this.addSeller(s._id, sellerText(s));
      if (++count % 200 === 0) yield;
    }
    for (const r of store.products.all()) {
      this.addProduct(r.product._id, productText(r));
      if (++count % 200 === 0) yield;
    }
    yield* this.sellers.compactSteps();
    yield* this.products.compactSteps();
  }

  addSeller(id: string, text: string): void {
    this.sellers.add(id, text);
  }

  addProduct(id: string, text: string): void {
    this.products.add(id, text);
  }

  /**
   * Ids of the sellers whose name or public id holds `keyword`: those of the index in the order they were
   * added, then those `current` changed since the index was built from its base (a world's own
   * registrations and renames; Collection.changedIds), by their text now.
   */
  sellerIds(keyword: string, current?: Current<CreatorProfile>): string[] {
    this.ready();
    return withChanges(this.sellers.find(keyword), keyword, current, sellerText);
  }

  /** Ids of the products whose title or tags hold `keyword`, as sellerIds. */
  productIds(keyword: string, current?: Current<ProductRow>): string[] {
    this.ready();
    return withChanges(this.products.find(keyword), keyword, current, productText);
  }
}
