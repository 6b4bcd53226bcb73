import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { pageNavigation } from '../pageNavigation';
import { COMPANY_INFO } from '../../config/operator';
import { INQUIRY_URL } from '../../config/support';
import { resetAppState } from '../../testing/appHarness';
import { uiState } from '../../stores/ui';
import { isNativeShell, native, nativePlatform, onNativeMessage, request, resetBridge } from './bridge';
import { installSimulatedShell, removeSimulatedShell } from '../../testing/simulatedShell';

/** A native shell that records what the app sends and answers only when the test says so. */
function manualShell() {
  const sent: { action: string; data?: unknown; id?: string }[] = [];
  window.ReactNativeWebView = { postMessage: (json: string) => sent.push(JSON.parse(json) as (typeof sent)[number]) };
  const reply = (message: object, source: MessageEventSource | null = null) =>
    window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message), source }));
  return { sent, reply };
}

beforeEach(() => {
  resetAppState();
  resetBridge();
});

afterEach(() => {
  vi.useRealTimers();
  removeSimulatedShell();
});

describe('inside the native shell', () => {
  test('a request posts {action, data, id} and resolves with the reply matched by action and id', async () => {
    const shell = manualShell();
    const version = request('getAppVersion');
    const permission = request('getPermission', 'notification');
    expect(shell.sent.map(({ action, data }) => ({ action, data }))).toEqual([
      { action: 'getAppVersion', data: undefined },
      { action: 'getPermission', data: 'notification' },
    ]);
    const [first, second] = shell.sent;
    expect(first?.id).toBeTruthy();
    expect(second?.id).not.toBe(first?.id);
    // Answers arrive out of order; a reply of another action with a known id is not taken for it.
    shell.reply({ action: 'getAppVersion', data: 'wrong', id: second?.id });
    shell.reply({ action: 'getPermission', data: 'granted', id: second?.id });
    shell.reply({ action: 'getAppVersion', data: { app: '1.9.0' }, id: first?.id });
    await expect(permission).resolves.toBe('granted');
    await expect(version).resolves.toEqual({ app: '1.9.0' });
  });

  test('a reply without id answers the oldest request of its action', async () => {
    const shell = manualShell();
    const firstLanguage = request('getLanguage');
    const secondLanguage = request('getLanguage');
    shell.reply({ action: 'getLanguage', data: 'ko-KR' });
    shell.reply({ action: 'getLanguage', data: 'en-US' });
    await expect(firstLanguage).resolves.toBe('ko-KR');
    await expect(secondLanguage).resolves.toBe('en-US');
  });

  test('Android delivers on document; messages from another window are not the shell', async () => {
    const shell = manualShell();
    const frame = document.body.appendChild(document.createElement('iframe'));
    const token = request('getDeviceToken');
    shell.reply({ action: 'getDeviceToken', data: 'forged' }, frame.contentWindow);
    frame.remove();
    document.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ action: 'getDeviceToken', data: 'fcm:abc' }) }));
    await expect(token).resolves.toBe('fcm:abc');
  });

  test('no reply within 5000 ms rejects with null; the permission request waits 30000 ms', async () => {
    vi.useFakeTimers();
    manualShell();
    const version = request('getAppVersion');
    const settled = vi.fn();
    version.catch(settled);
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(null);

    const asked = native.requestPermission('notification');
    const rejected = vi.fn();
    asked.catch(rejected);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(rejected).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(rejected).toHaveBeenCalledWith(null);
  });

  test('messages the shell starts reach their listeners; fire-and-forget messages carry no id', () => {
    const shell = manualShell();
    const heard = vi.fn();
    onNativeMessage('authorize', heard);
    shell.reply({ action: 'authorize', data: 'sync_auth' });
    expect(heard).toHaveBeenCalledWith('sync_auth');

    native.openSetting('alarms');
    native.mainPageLoaded();
    expect(shell.sent).toEqual([{ action: 'openSetting', data: 'alarms' }, { action: 'mainPage_loaded' }]);
  });

  test('the typed API reads the simulated phone: device, language, version (both forms), permissions, token', async () => {
    const shell = installSimulatedShell({ os: 'ios', osVersion: '17.5', model: 'iPhone 15', appVersion: '0.2.1', language: 'ja-JP' });
    expect(isNativeShell()).toBe(true);
    await expect(native.deviceInfo()).resolves.toEqual({ os: 'ios', osVersion: '17.5', model: 'iPhone 15' });
    await expect(nativePlatform()).resolves.toBe('ios');
    await expect(native.getLanguage()).resolves.toBe('ja-JP');
    await expect(native.getAppVersion()).resolves.toMatchObject({ app: '0.2.1' });
    shell.settings.legacyVersionString = true;
    shell.settings.appVersion = '1.8.5';
    await expect(native.getAppVersion()).resolves.toMatchObject({ app: '1.8.5' });
    shell.settings.permissions.alarm = 'denied';
    await expect(native.getPermission('alarm')).resolves.toBe('denied');
    shell.settings.alertsSupported = false;
    await expect(native.getPermission('notification')).resolves.toBe('unavailable');
    shell.settings.deviceToken = '';
    await expect(native.getDeviceToken()).resolves.toBeNull();
  });

  test('the native ad bridge answers type, event, unitId and errorCode', async () => {
    const shell = installSimulatedShell();
    await expect(native.showAd('rewarded', 'unit-a')).resolves.toEqual({
      type: 'rewarded',
      event: 'closed',
      unitId: 'unit-a',
      errorCode: 0,
    });
    shell.settings.adErrorCode = 3;
    await expect(native.showAd('interstitial', 'unit-b')).resolves.toEqual({
      type: 'interstitial',
      event: 'failed',
      unitId: 'unit-b',
      errorCode: 3,
    });
    expect(shell.sent.filter((m) => m.action === 'showAd').map((m) => m.data)).toEqual([
      { type: 'rewarded', unitId: 'unit-a' },
      { type: 'interstitial', unitId: 'unit-b' },
    ]);
  });

  test('open, inquiry and share go to the shell, not to the web', async () => {
    const shell = installSimulatedShell();
    const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
    native.open({ target: 'WebPage', url: 'https://example.com/a' });
    native.openInquiry({ status: 500 });
    await native.share({ title: '마켓', url: 'https://creatormarket.kr/m/a/1' });
    expect(open).not.toHaveBeenCalled();
    expect(shell.effects).toEqual([
      { kind: 'open', target: 'WebPage', url: 'https://example.com/a' },
      { kind: 'inquiry', context: { status: 500 } },
      { kind: 'share', content: { title: '마켓', url: 'https://creatormarket.kr/m/a/1' } },
    ]);
  });
});

