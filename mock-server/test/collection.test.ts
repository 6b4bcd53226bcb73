import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Collection } from '../src/world/collection';

interface Item {
  id: string;
  group: string;
  tags: string[];
  title: string;
}

const make = () => {
  const items = new Collection<Item, 'group' | 'tag'>((i) => i.id, { group: (i) => i.group, tag: (i) => i.tags });
  for (const [id, group, tags] of [
    ['a', 'g1', ['x']],
    ['b', 'g1', ['x', 'y']],
    ['c', 'g1', ['y']],
    ['d', 'g2', []],
  ] as const) {
    items.insert({ id, group, tags: [...tags], title: id });
  }
  return items;
};
const ids = (list: Item[]) => list.map((i) => i.id);

describe('Collection', () => {
  it('keeps a record in its place in an index whose key did not change', () => {
    const items = make();
    items.update('a', (i) => ({ ...i, title: 'changed' }));
    expect(ids(items.by('group', 'g1'))).toEqual(['a', 'b', 'c']);
    expect(items.get('a')?.title).toBe('changed');
  });

  it('moves a record between keys when its key changes, and drops keys left empty', () => {
    const items = make();
    items.update('d', (i) => ({ ...i, group: 'g1', tags: ['y'] }));
    expect(ids(items.by('group', 'g1'))).toEqual(['a', 'b', 'c', 'd']);
    expect(items.count('group', 'g2')).toBe(0);
    items.update('b', (i) => ({ ...i, tags: ['z'] }));
    expect(ids(items.by('tag', 'x'))).toEqual(['a']);
    expect(ids(items.by('tag', 'y'))).toEqual(['c', 'd']);
    expect(ids(items.by('tag', 'z'))).toEqual(['b']);
  });

  it('bumps its version on every insert, replace and remove, and forgets a removed record everywhere', () => {
    const items = make();
    const start = items.version;
    items.replace({ ...items.get('c')!, title: 'c2' });
    items.remove('a');
    expect(items.version).toBe(start + 2);
    expect(items.get('a')).toBeUndefined();
    expect(ids(items.by('tag', 'x'))).toEqual(['b']);
    expect(items.size).toBe(3);
  });
});

describe('Collection overlay (copy-on-write)', () => {
  it('reads through to its base until written, and keeps its changes to itself', () => {
    const base = make();
    const mine = base.overlay();
    const other = base.overlay();
    expect(mine.get('a')).toBe(base.get('a'));
    expect(ids(mine.by('group', 'g1'))).toEqual(['a', 'b', 'c']);
    expect(mine.size).toBe(4);

    mine.update('a', (i) => ({ ...i, title: 'mine' }));
    mine.update('d', (i) => ({ ...i, group: 'g1', tags: ['x'] }));
    mine.insert({ id: 'e', group: 'g2', tags: ['y'], title: 'e' });
    mine.remove('b');
    expect(mine.get('a')?.title).toBe('mine');
    expect(ids(mine.by('group', 'g1'))).toEqual(['a', 'c', 'd']);
    expect(ids(mine.by('group', 'g2'))).toEqual(['e']);
    expect(ids(mine.by('tag', 'x'))).toEqual(['a', 'd']);
    expect(ids(mine.by('tag', 'y'))).toEqual(['c', 'e']);
    expect(mine.count('group', 'g1')).toBe(3);
    expect(mine.has('b')).toBe(false);
    expect(mine.size).toBe(4);
    expect(ids([...mine.all()])).toEqual(['a', 'c', 'd', 'e']);

    // The base and a sibling overlay saw none of it.
    for (const unchanged of [base, other]) {
      expect(unchanged.get('a')?.title).toBe('a');
      expect(ids(unchanged.by('group', 'g1'))).toEqual(['a', 'b', 'c']);
      expect(ids(unchanged.by('group', 'g2'))).toEqual(['d']);
      expect(ids(unchanged.by('tag', 'x'))).toEqual(['a', 'b']);
      expect(unchanged.get('e')).toBeUndefined();
      expect(unchanged.size).toBe(4);
      expect(ids([...unchanged.all()])).toEqual(['a', 'b', 'c', 'd']);
    }
  });

  it('counts its size through removals and re-insertions, and a removed key of the base stays empty', () => {
    const mine = make().overlay();
    mine.remove('d');
    expect(mine.count('group', 'g2')).toBe(0);
    expect(mine.by('group', 'g2')).toEqual([]);
    expect(mine.size).toBe(3);
    mine.insert({ id: 'd', group: 'g3', tags: [], title: 'again' });
    expect(mine.size).toBe(4);
    expect(mine.get('d')?.title).toBe('again');
    expect(ids(mine.by('group', 'g3'))).toEqual(['d']);
    mine.insert({ id: 'f', group: 'g3', tags: [], title: 'f' });
    mine.remove('f');
    expect(mine.size).toBe(4);
    expect(() => mine.insert({ id: 'a', group: 'g1', tags: [], title: 'dup' })).toThrow(/duplicate id a/);
  });

  it('seals its base: a collection other worlds read through cannot change', () => {
    const base = make();
    base.overlay();
    expect(() => base.insert({ id: 'z', group: 'g1', tags: [], title: 'z' })).toThrow(/shared base/);
    expect(() => base.update('a', (i) => ({ ...i, title: 'x' }))).toThrow(/shared base/);
    expect(() => base.remove('a')).toThrow(/shared base/);
    expect(base.get('a')?.title).toBe('a');
  });

  it('bumps only its own version', () => {
    const base = make();
    const before = base.version;
    const mine = base.overlay();
    mine.update('a', (i) => ({ ...i, title: 'x' }));
    expect(mine.version).toBe(1);
    expect(base.version).toBe(before);
  });
});

