// The page area of the app: picks the page for the location (shell/routing.ts decides redirects and the
// login guard), keeps the last 5 keep-alive pages mounted but hidden (React <Activity>, least recently
// used evicted), remembers scroll positions by path, sets the chrome of the route (go-to-top, bottom tab,
// gradient background) and sends a screen_view on every navigation.
import { KEEP_ALIVE_MAX, type RouteMatch } from '@creator-market/sdk/domain';
import { Activity, memo, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Switch, useSearch } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { loadScreen, NotFoundScreen, ROUTE_ELEMENTS, screenLoaded } from './routes';
import { useSession } from '../stores/session';
import { setBottomTab, setFloatingButton } from '../stores/ui';
import { BottomTab, type BottomTabName } from '../ui/BottomTab';
import { navigate, stepBack } from '../lib/navigation';
import { Spinner } from '../ui/Spinner';
import { track } from '../services/analytics';
import { lastNavigationKind } from '../services/history';
import { requireLogin } from '../services/login';
import { clearNotFound, notFoundState } from '../services/notFound';
import { openExternal } from '../services/platform';
import { pageNavigation } from '../services/pageNavigation';
import { appPathname } from '../config/appBase';
import { decideRoute } from './routing';
import { ScreenMounted } from '../ui/ScreenMounted';
import { ScreenErrorBoundary } from '../ui/ScreenErrorBoundary';
import { setKeptPages } from './keptPages';
import { savedScrollPosition, saveScrollPosition, scrollToRestored } from '../services/scrollMemory';
import styles from './RouterView.module.css';

interface Page {
  /** Pathname and query: the keep-alive and scroll key (the hash only selects within a page). */
  key: string;
  pathname: string;
  match: RouteMatch;
  /** Order of first display: kept pages render in a stable order so React never moves their DOM. */
  order: number;
}

const TAB_PATHS: Record<BottomTabName, string> = { home: '/', my: '/my/user', cart: '/cart' };

/** The pages of the page area: React state, replaced (never mutated) when the location shows another page. */
interface Pages {
  /** The page on screen (null before the first). */
  shown: Page | null;
  /** The keep-alive pages, least recently used first (at most KEEP_ALIVE_MAX). */
  kept: readonly Page[];
  nextOrder: number;
}

const NO_PAGES: Pages = { shown: null, kept: [], nextOrder: 0 };

/**
 * The pages once `key` is shown: its kept page when there is one, else the page shown (same key) or a new one;
 * a keep-alive page becomes the most recent of the kept ones (the least recent beyond the limit is evicted),
 * and a page replaced by Not found is not kept, so coming back loads it afresh. The same object when nothing changes.
 */
function showPage(pages: Pages, page: Omit<Page, 'order'>, notFoundKey: string | null): Pages {
  const keepAlive = page.match.route.meta.keepAlive;
  const cached = keepAlive ? pages.kept.find((kept) => kept.key === page.key) : undefined;
  const fresh = !cached && pages.shown?.key !== page.key;
  const shown = cached ?? (fresh || !pages.shown ? { ...page, order: pages.nextOrder } : pages.shown);
  let kept = keepAlive ? [...pages.kept.filter((other) => other.key !== page.key), shown].slice(-KEEP_ALIVE_MAX) : [...pages.kept];
  if (notFoundKey === shown.key) kept = kept.filter((other) => other.key !== notFoundKey);
  const nextOrder = fresh ? pages.nextOrder + 1 : pages.nextOrder;
  const unchanged =
    shown === pages.shown &&
    nextOrder === pages.nextOrder &&
    kept.length === pages.kept.length &&
    kept.every((other, index) => other === pages.kept[index]);
  return unchanged ? pages : { shown, kept, nextOrder };
}

export function PageLoading() {
  return (
    <div className={styles.loading}>
      <Spinner size={32} />
    </div>
  );
}

/**
 * A page's screen (null: Not found); a screen that cannot render (its chunk failed to load) shows the
 * boundary's retry instead. Memoised: a navigation, or a kept page hidden or shown, renders the route view,
 * not the page's whole screen.
 */
const PageSwitch = memo(function PageSwitch({ pathname }: { pathname: string | null }) {
  return (
    <ScreenErrorBoundary appBar>
      <Suspense fallback={<PageLoading />}>
        <ScreenMounted>{pathname === null ? <NotFoundScreen /> : <Switch location={pathname}>{ROUTE_ELEMENTS}</Switch>}</ScreenMounted>
      </Suspense>
    </ScreenErrorBoundary>
  );
});

/** A keep-alive page: mounted while in the cache, visible only when current (effects pause while hidden). */
const KeptPage = memo(function KeptPage({ page, active }: { page: Page; active: boolean }) {
  return (
    <Activity mode={active ? 'visible' : 'hidden'}>
      <PageSwitch pathname={page.pathname} />
    </Activity>
  );
});

