// A row of the order and sales notification lists: the seller's photo, the title with its time, and the
// message. A notification about an order is a button that opens it.
import { formatRelative } from '@creator-market/sdk/domain';
import { cx } from '../../ui/cx';
import { IconChevron } from '../../ui/icons/actions';
import { LazyImage } from '../../ui/LazyImage';
import { imageUrl } from '../../lib/media/imageUrl';
import { openNotification, type Notification, type NotificationType } from './notifications';
import styles from './Notification.module.css';

export function NotificationRow({ notification, type, now }: { notification: Notification; type: NotificationType; now: number }) {
  const opens = Boolean(notification.receiptPublicId);
  const body = (
    <>
      <span className={styles.avatar}>
        <LazyImage src={imageUrl(notification.sellerProfile)} alt="" ratio={1} radius="50%" />
      </span>
      <span className={styles.text}>
        <span className={styles.head}>
          <strong className={styles.title}>{notification.title}</strong>
          <time className={styles.time} dateTime={notification.timestamp}>
            {formatRelative(notification.timestamp, now)}
          </time>
        </span>
        <span className={styles.contents}>{notification.contents}</span>
      </span>
      {opens && <IconChevron size={18} className={styles.chevron} />}
    </>
  );
  return opens ? (
    <button type="button" className={cx(styles.row, styles.button)} onClick={() => openNotification(notification, type)}>
      {body}
    </button>
  ) : (
    <div className={styles.row}>{body}</div>
  );
}
