// The top of the home screen: the main banner carousel and the seller-category icons (with the new-seller
// dot when a category's newest seller is not the one remembered).
import type { Schemas } from '@creator-market/sdk';
import { buildPath, configStore } from '@creator-market/sdk/domain';
import { memo } from 'react';
import { Link } from 'wouter';
import type { LoadState } from '../../components/data/useLoad';
import { marketPath } from '../../components/market-card/paths';
import { imageUrl } from '../../lib/media/imageUrl';
import { categoryLabel, profilePath } from '../../components/seller-card/paths';
import { DotBadge } from '../../ui/Badge';
import { Carousel } from '../../ui/Carousel';
import { LazyImage } from '../../ui/LazyImage';
import { SkeletonBlock } from '../../ui/SkeletonBlock';
import type { Banner } from './homeData';
import styles from './Home.module.css';

/**
 * `onShown`: the first banner's image has been painted (or failed: LazyImage onSettle), i.e. the first screen is
 * shown. `firstScreenShown`: until then the other slides' images are held, so the first one has the link.
 */
// Memoised, like the sections below: the home renders again as each of its lists arrives.
export const BannerCarousel = memo(function BannerCarousel({
  state,
  onShown,
  firstScreenShown,
}: {
  state: LoadState<Banner[]>;
  onShown?: () => void;
  firstScreenShown: boolean;
}) {
  if (state.loading && state.data === undefined) {
    return (
      <div className={styles.banner}>
        <SkeletonBlock width="100%" height="auto" radius={16} className={styles.bannerPlaceholder} />
      </div>
    );
  }
  const banners = state.data ?? [];
  if (banners.length === 0) return null;
  return (
    <div className={styles.banner}>
      <Carousel label="메인 배너" autoplay indicator="counter" radius={16}>
        {banners.map((banner, index) => (
          <Link
            key={`${banner.bannerCover}-${index}`}
            href={
              banner.marketPublicId > 0
                ? marketPath({ sellerPublicId: banner.sellerPublicId, marketPublicId: banner.marketPublicId })
                : profilePath(banner.sellerPublicId)
            }
            className={styles.bannerSlide}
          >
            <LazyImage
              src={imageUrl(banner.bannerCover)}
              alt={`배너 ${index + 1}`}
              ratio={2}
              {...(index === 0 ? { priority: true, ...(onShown ? { onSettle: onShown } : {}) } : { held: !firstScreenShown })}
            />
          </Link>
        ))}
      </Carousel>
    </div>
  );
});

export const CategoryIcons = memo(function CategoryIcons({ state }: { state: LoadState<Schemas['SellerCategoryEntry'][]> }) {
  if (state.loading && state.data === undefined) {
    return (
      <div className={styles.categories} aria-hidden="true">
        {Array.from({ length: 8 }, (_, index) => (
          <span key={index} className={styles.category}>
            <SkeletonBlock width={56} height={56} radius="50%" />
            <SkeletonBlock width={40} height={12} className={styles.categoryLabelPlaceholder} />
          </span>
        ))}
      </div>
    );
  }
  const entries = state.data ?? [];
  if (entries.length === 0) return null;
  const remembered = configStore.read(localStorage).remember.category;
  return (
    <nav className={styles.categories} aria-label="작가 카테고리">
      {entries.map((entry) => {
        const isNew = remembered[entry.sellerCategory] !== entry.sellerUID;
        return (
          <Link
            key={entry.sellerCategory}
            href={buildPath('list', { category: 'category', typeId: entry.sellerCategory })}
            className={styles.category}
          >
            <span className={styles.categoryIcon}>
              <LazyImage src={imageUrl(entry.sellerProfile)} alt="" ratio={1} radius="50%" />
              {isNew && <DotBadge label="새 작가" className={styles.categoryDot} />}
            </span>
            <span className={styles.categoryLabel}>{categoryLabel(entry.sellerCategory)}</span>
          </Link>
        );
      })}
    </nav>
  );
});
