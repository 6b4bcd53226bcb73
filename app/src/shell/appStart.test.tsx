import { APP_VERSION_UNKNOWN_LOG } from '@creator-market/sdk/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../api/client';
import { renderAt, resetAppState, signInAs } from '../testing/appHarness';
import { setupMockApi } from '../testing/testServer';
import { session } from '../stores/session';
import { shellPage, startNativeShell } from './appStart';
import { checkAppUpdate, resetAppUpdate, UPDATE_NOTICE_URL } from '../services/native/appUpdate';
import { registerDevice } from '../services/native/deviceRegistration';
import { NativeHome } from '../screens/Home/NativeHome';
import { installSimulatedShell, removeSimulatedShell, type ShellOverrides } from '../testing/simulatedShell';

setupMockApi();

beforeEach(() => {
  resetAppState();
  resetAppUpdate();
});

afterEach(() => {
  vi.useRealTimers();
  removeSimulatedShell();
  resetAppUpdate();
});

const UPDATE_TITLE = '필수 업데이트 안내';

async function checkWith(overrides: ShellOverrides) {
  const shell = installSimulatedShell(overrides);
  renderAt('/', <div />);
  const result = await checkAppUpdate();
  return { shell, result };
}

describe('forced update', () => {
  test.each([
    ['android', '1.8.5', 'force-update'],
    ['android', '1.8.6', 'none'],
    ['android', '1.10.0', 'none'],
    ['ios', '0.2.1', 'force-update'],
    ['ios', '0.2.2', 'none'],
    ['ios', '0.3.0', 'none'],
  ] as const)('%s %s → %s', async (os, appVersion, expected) => {
    const { result } = await checkWith({ os, appVersion });
    expect(result).toBe(expected);
    if (expected === 'force-update') expect(await screen.findByRole('alertdialog', { name: UPDATE_TITLE })).toBeInTheDocument();
    else expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('the legacy single string is split by spaces: its first part is the version', async () => {
    const { result } = await checkWith({ os: 'android', appVersion: '1.8.5', build: '185', legacyVersionString: true });
    expect(result).toBe('force-update');
    expect(await screen.findByRole('alertdialog', { name: UPDATE_TITLE })).toBeInTheDocument();
  });

  test('업데이트 asks the shell for the store, 자세히 opens the notice; the dialog stays', async () => {
    const { shell } = await checkWith({ os: 'android', appVersion: '1.2.0' });
    const dialog = await screen.findByRole('alertdialog', { name: UPDATE_TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: '업데이트' }));
    await waitFor(() => expect(shell.effects).toContainEqual({ kind: 'update' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: UPDATE_TITLE })).getByRole('button', { name: '자세히' }));
    await waitFor(() => expect(shell.effects).toContainEqual({ kind: 'open', target: 'WebPage', url: UPDATE_NOTICE_URL }));
    expect(await screen.findByRole('alertdialog', { name: UPDATE_TITLE })).toBeInTheDocument();
  });

  test('a version that cannot be read logs 버전 정보를 확인할 수 없습니다. and does nothing', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { result, shell } = await checkWith({ appVersion: 'beta' });
    expect(result).toBe('unknown');
    expect(log).toHaveBeenCalledWith(APP_VERSION_UNKNOWN_LOG);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(shell.effects).toEqual([]);
  });

  test('a shell that does not answer in 3 s: the failure is logged, nothing shows', async () => {
    vi.useFakeTimers();
    const failed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const shell = installSimulatedShell({ appVersion: '1.0.0' });
    shell.silent.add('getAppVersion');
    renderAt('/', <div />);
    const check = checkAppUpdate();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(check).resolves.toBe('failed');
    expect(failed).toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('runs at start and again when the page becomes visible', async () => {
    const shell = installSimulatedShell({ appVersion: '1.9.0' });
    session.ready = true;
    renderAt('/', <div />);
    const stop = startNativeShell();
    await waitFor(() => expect(shell.sentActions()).toContain('getAppVersion'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    shell.settings.appVersion = '1.8.0';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('alertdialog', { name: UPDATE_TITLE })).toBeInTheDocument();
    stop();
  });

  test('nothing on the web', async () => {
    renderAt('/', <div />);
    await expect(checkAppUpdate()).resolves.toBe('web');
  });
});

describe('app start in the shell', () => {
  test("the shell's authorize sync_auth reloads the page; other data does not", () => {
    const shell = installSimulatedShell();
    const reload = vi.spyOn(shellPage, 'reload').mockImplementation(() => {});
    const stop = startNativeShell();
    shell.push({ action: 'authorize', data: 'something-else' });
    expect(reload).not.toHaveBeenCalled();
    shell.push({ action: 'authorize', data: 'sync_auth' });
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  test('a signed-in start tells the shell the token and registers the device once', async () => {
    const shell = installSimulatedShell({ deviceToken: 'fcm:start-test-token' });
    await signInAs('buyer-new');
    const stop = startNativeShell();
    await waitFor(async () => expect((await api.get('/device')).map((d) => d.deviceToken)).toContain('fcm:start-test-token'));
    expect(shell.effects).toContainEqual({ kind: 'token', token: session.token });
    const devices = await api.get('/device');
    expect(devices.find((d) => d.deviceToken === 'fcm:start-test-token')).toEqual({
      name: 'Galaxy S24',
      os: 'android',
      deviceToken: 'fcm:start-test-token',
    });
    stop();
  });

  test('the home tells the shell it is on screen (mainPage_loaded)', () => {
    const shell = installSimulatedShell();
    renderAt('/', <NativeHome />);
    expect(shell.sentActions()).toContain('mainPage_loaded');
  });
});

describe('device registration', () => {
  test('adds the token only when GET /device does not list it', async () => {
    installSimulatedShell({ os: 'ios', model: 'iPhone 15', deviceToken: 'apns:registration-test' });
    await signInAs('buyer-new');
    await expect(registerDevice()).resolves.toBe('added');
    await expect(registerDevice()).resolves.toBe('known');
    const devices = await api.get('/device');
    expect(devices.filter((d) => d.deviceToken === 'apns:registration-test')).toEqual([
      { name: 'iPhone 15', os: 'ios', deviceToken: 'apns:registration-test' },
    ]);
  });

  test('skipped for guests, on the web and for a device without a token', async () => {
    installSimulatedShell();
    await expect(registerDevice()).resolves.toBe('skipped');
    await signInAs('buyer-new');
    removeSimulatedShell();
    await expect(registerDevice()).resolves.toBe('skipped');
    installSimulatedShell({ deviceToken: '' });
    await expect(registerDevice()).resolves.toBe('skipped');
  });
});
