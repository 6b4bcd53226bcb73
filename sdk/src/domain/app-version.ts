// Native app version rules of SPEC.md sections 8 and 9: versions have three numeric parts compared
// numerically; a native app below the platform's minimum must update; an unknown version changes nothing.
import { MIN_APP_VERSION, type NativePlatform } from './constants.js';

export const APP_VERSION_UNKNOWN_LOG = '버전 정보를 확인할 수 없습니다.';

export const FORCED_UPDATE_DIALOG = {
  title: '필수 업데이트 안내',
  // The spec says only "version no longer supported"; this sentence is ours.
  message: '더 이상 지원하지 않는 버전이에요. 최신 버전으로 업데이트해주세요.',
  buttons: [
    { label: '업데이트', action: 'update' },
    { label: '자세히', action: 'details' },
  ],
} as const;

/** The native app's answer to getAppVersion: an object, or the legacy single string 'app build lastest'. */
export interface AppVersionInfo {
  app: string;
  build?: string;
  lastest?: string;
}

/** Reads either form; null when there is no app version in it. */
export function parseAppVersionInfo(value: unknown): AppVersionInfo | null {
  if (typeof value === 'string') {
    const [app, build, lastest] = value.trim().split(/\s+/);
    if (!app) return null;
    return { app, ...(build === undefined ? {} : { build }), ...(lastest === undefined ? {} : { lastest }) };
  }
  if (typeof value !== 'object' || value === null) return null;
  const { app, build, lastest } = value as Record<string, unknown>;
  if (typeof app !== 'string' || app.trim() === '') return null;
  return {
    app: app.trim(),
    ...(typeof build === 'string' || typeof build === 'number' ? { build: String(build) } : {}),
    ...(typeof lastest === 'string' ? { lastest } : {}),
  };
}

/** A version's three numeric parts without leading zeros ('01.2.30' → ['1', '2', '30']), or null. */
export function parseVersion(version: string): [string, string, string] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version.trim());
  if (!match) return null;
  const strip = (part: string) => part.replace(/^0+(?=\d)/, '');
  return [strip(match[1] as string), strip(match[2] as string), strip(match[3] as string)];
}

// Parts are compared as decimal strings so that any number of digits compares exactly.
function compareParts(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** -1, 0 or 1 as version a is below, equal to or above b; null when either is not three numeric parts. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 | null {
  const left = parseVersion(a);
  const right = parseVersion(b);
  if (!left || !right) return null;
  for (let index = 0; index < 3; index += 1) {
    const order = compareParts(left[index] as string, right[index] as string);
    if (order !== 0) return order as -1 | 1;
  }
  return 0;
}

export type AppVersionCheck =
  | { action: 'none' }
  | { action: 'force-update' }
  /** The version could not be read: nothing happens beyond this log line. */
  | { action: 'unknown'; log: typeof APP_VERSION_UNKNOWN_LOG };

/** What the start-up (and page-visible) version check does for a native app on `os` reporting `version`. */
export function checkAppVersion(os: string, version: unknown): AppVersionCheck {
  const info = parseAppVersionInfo(version);
  const minimum = Object.hasOwn(MIN_APP_VERSION, os) ? MIN_APP_VERSION[os as NativePlatform] : undefined;
  const order = info && minimum ? compareVersions(info.app, minimum) : null;
  if (order === null) return { action: 'unknown', log: APP_VERSION_UNKNOWN_LOG };
  return order < 0 ? { action: 'force-update' } : { action: 'none' };
}

export function needsForcedUpdate(os: string, version: unknown): boolean {
  return checkAppVersion(os, version).action === 'force-update';
}
