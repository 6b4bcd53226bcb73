// A chunk (a screen's, or a part's loaded later) that did not load. Offline (or the server out of reach),
// the error boundary says so and the chunk loads again on '다시 시도' or when the browser is back online. But a tab left open across a
// deploy asks for chunk names that no longer exist: no retry can load them, only a fresh page (with the new
// index.html) can. So when the server answers but the import still failed, the page reloads once; a second
// failure within RELOAD_GUARD_MS of that reload shows the boundary instead (no reload loop).
import { pageNavigation } from './pageNavigation';
import { APP_BASE } from '../config/appBase';

export const CHUNK_RELOAD_KEY = 'cm.chunkReloadAt';
/** A reload for a missing chunk happens at most once in this long (session storage remembers when). */
export const RELOAD_GUARD_MS = 60_000;

/** The address a failed dynamic import names (Chromium and Firefox put it at the end of the message). */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const match = /(https?:\/\/\S+|\/\S+\.(?:m?js|css))\s*$/.exec(message);
  return match?.[1] ?? null;
}

function reloadedRecently(at: number): boolean {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY));
    return last > 0 && at - last < RELOAD_GUARD_MS;
  } catch {
    return true; // no session storage: no guard, so no reload
  }
}

/** Whether the server answers for `url` (any status): false when the network is down. */
async function serverAnswers(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

let checking: Promise<void> | null = null;

/**
 * A chunk's import failed: when the browser is online and the server answers (the chunk is missing, not
 * the network), reload the page, unless this tab did so less than RELOAD_GUARD_MS ago. Resolves when decided.
 */
export function chunkImportFailed(error: unknown): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  checking ??= (async () => {
    try {
      const url = failedModuleUrl(error) ?? `${window.location.origin}${APP_BASE}`;
      if (!(await serverAnswers(url))) return;
      const at = Date.now();
      if (reloadedRecently(at)) return;
      sessionStorage.setItem(CHUNK_RELOAD_KEY, String(at));
      pageNavigation.reload();
    } finally {
      checking = null;
    }
  })();
  return checking;
}
