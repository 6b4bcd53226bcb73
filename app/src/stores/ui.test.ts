// What waits for the first screen's first view (the other screens' preloads) runs once that screen has
// mounted and no lead image is painting, and only then.
import { expect, test, vi } from 'vitest';
import { uiState, whenFirstViewShown } from './ui';

test('runs at once when the first screen has mounted and no first view is pending', () => {
  uiState.firstScreenMounted = true;
  uiState.firstViewPending = 0;
  const task = vi.fn();
  whenFirstViewShown(task);
  expect(task).toHaveBeenCalledTimes(1);
});

test('waits for the first screen to mount, then for its first view, and runs once only', async () => {
  uiState.firstScreenMounted = false;
  uiState.firstViewPending = 0;
  const task = vi.fn();
  whenFirstViewShown(task);
  uiState.pageColor = 'none';
  await Promise.resolve();
  expect(task).not.toHaveBeenCalled();
  // The screen marks its first view pending before the shell marks it mounted (its effects run first).
  uiState.firstViewPending = 1;
  uiState.firstScreenMounted = true;
  await Promise.resolve();
  expect(task).not.toHaveBeenCalled();
  uiState.firstViewPending = 0;
  await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  uiState.firstViewPending = 1;
  uiState.firstViewPending = 0;
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(task).toHaveBeenCalledTimes(1);
});