describe('Collection.defer', () => {
  const rows = (): Item[] => [
    { id: 'a', group: 'g1', tags: ['x'], title: 'a' },
    { id: 'b', group: 'g1', tags: ['x', 'y'], title: 'b' },
    { id: 'c', group: 'g1', tags: ['y'], title: 'c' },
    { id: 'd', group: 'g2', tags: [], title: 'd' },
  ];
  const deferred = (records: Item[], mode: 'insert' | 'replace' = 'insert') => {
    const reads = { count: 0 };
    const items = new Collection<Item, 'group' | 'tag'>((i) => i.id, { group: (i) => i.group, tag: (i) => i.tags });
    items.defer(
      () => {
        reads.count += 1;
        return records;
      },
      records.length,
      mode,
    );
    return { items, reads };
  };

  it('reads its records on first use, then answers as a collection loaded at once, a sealed base too', () => {
    const { items, reads } = deferred(rows());
    const eager = make();
    expect(items.size).toBe(4);
    expect(items.version).toBe(eager.version);
    const mine = items.overlay();
    expect(reads.count).toBe(0);
    expect(ids(mine.by('group', 'g1'))).toEqual(['a', 'b', 'c']);
    expect(reads.count).toBe(1);
    expect(ids([...items.all()])).toEqual(ids([...eager.all()]));
    expect(ids(items.by('tag', 'y'))).toEqual(['b', 'c']);
    expect(items.get('d')).toEqual(eager.get('d'));
    expect(items.version).toBe(eager.version);
    expect(reads.count).toBe(1);
    expect(() => items.insert({ id: 'z', group: 'g1', tags: [], title: 'z' })).toThrow(/shared base/);
    expect(() => deferred([...rows(), rows()[0]!]).items.get('a')).toThrow(/duplicate id a/);
  });

  it('loads in steps, and a use between two steps loads the rest at once', () => {
    const records = Array.from({ length: 600 }, (_, i) => ({ id: `r${i}`, group: `g${i % 3}`, tags: [], title: `${i}` }));
    const eager = new Collection<Item, 'group' | 'tag'>((i) => i.id, { group: (i) => i.group, tag: (i) => i.tags });
    for (const record of records) eager.insert(record);
    let built = 0;
    const build = function* () {
      for (; built < 3; built++) yield;
    };
    const stepped = new Collection<Item, 'group' | 'tag'>((i) => i.id, { group: (i) => i.group, tag: (i) => i.tags });
    stepped.defer(() => records, records.length, 'insert', build);
    stepped.overlay();
    let steps = 0;
    for (const _ of stepped.loadSteps()) steps++;
    expect(built).toBe(3);
    expect(steps).toBeGreaterThan(3);
    expect(ids([...stepped.all()])).toEqual(ids([...eager.all()]));
    expect(stepped.version).toBe(eager.version);

    const interrupted = new Collection<Item, 'group' | 'tag'>((i) => i.id, { group: (i) => i.group, tag: (i) => i.tags });
    interrupted.defer(() => records, records.length, 'insert');
    const loading = interrupted.loadSteps();
    loading.next();
    expect(ids(interrupted.by('group', 'g1'))).toEqual(ids(eager.by('group', 'g1')));
    expect(interrupted.size).toBe(600);
    expect(loading.next().done).toBe(true);
    expect(ids([...interrupted.all()])).toEqual(ids([...eager.all()]));
  });

  it('stays deferred when its list cannot be read, and reads it when it can', () => {
    let readable = false;
    const items = new Collection<Item, 'group' | 'tag'>((i) => i.id, { group: (i) => i.group, tag: (i) => i.tags });
    items.defer(
      () => {
        if (!readable) throw new Error('cannot read the list');
        return rows();
      },
      4,
      'insert',
    );
    expect(() => items.get('a')).toThrow(/cannot read the list/);
    expect(() => items.by('group', 'g1')).toThrow(/cannot read the list/);
    readable = true;
    expect(ids(items.by('group', 'g1'))).toEqual(['a', 'b', 'c']);
    expect(items.size).toBe(4);
  });

  it("with 'replace', keeps the last record of an id in the first one's place, and counts it once", () => {
    const [a, b] = rows();
    const { items } = deferred([a!, b!, { ...a!, title: 'again' }], 'replace');
    expect(items.size).toBe(2);
    expect([...items.all()].map((i) => i.title)).toEqual(['again', 'b']);
  });
});

