// Order history (/order, signed in, SPEC.md section 2): one row per seller the buyer ordered from, pinned
// first; the star pins a room; a dismissible info banner (remembered in the config store once dismissed,
// then a small link reopens it; only when there are rooms); 4 skeleton rows; the next page when the last
// row comes into view.
import { configStore, ORDER_RECORD_RETENTION_YEARS, SKELETON_COUNT } from '@creator-market/sdk/domain';
import { useState } from 'react';
import { useLatest } from '../../lib/useLatest';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import { useListErrors } from '../../components/data/useListErrors';
import { useNow } from '../../components/data/useNow';
import { RoomRow, type OrderRoom } from '../../features/order-room/RoomRow';
import { AppBar } from '../../ui/AppBar';
import { EmptyState } from '../../ui/EmptyState';
import { IconClose } from '../../ui/icons/navigation';
import { IconInfo } from '../../ui/icons/status';
import { InfiniteScroll, useInfiniteList } from '../../ui/InfiniteScroll';
import { Skeleton } from '../../ui/Skeleton';
import { placeRoom } from './rooms';
import styles from './Order.module.css';

export const ORDER_TEXT = {
  title: '주문 내역',
  empty: '주문 내역이 없어요',
  emptyHint: '마켓에서 주문하면 작가님별로 여기에 모여요.',
  infoTitle: '주문 내역 안내',
  info: [
    '주문한 작가님별로 주문 내역을 모아 보여드려요.',
    '별을 누르면 자주 찾는 작가님을 맨 위에 고정할 수 있어요.',
    `주문 기록은 전자상거래법에 따라 ${ORDER_RECORD_RETENTION_YEARS}년간 보관돼요.`,
  ],
  closeInfo: '안내 닫기',
} as const;

function rememberInfoSeen(): void {
  configStore.update(localStorage, (config) => ({ ...config, remember: { ...config.remember, orderHistoryInfoSeen: true } }));
}

export default function Order() {
  const now = useNow();
  const [infoOpen, setInfoOpen] = useState(() => !configStore.read(localStorage).remember.orderHistoryInfoSeen);
  const [pinning, setPinning] = useState<string | null>(null);

  const list = useInfiniteList<OrderRoom>({
    fetchPage: ({ last, signal }) => api.get('/room', { params: { query: last ? { offset: last._id, flag: 'before' } : {} }, signal }),
  });
  useListErrors(list, 'listRooms');
  const allLoaded = useLatest(list.done);

  async function togglePin(room: OrderRoom) {
    if (pinning !== null) return;
    setPinning(room._id);
    try {
      const changed = await api.post('/room/pin', { body: { roomId: room._id, flag: !room.pinned } });
      list.setItems((rooms) => placeRoom(rooms, changed, allLoaded.current));
    } catch (error) {
      void presentError(error, { operation: 'pinRoom' });
    } finally {
      setPinning(null);
    }
  }

  function closeInfo() {
    rememberInfoSeen();
    setInfoOpen(false);
  }

  return (
    <div className={styles.page}>
      <AppBar title={ORDER_TEXT.title} right={['cart']} />
      {list.items.length > 0 &&
        (infoOpen ? (
          <aside className={styles.info} aria-label={ORDER_TEXT.infoTitle}>
            <IconInfo size={20} className={styles.infoIcon} />
            <div className={styles.infoText}>
              <strong>{ORDER_TEXT.infoTitle}</strong>
              <ul>
                {ORDER_TEXT.info.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
            <button type="button" className={styles.infoClose} aria-label={ORDER_TEXT.closeInfo} onClick={closeInfo}>
              <IconClose size={18} />
            </button>
          </aside>
        ) : (
          <button type="button" className={styles.infoLink} onClick={() => setInfoOpen(true)}>
            <IconInfo size={16} />
            {ORDER_TEXT.infoTitle}
          </button>
        ))}
      <InfiniteScroll
        list={list}
        placeholder={<Skeleton variant="rows" count={SKELETON_COUNT.orderHistoryRows} />}
        empty={<EmptyState message={ORDER_TEXT.empty} description={ORDER_TEXT.emptyHint} />}
      >
        <ul className={styles.rooms} aria-label={ORDER_TEXT.title}>
          {list.items.map((room) => (
            <li key={room._id}>
              <RoomRow room={room} now={now} onTogglePin={(pinned) => void togglePin(pinned)} pinBusy={pinning === room._id} />
            </li>
          ))}
        </ul>
      </InfiniteScroll>
    </div>
  );
}
