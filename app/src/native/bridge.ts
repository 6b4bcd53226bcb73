// The native shell bridge (SPEC.md section 7, "Native bridge messages"). Inside the native app the page runs
// in a react-native-webview: messages go out with `window.ReactNativeWebView.postMessage(json)` as
// `{action, data, id}` and the shell answers with a `message` event carrying `{action, data, id}`; replies
// are matched by action (and id when the shell echoes it). Inside the desktop simulator
// (`/simulator.html`, which loads the app with `?shell=simulator` in an iframe) the same messages travel by
// `window.parent.postMessage`, so the app behaves exactly as in the native shell.
// Outside any shell the typed API (`native`) falls back to the web where SPEC.md says how.
import { parseAppVersionInfo, TIMING, type AppVersionInfo } from '@creator-market/sdk/domain';
import { requireLogin } from '../app/login';
import { pageNavigation } from '../app/pageNavigation';
import { COMPANY_INFO, INQUIRY_URL } from '../config';
import { navigate } from '../lib/navigation';
import { toast } from '../stores/ui';
import { parseBridgeMessage, type BridgeMessage } from './message';

export { parseBridgeMessage, type BridgeMessage };

// ---------------------------------------------------------------- which shell

const SHELL_QUERY = 'shell';
const SIMULATOR_SHELL = 'simulator';
/** Remembers the simulator for in-frame reloads, whose address no longer carries `?shell=simulator`. */
export const SHELL_SESSION_KEY = 'cm.shell';

let simulatorFrame: boolean | null = null;

/** True inside the simulator's iframe (asked for with `?shell=simulator`, remembered for the tab). */
function inSimulatorFrame(): boolean {
  if (simulatorFrame !== null) return simulatorFrame;
  if (typeof window === 'undefined' || window.parent === window) return false;
  const asked = new URLSearchParams(window.location.search).get(SHELL_QUERY) === SIMULATOR_SHELL;
  try {
    if (asked) sessionStorage.setItem(SHELL_SESSION_KEY, SIMULATOR_SHELL);
    simulatorFrame = asked || sessionStorage.getItem(SHELL_SESSION_KEY) === SIMULATOR_SHELL;
  } catch {
    simulatorFrame = asked; // storage denied: only this address knows
  }
  return simulatorFrame;
}

/** How a message reaches the shell, or null on the web. */
function shellPoster(): ((json: string) => void) | null {
  if (typeof window === 'undefined') return null;
  const webView = window.ReactNativeWebView;
  if (webView && typeof webView.postMessage === 'function') return (json) => webView.postMessage(json);
  if (inSimulatorFrame()) return (json) => window.parent.postMessage(json, window.location.origin);
  return null;
}

/** True inside the native app (or the desktop simulator standing in for it). */
export function isNativeShell(): boolean {
  return shellPoster() !== null;
}

// ---------------------------------------------------------------- messages in

interface PendingRequest {
  action: string;
  resolve: (data: unknown) => void;
  reject: (reason: null) => void;
  timer: ReturnType<typeof setTimeout>;
}

const pending = new Map<string, PendingRequest>();
const listeners = new Map<string, Set<(data: unknown) => void>>();
let listening = false;
let lastId = 0;

/**
 * The native shell dispatches its events in the page without a source (or posts them from the page itself
 * by injected script); the simulator posts from the parent window. Other windows (frames) are not the shell.
 */
function fromShell(event: MessageEvent): boolean {
  if (inSimulatorFrame()) return event.source === window.parent && event.origin === window.location.origin;
  return event.source === null || event.source === window;
}

function handleMessage(event: Event): void {
  const messageEvent = event as MessageEvent;
  if (!isNativeShell() || !fromShell(messageEvent)) return;
  const message = parseBridgeMessage(messageEvent.data);
  if (!message) return;
  if (settleReply(message)) return;
  listeners.get(message.action)?.forEach((listener) => listener(message.data));
}

/** Resolves the request this message answers: the same id, or else the oldest one of the same action. */
function settleReply(message: BridgeMessage): boolean {
  let key: string | undefined;
  if (message.id !== undefined && pending.get(message.id)?.action === message.action) key = message.id;
  else if (message.id === undefined) key = [...pending].find(([, request]) => request.action === message.action)?.[0];
  const request = key === undefined ? undefined : pending.get(key);
  if (key === undefined || !request) return false;
  pending.delete(key);
  clearTimeout(request.timer);
  request.resolve(message.data);
  return true;
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  // iOS delivers the shell's messages on window, Android on document.
  window.addEventListener('message', handleMessage);
  document.addEventListener('message', handleMessage);
}

/** Runs `listener` for every message of `action` the shell sends on its own (not a reply). */
export function onNativeMessage(action: string, listener: (data: unknown) => void): () => void {
  listen();
  const set = listeners.get(action) ?? new Set();
  set.add(listener);
  listeners.set(action, set);
  return () => {
    set.delete(listener);
  };
}

// ---------------------------------------------------------------- messages out

/** Sends a message that expects no answer; false on the web (nothing was sent). */
export function postToShell(action: string, data?: unknown): boolean {
  const post = shellPoster();
  if (!post) return false;
  post(JSON.stringify(data === undefined ? { action } : { action, data }));
  return true;
}

export interface RequestOptions {
  /** How long to wait for the reply (default 5000 ms, SPEC.md section 9). */
  timeoutMs?: number;
}

/**
 * Asks the shell and resolves with its reply's data. Rejects with null when no reply comes in time
 * (SPEC.md section 8) and at once on the web, where no shell can answer.
 */
export function request<T = unknown>(
  action: string,
  data?: unknown,
  { timeoutMs = TIMING.bridgeTimeoutMs }: RequestOptions = {},
): Promise<T> {
  const post = shellPoster();
  // The spec's contract: no reply is a rejection with null (not an Error).
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- null is the contract's no-reply value
  if (!post) return Promise.reject(null);
  listen();
  lastId += 1;
  const id = `${Date.now().toString(36)}-${lastId}`;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the contract's no-reply value
      reject(null);
    }, timeoutMs);
    pending.set(id, { action, resolve: resolve as (data: unknown) => void, reject, timer });
    post(JSON.stringify(data === undefined ? { action, id } : { action, data, id }));
  });
}

/** Forgets pending requests, listeners and the remembered shell (tests). */
export function resetBridge(): void {
  for (const request of pending.values()) clearTimeout(request.timer);
  pending.clear();
  listeners.clear();
  simulatorFrame = null;
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

/** The three things `open` can open (SPEC.md section 7). */
export type OpenTarget = { target: 'WebPage'; url: string } | { target: 'Login' } | { target: 'Link'; url: string };

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

export interface InquiryContext {
  status?: number;
  code?: string;
  message?: string;
  uid?: string;
  api?: string;
  location?: string;
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
  open(target: OpenTarget): void {
    if (postToShell('open', target)) return;
    if (target.target === 'WebPage') pageNavigation.open(target.url);
    else if (target.target === 'Link') navigate(target.url);
    else void requireLogin();
  },

  /** Customer support: the shell's inquiry screen, or the chat-support page in a new tab. */
  openInquiry(context: InquiryContext = {}): void {
    if (postToShell('openInquiry', context)) return;
    const url = new URL(INQUIRY_URL);
    for (const [key, value] of Object.entries(context)) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    pageNavigation.open(url.toString());
  },

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
  mainPageLoaded(): boolean {
    return postToShell('mainPage_loaded');
  },

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
