// Market (/m/{sellerId}/{marketId}, SPEC.md section 2): seller header, covers, title and share, description,
// the order window with its live countdown and the alarm button, minimum order price, delivery and shipping
// discount, the order notice, an ad, the products, recommendations and the bottom cart bar.
import type { Schemas } from '@creator-market/sdk';
import { futureAlarmTimes, visibleProducts } from '@creator-market/sdk/domain';
import { useParams } from 'wouter';
import { api } from '../../api/client';
import { CartBar } from '../../features/cart-drawer-entry/CartBar';
import { AdSlot, AD_UNITS } from '../../features/ads/AdSlot';
import { AlarmButton } from '../../features/alarm/AlarmButton';
import { useFirstScreen, type FirstScreen } from '../../components/data/useFirstScreen';
import { useLoad } from '../../components/data/useLoad';
import { PageClock, usePageNow } from '../../components/data/pageClock';
import { MarketCard, OrderWindowBadge } from '../../components/market-card/MarketCard';
import { loadMarketDetail, type MarketDetail } from '../../components/market-detail/marketDetail';
import { imageUrl } from '../../lib/media/imageUrl';
import { MarketProductCard, ProductGrid } from '../../features/product-card/ProductCard';
import { Section } from '../../features/section/Section';
import { fromSummary, profilePath, SellerAvatar } from '../../components/seller-card/SellerCard';
import { SubscribeButton } from '../../components/subscribe/SubscribeButton';
import { AppBar, AppBarButton } from '../../ui/AppBar';
import { Carousel } from '../../ui/Carousel';
import { HorizontalScroller } from '../../ui/HorizontalScroller';
import { ErrorState } from '../../ui/EmptyState';
import { IconShare } from '../../ui/icons/actions';
import { LazyImage } from '../../ui/LazyImage';
import { SkeletonBlock } from '../../ui/SkeletonBlock';
import { Link } from 'wouter';
import { native } from '../../services/native/bridge';
import { Countdown } from './Countdown';
import { DeliveryInfo, OrderNotice, OrderWindow } from './MarketInfo';
import styles from './Market.module.css';

export const MARKET_TEXT = {
  share: '공유하기',
  copied: '마켓 주소가 복사되었어요',
  products: '물품',
  otherMarkets: '작가님의 다른 마켓',
  recoSellers: '함께 구독하는 작가',
} as const;

/**
 * 공유하기: the native shell's share sheet, else the browser's (Web Share API), else a copy of the address
 * with '마켓 주소가 복사되었어요' (or a word that it could not be copied when the clipboard refuses).
 */
function shareMarket(title: string | undefined): Promise<void> {
  const url = window.location.href.replace(/#.*$/, '');
  return native.share(title ? { title, url } : { url }, MARKET_TEXT.copied);
}

export default function Market() {
  const { sellerId = '', marketId = '' } = useParams<{ sellerId: string; marketId: string }>();
  const detail = useLoad(() => loadMarketDetail(sellerId, marketId), [sellerId, marketId], { operation: 'getMarket' });
  // Everything from the ad down is below the first view (the covers, title, countdown and order window):
  // it is asked for and rendered once the lead cover is shown.
  const firstScreen = useFirstScreen(detail.data ? detail.data.market.cover.length > 0 : true);
  const sellerMarkets = useLoad(
    (signal) => api.get('/common/v2/seller/opened-market/{sellerPID}', { params: { path: { sellerPID: sellerId } }, signal }),
    [sellerId],
    { operation: 'listSellerOpenedMarkets' },
  );

  return (
    <PageClock>
      <div className={styles.page}>
        <AppBar
          right={['cart']}
          extra={
            <AppBarButton label={MARKET_TEXT.share} onClick={() => void shareMarket(detail.data?.market.title)}>
              <IconShare size={24} />
            </AppBarButton>
          }
        />
        {detail.data ? (
          <MarketBody detail={detail.data} sellerMarkets={sellerMarkets.data ?? []} firstScreen={firstScreen} />
        ) : detail.error ? (
          <ErrorState onRetry={detail.reload} />
        ) : (
          <MarketSkeleton />
        )}
      </div>
    </PageClock>
  );
}

function MarketSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true" aria-label="불러오는 중">
      <div className={styles.skeletonSeller}>
        <SkeletonBlock width={36} height={36} radius="50%" />
        <SkeletonBlock width={96} height={16} />
      </div>
      <SkeletonBlock width="100%" height="auto" radius={0} className={styles.skeletonCover} />
      <div className={styles.skeletonText}>
        <SkeletonBlock width={72} height={22} />
        <SkeletonBlock width="80%" height={24} />
        <SkeletonBlock width="100%" height={14} />
        <SkeletonBlock width="60%" height={14} />
      </div>
    </div>
  );
}

