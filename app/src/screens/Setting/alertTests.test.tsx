import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { API_BASE } from '../../config/hosts';
import { renderAt, resetAppState, signInAs } from '../../testing/appHarness';
import { setupMockApi } from '../../testing/testServer';
import { fakeStoppedClock, tickUpTo } from '../../testing/clock';
import Setting from './index';
import { uiState } from '../../stores/ui';
import { registerDevice } from '../../services/native/deviceRegistration';
import { OPEN_ALERT_TEST_ID } from '../../features/native-alerts/OpenAlertTest';
import { installSimulatedShell, removeSimulatedShell, type ShellOverrides } from '../../testing/simulatedShell';

const server = setupMockApi();

beforeEach(() => {
  resetAppState();
});

afterEach(() => {
  vi.useRealTimers();
  removeSimulatedShell();
});

function openSettings(overrides: ShellOverrides = {}) {
  const shell = installSimulatedShell(overrides);
  renderAt('/setting', <Setting />);
  return shell;
}

describe('settings: native-only items', () => {
  test('hidden on the web', () => {
    renderAt('/setting', <Setting />);
    for (const name of ['앱 알림 설정', '알림 이용 가이드', '오픈 알림 테스트', '푸시 알림 테스트', '앱 업데이트']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  test('in the app: notification settings, the guide, both tests and the app update; alarms only on Android 12+', async () => {
    const shell = openSettings({ os: 'android', osVersion: '14' });
    fireEvent.click(await screen.findByRole('button', { name: '알람 및 리마인더' }));
    fireEvent.click(screen.getByRole('button', { name: '앱 알림 설정' }));
    fireEvent.click(screen.getByRole('button', { name: '앱 업데이트' }));
    expect(screen.getByRole('button', { name: '알림 이용 가이드' })).toBeInTheDocument();
    expect(shell.effects).toEqual([
      { kind: 'setting', target: 'alarms' },
      { kind: 'setting', target: 'notifications' },
      { kind: 'update' },
    ]);
  });

  test.each([
    ['android', '11'],
    ['ios', '17.5'],
  ] as const)('no alarms and reminders item on %s %s', async (os, osVersion) => {
    const shell = openSettings({ os, osVersion });
    await waitFor(() => expect(shell.sentActions()).toContain('deviceInfo'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByRole('button', { name: '알람 및 리마인더' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '앱 알림 설정' })).toBeInTheDocument();
  });
});

describe('open alert test', () => {
  const T = Date.parse('2026-11-21T10:00:00.000Z'); // 19:00 in Seoul

  async function openTest(overrides: ShellOverrides = {}) {
    fakeStoppedClock(T);
    const shell = openSettings(overrides);
    fireEvent.click(screen.getByRole('button', { name: '오픈 알림 테스트' }));
    return { shell, sheet: await screen.findByRole('dialog', { name: '오픈 알림 테스트' }) };
  }

  test('a sample market opening a minute from now; armed for 30 s, counts 29 s down disabled, then resets', async () => {
    const { shell, sheet } = await openTest();
    expect(within(sheet).getByText(/오늘 19:01 오픈/)).toBeInTheDocument();
    fireEvent.click(within(sheet).getByRole('button', { name: '30초 후 오픈 알림 받기' }));

    expect(await within(sheet).findByText('29초 후에 오픈 알림이 도착해요')).toBeInTheDocument();
    const armed = within(sheet).getByRole<HTMLButtonElement>('button', { name: '오픈 알림 예약 완료' });
    expect(armed).toBeDisabled();
    const alarm = shell.effects.find((effect) => effect.kind === 'alarm');
    expect(alarm).toEqual({
      kind: 'alarm',
      alarm: {
        marketUID: OPEN_ALERT_TEST_ID,
        title: '오픈 알림 테스트 마켓',
        marketST: new Date(T + 60_000).toISOString(),
        at: [T + 30_000],
        path: '/setting',
      },
    });

    // The sheet reads the clock every 250 ms.
    tickUpTo(T + 10_000, 250);
    expect(await within(sheet).findByText('19초 후에 오픈 알림이 도착해요')).toBeInTheDocument();
    tickUpTo(T + 28_200, 250);
    expect(await within(sheet).findByText('1초 후에 오픈 알림이 도착해요')).toBeInTheDocument();
    tickUpTo(T + 29_000, 250);
    const again = await within(sheet).findByRole<HTMLButtonElement>('button', { name: '30초 후 오픈 알림 받기' });
    expect(again).toBeEnabled();
    expect(within(sheet).queryByText(/초 후에 오픈 알림이 도착해요/)).not.toBeInTheDocument();
    expect(within(sheet).getByText(/오늘 19:01 오픈/)).toBeInTheDocument();
  });

  test('without alarm permission on Android 12+: the permission alert with both settings shortcuts', async () => {
    const { shell, sheet } = await openTest({ os: 'android', osVersion: '13', permissions: { alarm: 'denied' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '30초 후 오픈 알림 받기' }));
    const alert = await screen.findByRole('alertdialog', { name: '알림 권한이 필요해요' });
    expect(
      within(alert)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['앱 알림 설정', '알람 및 리마인더 설정', '닫기']);
    fireEvent.click(within(alert).getByRole('button', { name: '알람 및 리마인더 설정' }));
    expect(shell.effects).toContainEqual({ kind: 'setting', target: 'alarms' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(shell.sentActions()).not.toContain('alarmMarketST');
  });

  test('without notification permission on iOS: only the app notification settings', async () => {
    const { shell, sheet } = await openTest({ os: 'ios', osVersion: '17.5', permissions: { notification: 'denied' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '30초 후 오픈 알림 받기' }));
    const alert = await screen.findByRole('alertdialog', { name: '알림 권한이 필요해요' });
    expect(
      within(alert)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['앱 알림 설정', '닫기']);
    fireEvent.click(within(alert).getByRole('button', { name: '앱 알림 설정' }));
    expect(shell.effects).toContainEqual({ kind: 'setting', target: 'notifications' });
  });

  test('a device that cannot receive alerts: the not-supported alert', async () => {
    const { shell, sheet } = await openTest({ alertsSupported: false });
    fireEvent.click(within(sheet).getByRole('button', { name: '30초 후 오픈 알림 받기' }));
    const alert = await screen.findByRole('alertdialog', { name: '알림을 받을 수 없는 기기예요' });
    expect(within(alert).getByText('이 기기에서는 알림을 지원하지 않아요.')).toBeInTheDocument();
    expect(shell.sentActions()).not.toContain('alarmMarketST');
    expect(within(sheet).getByRole('button', { name: '30초 후 오픈 알림 받기' })).toBeInTheDocument();
  });
});

describe('push alert test', () => {
  function captureTestNotification() {
    const urls: URL[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/notification/test-notification')) urls.push(url);
    };
    server.events.on('request:start', onRequest);
    return { urls, stop: () => server.events.removeListener('request:start', onRequest) };
  }

  async function openPushTest(overrides: ShellOverrides = {}) {
    const shell = openSettings(overrides);
    fireEvent.click(screen.getByRole('button', { name: '푸시 알림 테스트' }));
    const sheet = await screen.findByRole('dialog', { name: '푸시 알림 테스트' });
    await waitFor(() => expect(shell.sentActions()).toContain('deviceInfo'));
    return { shell, sheet };
  }

  test('a buyer chooses between two samples, pictured in the look of the phone', async () => {
    await signInAs('buyer-new');
    const { sheet } = await openPushTest({ os: 'ios' });
    const radios = within(sheet).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((radio) => radio.value)).toEqual(['schedule', 'order']);
    expect(within(sheet).getByRole('radio', { name: /마켓 일정 등록/ })).toBeInTheDocument();
    await waitFor(() => expect(sheet.querySelectorAll('[data-os="ios"]')).toHaveLength(2));
  });

  test('a seller also gets the order as the seller sees it; Android pictures on Android', async () => {
    await signInAs('seller');
    const { sheet } = await openPushTest({ os: 'android' });
    expect(within(sheet).getAllByRole('radio')).toHaveLength(3);
    expect(within(sheet).getByRole('radio', { name: /주문 접수 \(판매 작가\)/ })).toBeInTheDocument();
    expect(sheet.querySelectorAll('[data-os="android"]')).toHaveLength(3);
  });

  test('sends the chosen sample to this device: title, contents and deviceToken in the query', async () => {
    installSimulatedShell({ deviceToken: 'fcm:push-test-token' });
    await signInAs('buyer-new');
    await registerDevice();
    const capture = captureTestNotification();
    const { sheet } = await openPushTest({ deviceToken: 'fcm:push-test-token' });
    fireEvent.click(within(sheet).getByRole('radio', { name: /주문 접수/ }));
    fireEvent.click(within(sheet).getByRole('button', { name: '테스트 알림 보내기' }));
    await waitFor(() =>
      expect(uiState.toasts.map((toast) => toast.message)).toContain('테스트 알림을 보냈어요. 잠시 후 알림을 확인해주세요.'),
    );
    capture.stop();
    expect(capture.urls).toHaveLength(1);
    const query = Object.fromEntries(capture.urls[0]!.searchParams);
    expect(query).toEqual({
      title: '주문이 접수되었어요',
      contents: '결제를 완료하면 작가님이 주문을 확인해요.',
      deviceToken: 'fcm:push-test-token',
    });
  });

  test('a failed send and a falsy answer go to the general error handler', async () => {
    installSimulatedShell({ deviceToken: 'fcm:will-fail-token' });
    await signInAs('buyer-new');
    await registerDevice();
    const { sheet } = await openPushTest({ deviceToken: 'fcm:will-fail-token' });
    fireEvent.click(within(sheet).getByRole('button', { name: '테스트 알림 보내기' }));
    const failure = await screen.findByRole('alertdialog', { name: '일시적인 오류가 발생했어요' });
    fireEvent.click(within(failure).getByRole('button', { name: '다음에' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    server.use(http.get(`${API_BASE}/notification/test-notification`, () => HttpResponse.json({ data: false })));
    fireEvent.click(within(sheet).getByRole('button', { name: '테스트 알림 보내기' }));
    expect(await screen.findByRole('alertdialog', { name: '일시적인 오류가 발생했어요' })).toBeInTheDocument();
    expect(uiState.toasts).toHaveLength(0);
  });

  test('without a push token: not supported; without notification permission: the settings shortcut', async () => {
    await signInAs('buyer-new');
    const capture = captureTestNotification();
    const { shell, sheet } = await openPushTest({ deviceToken: '' });
    fireEvent.click(within(sheet).getByRole('button', { name: '테스트 알림 보내기' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: '알림을 받을 수 없는 기기예요' })).getByRole('button', { name: '닫기' }),
    );

    shell.settings.deviceToken = 'fcm:some-token';
    shell.settings.permissions.notification = 'denied';
    fireEvent.click(within(sheet).getByRole('button', { name: '테스트 알림 보내기' }));
    const alert = await screen.findByRole('alertdialog', { name: '알림 권한이 필요해요' });
    expect(
      within(alert)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['앱 알림 설정', '닫기']);
    capture.stop();
    expect(capture.urls).toHaveLength(0);
  });

  test('a guest is asked to log in first', async () => {
    const capture = captureTestNotification();
    const { sheet } = await openPushTest();
    fireEvent.click(within(sheet).getByRole('button', { name: '테스트 알림 보내기' }));
    expect(await screen.findByText('간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?')).toBeInTheDocument();
    capture.stop();
    expect(capture.urls).toHaveLength(0);
  });
});
