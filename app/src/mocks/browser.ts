// `pnpm dev --no-server` (VITE_MOCK_IN_BROWSER=1): the mock server's own handlers answer the API inside the
// page through msw's service worker, on a path of the page's origin (config IN_BROWSER_API_PATH).
// The sign-in pages are page navigations, which a service worker does not answer: see ./signInControl.
import { createBrowserWorlds, createMswHandlers } from '@creator-market/mock-server/msw';
import { setupWorker } from 'msw/browser';
import { API_BASE } from '../config';
import { signInControlHandlers } from './signInControl';

export async function startMockWorker(): Promise<void> {
  const handlers = createMswHandlers({ baseUrl: API_BASE, worlds: createBrowserWorlds() });
  const worker = setupWorker(...handlers, ...signInControlHandlers(handlers));
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    // Images, the app's own files and anything else not of the API go to the network as usual.
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  console.info(`[mock] the API answers in this page at ${API_BASE} (msw service worker)`);
}
