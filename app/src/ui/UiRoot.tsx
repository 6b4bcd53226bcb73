// Mounts the app-wide overlays once (status-bar strip, splash, and lazily go-to-top, toasts, dialogs, login prompt)
// around the centred app column, and applies the page background colour from the ui store.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../stores/ui';
import { Splash } from './Splash';
import { StatusBarOverlay } from './StatusBarOverlay';

// Not needed for the first paint: its own chunk, fetched while the first screen renders.
const Overlays = lazy(() => import('./Overlays'));

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
  const { pageColor, splash } = useSnapshot(uiState);

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
      <Suspense fallback={null}>
        <Overlays onLogin={onLogin} />
      </Suspense>
      <Splash visible={splash} />
    </>
  );
}
