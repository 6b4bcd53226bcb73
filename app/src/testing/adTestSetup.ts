// The set-up every ad test shares: a fresh screen state and popup ad, a Korean browser, no simulated native
// shell left behind, and the ad requests each test sends, recorded as their query.
import { afterEach, beforeEach, vi } from 'vitest';
import { API_BASE } from '../config/hosts';
import { resetHomePopupAd } from '../features/ads/HomePopupAd';
import type { setupMockApi } from './testServer';
import { removeSimulatedShell } from './simulatedShell';
import { resetScreenState } from './screenHarness';

const AD_REQUEST = `${API_BASE}/ads/request`;

/** Registers the hooks; returns the current test's ad requests (emptied before each test), as their query. */
export function setupAdTests(server: ReturnType<typeof setupMockApi>): Record<string, string>[] {
  const requests: Record<string, string>[] = [];
  const onRequest = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.href.startsWith(AD_REQUEST)) requests.push(Object.fromEntries(url.searchParams));
  };
  beforeEach(() => {
    resetScreenState();
    resetHomePopupAd();
    requests.length = 0;
    server.events.on('request:start', onRequest);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ko-KR');
  });
  afterEach(() => {
    server.events.removeListener('request:start', onRequest);
    removeSimulatedShell();
  });
  return requests;
}