function MarketBody({
  detail,
  sellerMarkets,
  firstScreen,
}: {
  detail: MarketDetail;
  sellerMarkets: Schemas['CalendarEvent'][];
  firstScreen: FirstScreen;
}) {
  const { market, seller } = detail;
  const products = visibleProducts(detail.product);
  const others = sellerMarkets.filter((event) => event.marketUID !== market._id);
  const reco = useLoad(
    (signal) => api.get('/common/v2/reco-seller', { params: { query: { sellerPID: seller.publicId, type: 'prs' } }, signal }),
    [seller.publicId],
    { operation: 'listRecommendedSellers', enabled: firstScreen.shown },
  );

  return (
    <>
      <div className={styles.sellerBar}>
        <Link href={profilePath(seller.publicId)} className={styles.sellerLink}>
          <span className={styles.sellerAvatar}>
            <LazyImage src={imageUrl(seller.info.profile)} alt="" ratio={1} radius="50%" />
          </span>
          <span className={styles.sellerName}>{seller.info.name}</span>
        </Link>
        <SubscribeButton seller={{ uid: seller._id, name: seller.info.name }} size="sm" />
      </div>

      {market.cover.length > 0 && (
        <Carousel label="마켓 이미지" indicator="counter">
          {market.cover.map((cover, index) => (
            <LazyImage
              key={`${cover}-${index}`}
              src={imageUrl(cover)}
              alt={`${market.title} ${index + 1}`}
              ratio={1}
              priority={index === 0}
              {...(index === 0 ? { onSettle: firstScreen.show } : {})}
            />
          ))}
        </Carousel>
      )}

      <section className={styles.info}>
        <MarketBadge market={market} />
        <h1 className={styles.title}>{market.title}</h1>
        {market.desc && <p className={styles.desc}>{market.desc}</p>}
      </section>

      <section className={styles.window}>
        <Countdown market={market} />
        <OrderWindow market={market} />
        <MarketAlarm market={market} />
      </section>

      <DeliveryInfo market={market} />
      <OrderNotice notice={market.notice.order} />

      {firstScreen.shown && (
        <>
          <AdSlot unit={AD_UNITS.marketProductTopBanner} className={styles.ad} />

          <section className={styles.products} aria-labelledby="market-products">
            <h2 id="market-products" className={styles.productsTitle}>
              {MARKET_TEXT.products} <span className={styles.count}>{products.length}</span>
            </h2>
            <ProductGrid>
              {products.map((product) => (
                <MarketProductCard key={product._id} product={product} sellerId={seller.publicId} marketId={market.publicId} />
              ))}
            </ProductGrid>
          </section>

          {others.length > 0 && (
            <Section title={MARKET_TEXT.otherMarkets} bleed>
              <HorizontalScroller label={MARKET_TEXT.otherMarkets}>
                <OtherMarketCards events={others} />
              </HorizontalScroller>
            </Section>
          )}
          {(reco.data ?? []).length > 0 && (
            <Section title={MARKET_TEXT.recoSellers} bleed>
              <HorizontalScroller label={MARKET_TEXT.recoSellers} gap={14}>
                {(reco.data ?? []).map((item) => (
                  <SellerAvatar key={item.sellerUID} seller={fromSummary(item)} />
                ))}
              </HorizontalScroller>
            </Section>
          )}
        </>
      )}

      <CartBar detail={detail} sellerMarkets={sellerMarkets} />
    </>
  );
}

// The parts of the page that change with time, each reading the page's one tick (PageClock).

function MarketBadge({ market }: { market: MarketDetail['market'] }) {
  return <OrderWindowBadge timing={market} now={usePageNow()} />;
}

/** '오픈 알림' while an alarm time before the opening is still ahead. */
function MarketAlarm({ market }: { market: MarketDetail['market'] }) {
  const alarmable = futureAlarmTimes(market.marketST, usePageNow()).length > 0;
  if (!alarmable) return null;
  return <AlarmButton market={{ marketUID: market._id, marketST: market.marketST, title: market.title }} className={styles.alarm} />;
}

function OtherMarketCards({ events }: { events: readonly Schemas['CalendarEvent'][] }) {
  const now = usePageNow();
  return events.map((event) => <MarketCard key={event.marketUID} event={event} now={now} />);
}
