// Lazy chunks (every screen, and the parts loaded later: the overlays, the home's sections, its popup ad) that
// can be loaded again. React.lazy keeps a failed import for good (every later render throws the same error),
// so one failed chunk request (offline for a moment) would leave its part broken until a reload. Each chunk
// here is a stable component over a React.lazy that is replaced once the import works again: on any later
// successful `load()` (the router's, a tap's preload) and on retryFailedChunks (the error boundary's
// '다시 시도', the browser's `online` event). A failed import is also reported to services/chunkFailure.ts,
// which reloads the page once when the chunk is gone (a deploy).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { chunkImportFailed } from '../services/chunkFailure';

export type LoadChunk<P extends object = object> = () => Promise<{ default: ComponentType<P> }>;

export interface LazyChunk<P extends object = object> {
  /** Renders the chunk's component (suspends while it loads; throws, for the error boundary, when it failed). */
  Component: ComponentType<P>;
  /** Fetches the chunk without rendering it (the same import the component makes). */
  load: LoadChunk<P>;
  /** Whether the chunk is there (the component renders without suspending). */
  loaded: () => boolean;
}

/** Loads each chunk whose import failed again (a promise of it, or nothing to wait for). */
const retries = new Set<() => unknown>();

/**
 * Imports every chunk whose import failed again and replaces its lazy component, so its next render shows
 * it (or, failed again, throws anew); resolves when the imports have settled.
 */
export async function retryFailedChunks(): Promise<void> {
  await Promise.allSettled([...retries].map((retry) => retry()));
}

/**
 * A lazy chunk that renders at once when it is already there (`load` done before): given a pending promise,
 * React.lazy suspends even for a loaded module, and a page revealed after its fallback waits out React's
 * 300 ms fallback throttle. A thenable that answers synchronously lets lazy resolve on the spot.
 */
export function lazyChunk<P extends object = object>(importChunk: LoadChunk<P>): LazyChunk<P> {
  type Module = Awaited<ReturnType<LoadChunk<P>>>;
  let loaded: Module | undefined;
  /** The last import failed. */
  let failed = false;
  /** The current React.lazy rendered a failed import: it will throw that error on every render. */
  let broken = false;

  const makeLazy = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      loaded
        ? now(loaded)
        : load().catch((error: unknown) => {
            broken = true;
            throw error;
          }),
    );
  let current = makeLazy();
  /** A fresh React.lazy in place of a broken one (it resolves at once when the chunk is loaded). */
  const renew = () => {
    if (!broken) return;
    broken = false;
    current = makeLazy();
  };

  const load: LoadChunk<P> = () =>
    importChunk().then(
      (module) => {
        loaded = module;
        failed = false;
        renew();
        return module;
      },
      (error: unknown) => {
        failed = true;
        void chunkImportFailed(error);
        throw error;
      },
    );

  // A retry that fails again keeps the broken lazy: its render throws at once (the message stays, no spinner
  // and no second import); one that works renews it in `load`.
  retries.add(() => {
    if (loaded) renew();
    else if (failed) return load();
  });

  function LazyChunk(props: P) {
    const Current = current as ComponentType<P>;
    return <Current {...props} />;
  }
  return { Component: LazyChunk, load, loaded: () => loaded !== undefined };
}

/** A thenable that hands React.lazy the module synchronously (typed as the promise lazy expects). */
function now<T>(module: T): Promise<T> {
  return { then: (resolve: (value: T) => void) => resolve(module) } as unknown as Promise<T>;
}
