// A screen counts its first view as pending while its lead image paints: what waits for the first view
// (stores/ui.ts whenFirstViewShown) waits for every such screen, a kept-alive one and the one shown.
import { renderHook } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { uiState, whenFirstViewShown } from '../../stores/ui';
import { useFirstViewPending } from './useFirstScreen';

test('waits while any screen is pending: a kept-alive screen and the one shown both count', async () => {
  uiState.firstScreenMounted = true;
  uiState.firstViewPending = 0;
  const kept = renderHook(({ pending }) => useFirstViewPending(pending), { initialProps: { pending: true } });
  const shown = renderHook(({ pending }) => useFirstViewPending(pending), { initialProps: { pending: true } });
  const task = vi.fn();
  whenFirstViewShown(task);
  kept.rerender({ pending: false });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(uiState.firstViewPending).toBe(1);
  expect(task).not.toHaveBeenCalled();
  shown.unmount();
  await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  expect(uiState.firstViewPending).toBe(0);
  kept.unmount();
  expect(uiState.firstViewPending).toBe(0);
});
