// Push device registration (SPEC.md section 7): inside the native app a signed-in account registers the
// device's push token with POST /device/add, only when GET /device does not list it yet. Neither call shows
// an error dialog (the list's failure is handled here; addDevice is silent in the error catalogue).
import { api } from '../../api/client';
import { presentError } from '../errors';
import { isSignedIn } from '../../stores/session';
import { isNativeShell, native, nativeDevice } from './bridge';

export type DeviceRegistration = 'added' | 'known' | 'skipped' | 'failed';

export async function registerDevice(): Promise<DeviceRegistration> {
  if (!isNativeShell() || !isSignedIn()) return 'skipped';
  const [token, device] = await Promise.all([native.getDeviceToken().catch(() => null), nativeDevice()]);
  if (!token || !device) return 'skipped';
  let devices;
  try {
    devices = await api.get('/device');
  } catch (error) {
    console.warn('기기 목록을 불러오지 못했어요', error);
    return 'failed';
  }
  if (devices.some((known) => known.deviceToken === token)) return 'known';
  try {
    await api.post('/device/add', { body: { name: device.model, os: device.os, deviceToken: token } });
  } catch (error) {
    void presentError(error, { operation: 'addDevice' });
    return 'failed';
  }
  return 'added';
}
