// A preview card says '출시 예정' only while its planned date is ahead; a passed date reads '출시'.
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { api } from '../../api/client';
import { renderAt } from '../../testing/appHarness';
import { setupMockApi } from '../../testing/testServer';
import { PreviewCard } from './PreviewCard';

setupMockApi();

test("a past planned date says '출시', a coming one '출시 예정'", async () => {
  const [preview] = await api.get('/common/v2/preview', { params: { query: {} } });
  // The app's clock is pinned to Thursday 10 December 2026, 12:00 Seoul.
  const past = { ...preview!, previewSchedule: '2026-12-01T03:00:00.000Z', previewUID: 'a' };
  const coming = { ...preview!, previewSchedule: '2026-12-24T03:00:00.000Z', previewUID: 'b' };
  renderAt(
    '/',
    <>
      <PreviewCard preview={past} />
      <PreviewCard preview={coming} />
    </>,
  );
  expect(screen.getByText('12.1 (화) 출시')).toBeInTheDocument();
  expect(screen.getByText('12.24 (목) 출시 예정')).toBeInTheDocument();
  expect(screen.queryByText('12.1 (화) 출시 예정')).not.toBeInTheDocument();
});
