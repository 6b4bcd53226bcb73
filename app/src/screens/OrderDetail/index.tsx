// Order detail (/order/{roomId}, signed in, SPEC.md section 2): the orders placed with one seller, titled
// with the seller's name (else the order history's title), grouped by market (cover, title) with each
// receipt's receiver, total, date ('YY. M. D. (dd)'), number and status badge; a receipt opens its page.
// Infinite scroll, 3 skeleton cards.
import { buildPath, formatShortDate, formatWon, receiptStatusBadge, SKELETON_COUNT } from '@creator-market/sdk/domain';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'wouter';
import { api } from '../../api/client';
import { showNotFound } from '../../services/notFound';
import { useListErrors } from '../../components/data/useListErrors';
import { useLoad } from '../../components/data/useLoad';
import { useRefreshWhenShown } from '../../components/data/useRefreshWhenShown';
import { imageUrl } from '../../lib/media/imageUrl';
import { AppBar } from '../../ui/AppBar';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { IconChevron } from '../../ui/icons/actions';
import { InfiniteScroll, useInfiniteList } from '../../ui/InfiniteScroll';
import { LazyImage } from '../../ui/LazyImage';
import { Skeleton } from '../../ui/Skeleton';
import { lastReceiptId, mergeGroups, withFreshReceipts, type ReceiptGroup } from './groups';
import styles from './OrderDetail.module.css';

export const ORDER_DETAIL_TEXT = {
  /** The order history's title, while the seller is not known. */
  fallbackTitle: '주문 내역',
  empty: '주문 내역이 없어요',
  receiptNo: (publicId: string) => `주문번호 ${publicId}`,
  profile: '작가 프로필',
} as const;

const ROOM_ID = /^[0-9a-f]{24}$/;

export default function OrderDetail() {
  const { roomId = '' } = useParams<{ roomId: string }>();
  const validId = ROOM_ID.test(roomId);
  useEffect(() => {
    if (!validId) showNotFound();
  }, [validId]);

  const info = useLoad((signal) => api.get('/room/info/{roomId}', { params: { path: { roomId } }, signal }), [roomId], {
    operation: 'getRoomInfo',
    enabled: validId,
  });
  const seller = info.data?.seller;

  const fetchReceipts = (last: ReceiptGroup | undefined, signal?: AbortSignal) => {
    const offset = lastReceiptId(last);
    return api.get('/room/receipt', {
      params: { query: { seller: seller as string, ...(offset ? { offset, flag: 'before' as const } : {}) } },
      signal,
    });
  };
  const list = useInfiniteList<ReceiptGroup>({
    enabled: seller !== undefined,
    resetKey: seller,
    fetchPage: ({ last, signal }) => fetchReceipts(last, signal),
  });
  useListErrors(list, 'listRoomReceipts');
  // Back to the tab (the seller centre's '결제 확인', a cancellation): the pages shown so far again, their
  // receipts' statuses changed in place, so the list and where the user scrolled to stay.
  useRefreshWhenShown(() => {
    const pages = list.page;
    if (seller === undefined || pages === 0) return;
    void (async () => {
      const fresh: ReceiptGroup[] = [];
      for (let page = 0; page < pages; page++) {
        const groups = await fetchReceipts(fresh.at(-1));
        if (groups.length === 0) break;
        fresh.push(...groups);
      }
      list.setItems((items) => withFreshReceipts(items, fresh));
      // A failed refresh is not shown: the list keeps what it showed, as it was when the tab was left.
    })().catch(() => undefined);
  });
  const groups = useMemo(() => mergeGroups(list.items), [list.items]);
  const skeleton = <Skeleton variant="cards" count={SKELETON_COUNT.orderDetailCards} className={styles.skeleton} />;

  return (
    <div className={styles.page}>
      <AppBar title={info.data?.sellerName ?? ORDER_DETAIL_TEXT.fallbackTitle} right={['cart']} />
      {info.data && (
        <Link href={buildPath('profile', { sellerId: info.data.sellerPublicId })} className={styles.profileLink}>
          {ORDER_DETAIL_TEXT.profile}
          <IconChevron size={16} />
        </Link>
      )}
      {info.loading && skeleton}
      <InfiniteScroll list={list} placeholder={skeleton} empty={<EmptyState message={ORDER_DETAIL_TEXT.empty} />}>
        <div className={styles.groups}>
          {groups.map((group) => (
            <GroupCard key={`${group._id}:${group.receipt[0]?._id}`} group={group} />
          ))}
        </div>
      </InfiniteScroll>
    </div>
  );
}

function GroupCard({ group }: { group: ReceiptGroup }) {
  return (
    <section className={styles.card} aria-label={group.title}>
      <header className={styles.cardHead}>
        <span className={styles.cover}>
          <LazyImage src={imageUrl(group.marketCover)} alt="" ratio={1} radius={12} />
        </span>
        <h2 className={styles.marketTitle}>{group.title}</h2>
      </header>
      <ul className={styles.receipts}>
        {group.receipt.map((receipt) => {
          const badge = receiptStatusBadge(receipt.status);
          return (
            <li key={receipt._id}>
              <Link href={buildPath('receipt', { publicId: receipt.receiptPublicId })} className={styles.receipt}>
                <span className={styles.receiptMain}>
                  <span className={styles.receiptTop}>
                    {badge && (
                      <Badge tone={badge.colour} size="sm">
                        {badge.label}
                      </Badge>
                    )}
                    <time className={styles.date} dateTime={receipt.receiptTime}>
                      {formatShortDate(receipt.receiptTime)}
                    </time>
                  </span>
                  <span className={styles.receiptLine}>
                    <span className={styles.receiver}>{receipt.receiver}</span>
                    <strong className={styles.total}>{formatWon(receipt.totalPrice)}</strong>
                  </span>
                  <span className={styles.publicId}>{ORDER_DETAIL_TEXT.receiptNo(receipt.receiptPublicId)}</span>
                </span>
                <IconChevron size={18} className={styles.chevron} />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
