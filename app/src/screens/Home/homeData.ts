// Every list of the home screen, requested in parallel at start (SPEC.md section 7), each with its own
// loading and error state so one failing list only hides its own section.
import type { Schemas } from '@creator-market/sdk';
import { HOME_PREVIEW_MAX_ITEMS } from '@creator-market/sdk/domain';
import { useEffect, useRef } from 'react';
import { api } from '../../api/client';
import { presentError } from '../../app/errors';
import { useLoad, type LoadState } from '../../features/data/useLoad';
import { loadOpenedMarkets } from '../../features/market-card/openedMarkets';

export type Banner = Schemas['BannerItem'];

/** Shuffled copy (Fisher-Yates): `sorting: random` banners are shown in a new order each visit. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

export function useHomeData() {
  const quiet = { quiet: true } as const;
  const lists = {
    banners: useLoad(async (signal) => {
      const list = await api.get('/common/v2/banner', { params: { query: { from: 'top' } }, signal });
      return list.sorting === 'random' ? shuffled(list.bannerList) : list.bannerList;
    }, [], quiet),
    categories: useLoad((signal) => api.get('/common/v2/seller-ctg', { params: { query: { flag: 'news' } }, signal }), [], quiet),
    topSellers: useLoad((signal) => api.get('/common/v2/seller', { params: { query: { from: 'top' } }, signal }), [], quiet),
    newSellers: useLoad((signal) => api.get('/common/v2/seller', { params: { query: { from: 'new' } }, signal }), [], quiet),
    markets: useLoad(() => loadOpenedMarkets(), [], quiet),
    topCart: useLoad((signal) => api.get('/common/v2/product', { params: { query: { from: 'topcart' } }, signal }), [], quiet),
    special: useLoad((signal) => api.get('/common/v2/product', { params: { query: { from: 'special' } }, signal }), [], quiet),
    previews: useLoad(
      async (signal) => (await api.get('/common/v2/preview', { signal })).slice(0, HOME_PREVIEW_MAX_ITEMS),
      [],
      quiet,
    ),
    hotKeywords: useLoad((signal) => api.get('/common/v2/search-keyword', { signal }), [], quiet),
    topSold: useLoad((signal) => api.get('/common/v2/product', { params: { query: { from: 'topsold' } }, signal }), [], quiet),
    newProducts: useLoad((signal) => api.get('/common/v2/new-product', { signal }), [], quiet),
    luckySellers: useLoad((signal) => api.get('/common/v2/seller', { params: { query: { from: 'lucky' } }, signal }), [], quiet),
  };

  const states: LoadState<unknown>[] = Object.values(lists);
  const loading = states.some((state) => state.loading);
  const errors = states.map((state) => state.error).filter((error) => error !== null);
  const allFailed = !loading && errors.length === states.length;

  // A failing section only disappears (SPEC.md section 8); the first failure of a round is still shown once
  // through the catalogue, so that e.g. a lost connection is not silent.
  const shownError = useRef<unknown>(null);
  const firstError = errors[0] ?? null;
  useEffect(() => {
    if (firstError === null || shownError.current !== null) return;
    shownError.current = firstError;
    void presentError(firstError);
  }, [firstError]);

  const reloadAll = () => {
    shownError.current = null;
    for (const state of states) state.reload();
  };

  return { ...lists, allFailed, reloadAll };
}

export type HomeData = ReturnType<typeof useHomeData>;
