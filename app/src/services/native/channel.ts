// The message channel to the native shell (SPEC.md section 7, "Native bridge messages"): which shell the page
// runs in, and messages out (postToShell). Inside the native app the page runs in a react-native-webview:
// messages go out with `window.ReactNativeWebView.postMessage(json)` as `{action, data, id}` and the shell
// answers with a `message` event carrying `{action, data, id}` (replies.ts). Inside the desktop simulator
// (`/simulator.html`, which loads the app with `?shell=simulator` in an iframe) the same messages travel by
// `window.parent.postMessage`, so the app behaves exactly as in the native shell.
// The typed API over it is bridge.ts; this part is its own module because the start scripts need only it
// (and pageActions.ts), not the whole API nor the replies.

// ---------------------------------------------------------------- which shell

const SHELL_QUERY = 'shell';
const SIMULATOR_SHELL = 'simulator';
/** Remembers the simulator for in-frame reloads, whose address no longer carries `?shell=simulator`. */
export const SHELL_SESSION_KEY = 'cm.shell';

let simulatorFrame: boolean | null = null;

/** True inside the simulator's iframe (asked for with `?shell=simulator`, remembered for the tab). */
export function inSimulatorFrame(): boolean {
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
export function shellPoster(): ((json: string) => void) | null {
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

// ---------------------------------------------------------------- messages out

/** Sends a message that expects no answer; false on the web (nothing was sent). */
export function postToShell(action: string, data?: unknown): boolean {
  const post = shellPoster();
  if (!post) return false;
  post(JSON.stringify(data === undefined ? { action } : { action, data }));
  return true;
}

/** Forgets the remembered shell (tests, through bridge.ts resetBridge). */
export function resetShell(): void {
  simulatorFrame = null;
}
