// Profile (/profile/{sellerId}, SPEC.md section 2): the seller's photo, name, message and subscribe button,
// a more button with the seller's social links, then open markets, upcoming previews and two recommendation
// rows (sellers co-subscribed by fans, other sellers of the same category). An unknown seller is Not found;
// the other sections stay empty when they fail.
import { formatCount, SNS_DISPLAY_NAMES, type SnsTypeCode } from '@creator-market/sdk/domain';
import { useState } from 'react';
import { useParams } from 'wouter';
import { api } from '../../api/client';
import { openExternal } from '../../services/platform';
import { useLoad } from '../../components/data/useLoad';
import { useNow } from '../../components/data/useNow';
import { MarketCard } from '../../components/market-card/MarketCard';
import { imageUrl } from '../../lib/media/imageUrl';
import { PreviewCard } from '../../features/preview-card/PreviewCard';
import { RailSkeleton } from '../../features/section/RailSkeleton';
import { Section } from '../../features/section/Section';
import { categoryLabel, fromSummary, SellerAvatar } from '../../components/seller-card/SellerCard';
import { SubscribeButton } from '../../components/subscribe/SubscribeButton';
import { AppBar, AppBarButton } from '../../ui/AppBar';
import { BottomSheet } from '../../ui/BottomSheet';
import { EmptyState } from '../../ui/EmptyState';
import { HorizontalScroller } from '../../ui/HorizontalScroller';
import { IconChevron, IconMore } from '../../ui/icons/actions';
import { LazyImage } from '../../ui/LazyImage';
import { Skeleton } from '../../ui/Skeleton';
import { SkeletonBlock } from '../../ui/SkeletonBlock';
import styles from './Profile.module.css';

export const PROFILE_TEXT = {
  subscribers: (count: number) => `구독자 ${formatCount(count)}명`,
  more: '더보기',
  snsTitle: 'SNS',
  noSns: '등록된 SNS가 없어요',
  openMarkets: '진행 중·오픈 예정 마켓',
  noOpenMarkets: '지금은 열린 마켓이 없어요',
  previews: '출시 예정 소식',
  recoPrs: '이 작가님의 구독자가 함께 구독해요',
  recoCtg: '같은 카테고리의 작가',
  inquiry: '문의',
} as const;

export default function Profile() {
  const { sellerId = '' } = useParams<{ sellerId: string }>();
  const seller = useLoad(
    (signal) => api.get('/common/v2/seller/{sellerPID}', { params: { path: { sellerPID: sellerId } }, signal }),
    [sellerId],
    { operation: 'getSeller' },
  );
  const [snsOpen, setSnsOpen] = useState(false);
  const profile = seller.data;

  return (
    <div className={styles.page}>
      <AppBar
        right={['cart']}
        extra={
          profile && (
            <AppBarButton label={PROFILE_TEXT.more} onClick={() => setSnsOpen(true)}>
              <IconMore size={24} />
            </AppBarButton>
          )
        }
      />
      {profile ? (
        <>
          <header className={styles.header}>
            <div className={styles.band} style={{ background: profile.bgColor || undefined }} aria-hidden="true" />
            <div className={styles.avatar}>
              <LazyImage src={imageUrl(profile.info.profile)} alt={profile.info.name} ratio={1} radius="50%" />
            </div>
            <h1 className={styles.name}>{profile.info.name}</h1>
            <p className={styles.stats}>
              {PROFILE_TEXT.subscribers(profile.subscribe)}
              {profile.category.length > 0 && <span className={styles.dot} aria-hidden="true" />}
              {profile.category.map((category) => `#${categoryLabel(category)}`).join(' ')}
            </p>
            {profile.msg && <p className={styles.msg}>{profile.msg}</p>}
            <SubscribeButton seller={{ uid: profile._id, name: profile.info.name }} block className={styles.subscribe} />
          </header>
          <SellerSections sellerId={sellerId} />
          <BottomSheet open={snsOpen} onClose={() => setSnsOpen(false)} title={PROFILE_TEXT.snsTitle} showClose>
            <SnsLinks links={profile.sns} inquiry={profile.inquiry} />
          </BottomSheet>
        </>
      ) : (
        seller.loading && <ProfileSkeleton />
      )}
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <SkeletonBlock width={96} height={96} radius="50%" />
      <SkeletonBlock width={120} height={20} />
      <SkeletonBlock width={200} height={14} />
      <SkeletonBlock width="100%" height={44} radius={12} />
    </div>
  );
}

