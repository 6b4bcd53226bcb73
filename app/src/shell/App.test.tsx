import { hostRedirect } from '@creator-market/sdk/domain';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { App } from './App';
import { HOSTS } from '../config/hosts';
import { rememberPersona, resetAppState } from '../testing/appHarness';
import { setupMockApi } from '../testing/testServer';
import { session } from '../stores/session';
import { uiState } from '../stores/ui';

vi.mock('./routes', () => import('../testing/standInRoutes'));

setupMockApi();

beforeEach(() => {
  resetAppState();
});

test('the splash stays until the sign-in state is known, then the page mounts', async () => {
  await rememberPersona('buyer');
  window.history.replaceState(null, '', '/subscribe');
  render(<App />);
  expect(uiState.splash).toBe(true);
  expect(screen.queryByRole('region')).not.toBeInTheDocument();

  // A signed-in-only page opened directly shows once the stored sign-in is confirmed, without a prompt.
  expect(await screen.findByRole('region', { name: 'page subscribe' })).toBeInTheDocument();
  expect(session.me?.auth.email).toBe('buyer@creator-market.test');
  await waitFor(() => expect(uiState.splash).toBe(false));
  expect(screen.queryByText('로그인 필요')).not.toBeInTheDocument();
});

test('www and staging hosts go to the production host (main.tsx applies this before start)', () => {
  expect(hostRedirect(`https://www.${HOSTS.productionHost}/m/mallang_studio/3?from=sns#top`, HOSTS)).toBe(
    `https://${HOSTS.productionHost}/m/mallang_studio/3?from=sns#top`,
  );
  expect(hostRedirect(`https://${HOSTS.stagingHost}/setting`, HOSTS)).toBe(`https://${HOSTS.productionHost}/setting`);
  expect(hostRedirect(`https://${HOSTS.productionHost}/`, HOSTS)).toBeNull();
});
