// Upcoming-release previews (seller news): cover, seller, the planned date and the news text. A card opens
// the seller's profile.
import type { Schemas } from '@creator-market/sdk';
import { formatDateTime, toEpochMs } from '@creator-market/sdk/domain';
import { Link } from 'wouter';
import { now } from '../../api/clock';
import { cx } from '../../ui/cx';
import { LazyImage } from '../../ui/LazyImage';
import { imageUrl } from '../../lib/media/imageUrl';
import { profilePath } from '../../components/seller-card/SellerCard';
import styles from './PreviewCard.module.css';

export type Preview = Schemas['Preview'];

export const PREVIEW_TEXT = {
  schedule: (date: string) => `${date} 출시 예정`,
  /** A planned date that has passed: released, no longer '출시 예정'. */
  released: (date: string) => `${date} 출시`,
} as const;

export function PreviewCard({ preview, variant = 'rail' }: { preview: Preview; variant?: 'rail' | 'grid' }) {
  const date = formatDateTime(preview.previewSchedule, 'M.D (dd)');
  // The app clock at render: a card's date passes at most once while it is on screen.
  const released = toEpochMs(preview.previewSchedule) <= now();
  return (
    <Link href={profilePath(preview.publicId)} className={cx(styles.card, styles[variant])}>
      <span className={styles.cover}>
        <LazyImage src={imageUrl(preview.previewCover[0])} alt={preview.previewContents} ratio={4 / 5} radius={14} />
        <span className={styles.schedule}>{released ? PREVIEW_TEXT.released(date) : PREVIEW_TEXT.schedule(date)}</span>
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
