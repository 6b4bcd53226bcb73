// The order button of the market on screen, fixed above the tab bar: the sdk's orderButton gives its label
// and whether it is disabled, the first failing order check says why above it, and the total is shown
// beside it while the market takes orders.
import { formatWon } from '@creator-market/sdk/domain';
import { Button } from '../../ui/Button';
import type { CartView } from './cartView';
import { pressOrderButton } from './placeOrder';
import { CART_TEXT } from './text';
import styles from './Cart.module.css';

export function OrderBar({ view }: { view: CartView }) {
  const { button, totals } = view;
  const showTotal = button.state === 'order' || button.state === 'ordering';
  return (
    <>
      <div className={styles.orderSpacer} aria-hidden="true" />
      <div className={`fixed-in-column ${styles.orderBar}`}>
        {view.message && (
          <p
            className={view.messageIsError ? styles.message : styles.messageHint}
            role={view.messageIsError ? 'alert' : undefined}
            data-order-message={view.messageIsError ? 'error' : 'hint'}
          >
            {view.message}
          </p>
        )}
        {showTotal && (
          <div className={styles.orderTotal}>
            <span>{CART_TEXT.total}</span>
            <strong>{formatWon(totals.total)}</strong>
          </div>
        )}
        <Button
          size="lg"
          block
          variant={button.state === 'delete' ? 'secondary' : 'primary'}
          destructive={button.state === 'delete'}
          disabled={button.disabled}
          aria-live={button.state === 'ordering' ? 'polite' : undefined}
          className={styles.orderButton}
          data-state={button.state}
          onClick={() => void pressOrderButton(view.entry._id)}
        >
          {button.label}
        </Button>
      </div>
    </>
  );
}
