// App shell: the shared UI (UiRoot) around the page area. The splash stays until the sign-in state is
// known (SPEC.md section 4, "wait for sign-in state once before mounting"); then the router mounts.
import { lazy, Suspense, useEffect } from 'react';
import { startLogin } from '../services/login';
import { Router } from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { routeParser } from './routeParser';
import { RouterView } from './RouterView';
import { isNativeShell } from '../services/native/channel';
import { initSession, useSession } from '../stores/session';
import { hideSplash } from '../stores/ui';
import { UiRoot } from '../ui/UiRoot';
import { ROUTER_BASE } from '../config/appBase';

/**
 * The location as wouter's Link and useLocation read it: the current path, without subscribing to its
 * changes. wouter's own hook subscribes every Link to the location, so each navigation re-rendered every
 * link of the page on screen at once (hundreds of home cards: a long task at each tap, before the next
 * screen could ask for its data). Only the route view follows the path (RouterView.tsx); a page's screen
 * is mounted anew when its path changes, and `useSearch` keeps wouter's own subscription.
 */
function usePathSnapshot(): [string, typeof browserNavigate] {
  return [window.location.pathname, browserNavigate];
}

// The UI kit's showcase, for development only (not a route of the product).
const KitPage = import.meta.env.DEV ? lazy(() => import('../dev/KitPage')) : null;

export function App() {
  const { ready } = useSession();

  useEffect(() => {
    void initSession().then(hideSplash);
  }, []);
  useEffect(() => {
    // The native shell's start (update check, alarms, device registration) is its own chunk: a browser
    // never loads it.
    if (!isNativeShell()) return;
    let stop: (() => void) | null = null;
    let active = true;
    void import('./appStart').then(({ startNativeShell }) => {
      if (active) stop = startNativeShell();
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);

  const showKit = KitPage !== null && window.location.pathname === '/__kit';
  return (
    <UiRoot onLogin={startLogin}>
      {showKit ? (
        <Suspense fallback={null}>
          <KitPage />
        </Suspense>
      ) : (
        ready && (
          <Router parser={routeParser} base={ROUTER_BASE} hook={usePathSnapshot}>
            <RouterView />
          </Router>
        )
      )}
    </UiRoot>
  );
}
