// `pnpm dev --no-server` and the static build (VITE_MOCK_IN_BROWSER=1): the mock's core answers the API, the
// /__mock control plane, the images and the pages inside the page (the mock server's browser door), through
// msw's service worker on a path of the page's origin (config IN_BROWSER_API_PATH). Its worlds are kept in
// IndexedDB across reloads; the Lab's reset starts them afresh.
import { createBrowserDoor } from '@creator-market/mock-server/browser';
import { setupWorker } from 'msw/browser';
import { API_BASE } from '../config/hosts';
import { APP_BASE } from '../config/appBase';

/**
 * Set to true on the window once the mock answers in this page: a test driving the control plane from the
 * page (@creator-market/mock-server/playwright's static door) waits for it before its first call.
 */
export const MOCK_READY_GLOBAL = '__cmMockReady';

/** Starts the mock in the page: 'page' when this address is one of the mock's pages, which is then shown instead of the app. */
export async function startMockWorker(): Promise<'app' | 'page'> {
  const door = await createBrowserDoor({ baseUrl: API_BASE });
  if (door.isMockPage(window.location)) {
    await door.hostPage();
    return 'page';
  }
  const worker = setupWorker(...door.handlers);
  await worker.start({
    serviceWorker: { url: `${APP_BASE}creator-market-sw.js` },
    // The app's own files and anything else not of the API go to the network as usual.
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  (window as unknown as Record<string, unknown>)[MOCK_READY_GLOBAL] = true;
  console.info(`[mock] the API answers in this page at ${API_BASE} (msw service worker)`);
  return 'app';
}
