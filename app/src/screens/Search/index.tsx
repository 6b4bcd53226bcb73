// Search (/search, SPEC.md section 2): the search field (a trimmed term opens the results; a blank one
// stays here), today's recommended keywords, an ad and random product picks.
import { searchPath } from '@creator-market/sdk/domain';
import { Link } from 'wouter';
import { api } from '../../api/client';
import { AdSlot, AD_UNITS } from '../../features/ads/AdSlot';
import { useLoad } from '../../components/data/useLoad';
import { ProductCard, ProductGrid } from '../../features/product-card/ProductCard';
import { SearchBar } from '../../features/search-bar/SearchBar';
import { Section } from '../../features/section/Section';
import { ErrorState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { SkeletonBlock } from '../../ui/SkeletonBlock';
import styles from './Search.module.css';

export const SEARCH_SCREEN_TEXT = {
  /** The page's heading for screen readers (the search field stands where a title would): the results' title. */
  title: '검색',
  keywords: '추천 검색어',
  picks: '오늘의 추천 물품',
} as const;

export default function Search() {
  const keywords = useLoad((signal) => api.get('/common/v2/search-keyword', { signal }), [], { operation: 'getHotKeywords' });
  const picks = useLoad((signal) => api.get('/common/v2/product', { params: { query: { from: 'lucky' } }, signal }), [], {
    operation: 'listHomeProducts',
  });

  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{SEARCH_SCREEN_TEXT.title}</h1>
      <SearchBar autoFocus />

      <Section title={SEARCH_SCREEN_TEXT.keywords}>
        {keywords.loading && !keywords.data ? (
          <div className={styles.chips} aria-busy="true">
            {[64, 88, 56, 72, 96, 60].map((width, index) => (
              <SkeletonBlock key={index} width={width} height={34} radius={17} />
            ))}
          </div>
        ) : keywords.error ? (
          <ErrorState compact onRetry={keywords.reload} />
        ) : (
          <div className={styles.chips}>
            {(keywords.data?.keywords ?? []).map((keyword, index) => (
              <Link key={keyword} href={searchPath(keyword)} className={styles.chip}>
                {index < 3 && <span className={styles.chipRank}>{index + 1}</span>}
                {keyword}
              </Link>
            ))}
          </div>
        )}
      </Section>

      <AdSlot unit={AD_UNITS.searchMiddleBanner} className={styles.ad} />

      <Section title={SEARCH_SCREEN_TEXT.picks} className={styles.picks} bleed>
        {picks.loading && !picks.data ? (
          <Skeleton variant="grid" count={8} />
        ) : picks.error ? (
          <ErrorState compact onRetry={picks.reload} />
        ) : (
          <ProductGrid>
            {(picks.data ?? []).map((product) => (
              <ProductCard key={product.productUID} product={product} />
            ))}
          </ProductGrid>
        )}
      </Section>
    </div>
  );
}
