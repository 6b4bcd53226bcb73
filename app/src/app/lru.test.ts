import { expect, test } from 'vitest';
import { LruMap } from './lru';
import { rememberedScrollKeys, saveScrollPosition, savedScrollPosition, clearScrollPositions } from './scrollMemory';

test('the least recently used entry makes way', () => {
  const cache = new LruMap<string, number>(2);
  cache.set('a', 1);
  cache.set('b', 2);
  cache.get('a');
  expect(cache.set('c', 3)).toEqual(['b']);
  expect(cache.keys()).toEqual(['a', 'c']);
});

test('scroll positions: at most 10 paths are remembered', () => {
  clearScrollPositions();
  for (let index = 0; index < 11; index += 1) saveScrollPosition(`/list/${index}`, index * 100);
  expect(rememberedScrollKeys()).toHaveLength(10);
  expect(savedScrollPosition('/list/0')).toBeUndefined();
  expect(savedScrollPosition('/list/10')).toBe(1000);
});
