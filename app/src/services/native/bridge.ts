// The native shell bridge (SPEC.md section 7, "Native bridge messages"): the typed API (`native`) over the
// message channel (channel.ts, replies.ts), falling back to the web outside any shell where SPEC.md says how.
import { parseAppVersionInfo, TIMING, type AppVersionInfo } from '@creator-market/sdk/domain';
import { pageNavigation } from '../pageNavigation';
import { COMPANY_INFO } from '../../config/operator';
import { toast } from '../../stores/toasts';
import { isNativeShell, postToShell, resetShell } from './channel';
import { mainPageLoaded, openInquiry, openTarget } from './pageActions';
import { request, resetReplies, type RequestOptions } from './replies';

export { isNativeShell, postToShell, SHELL_SESSION_KEY } from './channel';
export { onNativeMessage, request, type RequestOptions } from './replies';
export { parseBridgeMessage, type BridgeMessage } from './message';
export type { InquiryContext, OpenTarget } from './pageActions';

/** Forgets pending requests, listeners, the remembered shell and device answers (tests). */
export function resetBridge(): void {
  resetShell();
  resetReplies();
  cachedDevice = null;
  cachedLanguage = null;
}

// ---------------------------------------------------------------- the typed API

export type NativeOs = 'ios' | 'android';
export type AdPlatform = NativeOs | 'web';

/** What the shell says about the device (deviceInfo). */
export interface DeviceInfo {
  os: NativeOs;
  /** The OS version as the device reports it ('17.5', '14'). */
  osVersion: string;
  /** The device model (the name of a registered push device). */
  model: string;
}

/** Permissions the shell can be asked about (SPEC.md section 5): media and notification can be requested. */
export type NativePermission = 'media' | 'notification' | 'alarm';
export type RequestablePermission = 'media' | 'notification';
/** 'unavailable': the device has no such permission or cannot say (no support). */
export type PermissionState = 'granted' | 'denied' | 'unavailable';

export type SettingTarget = 'notifications' | 'alarms' | 'application' | 'optimization' | 'powerManager';
export type SafeAreaLock = 'auto' | true | false;

/** One market's local open alerts on the device; an empty `at` cancels them. */
export interface NativeMarketAlarm {
  marketUID: string;
  title: string;
  /** The market's start (ISO 8601). */
  marketST: string;
  /** When to ring, epoch ms. */
  at: number[];
  /** The app path the alert opens. */
  path: string;
}

export interface ShareContent {
  title?: string;
  text?: string;
  url: string;
}

export type NativeAdType = 'popup' | 'rewarded' | 'interstitial';

/** The native ad bridge's answer (SPEC.md section 7): errorCode 0 when the ad ran. */
export interface NativeAdResult {
  type: NativeAdType;
  event: string;
  unitId: string;
  errorCode: number;
}

/** The shell shows a native ad until it is closed, so its answer may take a while. */
export const NATIVE_AD_TIMEOUT_MS = 60_000;

export const SHARE_TEXT = {
  copied: '복사가 완료되었습니다!',
  copyFailed: '복사하지 못했어요. 주소를 직접 복사해주세요.', // ours
} as const;

function permissionState(value: unknown): PermissionState {
  if (value === 'granted' || value === true) return 'granted';
  if (value === 'denied' || value === false) return 'denied';
  return 'unavailable';
}

function deviceInfoOf(value: unknown): DeviceInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const { os, osVersion, model } = value as Record<string, unknown>;
  if (os !== 'ios' && os !== 'android') return null;
  return {
    os,
    osVersion: typeof osVersion === 'string' || typeof osVersion === 'number' ? String(osVersion) : '',
    model: typeof model === 'string' && model.trim() !== '' ? model.trim() : os === 'ios' ? 'iPhone' : 'Android',
  };
}

