// The message channel to the native shell (SPEC.md section 7, "Native bridge messages"): which shell the page
// runs in, messages out (postToShell, request) and in (onNativeMessage). Inside the native app the page runs
// in a react-native-webview: messages go out with `window.ReactNativeWebView.postMessage(json)` as
// `{action, data, id}` and the shell answers with a `message` event carrying `{action, data, id}`; replies
// are matched by action (and id when the shell echoes it). Inside the desktop simulator
// (`/simulator.html`, which loads the app with `?shell=simulator` in an iframe) the same messages travel by
// `window.parent.postMessage`, so the app behaves exactly as in the native shell.
// The typed API over it is bridge.ts; this part is its own module because the start scripts need only it
// (and pageActions.ts), not the whole API.
import { TIMING } from '@creator-market/sdk/domain';
import { parseBridgeMessage, type BridgeMessage } from './message';

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

/** Forgets pending requests, listeners and the remembered shell (tests, through bridge.ts resetBridge). */
export function resetChannel(): void {
  for (const request of pending.values()) clearTimeout(request.timer);
  pending.clear();
  listeners.clear();
  simulatorFrame = null;
}
