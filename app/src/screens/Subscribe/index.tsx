// Subscriptions (/subscribe, signed in, SPEC.md section 2): 'N명 구독 중', a toggle (remembered) between the
// subscribed sellers (paged by the last subscription id) and the open markets of those sellers; empty
// '구독한 작가님이 없어요'.
import type { Schemas } from '@creator-market/sdk';
import { configStore } from '@creator-market/sdk/domain';
import { useState } from 'react';
import { api } from '../../api/client';
import { now as appNow } from '../../api/clock';
import { useListErrors } from '../../components/data/useListErrors';
import { useNow } from '../../components/data/useNow';
import { MarketCard } from '../../components/market-card/MarketCard';
import { loadOpenedMarkets, marketsOf, type MarketEvent } from '../../components/market-card/openedMarkets';
import { fromSubscription, SellerTile } from '../../components/seller-card/SellerCard';
import { SubscribeButton } from '../../components/subscribe/SubscribeButton';
import { useSession } from '../../stores/session';
import { AppBar } from '../../ui/AppBar';
import { EmptyState } from '../../ui/EmptyState';
import { InfiniteScroll, useInfiniteList } from '../../ui/InfiniteScroll';
import { Skeleton } from '../../ui/Skeleton';
import { Toggle } from '../../ui/Toggle';
import styles from './Subscribe.module.css';

type Subscription = Schemas['Subscription'];

export const SUBSCRIBE_SCREEN_TEXT = {
  title: (count: number) => `${count}명 구독 중`,
  viewMarkets: '오픈 마켓 보기',
  empty: '구독한 작가님이 없어요',
  noMarkets: '구독한 작가님의 오픈 마켓이 없어요',
} as const;

export default function Subscribe() {
  const { subscribedSellerIds } = useSession();
  const [viewMarkets, setViewMarkets] = useState(() => configStore.read(localStorage).remember.viewMarketSubs);

  function toggle(on: boolean) {
    setViewMarkets(on);
    configStore.update(localStorage, (config) => ({ ...config, remember: { ...config.remember, viewMarketSubs: on } }));
  }

  return (
    <div className={styles.page}>
      <AppBar title={SUBSCRIBE_SCREEN_TEXT.title(subscribedSellerIds.length)} right={['cart']} />
      <div className={styles.toggleRow}>
        <Toggle label={SUBSCRIBE_SCREEN_TEXT.viewMarkets} checked={viewMarkets} onChange={toggle} />
      </div>
      {viewMarkets ? <SubscribedMarkets /> : <SubscribedSellers />}
    </div>
  );
}

function nextPage({ last, signal }: { last: Subscription | undefined; signal: AbortSignal }): Promise<Subscription[]> {
  const query = last ? { offset: last._id, flag: 'before' as const } : {};
  return api.get('/subscribe/list', { params: { query }, signal });
}

function SubscribedSellers() {
  const list = useInfiniteList<Subscription>({ fetchPage: nextPage });
  useListErrors(list, 'listSubscriptions');
  return (
    <InfiniteScroll
      list={list}
      placeholder={<Skeleton variant="grid" count={8} />}
      empty={<EmptyState message={SUBSCRIBE_SCREEN_TEXT.empty} />}
    >
      {list.items.length > 0 && (
        <div className={styles.grid}>
          {list.items.map((subscription) => {
            const seller = fromSubscription(subscription);
            return (
              <div key={subscription._id} className={styles.cell}>
                <SellerTile seller={seller} />
                <SubscribeButton seller={{ uid: seller.uid, name: seller.name }} size="sm" />
              </div>
            );
          })}
        </div>
      )}
    </InfiniteScroll>
  );
}

/** Every subscription (all pages), then the orderable and scheduled markets of those sellers, newest first. */
function SubscribedMarkets() {
  const now = useNow();
  const [noSubscriptions, setNoSubscriptions] = useState(false);
  const list = useInfiniteList<MarketEvent>({
    fetchPage: async ({ page, signal }) => {
      const sellers = new Set<string>();
      let last: Subscription | undefined;
      for (;;) {
        const subscriptions = await nextPage({ last, signal });
        if (subscriptions.length === 0) break;
        for (const subscription of subscriptions) sellers.add(subscription.sellerPublicId);
        last = subscriptions[subscriptions.length - 1];
      }
      setNoSubscriptions(sellers.size === 0);
      const markets = marketsOf('newMarket', await loadOpenedMarkets(), appNow()).filter((event) => sellers.has(event.sellerPublicId));
      return { items: page === 1 ? markets : [], done: true };
    },
  });
  useListErrors(list, 'listSubscriptions');
  return (
    <InfiniteScroll
      list={list}
      placeholder={<Skeleton variant="cards" count={4} />}
      empty={<EmptyState message={noSubscriptions ? SUBSCRIBE_SCREEN_TEXT.empty : SUBSCRIBE_SCREEN_TEXT.noMarkets} />}
    >
      <div className={styles.markets}>
        {list.items.map((event) => (
          <MarketCard key={event.marketUID} event={event} now={now} variant="row" />
        ))}
      </div>
    </InfiniteScroll>
  );
}
