// The native device for components (null on the web and until the shell answers).
import { LIMITS } from '@creator-market/sdk/domain';
import { useEffect, useState } from 'react';
import { nativeDevice, type DeviceInfo } from './bridge';

export function useNativeDevice(): DeviceInfo | null {
  const [device, setDevice] = useState<DeviceInfo | null>(null);
  useEffect(() => {
    let active = true;
    void nativeDevice().then((info) => {
      if (active) setDevice(info);
    });
    return () => {
      active = false;
    };
  }, []);
  return device;
}

/** Android 12 and later have the 'alarms and reminders' setting (SPEC.md sections 2 and 9). */
export function hasAlarmSetting(device: DeviceInfo | null): boolean {
  if (device?.os !== 'android') return false;
  const major = Number.parseInt(device.osVersion, 10);
  return Number.isFinite(major) && major >= LIMITS.androidAlarmSettingMinVersion;
}
