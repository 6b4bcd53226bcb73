// A tap starts what the next screen needs (routeData.ts): its chunk as the finger comes down on a link, and
// its chunk and first data together once the app navigates there (links, the tab bar, buttons, back). Only
// the listeners are start code: what they do is routeData.ts's chunk, asked for once the page has loaded,
// its first screen shows its first view and the browser is idle, or at the first tap, so a navigation finds
// it there; the other screens' imports (screenImports.ts) come with it.
import { importOnce } from '../lib/importOnce';
import { whenFirstViewShown } from '../stores/ui';
import { whenIdle } from '../ui/idle';
import { loadScreenImports } from './routes';

/** routeData.ts. */
export const loadRouteData = importOnce(() => import('./routeData'));

/** Listens for the taps and navigations that start preloads (main.tsx, once). */
export function startTapPreloads(): void {
  const ignore = () => undefined;
  /** routeData.ts, with the other screens' imports (the chunk it fetches first) asked for alongside. */
  const loadBoth = () => {
    loadScreenImports().catch(ignore);
    return loadRouteData();
  };
  document.addEventListener('pointerdown', (event) => void loadBoth().then((data) => data.pointerDown(event), ignore), {
    capture: true,
    passive: true,
  });
  // wouter's browser location (lib/navigation.ts) sends 'pushState' after each history.pushState.
  const navigated = () => void loadBoth().then((data) => data.navigated(), ignore);
  window.addEventListener('pushState', navigated);
  window.addEventListener('popstate', navigated);
  // Unasked, they wait for the first screen too: its lead image is the page's largest paint.
  const later = () => whenFirstViewShown(() => void whenIdle(() => void loadBoth().catch(ignore)));
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
