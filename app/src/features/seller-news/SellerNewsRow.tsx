// A row of a seller's own upcoming-release news (the my page's seller side and the news management
// screen): cover, text, planned release date, reactions, and whether it is public yet. In delete mode the
// row carries a checkbox.
import type { Schemas } from '@creator-market/sdk';
import { formatCount, formatDateTime, toEpochMs } from '@creator-market/sdk/domain';
import type { ReactNode } from 'react';
import { Badge } from '../../ui/Badge';
import { cx } from '../../ui/cx';
import { LazyImage } from '../../ui/LazyImage';
import { imageUrl } from '../../lib/media/imageUrl';
import styles from './SellerNewsRow.module.css';

export type Preview = Schemas['Preview'];

export const SELLER_NEWS_TEXT = {
  schedule: (date: string) => `${date} 출시 예정`,
  released: (date: string) => `${date} 출시`,
  reactions: (count: number) => `기대돼요 ${formatCount(count)}`,
  notPublic: '공개 전',
} as const;

export function SellerNewsRow({ preview, now, select }: { preview: Preview; now: number; select?: ReactNode }) {
  const isPublic = toEpochMs(preview.previewPublicTime) <= now;
  const date = formatDateTime(preview.previewSchedule, 'M.D (dd)');
  const released = toEpochMs(preview.previewSchedule) <= now;
  return (
    <div className={cx(styles.row, select !== undefined && styles.selectable)}>
      {select}
      <span className={styles.cover}>
        <LazyImage src={imageUrl(preview.previewCover[0])} alt="" ratio={4 / 5} radius={10} />
      </span>
      <span className={styles.text}>
        <span className={styles.contents}>{preview.previewContents}</span>
        <span className={styles.meta}>
          <span className={released ? styles.released : styles.schedule}>
            {released ? SELLER_NEWS_TEXT.released(date) : SELLER_NEWS_TEXT.schedule(date)}
          </span>
          <span>{SELLER_NEWS_TEXT.reactions(preview.previewImpressCount)}</span>
          {!isPublic && (
            <Badge tone="gray" size="sm">
              {SELLER_NEWS_TEXT.notPublic}
            </Badge>
          )}
        </span>
      </span>
    </div>
  );
}
