// Where the web app runs: inside the native app's webview (or the desktop simulator standing in for it) or
// in a browser. The native bridge (src/services/native/bridge.ts) does the talking; these are the app's shortcuts
// (over the parts of it the start scripts load: src/services/native/channel.ts and pageActions.ts).
import { isNativeShell, postToShell } from './native/channel';
import { openInquiry as openShellInquiry, openTarget, type InquiryContext } from './native/pageActions';

declare global {
  interface Window {
    /** Injected by the native shell (react-native-webview). */
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

/** True inside the native app's webview. */
export function isNativeApp(): boolean {
  return isNativeShell();
}

/** Phones and tablets (the app-open prompt is offered only there). */
export function isMobileDevice(): boolean {
  if (typeof navigator === 'undefined') return false;
  const data = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (data?.mobile !== undefined) return data.mobile;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

/** Sends a message to the native shell (no-op on the web). */
export function postToNative(action: string, data?: unknown): boolean {
  return postToShell(action, data);
}

export type { InquiryContext };

/** Opens customer support: the native inquiry screen, or the chat-support page in a new tab on the web. */
export function openInquiry(context: InquiryContext = {}): void {
  openShellInquiry(context);
}

/** Opens an external page: in a new tab on the web (the native shell opens its own web page view). */
export function openExternal(url: string): void {
  openTarget({ target: 'WebPage', url });
}