describe('on the web', () => {
  test('there is no shell: requests reject with null at once', async () => {
    expect(isNativeShell()).toBe(false);
    await expect(request('getAppVersion')).rejects.toBeNull();
    await expect(nativePlatform()).resolves.toBe('web');
    await expect(native.getDeviceToken()).resolves.toBeNull();
    await expect(native.getPermission('notification')).resolves.toBe('unavailable');
  });

  test('getLanguage is the browser language', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ja-JP');
    await expect(native.getLanguage()).resolves.toBe('ja-JP');
  });

  test('openInquiry opens the chat-support page in a new tab; openTermService the terms', () => {
    const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
    native.openInquiry({ status: 500, api: 'GET /user/me' });
    const inquiry = new URL(open.mock.calls[0]?.[0] as string);
    expect(`${inquiry.origin}${inquiry.pathname}`.replace(/\/$/, '')).toBe(INQUIRY_URL);
    expect(inquiry.searchParams.get('status')).toBe('500');
    expect(inquiry.searchParams.get('api')).toBe('GET /user/me');
    native.openTermService();
    expect(open).toHaveBeenLastCalledWith(COMPANY_INFO.termsUrl);
  });

  test('open: Link navigates in the app, WebPage opens a new tab, Login opens the login prompt', () => {
    const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
    native.open({ target: 'Link', url: '/m/mallang_studio/12' });
    expect(window.location.pathname).toBe('/m/mallang_studio/12');
    native.open({ target: 'WebPage', url: 'https://example.com/guide' });
    expect(open).toHaveBeenCalledWith('https://example.com/guide');
    native.open({ target: 'Login' });
    expect(uiState.loginPrompt).toBe(true);
  });

  test('share uses the Web Share API when there is one, else copies the address', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await native.share({ title: '마켓', url: 'https://creatormarket.kr/m/a/1' });
    expect(share).toHaveBeenCalledWith({ title: '마켓', url: 'https://creatormarket.kr/m/a/1' });
    Reflect.deleteProperty(navigator, 'share');

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await native.share({ url: 'https://creatormarket.kr/m/a/1' }, '마켓 주소가 복사되었어요');
    expect(writeText).toHaveBeenCalledWith('https://creatormarket.kr/m/a/1');
    expect(uiState.toasts.map((toast) => toast.message)).toContain('마켓 주소가 복사되었어요');
    Reflect.deleteProperty(navigator, 'clipboard');
  });
});
