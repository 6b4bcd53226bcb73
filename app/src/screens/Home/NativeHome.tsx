// The home's part in the native app: it tells the shell the main page is on screen (mainPage_loaded, the
// shell then hides its launch screen) and hosts the home bottom popup ad, which only the app shows.
import { Suspense, useEffect } from 'react';
import { isNativeShell } from '../../services/native/channel';
import { mainPageLoaded } from '../../services/native/pageActions';
import { lazyChunk } from '../../ui/lazyChunk';
import { ScreenErrorBoundary } from '../../ui/ScreenErrorBoundary';

// Only the app shows it, so a browser never loads its chunk (ad slot, bottom sheet). Its import failed, the
// home goes on without it (loaded again once back online).
const HomePopupAd = lazyChunk<object>(() => import('../../features/ads/HomePopupAd').then((m) => ({ default: m.HomePopupAd }))).Component;

export function NativeHome() {
  useEffect(() => {
    mainPageLoaded();
  }, []);
  return isNativeShell() ? (
    <ScreenErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <HomePopupAd />
      </Suspense>
    </ScreenErrorBoundary>
  ) : null;
}
