// The in-browser mock's persona sheet signs in through the control plane, in the mock world the app is
// pinned to (X-Mock-World), or the default world when it is not pinned.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { MOCK_WORLD_STORAGE_KEY } from '../../api/mockWorlds';
import { renderAt, resetAppState } from '../../testing/appHarness';
import { recordControlCalls, setupMockApi } from '../../testing/testServer';
import { MockPersonaSheet } from './MockPersonaSheet';

const server = setupMockApi();

beforeEach(() => {
  resetAppState();
});

test.each([
  { pinned: 'sheet-world', sent: 'sheet-world' },
  { pinned: null, sent: null },
])('lists the personas and signs in with the pinned world ($pinned) in X-Mock-World', async ({ pinned, sent }) => {
  if (pinned) localStorage.setItem(MOCK_WORLD_STORAGE_KEY, pinned);
  const calls = recordControlCalls(server);
  renderAt('/auth', <MockPersonaSheet provider="kakao" onClose={() => {}} />);
  fireEvent.click(await screen.findByRole('button', { name: /^buyer-new/ }));
  await waitFor(() => expect(window.location.pathname).toBe('/auth/kakao'));
  expect(new URLSearchParams(window.location.search).get('token')).toBeTruthy();
  expect(calls.map(({ call, world }) => ({ call, world }))).toEqual([
    { call: 'GET /personas', world: sent },
    { call: 'POST /login', world: sent },
  ]);
});
