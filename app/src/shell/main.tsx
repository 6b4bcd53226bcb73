import { hostRedirect } from '@creator-market/sdk/domain';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { takeNotedProviderReturn, watchRestoredReturn } from '../services/providerReturn';
import { ScreenErrorBoundary } from '../ui/ScreenErrorBoundary';
import { navigate } from '../lib/navigation';
import { HOSTS } from '../config/hosts';
import { loadScreen } from './routes';
import { startTapPreloads } from './preload';
import { initSession } from '../stores/session';
import '../styles/global.css';
import { appPathname } from '../config/appBase';

async function start(): Promise<void> {
  // www and staging hosts go to the production address before anything loads (SPEC.md section 2).
  const moved = hostRedirect(window.location.href, HOSTS);
  if (moved !== null) {
    window.location.replace(moved);
    return;
  }
  // Back from a sign-in or payment provider: step back over its pages first (their entries are not kept).
  // (Should the step back not happen, the return is shown here after all: start again.)
  if ((await takeNotedProviderReturn(() => void start())) === 'leaving') return;
  watchRestoredReturn((address) => navigate(address, { replace: true }));
  // The router restores scroll positions itself (by path, SPEC.md section 2).
  window.history.scrollRestoration = 'manual';

  // Written out (not config's MOCK_IN_BROWSER) so a production build drops the mock and its chunk entirely.
  if (import.meta.env.VITE_MOCK_IN_BROWSER === '1') {
    const { startMockWorker } = await import('../mocks/browser');
    // A mock page (sign-in, payment) shows itself instead of the app.
    if ((await startMockWorker()) === 'page') return;
  }

  // The page's screen is fetched before the first render (index.html's splash shows meanwhile), while the
  // sign-in state is looked up: the router then shows it at once instead of suspending on its chunk.
  void initSession();
  startTapPreloads();
  await loadScreen(appPathname());

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // As a transition, the first render is done in slices with the browser free in between (index.html's
  // splash is on screen meanwhile), rather than as one long task on a slow phone.
  startTransition(() => {
    root.render(
      <StrictMode>
        <ScreenErrorBoundary>
          <App />
        </ScreenErrorBoundary>
      </StrictMode>,
    );
  });
}

void start();
