// Notifications (/message/{user|seller}, signed in, SPEC.md section 2): '주문 알림' (a buyer's orders) or
// '판매 알림' (a seller's sales), with filter tags, infinite scroll and '주문 알림이 없어요' / '판매 알림이 없어요' when empty. A
// buyer's notification opens the receipt; a seller's opens the seller-side transaction form in a new tab.
import { USER_LEVEL } from '@creator-market/sdk/domain';
import { useState } from 'react';
import { useParams } from 'wouter';
import { useListErrors } from '../../components/data/useListErrors';
import { useNow } from '../../components/data/useNow';
import { NotificationRow } from '../../features/notification/NotificationRow';
import {
  NOTIFICATION_FILTERS,
  notificationPage,
  type Notification,
  type NotificationFilter,
  type NotificationType,
} from '../../features/notification/notifications';
import { useSession } from '../../stores/session';
import { AppBar } from '../../ui/AppBar';
import { FilterTags } from '../../ui/Chip';
import { EmptyState } from '../../ui/EmptyState';
import { IconBell } from '../../ui/icons/actions';
import { InfiniteScroll, useInfiniteList } from '../../ui/InfiniteScroll';
import { Skeleton } from '../../ui/Skeleton';
import styles from './Message.module.css';

export const MESSAGE_TEXT = {
  title: { user: '주문 알림', seller: '판매 알림' },
  /** Each list's own empty text: a seller's empty list is of sales, not orders. */
  empty: { user: '주문 알림이 없어요', seller: '판매 알림이 없어요' },
  filterLabel: '알림 종류',
  /** Filter tag labels: the buyer follows their orders, the seller their sales. */
  filters: {
    user: { all: '전체', order: '주문 접수', payment: '결제', delivery: '배송', cancel: '취소' },
    seller: { all: '전체', order: '신규 주문', payment: '입금·결제', delivery: '발송', cancel: '취소' },
  },
  sellersOnly: '작가 회원만 판매 알림을 볼 수 있어요',
} as const satisfies {
  title: Record<NotificationType, string>;
  empty: Record<NotificationType, string>;
  filters: Record<NotificationType, Record<NotificationFilter, string>>;
  [key: string]: unknown;
};

export default function Message() {
  const params = useParams<{ type?: string }>();
  // The router sends any other type to user; read it defensively all the same.
  const type: NotificationType = params.type === 'seller' ? 'seller' : 'user';
  const { me } = useSession();
  const isSeller = me?.user.level === USER_LEVEL.seller;

  return (
    <div className={styles.page}>
      <AppBar title={MESSAGE_TEXT.title[type]} right={['cart']} />
      {type === 'seller' && !isSeller ? (
        <EmptyState message={MESSAGE_TEXT.sellersOnly} icon={<IconBell size={30} />} />
      ) : (
        <Notifications key={type} type={type} />
      )}
    </div>
  );
}

function Notifications({ type }: { type: NotificationType }) {
  const now = useNow();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const list = useInfiniteList<Notification>({
    resetKey: filter,
    fetchPage: ({ last, signal }) => notificationPage({ type, filter, last, signal }),
  });
  useListErrors(list, 'listNotifications');
  const labels = MESSAGE_TEXT.filters[type];

  return (
    <>
      <div className={styles.filters}>
        <FilterTags
          label={MESSAGE_TEXT.filterLabel}
          options={NOTIFICATION_FILTERS.map((value) => ({ value, label: labels[value] }))}
          value={filter}
          onChange={setFilter}
        />
      </div>
      <InfiniteScroll
        list={list}
        placeholder={<Skeleton variant="rows" count={8} />}
        empty={<EmptyState message={MESSAGE_TEXT.empty[type]} icon={<IconBell size={30} />} />}
      >
        <ul className={styles.list} aria-label={MESSAGE_TEXT.title[type]}>
          {list.items.map((notification) => (
            <li key={notification._id}>
              <NotificationRow notification={notification} type={type} now={now} />
            </li>
          ))}
        </ul>
      </InfiniteScroll>
    </>
  );
}
