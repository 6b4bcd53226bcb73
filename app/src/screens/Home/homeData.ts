// Every list of the home screen, requested in parallel at start (SPEC.md section 7), each with its own
// loading and error state so one failing list only hides its own section.
import type { Schemas } from '@creator-market/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '@creator-market/sdk/client';
import { firstScreenAnswer } from '../../api/earlyAnswers';
import { FIRST_BANNER_GLOBAL, HOME_FIRST_REQUESTS, type FirstBanner } from '../../api/earlyRequests';
import { loadApiClient } from '../../api/loadClient';
import { presentError } from '../../services/errors';
import { FIRST_SCREEN_WAIT_MS, useFirstViewPending } from '../../components/data/useFirstScreen';
import { useLoad, type LoadState } from '../../components/data/useLoad';
import { importOnce } from '../../lib/importOnce';
import { whenIdle } from '../../ui/idle';
import type { BELOW_FOLD_LISTS, BelowFoldList } from './belowFold';

type BelowFoldLists = typeof BELOW_FOLD_LISTS;

/** What the lists below the first view ask for (belowFold.ts, with the API client). */
const loadBelowFold = importOnce(() => import('./belowFold'));

export type Banner = Schemas['BannerItem'];

/**
 * Shuffled copy (Fisher-Yates): `sorting: random` banners are shown in a new order each visit. `first`, when
 * given, is an index already drawn uniformly (index.html's early script chose it and fetched its image): that
 * item leads and the others are shuffled behind it, so every order stays equally likely.
 */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random, first: number | null = null): T[] {
  const copy = [...items];
  const fixed = first === null ? 0 : 1;
  if (first !== null) [copy[0], copy[first]] = [copy[first] as T, copy[0] as T];
  for (let i = copy.length - 1; i > fixed; i -= 1) {
    const j = fixed + Math.floor(random() * (i + 1 - fixed));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** A call made with the API client, once its chunk is there (api/loadClient.ts). */
async function withClient<T>(call: (api: ApiClient) => Promise<T>): Promise<T> {
  const { api } = await loadApiClient();
  return call(api);
}

/** The banner index.html's early script chose to show first (api/earlyRequests.ts), once, if it is of this list. */
async function takeEarlyFirstBanner(list: readonly Banner[]): Promise<number | null> {
  const early = window as unknown as Partial<Record<typeof FIRST_BANNER_GLOBAL, Promise<FirstBanner | null>>>;
  const choice = early[FIRST_BANNER_GLOBAL];
  delete early[FIRST_BANNER_GLOBAL];
  const chosen = await choice;
  return chosen && list[chosen.index]?.bannerCover === chosen.cover ? chosen.index : null;
}

export function useHomeData() {
  const quiet = { quiet: true } as const;
  // The first screen's lists (banner, categories) are asked for at once; the recommendation lists below it
  // (all together, in parallel) once the first screen is shown: the banner image has been painted
  // (showFirstScreen, from the banner's LazyImage onSettle), there is no banner, or FIRST_SCREEN_WAIT_MS after the banner list answered. So the
  // banner image, the largest paint of the first screen, does not queue behind a dozen requests to the same
  // host and the sections' chunk. Until then the lists show their placeholders like any list that is loading.
  const [firstScreen] = useState(withResolvers);
  const [firstScreenShown, setFirstScreenShown] = useState(false);
  // The overlays' chunk and the other screens' preloads wait for the same moment (stores/ui.ts).
  useFirstViewPending(!firstScreenShown);
  // Once the main thread is then idle: starting a dozen requests and the sections' chunk in the task that
  // learns of the paint would hold back whatever the browser does next.
  const showFirstScreen = useCallback(() => {
    whenIdle(() => {
      firstScreen.resolve();
      setFirstScreenShown(true);
    });
  }, [firstScreen]);
  // The API client is a chunk of its own (api/loadClient.ts): the first lists take their early answers without
  // it when they can (firstScreenAnswer). The lists below load with it once the first view is shown: what they
  // ask for is belowFold.ts, a chunk that imports the client.
  const belowFold =
    <Name extends BelowFoldList>(name: Name) =>
    async (signal: AbortSignal): Promise<Awaited<ReturnType<BelowFoldLists[Name]>>> => {
      await firstScreen.promise;
      const { BELOW_FOLD_LISTS } = await loadBelowFold();
      return (await BELOW_FOLD_LISTS[name](signal)) as Awaited<ReturnType<BelowFoldLists[Name]>>;
    };
  const banners = useLoad(
    async (signal) => {
      const list = await firstScreenAnswer(HOME_FIRST_REQUESTS.banner, () =>
        withClient((api) => api.get('/common/v2/banner', { params: { query: { from: 'top' } }, signal })),
      );
      const first = await takeEarlyFirstBanner(list.bannerList);
      return list.sorting === 'random' ? shuffled(list.bannerList, Math.random, first) : list.bannerList;
    },
    [],
    quiet,
  );
  const bannerCount = banners.data?.length ?? 0;
  useEffect(() => {
    if (banners.loading) return;
    if (bannerCount === 0) {
      showFirstScreen();
      return;
    }
    const timer = setTimeout(showFirstScreen, FIRST_SCREEN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [banners.loading, bannerCount, showFirstScreen]);

  const lists = {
    banners,
    categories: useLoad(
      (signal) =>
        firstScreenAnswer(HOME_FIRST_REQUESTS.categories, () =>
          withClient((api) => api.get('/common/v2/seller-ctg', { params: { query: { flag: 'news' } }, signal })),
        ),
      [],
      quiet,
    ),
    topSellers: useLoad(belowFold('topSellers'), [], quiet),
    newSellers: useLoad(belowFold('newSellers'), [], quiet),
    markets: useLoad(belowFold('markets'), [], quiet),
    topCart: useLoad(belowFold('topCart'), [], quiet),
    special: useLoad(belowFold('special'), [], quiet),
    previews: useLoad(belowFold('previews'), [], quiet),
    hotKeywords: useLoad(belowFold('hotKeywords'), [], quiet),
    topSold: useLoad(belowFold('topSold'), [], quiet),
    newProducts: useLoad(belowFold('newProducts'), [], quiet),
    luckySellers: useLoad(belowFold('luckySellers'), [], quiet),
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

  return { ...lists, allFailed, reloadAll, firstScreenShown, showFirstScreen };
}

export type HomeData = ReturnType<typeof useHomeData>;

/** A promise with its resolve function (Promise.withResolvers, which ES2023 typings lack). */
function withResolvers(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
