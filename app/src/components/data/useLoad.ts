// One request (or a few in parallel) behind a screen part: loading, data, error and retry. A failure goes
// through presentError (the catalogue decides whether anything is shown) and leaves `error` set so the part
// can show its error state. Kept-alive pages (React <Activity>) re-run their effects when shown again; a
// load that already finished for the same inputs is not repeated then.
import { startTransition, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type DependencyList } from 'react';
import { presentError } from '../../services/errors';

export interface LoadState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again (retry after an error, refresh). */
  reload: () => void;
}

export interface LoadOptions {
  /** operationId of the call, for the catalogue's operation rules (silent sections, notFound ...). */
  operation?: string;
  /** While false nothing loads. */
  enabled?: boolean;
  /** Do not show the failure (the caller shows one error for several parts). */
  quiet?: boolean;
}

function sameInputs(a: DependencyList | null, b: DependencyList): boolean {
  return a !== null && a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList, options: LoadOptions = {}): LoadState<T> {
  const { operation, enabled = true, quiet = false } = options;
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: null,
    loading: enabled,
  });
  const [round, setRound] = useState(0);
  const loadNow = useEffectEvent((signal: AbortSignal) => load(signal));
  const finishedFor = useRef<DependencyList | null>(null);
  const inputs = [...deps, enabled, round];

  useEffect(() => {
    if (!enabled || sameInputs(finishedFor.current, inputs)) return;
    finishedFor.current = null;
    const controller = new AbortController();
    setState((previous) => ({ data: previous.data, error: null, loading: true }));
    loadNow(controller.signal).then(
      // An answer is rendered as a transition: React renders it in slices with the browser free to paint
      // and respond in between, where a screen with a dozen arriving lists would render each in one long
      // task (the main thread's blocking time on a slow phone, scripts/budgets/lighthouse.mjs).
      (data) => {
        if (controller.signal.aborted) return;
        finishedFor.current = inputs;
        startTransition(() => setState({ data, error: null, loading: false }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        finishedFor.current = inputs;
        startTransition(() => setState({ data: undefined, error: error ?? new Error('load failed'), loading: false }));
        if (!quiet) void presentError(error, operation === undefined ? {} : { operation });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what the load depends on
  }, inputs);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  // The same object until the state changes, so a memoised part that takes it skips unrelated re-renders.
  return useMemo(() => ({ ...state, reload }), [state, reload]);
}
