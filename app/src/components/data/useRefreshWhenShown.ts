// Fetches a screen's data again when its tab is shown again: what the user did in another tab (the mock
// seller centre's '결제 확인', a bank transfer, a real backend's change) shows when they come back, without
// a reload. A kept-alive page that is hidden (React <Activity>) has no effects, so only the page on screen
// refreshes.
import { useEffect, useEffectEvent } from 'react';

export function useRefreshWhenShown(refresh: () => void): void {
  const refreshNow = useEffectEvent(refresh);
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refreshNow();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
}
