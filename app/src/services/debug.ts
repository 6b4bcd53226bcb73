// The Lab of the settings screen (developer tools) shows in development, for the listed user ids, or with
// the debug flag: `?debug=1` turns it on (remembered in localStorage), `?debug=0` off.
import { LAB_USER_IDS } from '../config/lab';

export const DEBUG_STORAGE_KEY = 'cm.debug';

/** Applies a `debug` query parameter of the address to the remembered flag. */
export function rememberDebugFlag(search: string = window.location.search): void {
  const flag = new URLSearchParams(search).get('debug');
  try {
    if (flag === '1') localStorage.setItem(DEBUG_STORAGE_KEY, '1');
    else if (flag === '0') localStorage.removeItem(DEBUG_STORAGE_KEY);
  } catch {
    // without storage the flag lasts only for this address
  }
}

function debugFlagOn(): boolean {
  try {
    return localStorage.getItem(DEBUG_STORAGE_KEY) === '1';
  } catch {
    return new URLSearchParams(window.location.search).get('debug') === '1';
  }
}

export function isLabEnabled(uid: string | null | undefined): boolean {
  return import.meta.env.DEV || debugFlagOn() || (uid != null && LAB_USER_IDS.includes(uid));
}
