import { expect, test, vi } from 'vitest';
import { importOnce } from './importOnce';

test('one import shared by every call while it works', async () => {
  const load = vi.fn(() => Promise.resolve({ value: 1 }));
  const get = importOnce(load);
  const [first, second] = await Promise.all([get(), get()]);
  expect(await get()).toBe(first);
  expect(second).toBe(first);
  expect(load).toHaveBeenCalledTimes(1);
});

test('a failed import is asked for again at the next call', async () => {
  const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ value: 2 });
  const get = importOnce(load as () => Promise<{ value: number }>);
  await expect(get()).rejects.toThrow('offline');
  expect(await get()).toEqual({ value: 2 });
  expect(load).toHaveBeenCalledTimes(2);
});
