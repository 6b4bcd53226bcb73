// Mounts the app-wide overlays once (status-bar strip, splash, and lazily go-to-top, toasts, dialogs, login prompt)
// around the centred app column, and applies the page background colour from the ui store.
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { firstViewShown, uiState } from '../stores/ui';
import { whenIdle } from './idle';
import { lazyChunk } from './lazyChunk';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { Splash } from './Splash';
import { StatusBarOverlay } from './StatusBarOverlay';

// Not needed for the first paint: its own chunk, fetched once the browser is idle after the splash and after
// the screen's lead image (the first screen's requests and paint go first), or as soon as a toast, dialog or
// login prompt is asked for. Its import failed (offline), the page goes on without it, and it loads again when
// the browser is back online or the next toast, dialog or login prompt is asked for.
const Overlays = lazyChunk(() => import('./Overlays')).Component;

/** The static splash of index.html. */
export const BOOT_SPLASH_ID = 'boot-splash';

/** CSS background for a page colour of the ui store ('white' default, 'none' for no fill). */
export function pageBackground(pageColor: string): string {
  if (pageColor === 'none') return 'transparent';
  if (pageColor === 'white' || pageColor === '') return '#ffffff';
  return pageColor;
}

export interface UiRootProps {
  /** Runs when the user accepts the login prompt (navigate to the login route). */
  onLogin: () => void;
  children: ReactNode;
}

export function UiRoot({ onLogin, children }: UiRootProps) {
  const ui = useSnapshot(uiState);
  const { pageColor, splash, toasts, dialogs, loginPrompt } = ui;
  const [overlays, setOverlays] = useState(false);
  if (!overlays && (toasts.length > 0 || dialogs.length > 0 || loginPrompt)) setOverlays(true);
  const shown = firstViewShown(ui);
  useEffect(() => (splash || !shown || overlays ? undefined : whenIdle(() => setOverlays(true))), [splash, shown, overlays]);

  useEffect(() => {
    document.documentElement.style.setProperty('--page-bg', pageBackground(pageColor));
  }, [pageColor]);

  // index.html paints a static copy of the splash before any script runs (first contentful paint); it goes
  // when the splash does, as the identical <Splash> below it fades out.
  useEffect(() => {
    if (!splash) document.getElementById(BOOT_SPLASH_ID)?.remove();
  }, [splash]);

  return (
    <>
      <StatusBarOverlay />
      <div className="app-column">{children}</div>
      {overlays && (
        <ScreenErrorBoundary fallback={null} retryKey={`${toasts.length} ${dialogs.length} ${loginPrompt}`}>
          <Suspense fallback={null}>
            <Overlays onLogin={onLogin} />
          </Suspense>
        </ScreenErrorBoundary>
      )}
      <Splash visible={splash} />
    </>
  );
}
