// Paged list state for offset and page-number APIs: loads page one at once, the next page whenever the
// sentinel after the last row is visible, and stops on an empty page (team decision: "an empty page ends
// the list") or when fetchPage says it is done (search: page reached pageCnt).
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLatest } from '../lib/useLatest';
import { useIntersection } from './visibility';

export interface PageRequest<T> {
  /** 1-based number of the page being asked for. */
  page: number;
  /** The last item loaded so far (its id is the next `offset`), undefined for the first page. */
  last: T | undefined;
  /** Aborted when the list is reset or unmounted. */
  signal: AbortSignal;
}

/** A page's items, or the items plus whether this was the last page. */
export type PageResult<T> = T[] | { items: T[]; done: boolean };

export interface InfiniteListOptions<T> {
  fetchPage: (request: PageRequest<T>) => Promise<PageResult<T>>;
  /** Changing it drops the loaded items and starts again from page one (new search term, filter). */
  resetKey?: unknown;
  /** While false nothing loads (e.g. until a required parameter is known). */
  enabled?: boolean;
  /** Margin around the viewport for the sentinel; default: load when the last row is visible. */
  rootMargin?: string;
}

export interface InfiniteListState<T> {
  items: T[];
  /** Pages loaded so far. */
  page: number;
  loading: boolean;
  error: unknown;
  /** No more pages. */
  done: boolean;
}

export interface InfiniteList<T> extends InfiniteListState<T> {
  /** Loading the first page (show a skeleton). */
  initialLoading: boolean;
  /** Finished with no items at all (show the empty state). */
  empty: boolean;
  loadMore: () => void;
  /** Clears the error and tries the failed page again. */
  retry: () => void;
  /** Starts over from page one. */
  reload: () => void;
  /** Local edits (remove a deleted row, move a pinned one) without reloading. */
  setItems: (update: (items: T[]) => T[]) => void;
  /** Attach to an element after the last row. */
  sentinelRef: RefObject<HTMLDivElement | null>;
}

function initialState<T>(): InfiniteListState<T> {
  return { items: [], page: 0, loading: false, error: null, done: false };
}

export function useInfiniteList<T>({ fetchPage, resetKey, enabled = true, rootMargin = '0px' }: InfiniteListOptions<T>): InfiniteList<T> {
  const [state, setState] = useState<InfiniteListState<T>>(initialState);
  // The ref is the source of truth between renders, so two triggers in one tick cannot load a page twice.
  const stateRef = useRef(state);
  const fetchRef = useLatest(fetchPage);
  const generation = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const sentinelVisible = useRef(false);
  const enabledRef = useLatest(enabled);

  const commit = useCallback((next: InfiniteListState<T>) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (!enabledRef.current || current.loading || current.done || current.error) return;
    const run = generation.current;
    const abort = new AbortController();
    controller.current = abort;
    commit({ ...current, loading: true });
    fetchRef.current({ page: current.page + 1, last: current.items[current.items.length - 1], signal: abort.signal }).then(
      (result) => {
        if (run !== generation.current) return;
        const items = Array.isArray(result) ? result : result.items;
        const lastPage = Array.isArray(result) ? false : result.done;
        const before = stateRef.current;
        commit({
          items: [...before.items, ...items],
          page: before.page + 1,
          loading: false,
          error: null,
          done: lastPage || items.length === 0,
        });
      },
      (error: unknown) => {
        if (run !== generation.current) return;
        commit({ ...stateRef.current, loading: false, error: error ?? new Error('load failed') });
      },
    );
  }, [commit, enabledRef, fetchRef]);

  const reload = useCallback(() => {
    generation.current += 1;
    controller.current?.abort();
    commit(initialState<T>());
    loadMore();
  }, [commit, loadMore]);

  const retry = useCallback(() => {
    if (!stateRef.current.error) return;
    commit({ ...stateRef.current, error: null });
    loadMore();
  }, [commit, loadMore]);

  const setItems = useCallback(
    (update: (items: T[]) => T[]) => commit({ ...stateRef.current, items: update(stateRef.current.items) }),
    [commit],
  );

  // First page, and again from the start whenever the reset key changes. A kept-alive page that is shown
  // again re-runs this effect with the same key: it keeps what it loaded (and reloads only a page that was
  // aborted while hidden) instead of starting over from page one.
  const loadedFor = useRef<{ key: unknown } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const current = stateRef.current;
    if (loadedFor.current && Object.is(loadedFor.current.key, resetKey) && current.page > 0) {
      if (current.loading) {
        commit({ ...current, loading: false });
        loadMore();
      }
    } else {
      loadedFor.current = { key: resetKey };
      reload();
    }
    return () => {
      generation.current += 1;
      controller.current?.abort();
    };
  }, [resetKey, enabled, reload, loadMore, commit]);

  useIntersection(sentinelRef, rootMargin, (visible) => {
    sentinelVisible.current = visible;
    if (visible) loadMore();
  });

  // A short page may leave the sentinel on screen: the observer will not fire again, so keep going.
  useEffect(() => {
    if (sentinelVisible.current && !state.loading) loadMore();
  }, [state, loadMore]);

  return {
    ...state,
    initialLoading: state.loading && state.items.length === 0,
    empty: state.done && state.items.length === 0,
    loadMore,
    retry,
    reload,
    setItems,
    sentinelRef,
  };
}