function browserLanguage(): string {
  return typeof navigator === 'undefined' ? 'ko' : navigator.language;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

let cachedDevice: Promise<DeviceInfo | null> | null = null;
let cachedLanguage: Promise<string> | null = null;

export const native = {
  /** The app's version: the object form or the legacy 'app build lastest' string, read alike. */
  async getAppVersion(options?: RequestOptions): Promise<AppVersionInfo | null> {
    return parseAppVersionInfo(await request('getAppVersion', undefined, options));
  },

  /** The device language; the browser's on the web. */
  async getLanguage(): Promise<string> {
    if (!isNativeShell()) return browserLanguage();
    const language = await request('getLanguage');
    return typeof language === 'string' && language !== '' ? language : browserLanguage();
  },

  /** The device's locales in preference order; the browser's on the web. */
  async getLocales(): Promise<string[]> {
    if (!isNativeShell()) return typeof navigator === 'undefined' ? [] : [...navigator.languages];
    const locales = await request('getLocales');
    return Array.isArray(locales) ? locales.filter((locale): locale is string => typeof locale === 'string') : [];
  },

  /** The device (os, version, model); null on the web. */
  async deviceInfo(): Promise<DeviceInfo | null> {
    if (!isNativeShell()) return null;
    return deviceInfoOf(await request('deviceInfo'));
  },

  /** The push token of the device; null on the web or when the device has none. */
  async getDeviceToken(): Promise<string | null> {
    if (!isNativeShell()) return null;
    const token = await request('getDeviceToken');
    return typeof token === 'string' && token.trim() !== '' ? token : null;
  },

  /** Opens a web page, the login, or an app link. */
  open: openTarget,

  /** Customer support: the shell's inquiry screen, or the chat-support page in a new tab. */
  openInquiry,

  /** The terms of service: the shell's own view, or a new tab. */
  openTermService(): void {
    if (postToShell('openTermService')) return;
    pageNavigation.open(COMPANY_INFO.termsUrl);
  },

  /** Shares a page: the shell's share sheet, the Web Share API, or a copy of the address. */
  async share(content: ShareContent, copiedMessage: string = SHARE_TEXT.copied): Promise<void> {
    if (postToShell('share', content)) return;
    if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') {
      try {
        await navigator.share(content);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return; // the user closed the sheet
      }
    }
    if (await copyText(content.url)) toast(copiedMessage, { type: 'success' });
    else toast(SHARE_TEXT.copyFailed, { type: 'error' });
  },

  /** Sends the user to the app store page of the app. */
  updateAppVersion(): boolean {
    return postToShell('updateAppVersion');
  },

  /** The home page is on screen (the shell hides its launch screen). */
  mainPageLoaded,

  /** Schedules (or, with an empty `at`, cancels) a market's open alerts; true when the device took them. */
  async alarmMarketST(alarm: NativeMarketAlarm): Promise<boolean> {
    return (await request('alarmMarketST', alarm)) === true;
  },

  /** Shows a local notification now. */
  sendNotification(notification: { title: string; body: string }): boolean {
    return postToShell('sendNotification', notification);
  },

  /** Opens another app by its URL scheme; resolves whether it opened. The web just follows the address. */
  async sendUrlScheme(url: string): Promise<boolean> {
    if (!isNativeShell()) {
      pageNavigation.assign(url);
      return true;
    }
    return (await request('sendUrlScheme', url)) === true;
  },

  async getPermission(permission: NativePermission): Promise<PermissionState> {
    if (!isNativeShell()) return 'unavailable';
    return permissionState(await request('getPermission', permission));
  },

  /** Asks the user (the system prompt may stay up a while: 30 s, SPEC.md section 9). */
  async requestPermission(permission: RequestablePermission): Promise<PermissionState> {
    if (!isNativeShell()) return 'unavailable';
    return permissionState(await request('requestPermission', permission, { timeoutMs: TIMING.permissionRequestTimeoutMs }));
  },

  /** Opens one of the device's settings screens for this app. */
  openSetting(target: SettingTarget): boolean {
    return postToShell('openSetting', target);
  },

  /** Tells the shell the current identity token (null after sign-out). */
  token(token: string | null): boolean {
    return postToShell('token', token);
  },

  clearHistory(): boolean {
    return postToShell('clearHistory');
  },

  exitApp(): boolean {
    return postToShell('exitApp');
  },

  /** Closes the in-app webview (the pay page, SPEC.md section 2). */
  close(): boolean {
    return postToShell('close');
  },

  lockSafeArea(lock: SafeAreaLock): boolean {
    return postToShell('lockSafeArea', lock);
  },

  /** Shows a native ad (popup, rewarded or interstitial) and resolves with how it ended. */
  async showAd(type: NativeAdType, unitId: string): Promise<NativeAdResult> {
    const answer = await request('showAd', { type, unitId }, { timeoutMs: NATIVE_AD_TIMEOUT_MS });
    const { event, errorCode } = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
    return {
      type,
      unitId,
      event: typeof event === 'string' ? event : 'unknown',
      errorCode: typeof errorCode === 'number' ? errorCode : -1,
    };
  },
};

/** The device, asked once per page (a failed answer is asked again next time). */
export function nativeDevice(): Promise<DeviceInfo | null> {
  if (!isNativeShell()) return Promise.resolve(null);
  cachedDevice ??= native.deviceInfo().catch(() => {
    cachedDevice = null;
    return null;
  });
  return cachedDevice;
}

/** The device language, asked once per page; the browser's on the web or when the shell does not answer. */
export function nativeLanguage(): Promise<string> {
  if (!isNativeShell()) return Promise.resolve(browserLanguage());
  cachedLanguage ??= native.getLanguage().catch(() => {
    cachedLanguage = null;
    return browserLanguage();
  });
  return cachedLanguage;
}

/** web, ios or android: the shell's OS, or (if the shell does not say) the user agent's. */
export async function nativePlatform(): Promise<AdPlatform> {
  if (!isNativeShell()) return 'web';
  const device = await nativeDevice();
  if (device) return device.os;
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/iPhone|iPad|iPod/i.test(agent)) return 'ios';
  if (/Android/i.test(agent)) return 'android';
  return 'web';
}
