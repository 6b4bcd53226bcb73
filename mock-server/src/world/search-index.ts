// A prebuilt search index over seller names and product titles and tags. Keywords match as substrings
// (Korean has no word boundaries a user would type); character bigrams narrow the candidates so a search
// never scans every product.
import type { Store } from './store';

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, '');

function bigrams(text: string): Set<string> {
  const grams = new Set<string>();
  if (text.length === 1) grams.add(text);
  for (let i = 0; i + 1 < text.length; i++) grams.add(text.slice(i, i + 2));
  return grams;
}

/**
 * Texts by position (the order they were added in) and, per bigram and per character, the ascending list
 * of positions whose text holds it. Positions in plain arrays rather than Sets of ids: at scale 10 (150,000
 * products) the Sets of ids were ~90 MB of the server's heap.
 */
class TextIndex {
  private readonly ids: string[] = [];
  private readonly texts: string[] = [];
  private readonly grams = new Map<string, number[]>();
  private readonly chars = new Map<string, number[]>();

  add(id: string, text: string): void {
    const t = normalise(text);
    const position = this.ids.length;
    this.ids.push(id);
    this.texts.push(t);
    for (const g of bigrams(t)) (this.grams.get(g) ?? this.grams.set(g, []).get(g)!).push(position);
    for (const c of new Set(t)) (this.chars.get(c) ?? this.chars.set(c, []).get(c)!).push(position);
  }

  /** Ids whose text contains the keyword, in insertion order. */
  find(keyword: string): string[] {
    const k = normalise(keyword);
    if (!k) return [];
    const keys = k.length === 1 ? [k] : [...bigrams(k)];
    const lists = keys.map((g) => (k.length === 1 ? this.chars.get(g) : this.grams.get(g)) ?? []);
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
      this.addSeller(s._id, `${s.info.name ?? ''} ${s.publicId}`);
      if (++count % 200 === 0) yield;
    }
    for (const r of store.products.all()) {
      this.addProduct(r.product._id, `${r.product.title} ${r.product.tags.join(' ')}`);
      if (++count % 200 === 0) yield;
    }
  }

  addSeller(id: string, text: string): void {
    this.sellers.add(id, text);
  }

  addProduct(id: string, text: string): void {
    this.products.add(id, text);
  }

  sellerIds(keyword: string): string[] {
    this.ready();
    return this.sellers.find(keyword);
  }

  productIds(keyword: string): string[] {
    this.ready();
    return this.products.find(keyword);
  }
}
