// The home's part in the native app: it tells the shell the main page is on screen (mainPage_loaded, the
// shell then hides its launch screen) and hosts the home bottom popup ad, which only the app shows.
import { lazy, Suspense, useEffect } from 'react';
import { isNativeShell } from '../../services/native/channel';
import { mainPageLoaded } from '../../services/native/pageActions';

// Only the app shows it, so a browser never loads its chunk (ad slot, bottom sheet).
const HomePopupAd = lazy(() => import('../../features/ads/HomePopupAd').then((m) => ({ default: m.HomePopupAd })));

export function NativeHome() {
  useEffect(() => {
    mainPageLoaded();
  }, []);
  return isNativeShell() ? (
    <Suspense fallback={null}>
      <HomePopupAd />
    </Suspense>
  ) : null;
}
