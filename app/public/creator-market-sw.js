/* The app's service worker in the browser-only mode (`pnpm dev --no-server`, `pnpm build:static`): msw's own
 * worker (mockServiceWorker.js), which hands the page's API requests to the mock's core running in the page,
 * and the page navigations msw leaves alone:
 * - a navigation to one of the mock's pages (below __api/: sign-in, payment, seller centre) gets the app's
 *   index.html, and the app shows that page there (@creator-market/mock-server's browser door); a POST (a
 *   payment form) becomes a GET carrying its form in the fragment;
 * - a navigation a static host answers 404 (an app route such as /m/mallang_studio/4 on a host without a
 *   fallback to index.html) gets index.html too.
 * The index.html given so names the app's folder (this worker's scope) in a <base>: a build with a relative
 * base (`pnpm build:static`) links its files as ./assets/..., which must not resolve against a deeper path.
 */
// msw's worker unregisters itself when the last page it serves closes (its CLIENT_CLOSED message): a reload
// or a page load of the app's own address closes that page first, and the next navigation, to a deeper app
// route, then reaches the static host without this worker, which answers 404. Here the worker is the
// server: it stays registered.
Object.defineProperty(self.registration, 'unregister', { value: () => Promise.resolve(false) });
importScripts('./mockServiceWorker.js');

const scope = new URL(self.registration.scope);
const mockPages = new URL('__api/', scope).pathname;

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  event.respondWith(navigation(request, url));
});

async function appPage() {
  const page = await fetch(new URL('index.html', scope), { cache: 'no-cache' });
  if (!page.ok) return page;
  const html = (await page.text()).replace(/<head>/i, (head) => `${head}<base href="${scope.href}">`);
  return new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

async function navigation(request, url) {
  if (url.pathname.startsWith(mockPages)) {
    if (request.method !== 'POST') return appPage();
    const form = await request.text();
    return Response.redirect(`${url.href.split('#')[0]}#__mockForm=${encodeURIComponent(form)}`, 303);
  }
  try {
    const response = await fetch(request);
    if (response.status !== 404) return response;
  } catch {
    // Offline: the app's page, if the browser has it, shows its own offline state.
  }
  return appPage();
}
