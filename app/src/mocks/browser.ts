// `pnpm dev --no-server` and the static build (VITE_MOCK_IN_BROWSER=1): the mock's core answers the API, the
// /__mock control plane, the images and the pages inside the page, through msw's service worker, on a path of
// the page's origin (config IN_BROWSER_API_PATH).
import { createBrowserWorlds, createMswHandlers } from '@creator-market/mock-server/msw';
import { setupWorker } from 'msw/browser';
import { API_BASE } from '../config';

export async function startMockWorker(): Promise<void> {
  // The page's own origin is the server here: the Lab may change worlds, and pages may return to it.
  const handlers = createMswHandlers({
    baseUrl: API_BASE,
    worlds: createBrowserWorlds(),
    allowOrigins: [window.location.origin],
    allowHosts: [window.location.hostname],
  });
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    // The app's own files and anything else not of the API go to the network as usual.
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  console.info(`[mock] the API answers in this page at ${API_BASE} (msw service worker)`);
}
