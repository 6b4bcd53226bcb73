// The app-wide drawers of SPEC.md (cart, alarm) and screen-local ones, open by name in the ui store.
import { TIMING } from '@creator-market/sdk/domain';
import { uiState } from './ui';

/** The app-wide drawers of SPEC.md plus any screen-local drawer name. */
export type DrawerName = 'cart' | 'alarm' | (string & {});

const lastDrawerClickAt = new Map<string, number>();

/**
 * One open or close per drawer every 200 ms (SPEC.md section 9, drawer click throttle): the second tap
 * of a double tap, or the click that lands on the fresh backdrop, changes nothing.
 */
function acceptDrawerClick(name: string): boolean {
  const now = Date.now();
  const last = lastDrawerClickAt.get(name);
  if (last !== undefined && now - last < TIMING.drawerClickThrottleMs) return false;
  lastDrawerClickAt.set(name, now);
  return true;
}

export function openDrawer(name: DrawerName, params: Record<string, string> = {}): void {
  if (uiState.drawers[name] || !acceptDrawerClick(name)) return;
  uiState.drawers[name] = { params };
}

export function closeDrawer(name: DrawerName): void {
  if (!uiState.drawers[name] || !acceptDrawerClick(name)) return;
  delete uiState.drawers[name];
}

/** Forgets the last clicks (for tests, with resetUiState). */
export function resetDrawers(): void {
  lastDrawerClickAt.clear();
}
