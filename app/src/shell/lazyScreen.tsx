// Lazy screens that can be loaded again. React.lazy keeps a failed import for good (every later render
// throws the same error), so one failed chunk request (offline for a moment) would leave the page broken until
// a reload. Each screen here is a stable component over a React.lazy that retryFailedScreens replaces when its
// import failed: the error boundary's '다시 시도' and the browser's `online` event load it afresh. A failed
// import is also reported to chunkFailure.ts, which reloads the page once when the chunk is gone (a deploy).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { screenImportFailed } from './chunkFailure';

export type LoadScreen = () => Promise<{ default: ComponentType }>;
export type Screen = ComponentType;

const resets = new Set<() => Promise<unknown>>();

/**
 * Imports every screen whose import failed again and replaces its lazy component, so its next render shows
 * it (or, failed again, throws anew); resolves when the imports have settled.
 */
export async function retryFailedScreens(): Promise<void> {
  await Promise.allSettled([...resets].map((reset) => reset()));
}

/**
 * A lazy screen that renders at once when its chunk is already there (`load` done before): given a pending
 * promise, React.lazy suspends even for a loaded module, and a page revealed after its fallback waits out
 * React's 300 ms fallback throttle. A thenable that answers synchronously lets lazy resolve on the spot.
 */
export function lazyScreen(importScreen: LoadScreen): { Screen: Screen; load: LoadScreen; loaded: () => boolean } {
  let loaded: Awaited<ReturnType<LoadScreen>> | undefined;
  let failed = false;
  const load: LoadScreen = () =>
    importScreen().then(
      (module) => {
        loaded = module;
        failed = false;
        return module;
      },
      (error: unknown) => {
        failed = true;
        void screenImportFailed(error);
        throw error;
      },
    );
  const now = (module: NonNullable<typeof loaded>) => ({ then: (resolve: (value: typeof module) => void) => resolve(module) });
  const makeLazy = (): LazyExoticComponent<ComponentType> =>
    lazy(() => (loaded ? (now(loaded) as unknown as ReturnType<LoadScreen>) : load()));
  let current = makeLazy();
  resets.add(() => {
    if (loaded || !failed) return Promise.resolve();
    failed = false;
    current = makeLazy();
    return load();
  });
  function LazyScreen(props: object) {
    const Current = current;
    return <Current {...props} />;
  }
  return { Screen: LazyScreen, load, loaded: () => loaded !== undefined };
}
