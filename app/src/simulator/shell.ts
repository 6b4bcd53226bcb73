// The native shell's side of the bridge, as the desktop simulator plays it: for each message of the app
// (SPEC.md section 7) the reply the phone would send, from the simulator's settings, and what the phone
// would do (schedule an alarm, show a notification, open a page ...) as an effect for the simulator's UI.
// Component tests use the same answers as their native shell.
import type { NativeAdType, NativeMarketAlarm, NativeOs, SettingTarget, ShareContent } from '../services/native/bridge';
import type { BridgeMessage } from '../services/native/message';

export type SimulatedPermission = 'granted' | 'denied';

export interface ShellSettings {
  os: NativeOs;
  osVersion: string;
  model: string;
  /** The app's version (three numeric parts). */
  appVersion: string;
  build: string;
  /** Answer getAppVersion with the legacy single string 'app build lastest'. */
  legacyVersionString: boolean;
  /** Device language ('ko-KR'). */
  language: string;
  /** Push token; empty for a device without one. */
  deviceToken: string;
  /** False: the device cannot receive alerts (every permission answers 'unavailable'). */
  alertsSupported: boolean;
  permissions: { notification: SimulatedPermission; alarm: SimulatedPermission; media: SimulatedPermission };
  /** Native ads fail with this error code (0: they run). */
  adErrorCode: number;
}

/** Above both minimum versions (iOS 0.2.2, Android 1.8.6), so no forced update by default. */
export const DEFAULT_APP_VERSION: Record<NativeOs, string> = { ios: '0.3.0', android: '1.9.0' };

export const DEFAULT_SHELL_SETTINGS: ShellSettings = {
  os: 'android',
  osVersion: '14',
  model: 'Galaxy S24',
  appVersion: DEFAULT_APP_VERSION.android,
  build: '190',
  legacyVersionString: false,
  language: 'ko-KR',
  deviceToken: 'fcm:simulator-device-token-001',
  alertsSupported: true,
  permissions: { notification: 'granted', alarm: 'granted', media: 'granted' },
  adErrorCode: 0,
};

/** What the phone does besides answering. */
export type ShellEffect =
  | { kind: 'alarm'; alarm: NativeMarketAlarm }
  | { kind: 'notification'; title: string; body: string }
  | { kind: 'share'; content: ShareContent }
  | { kind: 'open'; target: string; url?: string }
  | { kind: 'setting'; target: SettingTarget }
  | { kind: 'inquiry'; context: unknown }
  | { kind: 'termService' }
  | { kind: 'update' }
  | { kind: 'urlScheme'; url: string }
  | { kind: 'token'; token: string | null }
  | { kind: 'ad'; type: NativeAdType; unitId: string }
  | { kind: 'mainPageLoaded' }
  | { kind: 'close' }
  | { kind: 'exit' }
  | { kind: 'clearHistory' }
  | { kind: 'lockSafeArea'; lock: unknown };

export interface ShellAnswer {
  /** The reply's data; absent for messages that expect none. */
  reply?: { data: unknown };
  effect?: ShellEffect;
}

const SETTING_TARGETS: readonly string[] = ['notifications', 'alarms', 'application', 'optimization', 'powerManager'];
const AD_TYPES: readonly string[] = ['popup', 'rewarded', 'interstitial'];

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

function permission(settings: ShellSettings, name: unknown): string {
  if (!settings.alertsSupported && (name === 'notification' || name === 'alarm')) return 'unavailable';
  if (name === 'notification' || name === 'alarm' || name === 'media') return settings.permissions[name];
  return 'unavailable';
}

function marketAlarm(value: unknown): NativeMarketAlarm | null {
  const { marketUID, title, marketST, at, path } = record(value);
  if (typeof marketUID !== 'string' || !Array.isArray(at) || !at.every((time) => typeof time === 'number')) return null;
  return {
    marketUID,
    title: typeof title === 'string' ? title : '',
    marketST: typeof marketST === 'string' ? marketST : '',
    at: at,
    path: typeof path === 'string' ? path : '/',
  };
}

