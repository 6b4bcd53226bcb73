// The Lab's reset: the world the app is pinned to made afresh (POST /__mock/reset), asked first, then the
// page loads again so no screen shows what was (issue 31 point 5: the browser-only mode's kept world).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { MOCK_WORLD_STORAGE_KEY } from '../../api/mockWorlds';
import { renderAt, resetAppState } from '../../testing/appHarness';
import { recordControlCalls, setupMockApi } from '../../testing/testServer';
import { pageNavigation } from '../../services/pageNavigation';
import { session } from '../../stores/session';
import Setting from './index';

const server = setupMockApi();

beforeEach(() => {
  resetAppState();
  session.ready = true;
});

test("'처음 상태로 초기화' asks first, then resets the pinned world and loads the page again", async () => {
  localStorage.setItem(MOCK_WORLD_STORAGE_KEY, 'lab-world');
  const calls = recordControlCalls(server);
  const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
  renderAt('/setting', <Setting />);
  const lab = screen.getByRole('region', { name: /실험실/ });
  const reset = await within(lab).findByRole('button', { name: '처음 상태로 초기화' });

  fireEvent.click(reset);
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '취소' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(calls.map((call) => call.call)).not.toContain('POST /reset');

  fireEvent.click(reset);
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '초기화' }));
  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  const resets = calls.filter((call) => call.call === 'POST /reset');
  expect(resets.map((call) => call.world)).toEqual(['lab-world']);
});
