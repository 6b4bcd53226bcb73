// The add-to-cart drawer of the market and product pages: every product and option on sale with a quantity
// stepper from 0 (sdk clampQuantity in the drawer context), 'N개 주문 가능' at the maximum and '품절' when
// nothing is left; the add button sends only amounts above 0, at most once a second (debounce 1000 ms), and
// a toast links to the market's cart. What the market's cart entry already holds counts toward each line's
// maximum (the server adds to it), with a hint when it is what stops the stepper.
import {
  availableQuantity,
  canAddToCart,
  lineAvailableQuantity,
  cartTotals,
  clampQuantity,
  formatWon,
  quantityLabel,
  TIMING,
  visibleOptions,
  visibleProducts,
} from '@creator-market/sdk/domain';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { closeDrawer } from '../../stores/drawers';
import { BottomSheet, useDrawer } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { LazyImage } from '../../ui/LazyImage';
import { navigate } from '../../lib/navigation';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { toast } from '../../ui/Toast';
import { useCloseOnLeave } from '../../components/data/useCloseOnLeave';
import type { MarketDetail, Product } from '../../components/market-detail/marketDetail';
import { imageUrl } from '../../lib/media/imageUrl';
import { addLinesToCart, CART_DRAWER, CART_TEXT, type DrawerLine } from './addToCart';
import styles from './AddToCartDrawer.module.css';

type Option = Product['option'][number];

const lineKey = (productId: string, option: string) => `${productId}\u0000${option}`;

const NO_AMOUNTS: ReadonlyMap<string, number> = new Map();

/** Units of `productId` in `amounts` (by line key) on its lines other than `optionTitle`'s. */
function otherLinesAmount(amounts: ReadonlyMap<string, number>, productId: string, optionTitle: string): number {
  let sum = 0;
  for (const [key, amount] of amounts) if (key.startsWith(`${productId}\u0000`) && key !== lineKey(productId, optionTitle)) sum += amount;
  return sum;
}

/**
 * How many of an option may go in: the cart's line rule (sdk lineAvailableQuantity: the option's stock left,
 * and what the product's other lines leave of its per-order limit), the product's other lines being those in
 * the cart and in the drawer, less what the cart's line already holds.
 */
export function optionMaximum(
  product: Product,
  option: Option,
  amounts: ReadonlyMap<string, number>,
  held: ReadonlyMap<string, number> = NO_AMOUNTS,
): number {
  const others = otherLinesAmount(amounts, product._id, option.title) + otherLinesAmount(held, product._id, option.title);
  const line = lineAvailableQuantity({ limitAmount: product.limitAmount, stock: option.stock, order: option.order }, others);
  return Math.max(0, line - (held.get(lineKey(product._id, option.title)) ?? 0));
}

/**
 * The drawer's amounts brought within what may go in given what the cart holds: amounts chosen before the
 * cart's lines loaded (a slow answer) may exceed it. Lines are taken in the drawer's order.
 */
export function withinMaximum(
  products: readonly Product[],
  amounts: ReadonlyMap<string, number>,
  held: ReadonlyMap<string, number>,
): Map<string, number> {
  const next = new Map(amounts);
  for (const product of products)
    for (const option of visibleOptions(product.option)) {
      const key = lineKey(product._id, option.title);
      const amount = next.get(key);
      if (amount) next.set(key, clampQuantity(amount, optionMaximum(product, option, next, held), 'drawer'));
    }
  return next;
}

/**
 * What the market's cart entry holds, by line key; empty until loaded (and when the cart cannot be read:
 * the server still checks).
 */
