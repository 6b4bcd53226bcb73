// The simulator's device settings, remembered between visits.
import { DEFAULT_SHELL_SETTINGS, type ShellSettings } from './shell';

const STORAGE_KEY = 'cm.simulator.settings';

export function loadShellSettings(): ShellSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<ShellSettings> | null;
    if (!stored || typeof stored !== 'object') return DEFAULT_SHELL_SETTINGS;
    return { ...DEFAULT_SHELL_SETTINGS, ...stored, permissions: { ...DEFAULT_SHELL_SETTINGS.permissions, ...stored.permissions } };
  } catch {
    return DEFAULT_SHELL_SETTINGS;
  }
}

export function saveShellSettings(settings: ShellSettings): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // the settings last for this visit
  }
}
