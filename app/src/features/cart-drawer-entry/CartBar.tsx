// The bottom bar of the market and product pages: the add-to-cart button by the cart-add rules and, once
// the market is closed, '주문 종료된 마켓이에요'
// (disabled) with the closed-market action. It reads the page's tick (PageClock), as the page's badge and
// countdown do, so all of them change at the same instant (sdk closedMarketAction: the seller's other market(s), the
// orderable market list, or subscribing).
import { buildPath, closedMarketAction, type ClosedMarketAction } from '@creator-market/sdk/domain';
import { useSession } from '../../stores/session';
import { Button } from '../../ui/Button';
import { navigate } from '../../lib/navigation';
import { usePageNow } from '../../components/data/pageClock';
import { marketPath } from '../../components/market-card/MarketCard';
import type { MarketEvent } from '../../components/market-card/openedMarkets';
import type { MarketDetail } from '../../components/market-detail/marketDetail';
import { profilePath } from '../../components/seller-card/SellerCard';
import { toggleSubscription } from '../../components/subscribe/subscription';
import { AddToCartDrawer } from './AddToCartDrawer';
import { cartMarketState, CART_TEXT, startAddToCart } from './addToCart';
import styles from './CartBar.module.css';

export const CLOSED_ACTION_LABEL: Record<ClosedMarketAction<MarketEvent>['kind'], string> = {
  profile: '작가님의 다른 마켓 보기',
  market: '진행 중인 마켓 보기',
  'open-market-list': '주문 가능한 마켓 보기',
  subscribe: '구독하고 새 마켓 알림 받기',
};

export interface CartBarProps {
  detail: MarketDetail;
  /** The seller's orderable and scheduled markets (for the closed-market action). */
  sellerMarkets: readonly MarketEvent[];
  /** The product the add drawer opens on (product page, single view). */
  productId?: string;
}

export function CartBar({ detail, sellerMarkets, productId }: CartBarProps) {
  const { market, seller } = detail;
  const time = usePageNow();
  const { subscribedSellerIds } = useSession();
  const state = cartMarketState(detail, time);

  let content;
  if (state === 'closed') {
    const others = sellerMarkets.filter((event) => event.marketUID !== market._id);
    const action = closedMarketAction({ openMarkets: others, isSubscribed: subscribedSellerIds.includes(seller._id) });
    const run = () => {
      if (action.kind === 'profile') navigate(profilePath(seller.publicId));
      else if (action.kind === 'market') navigate(marketPath(action.market));
      else if (action.kind === 'open-market-list') navigate(buildPath('list', { category: 'openMarket' }));
      else void toggleSubscription({ uid: seller._id, name: seller.info.name });
    };
    content = (
      <>
        <Button variant="ghost" size="lg" disabled className={styles.closed}>
          {CART_TEXT.closed}
        </Button>
        <Button size="lg" className={styles.action} onClick={run}>
          {CLOSED_ACTION_LABEL[action.kind]}
        </Button>
      </>
    );
  } else {
    content = (
      <Button size="lg" block onClick={() => void startAddToCart(detail, productId)}>
        {CART_TEXT.add}
      </Button>
    );
  }

  return (
    <>
      <div className={styles.spacer} aria-hidden="true" />
      <div className={`fixed-in-column ${styles.bar}`} data-cart-bar="">
        {content}
      </div>
      <AddToCartDrawer detail={detail} closed={state === 'closed'} />
    </>
  );
}
