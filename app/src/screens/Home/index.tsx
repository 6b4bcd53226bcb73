// Home (/, SPEC.md section 2): search bar, main banner carousel, seller-category icons, then the sections in
// the spec's order, each hidden when its list is empty, most with '더보기' to the full list.
import { buildPath } from '@creator-market/sdk/domain';
import { Suspense, useDeferredValue } from 'react';
import { Link } from 'wouter';
import { RailSkeleton } from '../../features/section/RailSkeleton';
import { NativeHome } from './NativeHome';
import { ErrorState } from '../../ui/EmptyState';
import { lazyChunk } from '../../ui/lazyChunk';
import { ScreenErrorBoundary } from '../../ui/ScreenErrorBoundary';
import { IconDownload, IconSearch, IconSetting } from '../../ui/icons/navigation';
import { Logo } from '../../ui/Logo';
import { BannerCarousel, CategoryIcons } from './HomeTop';
import { useHomeData } from './homeData';
import styles from './Home.module.css';

// Below the fold: its own chunk, so the first screen needs less script. It is fetched and rendered once the
// first screen is shown (homeData.ts), so that the banner image loads and paints without competing with a
// dozen sections for the link and the main thread. Its import failed (offline), the sections' place says so
// with '다시 시도' (the banner and categories stay), and it loads again then or once back online.
const HomeSections = lazyChunk(() => import('./HomeSections')).Component;

export const HOME_TEXT = {
  searchPlaceholder: '물품, 작가명 검색',
} as const;

export default function Home() {
  const data = useHomeData();
  // The sections re-render as each list arrives: at low priority, in slices the browser can interrupt, so
  // that the first screen stays responsive while a dozen lists land (HomeSections is memoised).
  const sectionsData = useDeferredValue(data);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.logo}>
          <Logo size="sm" />
        </h1>
        <nav className={styles.shortcuts}>
          <Link href={buildPath('download')} className={styles.shortcut} aria-label="앱 다운로드">
            <IconDownload size={24} />
          </Link>
          <Link href={buildPath('setting')} className={styles.shortcut} aria-label="설정">
            <IconSetting size={24} />
          </Link>
        </nav>
      </header>
      <Link href={buildPath('search')} className={styles.searchBar}>
        <IconSearch size={20} strokeWidth={2} />
        <span>{HOME_TEXT.searchPlaceholder}</span>
      </Link>

      {data.allFailed ? (
        <ErrorState onRetry={data.reloadAll} />
      ) : (
        <>
          <BannerCarousel state={data.banners} onShown={data.showFirstScreen} firstScreenShown={data.firstScreenShown} />
          <CategoryIcons state={data.categories} />
          <ScreenErrorBoundary>
            <Suspense fallback={<RailSkeleton />}>
              {data.firstScreenShown ? <HomeSections data={sectionsData} /> : <RailSkeleton />}
            </Suspense>
          </ScreenErrorBoundary>
        </>
      )}
      <NativeHome />
    </div>
  );
}
