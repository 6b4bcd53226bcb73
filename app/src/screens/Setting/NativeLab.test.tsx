import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { renderAt, resetAppState } from '../../testing/appHarness';
import { setupMockApi } from '../../testing/testServer';
import { installSimulatedShell, removeSimulatedShell } from '../../testing/simulatedShell';
import { uiState } from '../../stores/ui';
import Setting from './index';

setupMockApi();

beforeEach(() => {
  resetAppState();
});

afterEach(() => {
  removeSimulatedShell();
});

test('the Lab shows the native tools only inside the app', () => {
  renderAt('/setting', <Setting />);
  const webLab = screen.getByRole('region', { name: /실험실/ });
  expect(within(webLab).queryByText('네이티브 기기 정보')).not.toBeInTheDocument();
});

test('the native tools read the device, check permissions, open settings and run the native ad test', async () => {
  const shell = installSimulatedShell({
    os: 'ios',
    osVersion: '17.5',
    model: 'iPhone 15',
    appVersion: '0.3.0',
    deviceToken: 'apns:lab',
    permissions: { media: 'denied' },
  });
  renderAt('/setting', <Setting />);
  const lab = screen.getByRole('region', { name: /실험실/ });
  expect(await within(lab).findByText('ios 17.5 · iPhone 15')).toBeInTheDocument();
  expect(within(lab).getByText('apns:lab')).toBeInTheDocument();

  fireEvent.click(within(lab).getByRole('button', { name: 'media' }));
  expect(await within(lab).findByRole('button', { name: 'media: denied' })).toBeInTheDocument();

  fireEvent.click(within(lab).getByRole('button', { name: 'powerManager' }));
  expect(shell.effects).toContainEqual({ kind: 'setting', target: 'powerManager' });

  fireEvent.click(within(lab).getByRole('button', { name: 'popup' }));
  await waitFor(() => expect(uiState.toasts.map((toast) => toast.message)).toContain('popup: closed (errorCode 0)'));
  expect(shell.effects).toContainEqual({ kind: 'ad', type: 'popup', unitId: 'lab-native-ad-test' });
});
