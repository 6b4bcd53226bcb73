// The home's part in the native app: it tells the shell the main page is on screen (mainPage_loaded, the
// shell then hides its launch screen) and hosts the home bottom popup ad, which only the app shows.
import { useEffect } from 'react';
import { HomePopupAd } from '../features/ads/HomePopupAd';
import { isNativeShell, native } from './bridge';

export function NativeHome() {
  useEffect(() => {
    native.mainPageLoaded();
  }, []);
  return isNativeShell() ? <HomePopupAd /> : null;
}
