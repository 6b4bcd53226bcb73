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
