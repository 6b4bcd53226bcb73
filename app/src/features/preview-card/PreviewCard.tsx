// Upcoming-release previews (seller news): cover, seller, the planned date and the news text. A card opens
// the seller's profile.
import type { Schemas } from '@creator-market/sdk';
import { formatDateTime } from '@creator-market/sdk/domain';
import { Link } from 'wouter';
import { cx } from '../../ui/cx';
import { LazyImage } from '../../ui/LazyImage';
import { imageUrl } from '../../lib/media/imageUrl';
import { profilePath } from '../../components/seller-card/SellerCard';
import styles from './PreviewCard.module.css';

export type Preview = Schemas['Preview'];

export const PREVIEW_TEXT = {
  schedule: (date: string) => `${date} 출시 예정`,
} as const;

export function PreviewCard({ preview, variant = 'rail' }: { preview: Preview; variant?: 'rail' | 'grid' }) {
  return (
    <Link href={profilePath(preview.publicId)} className={cx(styles.card, styles[variant])}>
      <span className={styles.cover}>
        <LazyImage src={imageUrl(preview.previewCover[0])} alt={preview.previewContents} ratio={4 / 5} radius={14} />
        <span className={styles.schedule}>{PREVIEW_TEXT.schedule(formatDateTime(preview.previewSchedule, 'M.D (dd)'))}</span>
      </span>
      <span className={styles.seller}>
        <span className={styles.avatar}>
          <LazyImage src={imageUrl(preview.sellerProfile)} alt="" ratio={1} radius="50%" />
        </span>
        {preview.sellerName}
      </span>
      <span className={styles.contents}>{preview.previewContents}</span>
    </Link>
  );
}