export function RouterView() {
  // The one subscriber to the path (App.tsx gives the rest of the app a location read without one).
  const pathname = appPathname(useBrowserLocation()[0]);
  const query = useSearch();
  const search = query ? `?${query}` : '';
  const { token } = useSession();
  const notFound = useSnapshot(notFoundState);

  const [pages, setPages] = useState<Pages>(NO_PAGES);

  const decision = decideRoute({
    pathname,
    search,
    hash: window.location.hash,
    signedIn: token !== null,
    firstNavigation: pages.shown === null,
  });

  // A page whose screen is not loaded yet waits for it with the last page on screen (and the app bar and tab
  // bar) instead of a blank fallback; once its chunk has come, or failed (its boundary then says so), it
  // shows, with its app bar and skeleton until its data comes.
  const [settled, setSettled] = useState<string | null>(null);
  // Forgotten once the location moves on: coming back to a screen whose chunk failed waits for it again.
  if (settled !== null && settled !== pathname) setSettled(null);
  const waiting = decision.kind === 'show' && pages.shown !== null && settled !== pathname && !screenLoaded(pathname);
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    void loadScreen(pathname).then(() => {
      if (live) setSettled(pathname);
    });
    return () => {
      live = false;
    };
  }, [waiting, pathname]);

  // The page to show: this location's, or, while its screen loads, a redirect or a cancelled navigation
  // settles, the last one. A change is stored while rendering (React re-renders at once with it, before
  // anything is committed).
  const next =
    decision.kind === 'show' && !waiting
      ? showPage(pages, { key: `${pathname}${search}`, pathname, match: decision.match }, notFound.path)
      : pages;
  if (next !== pages) setPages(next);
  const current = next.shown;
  const showingNotFound = current !== null && notFound.path === current.key;

  // Redirects and cancelled navigations.
  useLayoutEffect(() => {
    if (decision.kind === 'show') return;
    if (decision.kind === 'redirect') {
      navigate(decision.to, { replace: true });
      return;
    }
    const previous = pages.shown;
    const cancel = () => {
      if (previous === null) navigate('/', { replace: true });
      else if (lastNavigationKind() === 'push') stepBack();
      else navigate(previous.key, { replace: true });
    };
    if (decision.kind === 'external') {
      // Opened as the first page (a link from outside): no tab to keep, go there.
      if (previous === null) pageNavigation.replace(decision.url);
      else {
        openExternal(decision.url);
        cancel();
      }
      return;
    }
    cancel();
    void requireLogin(decision.redirectPath, { direct: decision.direct });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per location: `decision` and the page shown derive from it
  }, [pathname, search, decision.kind]);

  // The kept pages, for the preloads (their data is on screen: a tap back to one asks for nothing).
  const keptKeys = next.kept.map((kept) => kept.key).join('\n');
  useLayoutEffect(() => setKeptPages(keptKeys ? keptKeys.split('\n') : []), [keptKeys]);

  // Scroll: remember the position of the page being left, restore the one of the page shown, else top.
  const scrollKey = useRef<string | null>(null);
  const lastScrollY = useRef(0);
  useEffect(() => {
    const onScroll = () => {
      lastScrollY.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const currentKey = current?.key ?? null;
  useLayoutEffect(() => {
    if (currentKey === null || currentKey === scrollKey.current) return;
    if (scrollKey.current !== null) saveScrollPosition(scrollKey.current, lastScrollY.current);
    scrollKey.current = currentKey;
    const top = savedScrollPosition(currentKey) ?? 0;
    lastScrollY.current = top;
    return scrollToRestored(top);
  }, [currentKey]);

  // Chrome of the route, the not-found mark of another page, and the screen_view event.
  const route = current?.match.route;
  useLayoutEffect(() => {
    if (!route) return;
    setFloatingButton(route.meta.goToTop);
    setBottomTab(route.meta.bottomTab ?? 'home');
    if (notFoundState.path !== null && notFoundState.path !== currentKey) clearNotFound();
  }, [currentKey, route]);
  // Once per navigation (StrictMode runs mount effects twice in development; the ref survives that).
  const trackedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!route || currentKey === null || trackedKey.current === currentKey) return;
    trackedKey.current = currentKey;
    track('screen_view', { screen_name: route.name, page_path: `${currentKey}${window.location.hash}` });
  }, [currentKey, route]);

  if (current === null) return null;

  const keptPages = [...next.kept].sort((a, b) => a.order - b.order);

  const meta = current.match.route.meta;
  let page: ReactNode = null;
  if (showingNotFound) page = <PageSwitch key={`notFound:${current.key}`} pathname={null} />;
  else if (!meta.keepAlive) page = <PageSwitch key={`page:${current.pathname}`} pathname={current.pathname} />;

  return (
    <>
      {meta.gradientBg && !showingNotFound && <div className={styles.gradient} aria-hidden="true" />}
      {/* The page is the document's main landmark (screen readers jump to it past the bottom tab and overlays);
          kept pages are hidden inside it. */}
      <main className={styles.pages}>
        {keptPages.map((kept) => (
          <KeptPage key={`kept:${kept.key}`} page={kept} active={kept.key === current.key && !showingNotFound} />
        ))}
        {page}
      </main>
      {meta.bottomTab !== null && !showingNotFound && <BottomTab current={meta.bottomTab} onNavigate={(tab) => navigate(TAB_PATHS[tab])} />}
    </>
  );
}
