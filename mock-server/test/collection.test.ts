import { describe, expect, it } from 'vitest';
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
