// The subscribe button of seller cards, the profile and the market page: '구독' / '구독중'; none on one's own.
import { useState } from 'react';
import { useSession } from '../../stores/session';
import { cx } from '../../ui/cx';
import { IconCheck, IconPlus } from '../../ui/icons/actions';
import { SUBSCRIBE_TEXT, toggleSubscription } from './subscription';
import styles from './SubscribeButton.module.css';

export interface SubscribeButtonProps {
  seller: { uid: string; name?: string };
  size?: 'sm' | 'md';
  /** Stretches to the container's width (profile header). */
  block?: boolean;
  className?: string;
}

export function SubscribeButton({ seller, size = 'md', block = false, className }: SubscribeButtonProps) {
  const { subscribedSellerIds, me } = useSession();
  const [busy, setBusy] = useState(false);
  const subscribed = subscribedSellerIds.includes(seller.uid);
  // A seller does not subscribe to themself (the server refuses it too).
  if (me?.user.uid === seller.uid) return null;

  async function handleClick() {
    setBusy(true);
    try {
      await toggleSubscription(seller);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={cx(styles.button, styles[size], subscribed ? styles.on : styles.off, block && styles.block, className)}
      aria-pressed={subscribed}
      aria-label={`${seller.name ?? ''} ${subscribed ? SUBSCRIBE_TEXT.subscribed : SUBSCRIBE_TEXT.subscribe}`.trim()}
      disabled={busy}
      onClick={() => void handleClick()}
    >
      {subscribed ? (
        <IconCheck size={size === 'sm' ? 14 : 16} strokeWidth={2.4} />
      ) : (
        <IconPlus size={size === 'sm' ? 14 : 16} strokeWidth={2.4} />
      )}
      {subscribed ? SUBSCRIBE_TEXT.subscribed : SUBSCRIBE_TEXT.subscribe}
    </button>
  );
}
