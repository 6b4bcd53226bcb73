// Where the app lives on its host. At the root ('/') everywhere but in a build with a relative base
// (`pnpm build:static`, `vite build --base ./`), which works from any folder of a static host (GitHub Pages'
// /<repo>/): there the base is found at run time, as the folder above assets/ where this module's chunk is.
// The router works below it (wouter's base); app paths ('/m/x/4') stay the same everywhere else.

/** The app's folder on its host, ending in '/'. */
export const APP_BASE: string = import.meta.env.BASE_URL.startsWith('/')
  ? import.meta.env.BASE_URL
  : new URL(/* @vite-ignore */ '../', import.meta.url).pathname;

/** The base as wouter takes it: '' at the root, '/repo' below one. */
export const ROUTER_BASE: string = APP_BASE.replace(/\/+$/, '');

/** An app path ('/m/x/4') as the path on this host ('/repo/m/x/4'); other addresses as they are. */
export function hostPath(appPath: string): string {
  return ROUTER_BASE && appPath.startsWith('/') && !appPath.startsWith('//') ? `${ROUTER_BASE}${appPath}` : appPath;
}

/** A pathname of this host as the app path it shows ('/repo/m/x/4' → '/m/x/4'). */
export function appPathname(pathname: string = window.location.pathname): string {
  if (!ROUTER_BASE) return pathname;
  if (pathname === ROUTER_BASE) return '/';
  return pathname.startsWith(`${ROUTER_BASE}/`) ? pathname.slice(ROUTER_BASE.length) : pathname;
}
