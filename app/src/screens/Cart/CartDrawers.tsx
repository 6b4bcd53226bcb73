// The cart's drawers: the delivery option of an entry (options in use, with their weight limits), and the
// market's notices (the order notice and the third-party privacy notice).
import { formatWon } from '@creator-market/sdk/domain';
import { useState } from 'react';
import { useNow } from '../../components/data/useNow';
import { Drawer, useDrawer } from '../../ui/BottomSheet';
import { RadioGroup } from '../../ui/Radio';
import { chooseDelivery, useCart, type CartEntry } from './cartStore';
import { cartView } from './cartView';
import { CART_TEXT } from './text';
import styles from './Cart.module.css';

export const DELIVERY_DRAWER = 'cart-delivery';
export const NOTICE_DRAWER = 'cart-notice';

function useEntry(cartId: string | undefined): CartEntry | undefined {
  const state = useCart();
  return state.entries.find((entry) => entry._id === cartId) as CartEntry | undefined;
}

export function DeliveryDrawer() {
  return (
    <Drawer name={DELIVERY_DRAWER} title={CART_TEXT.deliveryDrawerTitle} showClose>
      {(params) => <DeliveryOptions cartId={params.cartId} />}
    </Drawer>
  );
}

function DeliveryOptions({ cartId }: { cartId: string | undefined }) {
  const state = useCart();
  const entry = useEntry(cartId);
  const drawer = useDrawer(DELIVERY_DRAWER);
  const now = useNow();
  if (!entry) return null;
  const view = cartView(entry, state, now);
  if (view.deliveryOptions.length === 0) return <p className={styles.drawerText}>{CART_TEXT.deliveryNoOptions}</p>;

  const weight = view.totals.totalWeight;
  return (
    <RadioGroup
      name={`delivery-${entry._id}`}
      label={CART_TEXT.deliveryDrawerTitle}
      className={styles.deliveryOptions}
      value={entry.deliveryOption?.title ?? null}
      options={view.deliveryOptions.map((option) => ({
        value: option.title,
        disabled: view.locked,
        label: option.title,
        description: (
          <>
            <span className={styles.deliveryPrice}>
              {formatWon(option.price)}
              {typeof option.weight === 'number' && (
                <span className={weight > option.weight ? styles.overWeight : undefined}>
                  {' '}
                  · {CART_TEXT.deliveryWeightLimit(option.weight)}
                </span>
              )}
            </span>
            {option.desc && <span className={styles.deliveryDesc}>{option.desc}</span>}
          </>
        ),
      }))}
      onChange={(title) => {
        void chooseDelivery(entry._id, title).then((chosen) => chosen && drawer.close());
      }}
      // The option already chosen, tapped again: nothing to change, the sheet closes as after a choice.
      onReselect={() => drawer.close()}
    />
  );
}

export function NoticeDrawer() {
  const drawer = useDrawer(NOTICE_DRAWER);
  // The title stays while the drawer slides away (its parameters are gone by then).
  const [lastKind, setLastKind] = useState('order');
  const kind = drawer.open ? (drawer.params.kind ?? 'order') : lastKind;
  if (kind !== lastKind) setLastKind(kind);
  const title = kind === 'privacy' ? CART_TEXT.privacyNotice : CART_TEXT.marketNotice;
  return (
    <Drawer name={NOTICE_DRAWER} title={title} showClose>
      {(params) => <NoticeText cartId={params.cartId} kind={params.kind === 'privacy' ? 'privacy' : 'order'} />}
    </Drawer>
  );
}

function NoticeText({ cartId, kind }: { cartId: string | undefined; kind: 'order' | 'privacy' }) {
  const entry = useEntry(cartId);
  if (!entry) return null;
  const text = entry.market.notice[kind].trim();
  return <p className={styles.drawerText}>{text === '' ? CART_TEXT.noticeEmpty : text}</p>;
}
