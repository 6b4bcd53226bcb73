// The category list (/list/category/{category}): a tab per seller category (a dot on those whose newest
// seller is not the one remembered), the category's sellers paged by the last sellerUID, and a toggle
// (remembered) to see the category sellers' markets instead.
import type { Schemas } from '@creator-market/sdk';
import { buildPath, configStore, SELLER_CATEGORY_KEYS, type SellerCategory } from '@creator-market/sdk/domain';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { now as appNow } from '../../api/clock';
import { useListErrors } from '../../components/data/useListErrors';
import { useLoad } from '../../components/data/useLoad';
import { useNow } from '../../components/data/useNow';
import { MarketCard } from '../../components/market-card/MarketCard';
import { loadOpenedMarkets, marketsOf, type MarketEvent } from '../../components/market-card/openedMarkets';
import { imageUrl } from '../../lib/media/imageUrl';
import { categoryLabel, profilePath } from '../../components/seller-card/SellerCard';
import { DotBadge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { InfiniteScroll, useInfiniteList } from '../../ui/InfiniteScroll';
import { LazyImage } from '../../ui/LazyImage';
import { navigate } from '../../lib/navigation';
import { Skeleton } from '../../ui/Skeleton';
import { Tabs } from '../../ui/Tabs';
import { Toggle } from '../../ui/Toggle';
import { Link } from 'wouter';
import { LIST_TEXT, shownSellerCategory } from './listConfig';
import { marketPage } from './Lists';
import styles from './List.module.css';

type CategoryEntry = Schemas['SellerCategoryEntry'];

/**
 * A category member as a card. The contract's SellerCategoryEntry carries only the seller's uid and photo;
 * the name and public id (for the profile link) are read when the entry has them.
 */
function memberCard(entry: CategoryEntry): { uid: string; profile: string; name?: string; publicId?: string } {
  const extra = entry as CategoryEntry & { sellerName?: string; sellerPublicId?: string };
  return { uid: entry.sellerUID, profile: entry.sellerProfile, name: extra.sellerName, publicId: extra.sellerPublicId };
}

function rememberLatest(category: string, sellerUID: string): void {
  configStore.update(localStorage, (config) => ({
    ...config,
    remember: { ...config.remember, category: { ...config.remember.category, [category]: sellerUID } },
  }));
}

export function CategoryList({ typeId }: { typeId: string | undefined }) {
  const category = shownSellerCategory(typeId);
  const [viewMarkets, setViewMarkets] = useState(() => configStore.read(localStorage).remember.viewMarketCategory);
  const news = useLoad((signal) => api.get('/common/v2/seller-ctg', { params: { query: { flag: 'news' } }, signal }), [], {
    operation: 'listCategorySellers',
    quiet: true,
  });
  const [remembered, setRemembered] = useState(() => configStore.read(localStorage).remember.category);

  // Seeing a category remembers its newest seller: its badge goes away until someone newer joins.
  const latest = news.data?.find((entry) => entry.sellerCategory === category)?.sellerUID;
  const seen = latest ? `${category}:${latest}` : null;
  const [seenBefore, setSeenBefore] = useState<string | null>(null);
  if (latest && seen !== seenBefore) {
    setSeenBefore(seen);
    setRemembered((current) => ({ ...current, [category]: latest }));
  }
  useEffect(() => {
    if (latest) rememberLatest(category, latest);
  }, [category, latest]);

  // The chosen category's tab is in view even when it is far along the row.
  const tabsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    tabsRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [category]);

  function toggleMarkets(on: boolean) {
    setViewMarkets(on);
    configStore.update(localStorage, (config) => ({ ...config, remember: { ...config.remember, viewMarketCategory: on } }));
  }

  const newestByCategory = new Map((news.data ?? []).map((entry) => [entry.sellerCategory, entry.sellerUID]));
  const tabs = SELLER_CATEGORY_KEYS.map((key: SellerCategory) => {
    const newest = newestByCategory.get(key);
    const isNew = newest !== undefined && key !== category && remembered[key] !== newest;
    return {
      value: key,
      label: (
        <span className={styles.tabLabel}>
          {categoryLabel(key)}
          {isNew && <DotBadge label={LIST_TEXT.newSeller} className={styles.tabDot} />}
        </span>
      ),
    };
  });

  return (
    <>
      <div ref={tabsRef} className={styles.stickyTabs}>
        <Tabs
          label="작가 카테고리"
          layout="scroll"
          items={tabs}
          value={category}
          onChange={(next) => navigate(buildPath('list', { category: 'category', typeId: next }), { replace: true })}
        />
        <div className={styles.toggleRow}>
          <Toggle label={LIST_TEXT.viewMarkets} checked={viewMarkets} onChange={toggleMarkets} />
        </div>
      </div>
      <CategorySellers key={category} category={category} viewMarkets={viewMarkets} />
    </>
  );
}

function CategorySellers({ category, viewMarkets }: { category: SellerCategory; viewMarkets: boolean }) {
  const sellers = useInfiniteList<CategoryEntry>({
    resetKey: category,
    fetchPage: ({ last, signal }) => {
      const query = last ? { category, offset: last.sellerUID, flag: 'before' as const } : { category };
      return api.get('/common/v2/seller-ctg', { params: { query }, signal });
    },
  });
  useListErrors(sellers, 'listCategorySellers');
  if (viewMarkets) return <CategoryMarkets sellerPublicIds={sellers.items.map((entry) => memberCard(entry).publicId)} />;
  return (
    <InfiniteScroll
      list={sellers}
      placeholder={<Skeleton variant="grid" count={8} />}
      empty={<EmptyState message={LIST_TEXT.emptySellers} />}
    >
      {sellers.items.length > 0 && (
        <div className={styles.memberGrid}>
          {sellers.items.map((entry) => {
            const member = memberCard(entry);
            const image = <LazyImage src={imageUrl(member.profile)} alt={member.name ?? ''} ratio={1} radius="50%" />;
            return member.publicId ? (
              <Link key={member.uid} href={profilePath(member.publicId)} className={styles.member} data-seller={member.uid}>
                {image}
                {member.name && <span className={styles.memberName}>{member.name}</span>}
              </Link>
            ) : (
              <span key={member.uid} className={styles.member} data-seller={member.uid}>
                {image}
              </span>
            );
          })}
        </div>
      )}
    </InfiniteScroll>
  );
}

/** The orderable and scheduled markets of the category's sellers loaded so far, newest first (said above them). */
function CategoryMarkets({ sellerPublicIds }: { sellerPublicIds: Array<string | undefined> }) {
  const now = useNow();
  const members = new Set(sellerPublicIds.filter((id): id is string => id !== undefined));
  const key = [...members].sort().join(',');
  const list = useInfiniteList<MarketEvent>({
    resetKey: key,
    fetchPage: async ({ page }) => {
      const markets = marketsOf('newMarket', await loadOpenedMarkets(), appNow()).filter((event) => members.has(event.sellerPublicId));
      return marketPage(markets, page);
    },
  });
  useListErrors(list, 'listOpenedMarkets');
  return (
    <InfiniteScroll
      list={list}
      placeholder={<Skeleton variant="cards" count={4} />}
      empty={<EmptyState message={LIST_TEXT.emptyMarkets} />}
    >
      {list.items.length > 0 && <p className={styles.listOrder}>{LIST_TEXT.categoryMarketOrder}</p>}
      <div className={styles.marketRows}>
        {list.items.map((event) => (
          <MarketCard key={event.marketUID} event={event} now={now} variant="row" />
        ))}
      </div>
    </InfiniteScroll>
  );
}
