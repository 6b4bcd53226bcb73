import { expect, test } from 'vitest';
import { LruMap } from './lru';

test('the least recently used entry makes way', () => {
  const cache = new LruMap<string, number>(2);
  cache.set('a', 1);
  cache.set('b', 2);
  cache.get('a');
  expect(cache.set('c', 3)).toEqual(['b']);
  expect(cache.keys()).toEqual(['a', 'c']);
});
