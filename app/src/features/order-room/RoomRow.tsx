// A row of the order history: one seller the buyer ordered from, with the seller's photo, name and last
// activity; it opens the seller's orders (/order/{roomId}). The star pins the room at the top.
import type { Schemas } from '@creator-market/sdk';
import { buildPath, formatRelative } from '@creator-market/sdk/domain';
import { Link } from 'wouter';
import { cx } from '../../ui/cx';
import { IconChevron, IconStar } from '../../ui/icons/actions';
import { LazyImage } from '../../ui/LazyImage';
import { imageUrl } from '../../lib/media/imageUrl';
import styles from './RoomRow.module.css';

export type OrderRoom = Schemas['OrderRoom'];

export const ROOM_TEXT = {
  pin: (name: string) => `${name} 고정`,
  lastActivity: (relative: string) => `${relative} 주문`,
} as const;

export interface RoomRowProps {
  room: OrderRoom;
  now: number;
  /** With it, the row shows the pin star. */
  onTogglePin?: (room: OrderRoom) => void;
  pinBusy?: boolean;
}

export function RoomRow({ room, now, onTogglePin, pinBusy = false }: RoomRowProps) {
  return (
    <div className={styles.row}>
      <Link href={buildPath('orderDetail', { roomId: room._id })} className={styles.link}>
        <span className={styles.avatar}>
          <LazyImage src={imageUrl(room.sellerProfile)} alt="" ratio={1} radius="50%" />
        </span>
        <span className={styles.text}>
          <span className={styles.name}>{room.sellerName}</span>
          <time className={styles.time} dateTime={room.timestamp}>
            {ROOM_TEXT.lastActivity(formatRelative(room.timestamp, now))}
          </time>
        </span>
        {!onTogglePin && <IconChevron size={18} className={styles.chevron} />}
      </Link>
      {onTogglePin && (
        <button
          type="button"
          className={cx(styles.star, room.pinned && styles.pinned)}
          aria-label={ROOM_TEXT.pin(room.sellerName)}
          aria-pressed={room.pinned}
          disabled={pinBusy}
          onClick={() => onTogglePin(room)}
        >
          <IconStar size={24} filled={room.pinned} />
        </button>
      )}
    </div>
  );
}
