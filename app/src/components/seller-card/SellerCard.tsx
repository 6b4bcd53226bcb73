// Seller cards: a round avatar with the name (home rows), a row with message, categories and the
// subscribe button (lists, search, recommendations) and a grid tile (subscriptions). Every card opens the
// seller's profile.
import type { Schemas } from '@creator-market/sdk';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from '../../ui/cx';
import { LazyImage } from '../../ui/LazyImage';
import { imageUrl } from '../../lib/media/imageUrl';
import { SubscribeButton } from '../subscribe/SubscribeButton';
import { categoryLabel, profilePath } from './paths';
import styles from './SellerCard.module.css';

/** What every seller card shows; made from a SellerSummary, a Subscription or a creator profile. */
export interface SellerCardData {
  /** The seller's uid (subscriptions are by uid). */
  uid: string;
  publicId: string;
  name: string;
  profile: string;
  msg?: string;
  categories?: readonly string[];
  isNew?: boolean;
}

export function fromSummary(seller: Schemas['SellerSummary']): SellerCardData {
  return {
    uid: seller.sellerUID,
    publicId: seller.sellerPublicId,
    name: seller.sellerName,
    profile: seller.sellerProfile,
    msg: seller.msg,
    categories: seller.sellerCategory,
    ...(seller.isNew === undefined ? {} : { isNew: seller.isNew }),
  };
}

export function fromSubscription(subscription: Schemas['Subscription']): SellerCardData {
  return {
    uid: subscription.sellerId,
    publicId: subscription.sellerPublicId,
    name: subscription.sellerName,
    profile: subscription.sellerProfile,
  };
}

export { categoryLabel, profilePath };

export function SellerAvatar({ seller, size = 72, rank }: { seller: SellerCardData; size?: number; rank?: number }) {
  return (
    <Link href={profilePath(seller.publicId)} className={styles.avatarCard} style={{ width: size + 8 }}>
      <span className={styles.avatarRing} style={{ width: size }}>
        <LazyImage src={imageUrl(seller.profile)} alt="" ratio={1} radius="50%" />
        {rank !== undefined && <span className={cx(styles.rank, rank <= 3 && styles.topRank)}>{rank}</span>}
        {seller.isNew && <span className={styles.newMark}>N</span>}
      </span>
      <span className={styles.avatarName}>{seller.name}</span>
    </Link>
  );
}

export interface SellerRowProps {
  seller: SellerCardData;
  /** Hides the subscribe button (e.g. the seller's own card). */
  subscribe?: boolean;
  rank?: number;
  aside?: ReactNode;
}

export function SellerRow({ seller, subscribe = true, rank, aside }: SellerRowProps) {
  const categories = seller.categories ?? [];
  return (
    <div className={styles.row}>
      <Link href={profilePath(seller.publicId)} className={styles.rowLink}>
        {rank !== undefined && <span className={cx(styles.rowRank, rank <= 3 && styles.rowTopRank)}>{rank}</span>}
        <span className={styles.rowAvatar}>
          <LazyImage src={imageUrl(seller.profile)} alt="" ratio={1} radius="50%" />
        </span>
        <span className={styles.rowText}>
          <span className={styles.rowName}>
            {seller.name}
            {seller.isNew && <span className={styles.newBadge}>NEW</span>}
          </span>
          {seller.msg ? <span className={styles.rowMsg}>{seller.msg}</span> : null}
          {categories.length > 0 && (
            <span className={styles.rowTags}>{categories.map((category) => `#${categoryLabel(category)}`).join(' ')}</span>
          )}
        </span>
      </Link>
      {aside}
      {subscribe && <SubscribeButton seller={seller} size="sm" />}
    </div>
  );
}

/** A square tile with the profile image and the name under it (subscription grid). */
export function SellerTile({ seller }: { seller: SellerCardData }) {
  return (
    <Link href={profilePath(seller.publicId)} className={styles.tile}>
      <span className={styles.tileImage}>
        <LazyImage src={imageUrl(seller.profile)} alt="" ratio={1} radius="50%" />
      </span>
      <span className={styles.tileName}>{seller.name}</span>
    </Link>
  );
}
