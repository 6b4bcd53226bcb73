// App shell: the shared UI around the page content. The route table (src/routes.tsx) replaces the kit
// page below; the sign-in wait replaces the hideSplash() call.
import { lazy, Suspense, useEffect } from 'react';
import { hideSplash } from './stores/ui';
import { navigate } from './ui/navigation';
import { UiRoot } from './ui/UiRoot';

const KitPage = lazy(() => import('./dev/KitPage'));

export function App() {
  useEffect(() => {
    hideSplash();
  }, []);

  return (
    <UiRoot onLogin={() => navigate('/auth')}>
      <Suspense fallback={null}>
        <KitPage />
      </Suspense>
    </UiRoot>
  );
}