function SnsLinks({ links, inquiry }: { links: ReadonlyArray<{ type: number; url: string }>; inquiry: { tel: string; time: string } }) {
  const usable = links.filter((link) => link.type !== 0 && /^https?:\/\//i.test(link.url));
  return (
    <div className={styles.sns}>
      {usable.length === 0 ? (
        <p className={styles.snsEmpty}>{PROFILE_TEXT.noSns}</p>
      ) : (
        <ul>
          {usable.map((link) => (
            <li key={`${link.type}-${link.url}`}>
              <button type="button" className={styles.snsRow} onClick={() => openExternal(link.url)}>
                <span className={styles.snsName}>{SNS_DISPLAY_NAMES[link.type as SnsTypeCode] ?? link.url}</span>
                <span className={styles.snsUrl}>{link.url.replace(/^https?:\/\//, '')}</span>
                <IconChevron size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {inquiry.tel && (
        <p className={styles.inquiry}>
          {PROFILE_TEXT.inquiry} {inquiry.tel}
          {inquiry.time && ` · ${inquiry.time}`}
        </p>
      )}
    </div>
  );
}

function SellerSections({ sellerId }: { sellerId: string }) {
  const now = useNow();
  const path = { sellerPID: sellerId };
  const markets = useLoad((signal) => api.get('/common/v2/seller/opened-market/{sellerPID}', { params: { path }, signal }), [sellerId], {
    operation: 'listSellerOpenedMarkets',
  });
  // Profile sections other than the seller stay empty on failure (SPEC.md section 8).
  const previews = useLoad((signal) => api.get('/common/v2/preview', { params: { query: { sellerPID: sellerId } }, signal }), [sellerId], {
    operation: 'listPreviews',
    quiet: true,
  });
  const prs = useLoad(
    (signal) => api.get('/common/v2/reco-seller', { params: { query: { sellerPID: sellerId, type: 'prs' } }, signal }),
    [sellerId],
    { operation: 'listRecommendedSellers' },
  );
  const ctg = useLoad(
    (signal) => api.get('/common/v2/reco-seller', { params: { query: { sellerPID: sellerId, type: 'ctg' } }, signal }),
    [sellerId],
    { operation: 'listRecommendedSellers' },
  );

  return (
    <>
      <Section title={PROFILE_TEXT.openMarkets} bleed>
        {markets.loading && !markets.data ? (
          <Skeleton variant="cards" count={3} />
        ) : (markets.data ?? []).length === 0 ? (
          <EmptyState message={PROFILE_TEXT.noOpenMarkets} className={styles.empty} />
        ) : (
          <div className={styles.marketRows}>
            {(markets.data ?? []).map((event) => (
              <MarketCard key={event.marketUID} event={event} now={now} variant="row" />
            ))}
          </div>
        )}
      </Section>
      {(previews.data ?? []).length > 0 && (
        <Section title={PROFILE_TEXT.previews} bleed>
          <HorizontalScroller label={PROFILE_TEXT.previews}>
            {(previews.data ?? []).map((preview) => (
              <PreviewCard key={preview.previewUID} preview={preview} />
            ))}
          </HorizontalScroller>
        </Section>
      )}
      {[
        { title: PROFILE_TEXT.recoPrs, state: prs },
        { title: PROFILE_TEXT.recoCtg, state: ctg },
      ].map(({ title, state }) =>
        state.loading && !state.data ? (
          <RailSkeleton key={title} shape="avatar" width={72} count={4} />
        ) : (state.data ?? []).length > 0 ? (
          <Section key={title} title={title} bleed>
            <HorizontalScroller label={title} gap={14}>
              {(state.data ?? []).map((seller) => (
                <SellerAvatar key={seller.sellerUID} seller={fromSummary(seller)} />
              ))}
            </HorizontalScroller>
          </Section>
        ) : null,
      )}
    </>
  );
}
