// Cart (/cart/:marketId?, signed in, bottom tab 장바구니; SPEC.md section 2): one market's cart at a time
// (the market of the address, else the newest), a market selector drawer over every entry, the delivery option
// and notice drawers, and the order button fixed above the tab bar. Empty: '장바구니가 비었어요'.
import { buildPath } from '@creator-market/sdk/domain';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { useNow } from '../../components/data/useNow';
import { useSession } from '../../stores/session';
import { AppBar } from '../../ui/AppBar';
import { Button } from '../../ui/Button';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { IconCart } from '../../ui/icons/navigation';
import { navigate } from '../../lib/navigation';
import { Skeleton } from '../../ui/Skeleton';
import { CartCard } from './CartCard';
import { DeliveryDrawer, NoticeDrawer } from './CartDrawers';
import { loadCart, prepareCart, useCart, type CartEntry } from './cartStore';
import { cartView } from './cartView';
import { MarketSelectorBar, MarketSelectorDrawer } from './MarketSelector';
import { OrderBar } from './OrderBar';
import { CART_TEXT } from './text';
import styles from './Cart.module.css';

// The tap that opens the cart starts its loading with the screen's chunk (shell/routeData.ts).
export { prepareCart } from './cartStore';

/** The entry on screen: the address's market, else the newest. */
export function focusedEntry(entries: readonly CartEntry[], marketId: string | undefined): CartEntry | undefined {
  return (marketId ? entries.find((entry) => entry.market._id === marketId) : undefined) ?? entries[0];
}

export default function Cart() {
  const { marketId } = useParams<{ marketId?: string }>();
  const { me } = useSession();
  const uid = me?.user.uid ?? null;
  const state = useCart();
  // Every second: the order button counts down to the opening and rotates its waiting messages.
  const now = useNow(1000);

  useEffect(() => {
    void prepareCart(uid);
  }, [uid]);

  const entries = state.entries as CartEntry[];
  const focused = focusedEntry(entries, marketId);

  let content;
  if (state.status === 'error') {
    content = <ErrorState message={CART_TEXT.loadFailed} onRetry={() => void loadCart()} />;
  } else if (state.status !== 'ready') {
    content = <Skeleton variant="cards" count={3} className={styles.skeleton} />;
  } else if (!focused) {
    content = (
      <EmptyState
        className={styles.empty}
        icon={<IconCart size={30} />}
        message={CART_TEXT.empty}
        description={CART_TEXT.emptyDescription}
        action={
          <Button variant="secondary" onClick={() => navigate('/')}>
            {CART_TEXT.goHome}
          </Button>
        }
      />
    );
  } else {
    const view = cartView(focused, state, now);
    content = (
      <>
        <MarketSelectorBar focused={focused} count={entries.length} />
        <CartCard view={view} now={now} />
        <OrderBar view={view} />
        <MarketSelectorDrawer
          focusedId={focused._id}
          now={now}
          onSelect={(entry) => navigate(buildPath('cart', { marketId: entry.market._id }), { replace: true })}
        />
        <DeliveryDrawer />
        <NoticeDrawer />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <AppBar title={CART_TEXT.title} />
      {content}
    </div>
  );
}