/** The phone's answer to one message of the app. */
export function answerBridgeMessage(message: BridgeMessage, settings: ShellSettings): ShellAnswer {
  const { action, data } = message;
  switch (action) {
    case 'getAppVersion':
      return {
        reply: {
          data: settings.legacyVersionString
            ? `${settings.appVersion} ${settings.build} ${settings.appVersion}`
            : { app: settings.appVersion, build: settings.build, lastest: settings.appVersion },
        },
      };
    case 'getLanguage':
      return { reply: { data: settings.language } };
    case 'getLocales':
      return { reply: { data: [settings.language, 'en-US'] } };
    case 'deviceInfo':
      return { reply: { data: { os: settings.os, osVersion: settings.osVersion, model: settings.model } } };
    case 'getDeviceToken':
      return { reply: { data: settings.deviceToken || null } };
    case 'getPermission':
      return { reply: { data: permission(settings, data) } };
    case 'requestPermission':
      // The simulator's settings stand for the user's choice in the system prompt.
      return { reply: { data: data === 'alarm' ? 'unavailable' : permission(settings, data) } };
    case 'alarmMarketST': {
      const alarm = marketAlarm(data);
      // A phone without alert support or notification permission cannot schedule the alert.
      const ok = alarm !== null && (alarm.at.length === 0 || (settings.alertsSupported && settings.permissions.notification === 'granted'));
      return { reply: { data: ok }, ...(ok && alarm ? { effect: { kind: 'alarm', alarm } } : {}) };
    }
    case 'sendUrlScheme':
      return {
        reply: { data: typeof data === 'string' },
        ...(typeof data === 'string' ? { effect: { kind: 'urlScheme', url: data } } : {}),
      };
    case 'showAd': {
      const { type, unitId } = record(data);
      const adType = (AD_TYPES.includes(String(type)) ? type : 'popup') as NativeAdType;
      const unit = typeof unitId === 'string' ? unitId : '';
      const failed = settings.adErrorCode !== 0;
      return {
        reply: { data: { type: adType, event: failed ? 'failed' : 'closed', unitId: unit, errorCode: settings.adErrorCode } },
        ...(failed ? {} : { effect: { kind: 'ad', type: adType, unitId: unit } }),
      };
    }
    case 'sendNotification': {
      const { title, body } = record(data);
      return {
        effect: { kind: 'notification', title: typeof title === 'string' ? title : '', body: typeof body === 'string' ? body : '' },
      };
    }
    case 'share':
      return { effect: { kind: 'share', content: record(data) as unknown as ShareContent } };
    case 'open': {
      const { target, url } = record(data);
      return { effect: { kind: 'open', target: String(target), ...(typeof url === 'string' ? { url } : {}) } };
    }
    case 'openSetting':
      return SETTING_TARGETS.includes(String(data)) ? { effect: { kind: 'setting', target: data as SettingTarget } } : {};
    case 'openInquiry':
      return { effect: { kind: 'inquiry', context: data ?? null } };
    case 'openTermService':
      return { effect: { kind: 'termService' } };
    case 'updateAppVersion':
      return { effect: { kind: 'update' } };
    case 'token':
      return { effect: { kind: 'token', token: typeof data === 'string' ? data : null } };
    case 'mainPage_loaded':
      return { effect: { kind: 'mainPageLoaded' } };
    case 'close':
      return { effect: { kind: 'close' } };
    case 'exitApp':
      return { effect: { kind: 'exit' } };
    case 'clearHistory':
      return { effect: { kind: 'clearHistory' } };
    case 'lockSafeArea':
      return { effect: { kind: 'lockSafeArea', lock: data } };
    default:
      return {};
  }
}

/** Messages the phone starts itself: after its own sign-in it tells the page to sync (reload). */
export const SYNC_AUTH_MESSAGE: BridgeMessage = { action: 'authorize', data: 'sync_auth' };
