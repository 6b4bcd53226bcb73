// The list bodies: sellers and products that load once, products and previews paged by the last id shown
// (flag=before, an empty page ends the list), and markets derived from the opened-market list, 10 at first
// and 10 more at a time.
import type { Schemas } from '@creator-market/sdk';
import { MARKET_LIST_FIRST_PAGE, MARKET_LIST_NEXT_PAGE, type ListCategory } from '@creator-market/sdk/domain';
import { api } from '../../api/client';
import { now as appNow } from '../../api/clock';
import { useNow } from '../../components/data/useNow';
import { MarketCard } from '../../components/market-card/MarketCard';
import { loadOpenedMarkets, marketsOf, type MarketEvent, type MarketListKind } from '../../components/market-card/openedMarkets';
import { PreviewCard, type Preview } from '../../features/preview-card/PreviewCard';
import { ProductCard, ProductGrid, type ProductSummary } from '../../features/product-card/ProductCard';
import { fromSummary, SellerRow } from '../../components/seller-card/SellerCard';
import { EmptyState } from '../../ui/EmptyState';
import { InfiniteScroll, useInfiniteList } from '../../ui/InfiniteScroll';
import { Skeleton } from '../../ui/Skeleton';
import { LIST_TEXT, PRODUCT_SOURCE, SELLER_SOURCE } from './listConfig';
import { useListErrors } from '../../components/data/useListErrors';
import styles from './List.module.css';

type SellerSummary = Schemas['SellerSummary'];

export function SellerList({ category, ranked }: { category: ListCategory; ranked: boolean }) {
  const from = SELLER_SOURCE[category] ?? 'top';
  const list = useInfiniteList<SellerSummary>({
    resetKey: from,
    fetchPage: async ({ signal }) => ({ items: await api.get('/common/v2/seller', { params: { query: { from } }, signal }), done: true }),
  });
  useListErrors(list, 'listHomeSellers');
  return (
    <InfiniteScroll list={list} placeholder={<Skeleton variant="rows" count={8} />} empty={<EmptyState message={LIST_TEXT.emptySellers} />}>
      <div className={styles.rows}>
        {list.items.map((seller, index) => (
          <SellerRow key={seller.sellerUID} seller={fromSummary(seller)} {...(ranked ? { rank: index + 1 } : {})} />
        ))}
      </div>
    </InfiniteScroll>
  );
}

export function ProductList({ category, ranked }: { category: ListCategory; ranked: boolean }) {
  const from = PRODUCT_SOURCE[category];
  const list = useInfiniteList<ProductSummary>({
    resetKey: category,
    fetchPage: async ({ last, signal }) => {
      if (from) return { items: await api.get('/common/v2/product', { params: { query: { from } }, signal }), done: true };
      // newProduct: paged by the last productUID shown.
      const query = last ? { offset: last.productUID, flag: 'before' as const } : {};
      return api.get('/common/v2/new-product', { params: { query }, signal });
    },
  });
  useListErrors(list, from ? 'listHomeProducts' : 'listNewProducts');
  return (
    <InfiniteScroll
      list={list}
      className={styles.gridList}
      placeholder={<Skeleton variant="grid" count={8} />}
      empty={<EmptyState message={LIST_TEXT.emptyProducts} />}
    >
      {list.items.length > 0 && (
        <ProductGrid>
          {list.items.map((product, index) => (
            <ProductCard key={product.productUID} product={product} {...(ranked ? { rank: index + 1 } : {})} />
          ))}
        </ProductGrid>
      )}
    </InfiniteScroll>
  );
}

/** One page of a derived market list: the first 10, then 10 more each time. */
export function marketPage(markets: readonly MarketEvent[], page: number): { items: MarketEvent[]; done: boolean } {
  const start = page === 1 ? 0 : MARKET_LIST_FIRST_PAGE + (page - 2) * MARKET_LIST_NEXT_PAGE;
  const end = page === 1 ? MARKET_LIST_FIRST_PAGE : start + MARKET_LIST_NEXT_PAGE;
  return { items: markets.slice(start, end), done: end >= markets.length };
}

export function MarketList({ kind }: { kind: MarketListKind }) {
  const now = useNow();
  const list = useInfiniteList<MarketEvent>({
    resetKey: kind,
    fetchPage: async ({ page }) => marketPage(marketsOf(kind, await loadOpenedMarkets(), appNow()), page),
  });
  useListErrors(list, 'listOpenedMarkets');
  return (
    <InfiniteScroll
      list={list}
      placeholder={<Skeleton variant="cards" count={4} />}
      empty={<EmptyState message={LIST_TEXT.emptyMarkets} />}
    >
      <div className={styles.marketRows}>
        {list.items.map((event) => (
          <MarketCard key={event.marketUID} event={event} now={now} variant="row" />
        ))}
      </div>
    </InfiniteScroll>
  );
}

export function PreviewList() {
  const list = useInfiniteList<Preview>({
    fetchPage: ({ last, signal }) => {
      const query = last ? { offset: last.previewUID, flag: 'before' as const } : {};
      return api.get('/common/v2/preview', { params: { query }, signal });
    },
  });
  useListErrors(list, 'listPreviews');
  return (
    <InfiniteScroll
      list={list}
      className={styles.gridList}
      placeholder={<Skeleton variant="grid" count={8} />}
      empty={<EmptyState message={LIST_TEXT.emptyPreviews} />}
    >
      {list.items.length > 0 && (
        <div className={styles.previewGrid}>
          {list.items.map((preview) => (
            <PreviewCard key={preview.previewUID} preview={preview} variant="grid" />
          ))}
        </div>
      )}
    </InfiniteScroll>
  );
}
