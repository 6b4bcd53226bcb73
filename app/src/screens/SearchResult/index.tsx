// Search results (/search/result?term=..., SPEC.md section 2): title '검색', the search field, then the
// '작가' and '물품' sections, each paged until its page count with its total and its own empty state, and a
// banner between them. A blank term goes back to the search screen; each new term is one search event.
import type { Schemas } from '@creator-market/sdk';
import { buildPath, formatCount, normalizeSearchTerm } from '@creator-market/sdk/domain';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { api } from '../../api/client';
import { track } from '../../services/analytics';
import { AdSlot, AD_UNITS } from '../../features/ads/AdSlot';
import { useListErrors } from '../../components/data/useListErrors';
import { ProductCard, ProductGrid, type ProductSummary } from '../../features/product-card/ProductCard';
import { SearchBar } from '../../features/search-bar/SearchBar';
import { RailSkeleton } from '../../features/section/RailSkeleton';
import { fromSummary, SellerAvatar } from '../../components/seller-card/SellerCard';
import { AppBar } from '../../ui/AppBar';
import { HorizontalScroller } from '../../ui/HorizontalScroller';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { InfiniteScroll, useInfiniteList, type PageRequest } from '../../ui/InfiniteScroll';
import { navigate } from '../../lib/navigation';
import { Skeleton } from '../../ui/Skeleton';
import { Spinner } from '../../ui/Spinner';
import styles from './SearchResult.module.css';

type SellerSummary = Schemas['SellerSummary'];
type SearchPaging = Schemas['SearchPaging'];

export const RESULT_TEXT = {
  title: '검색',
  sellers: '작가',
  products: '물품',
  // SPEC.md writes 'N명 total' / 'N개 total'; the screen says it in Korean only ('총 N명'), as every other label.
  sellerTotal: (count: number) => `총 ${formatCount(count)}명`,
  productTotal: (count: number) => `총 ${formatCount(count)}개`,
  empty: '검색 결과가 없어요',
} as const;

/** A paged search: one page per request, done when the page reaches the page count; remembers the total. */
function useSearchList<T>(term: string, search: (request: PageRequest<T>) => Promise<{ list: T[]; paging: SearchPaging }>) {
  const [total, setTotal] = useState<number | null>(null);
  const list = useInfiniteList<T>({
    resetKey: term,
    fetchPage: async (request) => {
      const { list: items, paging } = await search(request);
      if (request.page === 1) setTotal(paging.dataCnt);
      return { items, done: paging.page >= paging.pageCnt };
    },
  });
  return { list, total: list.initialLoading ? null : total };
}

export default function SearchResult() {
  const query = useSearch();
  const term = normalizeSearchTerm(new URLSearchParams(query).get('term'));

  useEffect(() => {
    if (term === null) navigate(buildPath('search'), { replace: true });
  }, [term]);

  // One search event per new term.
  const trackedTerm = useRef<string | null>(null);
  useEffect(() => {
    if (term === null || trackedTerm.current === term) return;
    trackedTerm.current = term;
    track('search', { search_term: term });
  }, [term]);

  if (term === null) return null;
  return (
    <div className={styles.page}>
      <AppBar title={RESULT_TEXT.title} right={['cart']} />
      <SearchBar initialTerm={term} withBack={false} className={styles.searchBar} />
      <Results key={term} term={term} />
    </div>
  );
}

function Results({ term }: { term: string }) {
  const sellers = useSearchList<SellerSummary>(term, ({ page, signal }) =>
    api.get('/common/v2/search-seller', { params: { query: { keyword: term, page } }, signal }),
  );
  const products = useSearchList<ProductSummary>(term, ({ page, signal }) =>
    api.get('/common/v2/search-product', { params: { query: { keyword: term, page } }, signal }),
  );
  useListErrors(sellers.list, 'searchSellers');
  const { sentinelRef: sellerSentinelRef } = sellers.list;
  useListErrors(products.list, 'searchProducts');

  return (
    <>
      <section className={styles.section} aria-labelledby="result-sellers">
        <h2 id="result-sellers" className={styles.heading}>
          {RESULT_TEXT.sellers}
          {sellers.total !== null && <span className={styles.total}>{RESULT_TEXT.sellerTotal(sellers.total)}</span>}
        </h2>
        {/* The row is always there: its sentinel (the last child) asks for the next page as the row's end
            scrolls into view. */}
        <HorizontalScroller label={RESULT_TEXT.sellers} gap={14}>
          {sellers.list.initialLoading && <RailSkeleton shape="avatar" width={72} count={4} className={styles.railSkeleton} />}
          {sellers.list.items.map((seller) => (
            <SellerAvatar key={seller.sellerUID} seller={fromSummary(seller)} />
          ))}
          {sellers.list.loading && !sellers.list.initialLoading && (
            <span className={styles.railSpinner}>
              <Spinner size={22} />
            </span>
          )}
          {/* Not a snap point: the row must not stay snapped to its end while pages arrive. */}
          <div ref={sellerSentinelRef} className={styles.railSentinel} style={{ scrollSnapAlign: 'none' }} aria-hidden="true" />
        </HorizontalScroller>
        {sellers.list.empty && <EmptyState message={RESULT_TEXT.empty} className={styles.empty} />}
        {sellers.list.error !== null && <ErrorState compact onRetry={sellers.list.retry} />}
      </section>

      <AdSlot unit={AD_UNITS.searchResultMiddleBanner} className={styles.ad} />

      <section className={styles.section} aria-labelledby="result-products">
        <h2 id="result-products" className={styles.heading}>
          {RESULT_TEXT.products}
          {products.total !== null && <span className={styles.total}>{RESULT_TEXT.productTotal(products.total)}</span>}
        </h2>
        <InfiniteScroll
          list={products.list}
          placeholder={<Skeleton variant="grid" count={8} />}
          empty={<EmptyState message={RESULT_TEXT.empty} className={styles.empty} />}
        >
          {products.list.items.length > 0 && (
            <ProductGrid>
              {products.list.items.map((product) => (
                <ProductCard key={product.productUID} product={product} />
              ))}
            </ProductGrid>
          )}
        </InfiniteScroll>
      </section>
    </>
  );
}
