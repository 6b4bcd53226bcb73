// What the settings' alert tests need before they run (SPEC.md section 5, "Test alerts"): a device that
// can receive alerts, and notification permission (the open alert also needs the alarm permission). The
// alerts for a device that cannot (not-supported) and for missing permission (permission-not-granted) use
// the error catalogue's texts; the latter offers the settings shortcuts.
import { catalogueEntry } from '@creator-market/sdk/domain';
import { native, type DeviceInfo, type PermissionState } from '../../services/native/bridge';
import type { Shortcut } from './ShortcutAlert';
import { hasAlarmSetting } from '../../services/native/useNativeDevice';

export type AlertReadiness = { kind: 'ready' } | { kind: 'not-supported' } | { kind: 'permission-not-granted' };

export const APP_NOTIFICATION_SETTINGS = '앱 알림 설정';
export const ALARM_SETTINGS = '알람 및 리마인더 설정'; // ours

async function permissions(names: ReadonlyArray<'notification' | 'alarm'>): Promise<PermissionState[]> {
  try {
    return await Promise.all(names.map((name) => native.getPermission(name)));
  } catch {
    return names.map(() => 'unavailable'); // the shell did not answer: no support
  }
}

function readiness(states: readonly PermissionState[]): AlertReadiness {
  if (states.some((state) => state === 'unavailable')) return { kind: 'not-supported' };
  if (states.some((state) => state !== 'granted')) return { kind: 'permission-not-granted' };
  return { kind: 'ready' };
}

/** The open-alert test: notification and alarm permission. */
export async function openAlertReadiness(): Promise<AlertReadiness> {
  return readiness(await permissions(['notification', 'alarm']));
}

/** The push-alert test: a push token and notification permission; resolves the token when ready. */
export async function pushAlertReadiness(): Promise<AlertReadiness & { deviceToken?: string }> {
  const token = await native.getDeviceToken().catch(() => null);
  if (!token) return { kind: 'not-supported' };
  const ready = readiness(await permissions(['notification']));
  return ready.kind === 'ready' ? { kind: 'ready', deviceToken: token } : ready;
}

export interface AlertText {
  title: string;
  message?: string | undefined;
}

function catalogueText(code: 'not-supported' | 'permission-not-granted'): AlertText {
  const entry = catalogueEntry(400, code);
  return { title: entry?.title ?? '', message: entry?.message };
}

export const NOT_SUPPORTED_ALERT: AlertText = catalogueText('not-supported');
export const PERMISSION_ALERT: AlertText = catalogueText('permission-not-granted');

/** The permission alert's shortcuts: app notification settings, and for the open alert on Android 12+ alarms. */
export function permissionShortcuts(forOpenAlert: boolean, device: DeviceInfo | null): Shortcut[] {
  const shortcuts: Shortcut[] = [{ label: APP_NOTIFICATION_SETTINGS, onSelect: () => native.openSetting('notifications') }];
  if (forOpenAlert && hasAlarmSetting(device)) shortcuts.push({ label: ALARM_SETTINGS, onSelect: () => native.openSetting('alarms') });
  return shortcuts;
}
