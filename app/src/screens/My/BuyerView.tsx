// The buyer side of the my page: the order-info drawer, the calendar (today's market schedules) and
// subscription cards ('N명 구독중'), the my-page banner, and the first 3 order notifications and order
// history rooms with links to see them all.
import { buildPath, MY_PAGE_LIST_COUNT } from '@creator-market/sdk/domain';
import { useState } from 'react';
import { Link } from 'wouter';
import { api } from '../../api/client';
import { AdSlot, AD_UNITS } from '../../features/ads/AdSlot';
import { useLoad } from '../../components/data/useLoad';
import { useNow } from '../../components/data/useNow';
import { todayScheduleCounts } from '../../components/market-card/daySchedules';
import { loadOpenedMarkets } from '../../components/market-card/openedMarkets';
import { NotificationRow } from '../../features/notification/NotificationRow';
import { notificationPage } from '../../features/notification/notifications';
import { RoomRow } from '../../features/order-room/RoomRow';
import { Section } from '../../features/section/Section';
import { useSession } from '../../stores/session';
import type { MeSnapshot } from './types';
import { DotBadge } from '../../ui/Badge';
import { cx } from '../../ui/cx';
import { IconChevron, IconHeart } from '../../ui/icons/actions';
import { IconBox } from '../../ui/icons/status';
import { Skeleton } from '../../ui/Skeleton';
import { isOrderInfoComplete, ORDER_INFO_TEXT, OrderInfoDrawer } from './OrderInfoDrawer';
import styles from './My.module.css';

export const BUYER_TEXT = {
  calendar: '달력',
  /** The calendar card says what it counts: today's two sections of the calendar. */
  today: '오늘',
  opens: (count: number) => `오픈 예정 ${count}개`,
  closes: (count: number) => `종료 예정 ${count}개`,
  subscribe: '구독',
  subscribed: (count: number) => `${count}명 구독중`,
  notifications: '주문 알림',
  noNotifications: '주문 알림이 없어요',
  orders: '주문 내역',
  noOrders: '주문 내역이 없어요',
  needsInfo: '입력 필요',
} as const;

export function BuyerView({ me }: { me: MeSnapshot }) {
  const now = useNow();
  const { subscribedSellerIds } = useSession();
  const [infoOpen, setInfoOpen] = useState(false);

  const markets = useLoad(() => loadOpenedMarkets(), [], { operation: 'listOpenedMarkets', quiet: true });
  const primary = useLoad((signal) => api.get('/address/get-primary', { signal }), [infoOpen], {
    operation: 'getPrimaryAddress',
    quiet: true,
  });
  const notifications = useLoad((signal) => notificationPage({ type: 'user', signal }), [], { operation: 'listNotifications' });
  const rooms = useLoad((signal) => api.get('/room', { signal }), [], { operation: 'listRooms' });

  const schedules = markets.data === undefined ? undefined : todayScheduleCounts(markets.data, now);
  const needsInfo = primary.data !== undefined && !isOrderInfoComplete(me.user, primary.data !== null);

  return (
    <div className={styles.view}>
      <button type="button" className={styles.orderInfo} onClick={() => setInfoOpen(true)}>
        <span className={styles.orderInfoIcon}>
          <IconBox size={22} />
        </span>
        <span className={styles.orderInfoText}>
          <strong>
            {ORDER_INFO_TEXT.title}
            {needsInfo && <DotBadge label={BUYER_TEXT.needsInfo} className={styles.orderInfoDot} />}
          </strong>
          <span>{ORDER_INFO_TEXT.summary}</span>
        </span>
        <IconChevron size={18} className={styles.chevron} />
      </button>

      <div className={styles.cards}>
        <Link href={buildPath('calendar')} className={styles.card}>
          <span className={styles.cardIcon} aria-hidden="true">
            <CalendarGlyph />
          </span>
          <span className={styles.cardTitle}>
            {BUYER_TEXT.calendar} · {BUYER_TEXT.today}
          </span>
          <strong className={cx(styles.cardValue, styles.scheduleCounts)}>
            {schedules === undefined ? (
              '\u00a0'
            ) : (
              <>
                <span>{BUYER_TEXT.opens(schedules.opens)}</span>
                <span>{BUYER_TEXT.closes(schedules.closes)}</span>
              </>
            )}
          </strong>
        </Link>
        <Link href={buildPath('subscribe')} className={styles.card}>
          <span className={styles.cardIcon} aria-hidden="true">
            <IconHeart size={22} filled />
          </span>
          <span className={styles.cardTitle}>{BUYER_TEXT.subscribe}</span>
          <strong className={styles.cardValue}>{BUYER_TEXT.subscribed(subscribedSellerIds.length)}</strong>
        </Link>
      </div>

      <AdSlot unit={AD_UNITS.myMiddleBanner} className={styles.banner} />

      <Section title={BUYER_TEXT.notifications} moreHref={buildPath('message', { type: 'user' })} bleed>
        {notifications.data ? (
          notifications.data.length === 0 ? (
            <p className={styles.emptyLine}>{BUYER_TEXT.noNotifications}</p>
          ) : (
            <ul className={styles.rows} aria-label={BUYER_TEXT.notifications}>
              {notifications.data.slice(0, MY_PAGE_LIST_COUNT).map((notification) => (
                <li key={notification._id}>
                  <NotificationRow notification={notification} type="user" now={now} />
                </li>
              ))}
            </ul>
          )
        ) : (
          notifications.loading && <Skeleton variant="rows" count={3} className={styles.skeleton} />
        )}
      </Section>

      <Section title={BUYER_TEXT.orders} moreHref={buildPath('order')} bleed>
        {rooms.data ? (
          rooms.data.length === 0 ? (
            <p className={styles.emptyLine}>{BUYER_TEXT.noOrders}</p>
          ) : (
            <ul className={styles.rows} aria-label={BUYER_TEXT.orders}>
              {rooms.data.slice(0, MY_PAGE_LIST_COUNT).map((room) => (
                <li key={room._id}>
                  <RoomRow room={room} now={now} />
                </li>
              ))}
            </ul>
          )
        ) : (
          rooms.loading && <Skeleton variant="rows" count={3} className={styles.skeleton} />
        )}
      </Section>

      <OrderInfoDrawer open={infoOpen} onClose={() => setInfoOpen(false)} me={me} />
    </div>
  );
}

function CalendarGlyph() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="3.5" y="5" width="17" height="15.5" rx="3" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </svg>
  );
}