/**
 * The collection against a model of what it must answer: per index and key, the ids in the order they
 * entered that key (a record whose key did not change keeps its place). Small sets of ids and keys, so that
 * keys hold one id, several, then none again, in the base and in two overlays over it.
 */
describe('Collection against a model', () => {
  type Op = { kind: 'insert' | 'replace' | 'remove'; id: string; group: string; tags: string[] };
  const op = fc.record({
    kind: fc.constantFrom('insert', 'replace', 'remove'),
    id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    group: fc.constantFrom('g1', 'g2', 'g3'),
    tags: fc.uniqueArray(fc.constantFrom('x', 'y', 'z'), { maxLength: 2 }),
  }) as fc.Arbitrary<Op>;

  class Model {
    records = new Map<string, Item>();
    entries = { group: new Map<string, string[]>(), tag: new Map<string, string[]>() };
    clone(): Model {
      const copy = new Model();
      copy.records = new Map(this.records);
      for (const name of ['group', 'tag'] as const) for (const [key, list] of this.entries[name]) copy.entries[name].set(key, [...list]);
      return copy;
    }
    apply({ kind, id, group, tags }: Op): void {
      const before = this.keys(this.records.get(id));
      const item = kind === 'remove' ? undefined : { id, group, tags, title: id };
      const after = this.keys(item);
      if (item) this.records.set(id, item);
      else this.records.delete(id);
      // A key the record keeps keeps its place; it leaves the keys it lost and goes last in the ones it gained.
      for (const name of ['group', 'tag'] as const) {
        for (const key of before[name])
          if (!after[name].includes(key))
            this.entries[name].set(
              key,
              this.entries[name].get(key)!.filter((i) => i !== id),
            );
        for (const key of after[name])
          if (!before[name].includes(key)) this.entries[name].set(key, [...(this.entries[name].get(key) ?? []), id]);
      }
    }
    keys(item: Item | undefined) {
      return { group: item ? [item.group] : [], tag: item?.tags ?? [] };
    }
  }

  /** Applies `ops` to both: an insert of an id already there must throw and change nothing. */
  const run = (items: Collection<Item, 'group' | 'tag'>, model: Model, ops: Op[]) => {
    for (const o of ops) {
      const item = { id: o.id, group: o.group, tags: o.tags, title: o.id };
      if (o.kind === 'insert' && model.records.has(o.id)) {
        expect(() => items.insert(item)).toThrow(/duplicate id/);
        continue;
      }
      if (o.kind === 'insert') items.insert(item);
      else if (o.kind === 'replace') items.replace(item);
      else items.remove(o.id);
      model.apply(o);
    }
  };
  const agrees = (items: Collection<Item, 'group' | 'tag'>, model: Model) => {
    expect(items.size).toBe(model.records.size);
    for (const id of ['a', 'b', 'c', 'd', 'e']) expect(items.get(id)).toEqual(model.records.get(id));
    for (const [name, keys] of [
      ['group', ['g1', 'g2', 'g3']],
      ['tag', ['x', 'y', 'z']],
    ] as const)
      for (const key of keys) {
        expect(ids(items.by(name, key)), `${name} ${key}`).toEqual(model.entries[name].get(key) ?? []);
        expect(items.count(name, key)).toBe((model.entries[name].get(key) ?? []).length);
      }
  };

  it('answers as the model does, in a base and in two overlays over it, which change neither it nor each other', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 25 }),
        fc.array(op, { maxLength: 25 }),
        fc.array(op, { maxLength: 25 }),
        (ops, mineOps, otherOps) => {
          const base = new Collection<Item, 'group' | 'tag'>((i) => i.id, { group: (i) => i.group, tag: (i) => i.tags });
          const baseModel = new Model();
          run(base, baseModel, ops);
          agrees(base, baseModel);
          const mine = base.overlay();
          const other = base.overlay();
          const mineModel = baseModel.clone();
          const otherModel = baseModel.clone();
          run(mine, mineModel, mineOps);
          run(other, otherModel, otherOps);
          agrees(base, baseModel);
          agrees(mine, mineModel);
          agrees(other, otherModel);
        },
      ),
      { numRuns: 400, seed: 41 },
    );
  });
});
