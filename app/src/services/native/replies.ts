// What the native shell sends the page (SPEC.md section 7): replies to the requests the page makes, matched by
// action (and id when the shell echoes it), and the messages it sends on its own. Only the typed API
// (bridge.ts) and the native shell's start (shell/appStart.ts) listen, so the start scripts do not carry it.
import { TIMING } from '@creator-market/sdk/domain';
import { inSimulatorFrame, isNativeShell, shellPoster } from './channel';
import { parseBridgeMessage, type BridgeMessage } from './message';

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

// ---------------------------------------------------------------- requests

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

/** Forgets pending requests and listeners (tests, through bridge.ts resetBridge). */
export function resetReplies(): void {
  for (const request of pending.values()) clearTimeout(request.timer);
  pending.clear();
  listeners.clear();
}
