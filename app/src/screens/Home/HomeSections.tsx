// The sections of the home screen below the categories, in the spec's order, and the footer (a chunk of its
// own, loaded with the screen). Each section shows placeholders while its list loads and disappears when the
// list is empty or failed.
import type { Schemas } from '@creator-market/sdk';
import { buildPath, formatDateTime, HOME_SECTION_MAX_ITEMS, searchPath } from '@creator-market/sdk/domain';
import { memo, useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { AdBox, AdSlot, AD_UNITS } from '../../features/ads/AdSlot';
import type { LoadState } from '../../components/data/useLoad';
import { useNow } from '../../components/data/useNow';
import { MarketCard } from '../../components/market-card/MarketCard';
import { marketsOf, type MarketEvent, type MarketListKind } from '../../components/market-card/openedMarkets';
import { PreviewCard } from '../../features/preview-card/PreviewCard';
import { ProductCard, ProductGrid } from '../../features/product-card/ProductCard';
import { RailSkeleton } from '../../features/section/RailSkeleton';
import { Section } from '../../features/section/Section';
import { fromSummary, SellerAvatar, SellerRow } from '../../components/seller-card/SellerCard';
import { HorizontalScroller } from '../../ui/HorizontalScroller';
import { Footer } from '../../ui/Footer';
import { RevealInTurn } from '../../ui/RevealInTurn';
import type { HomeData } from './homeData';
import { SECTION_TITLES } from './sectionTitles';
import styles from './HomeSections.module.css';

const listPath = (category: string) => buildPath('list', { category });

/** A section whose list is shown once it has items: placeholders while loading, nothing when empty or failed. */
function Loaded<T>({
  state,
  placeholder,
  children,
}: {
  state: LoadState<T[]>;
  placeholder: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (state.loading && state.data === undefined) return <>{placeholder}</>;
  if (!state.data || state.data.length === 0) return null;
  return <>{children(state.data)}</>;
}

// Memoised: the home re-renders as each of its dozen lists arrives, and deriving a market list (hundreds of
// markets) and rendering its cards (Seoul-time labels) each time kept the main thread busy at start.
const MarketSection = memo(function MarketSection({
  kind,
  markets,
  now,
}: {
  kind: MarketListKind;
  markets: LoadState<MarketEvent[]>;
  now: number;
}) {
  const derived: LoadState<MarketEvent[]> = useMemo(
    () => ({ ...markets, data: markets.data && marketsOf(kind, markets.data, now).slice(0, HOME_SECTION_MAX_ITEMS) }),
    [kind, markets, now],
  );
  return (
    <Loaded state={derived} placeholder={<RailSkeleton width={168} count={3} />}>
      {(items) => (
        <Section title={SECTION_TITLES[kind]} moreHref={listPath(kind)} bleed>
          <HorizontalScroller label={SECTION_TITLES[kind]}>
            {items.map((event) => (
              <MarketCard key={event.marketUID} event={event} now={now} />
            ))}
          </HorizontalScroller>
        </Section>
      )}
    </Loaded>
  );
});

const ProductRail = memo(function ProductRail({
  title,
  category,
  state,
  ranked = false,
}: {
  title: string;
  category: string;
  state: LoadState<Schemas['ProductSummary'][]>;
  ranked?: boolean;
}) {
  return (
    <Loaded state={state} placeholder={<RailSkeleton />}>
      {(items) => (
        <Section title={title} moreHref={listPath(category)} bleed>
          <HorizontalScroller label={title}>
            {items.map((product, index) => (
              <ProductCard key={product.productUID} product={product} variant="rail" {...(ranked ? { rank: index + 1 } : {})} />
            ))}
          </HorizontalScroller>
        </Section>
      )}
    </Loaded>
  );
});

export default memo(function HomeSections({ data }: { data: HomeData }) {
  const now = useNow();
  // The first screen shows the first section, the banner after it and the top of the next one; the other
  // parts follow one per idle moment (rendering all of them at once kept the main thread busy at start).
  // Every part is memoised on its own list: this renders again as each of the dozen lists arrives, and only
  // the part whose list changed may render then.
  return (
    <div className={styles.sections}>
      <RevealInTurn first={3} pending={<RailSkeleton />}>
        <TopSellers state={data.topSellers} />
        <Ad unit={AD_UNITS.top30BottomBanner} className={styles.ad} reserve="banner" />
        <NewSellers state={data.newSellers} />
        <MarketSection kind="openMarket" markets={data.markets} now={now} />
        <MarketSection kind="newMarket" markets={data.markets} now={now} />
        <TopCart state={data.topCart} />
        <ProductRail title={SECTION_TITLES.specialProduct} category="specialProduct" state={data.special} />
        <MarketSection kind="deadlineMarket" markets={data.markets} now={now} />
        <MarketSection kind="scheduleMarket" markets={data.markets} now={now} />
        <Previews state={data.previews} />
        <HotKeywords state={data.hotKeywords} />
        <ProductRail title={SECTION_TITLES.topSold} category="topSold" state={data.topSold} ranked />
        <NewProducts state={data.newProducts} />
        <LuckySellers state={data.luckySellers} />
        <HomeFooter className={styles.footer} />
      </RevealInTurn>
    </div>
  );
});

const Ad = memo(AdSlot);
const HomeFooter = memo(Footer);

type Sellers = LoadState<Schemas['SellerSummary'][]>;

// The first section and the banner after it are on the first screen: the placeholder has the loaded
// section's frame and size, and both ads keep their room while they load, so nothing below jumps.
const TopSellers = memo(function TopSellers({ state }: { state: Sellers }) {
  return (
    <Loaded
      state={state}
      placeholder={
        <Section title={SECTION_TITLES.topSeller} moreHref={listPath('topSeller')} bleed>
          <RailSkeleton shape="avatar" width={72} count={4} className={styles.avatarRailPlaceholder} />
          <AdBox reserve="native" className={styles.ad} />
        </Section>
      }
    >
      {(sellers) => (
        <Section title={SECTION_TITLES.topSeller} moreHref={listPath('topSeller')} bleed>
          <HorizontalScroller label={SECTION_TITLES.topSeller} gap={14}>
            {sellers.map((seller, index) => (
              <SellerAvatar key={seller.sellerUID} seller={fromSummary(seller)} rank={index + 1} />
            ))}
          </HorizontalScroller>
          <AdSlot unit={AD_UNITS.homeTop30Native} name={`${SECTION_TITLES.topSeller} 광고`} className={styles.ad} reserve="native" />
        </Section>
      )}
    </Loaded>
  );
});

const NewSellers = memo(function NewSellers({ state }: { state: Sellers }) {
  return (
    <Loaded state={state} placeholder={<RailSkeleton shape="avatar" width={72} count={4} />}>
      {(sellers) => (
        <Section title={SECTION_TITLES.newSeller} moreHref={listPath('newSeller')} bleed>
          <HorizontalScroller label={SECTION_TITLES.newSeller} gap={14}>
            {sellers.map((seller) => (
              <SellerAvatar key={seller.sellerUID} seller={fromSummary(seller)} />
            ))}
          </HorizontalScroller>
        </Section>
      )}
    </Loaded>
  );
});

const TopCart = memo(function TopCart({ state }: { state: LoadState<Schemas['ProductSummary'][]> }) {
  return (
    <Loaded state={state} placeholder={<RailSkeleton />}>
      {(items) => (
        <Section title={SECTION_TITLES.topCart} moreHref={listPath('topCart')} bleed>
          <HorizontalScroller label={SECTION_TITLES.topCart}>
            {items.map((product, index) => (
              <ProductCard key={product.productUID} product={product} variant="rail" rank={index + 1} />
            ))}
          </HorizontalScroller>
          <div className={styles.nativeAds}>
            <AdSlot unit={AD_UNITS.homeCartNative1} name={`${SECTION_TITLES.topCart} 광고 1`} />
            <AdSlot unit={AD_UNITS.homeCartNative2} name={`${SECTION_TITLES.topCart} 광고 2`} />
          </div>
        </Section>
      )}
    </Loaded>
  );
});

const Previews = memo(function Previews({ state }: { state: LoadState<Schemas['Preview'][]> }) {
  return (
    <Loaded state={state} placeholder={<RailSkeleton width={148} count={3} />}>
      {(previews) => (
        <Section title={SECTION_TITLES.marketPreview} moreHref={listPath('marketPreview')} bleed>
          <HorizontalScroller label={SECTION_TITLES.marketPreview}>
            {previews.map((preview) => (
              <PreviewCard key={preview.previewUID} preview={preview} />
            ))}
          </HorizontalScroller>
        </Section>
      )}
    </Loaded>
  );
});

const NewProducts = memo(function NewProducts({ state }: { state: LoadState<Schemas['ProductSummary'][]> }) {
  return (
    <Loaded state={state} placeholder={<RailSkeleton />}>
      {(items) => (
        <Section title={SECTION_TITLES.newProduct} moreHref={listPath('newProduct')} bleed>
          <ProductGrid>
            {items.slice(0, 6).map((product) => (
              <ProductCard key={product.productUID} product={product} />
            ))}
          </ProductGrid>
        </Section>
      )}
    </Loaded>
  );
});

const LuckySellers = memo(function LuckySellers({ state }: { state: Sellers }) {
  return (
    <Loaded state={state} placeholder={<RailSkeleton shape="avatar" width={72} count={4} />}>
      {(sellers) => (
        <Section title={SECTION_TITLES.remindSeller} moreHref={listPath('remindSeller')} bleed>
          <div className={styles.sellerRows}>
            {sellers.slice(0, 5).map((seller) => (
              <SellerRow key={seller.sellerUID} seller={fromSummary(seller)} />
            ))}
          </div>
        </Section>
      )}
    </Loaded>
  );
});

const HotKeywords = memo(function HotKeywords({ state }: { state: LoadState<Schemas['HotKeywords']> }) {
  const keywords = state.data?.keywords ?? [];
  if (state.loading && state.data === undefined) return null;
  if (keywords.length === 0) return null;
  return (
    <Section title={SECTION_TITLES.hotKeyword} subtitle={`${formatDateTime(state.data?.timestamp, 'HH:mm')} 기준`}>
      <ol className={styles.keywords}>
        {keywords.map((keyword, index) => (
          <li key={keyword}>
            <Link href={searchPath(keyword)} className={styles.keyword}>
              <span className={index < 3 ? styles.keywordRankTop : styles.keywordRank}>{index + 1}</span>
              <span className={styles.keywordText}>{keyword}</span>
            </Link>
          </li>
        ))}
      </ol>
    </Section>
  );
});
