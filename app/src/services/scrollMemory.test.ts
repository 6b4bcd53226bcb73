import { expect, test } from 'vitest';
import { rememberedScrollKeys, saveScrollPosition, savedScrollPosition, clearScrollPositions } from './scrollMemory';

test('scroll positions: at most 10 paths are remembered', () => {
  clearScrollPositions();
  for (let index = 0; index < 11; index += 1) saveScrollPosition(`/list/${index}`, index * 100);
  expect(rememberedScrollKeys()).toHaveLength(10);
  expect(savedScrollPosition('/list/0')).toBeUndefined();
  expect(savedScrollPosition('/list/10')).toBe(1000);
});