function useHeldAmounts(marketId: string, open: boolean): ReadonlyMap<string, number> {
  const [held, setHeld] = useState<ReadonlyMap<string, number>>(NO_AMOUNTS);
  useEffect(() => {
    if (!open) return;
    let current = true;
    api.get('/cart/v2/get').then(
      (entries) => {
        const entry = entries.find((cart) => cart.market._id === marketId);
        if (current) setHeld(new Map((entry?.productList ?? []).map((line) => [lineKey(line._id, line.option), line.amount])));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [marketId, open]);
  return held;
}

/**
 * `closed`: the market has closed by the page's clock (the bar beside says '주문 종료된 마켓이에요' at the same
 * tick): the drawer closes, nothing more can be added.
 */
export function AddToCartDrawer({ detail, closed = false }: { detail: MarketDetail; closed?: boolean }) {
  const drawer = useDrawer(CART_DRAWER);
  const forThisMarket = drawer.open && drawer.params.marketUID === detail.market._id;
  const open = forThisMarket && !closed;
  useEffect(() => {
    if (forThisMarket && closed) closeDrawer(CART_DRAWER);
  }, [forThisMarket, closed]);
  useCloseOnLeave(CART_DRAWER, detail.market._id);
  const [amounts, setAmounts] = useState<Map<string, number>>(() => new Map());
  const held = useHeldAmounts(detail.market._id, open);
  const [sending, setSending] = useState(false);
  const lastSentAt = useRef(0);

  const products = visibleProducts(detail.product);

  // Every opening starts from zero (reset while rendering the opening).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setAmounts(new Map());
  }
  // The cart's lines arrived: what was chosen before is brought within what may still go in.
  const [heldSeen, setHeldSeen] = useState(held);
  if (held !== heldSeen) {
    setHeldSeen(held);
    setAmounts((current) => withinMaximum(products, current, held));
  }

  const lines: DrawerLine[] = products.flatMap((product) =>
    visibleOptions(product.option).map((option) => ({
      _id: product._id,
      option: option.title,
      amount: amounts.get(lineKey(product._id, option.title)) ?? 0,
      price: option.price,
      title: product.title,
    })),
  );
  const totals = cartTotals(lines, null, null);

  function change(product: Product, option: Option, value: number) {
    setAmounts((current) => {
      const next = new Map(current);
      next.set(lineKey(product._id, option.title), clampQuantity(value, optionMaximum(product, option, current, held), 'drawer'));
      return next;
    });
  }

  async function add() {
    // eslint-disable-next-line react-hooks/purity -- a click handler, not render: the compiler misreads async handlers
    const at = Date.now();
    if (at - lastSentAt.current < TIMING.addToCartDebounceMs) return;
    lastSentAt.current = at;
    setSending(true);
    const added = await addLinesToCart(detail, lines);
    setSending(false);
    if (!added) return;
    drawer.close();
    toast(CART_TEXT.added, {
      type: 'success',
      action: { label: CART_TEXT.goToCart, onClick: () => navigate(`/cart/${detail.market._id}`) },
    });
  }

  const footer = (
    <div className={styles.footer}>
      <div className={styles.summary}>
        <span>{CART_TEXT.total(totals.totalAmount)}</span>
        <strong>{formatWon(totals.productTotal)}</strong>
      </div>
      <Button block size="lg" disabled={!canAddToCart(lines)} loading={sending} onClick={() => void add()}>
        {CART_TEXT.add}
      </Button>
    </div>
  );

  return (
    <BottomSheet open={open} onClose={drawer.close} title={CART_TEXT.add} showClose footer={footer}>
      <ProductOptions products={products} focusId={drawer.params.productId} amounts={amounts} held={held} onChange={change} />
    </BottomSheet>
  );
}

interface ProductOptionsProps {
  products: Product[];
  focusId: string | undefined;
  amounts: ReadonlyMap<string, number>;
  held: ReadonlyMap<string, number>;
  onChange: (product: Product, option: Option, value: number) => void;
}

function ProductOptions({ products, focusId, amounts, held, onChange }: ProductOptionsProps) {
  // The product the drawer was opened on comes first.
  const ordered = focusId ? [...products.filter((p) => p._id === focusId), ...products.filter((p) => p._id !== focusId)] : products;
  return (
    <div className={styles.list}>
      {ordered.map((product) => {
        const productAmount = visibleOptions(product.option).reduce(
          (sum, option) => sum + (amounts.get(lineKey(product._id, option.title)) ?? 0),
          0,
        );
        return (
          <section key={product._id} className={styles.product} aria-label={product.title}>
            <div className={styles.productHead}>
              <span className={styles.thumb}>
                <LazyImage src={imageUrl(product.cover[0])} alt="" ratio={1} radius={10} />
              </span>
              <strong className={styles.productTitle}>{product.title}</strong>
            </div>
            <ul className={styles.options}>
              {visibleOptions(product.option).map((option) => {
                const amount = amounts.get(lineKey(product._id, option.title)) ?? 0;
                const own = availableQuantity(product.limitAmount, option.stock, option.order);
                const max = optionMaximum(product, option, amounts, held);
                const soldOut = own === 0;
                // Sold out; stopped by what the cart holds of the product; at the option's own maximum; else,
                // held by the product's per-order limit.
                const heldOfProduct =
                  (held.get(lineKey(product._id, option.title)) ?? 0) + otherLinesAmount(held, product._id, option.title);
                const stoppedByCart = !soldOut && amount >= max && max < optionMaximum(product, option, amounts);
                const note = soldOut
                  ? quantityLabel(amount, own)
                  : stoppedByCart
                    ? CART_TEXT.heldInCart(heldOfProduct)
                    : (quantityLabel(amount, own) ??
                      (amount >= max && max < own ? quantityLabel(productAmount, product.limitAmount) : null));
                return (
                  <li key={option.title} className={cx(styles.option, soldOut && styles.soldOut)}>
                    <div className={styles.optionText}>
                      <span className={styles.optionTitle}>{option.title}</span>
                      <span className={styles.optionPrice}>{formatWon(option.price)}</span>
                      {note && <span className={cx(styles.note, soldOut && styles.noteSoldOut)}>{note}</span>}
                    </div>
                    <QuantityStepper
                      value={amount}
                      min={0}
                      max={max}
                      disabled={soldOut || max === 0}
                      size="sm"
                      label={`${product.title} ${option.title}`}
                      onChange={(value) => onChange(product, option, value)}
                    />
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
