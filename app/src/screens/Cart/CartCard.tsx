// One market's cart: seller and market header with the order window, the product lines with their states and
// quantity steppers, the delivery option, the order memo, the summary with shipping, and the links to the
// market's notices.
import { buildPath, clampQuantity, formatWon, LIMITS, shipDiscountApplies } from '@creator-market/sdk/domain';
import { Link } from 'wouter';
import { marketPeriod, OrderWindowBadge } from '../../components/market-card/MarketCard';
import { imageUrl } from '../../lib/media/imageUrl';
import { openDrawer } from '../../stores/drawers';
import { Badge } from '../../ui/Badge';
import { cx } from '../../ui/cx';
import { IconChevron } from '../../ui/icons/actions';
import { IconClose } from '../../ui/icons/navigation';
import { IconInfo } from '../../ui/icons/status';
import { LazyImage } from '../../ui/LazyImage';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { removeLine, setLineAmount, setMemo } from './cartStore';
import type { CartView, LineView } from './cartView';
import { DELIVERY_DRAWER, NOTICE_DRAWER } from './CartDrawers';
import { CART_TEXT } from './text';
import styles from './Cart.module.css';

export const MEMO_MAX_LENGTH = LIMITS.orderMemoMaxLength;

export function marketPathOf(view: Pick<CartView, 'entry'>): string {
  return buildPath('market', { sellerId: view.entry.market.sellerPublicId, marketId: view.entry.market.publicId });
}

export function CartCard({ view, now }: { view: CartView; now: number }) {
  const { entry, locked, closed, totals } = view;
  const { market } = entry;
  const discount = market.shipDiscount;
  const discountOffered = (discount.amount ?? 0) > 0 && (discount.minPrice ?? 0) > 0;

  return (
    <section className={styles.card} aria-label={market.title}>
      <header className={styles.cardHead}>
        <Link href={marketPathOf(view)} className={styles.seller}>
          <span className={styles.sellerAvatar}>
            <LazyImage src={imageUrl(entry.seller.profile)} alt="" ratio={1} radius="50%" />
          </span>
          <span className={styles.sellerId}>@{entry.seller.publicId}</span>
          <IconChevron size={16} className={styles.sellerChevron} />
        </Link>
        <Link href={marketPathOf(view)} className={styles.marketTitle}>
          {market.title}
        </Link>
        <div className={styles.window}>
          <OrderWindowBadge timing={market} now={now} />
          <span className={styles.period}>{marketPeriod(market)}</span>
        </div>
      </header>

      {locked && (
        <p className={styles.locked} role="status">
          <IconInfo size={16} /> {CART_TEXT.lockedNotice}
        </p>
      )}

      <ul className={styles.lines}>
        {view.lines.map((lineView) => (
          <CartLineRow key={`${lineView.line._id}:${lineView.line.option}`} cartId={entry._id} view={lineView} locked={locked || closed} />
        ))}
      </ul>

      {!closed && (
        <>
          <button
            type="button"
            className={styles.deliveryRow}
            disabled={locked}
            onClick={() => openDrawer(DELIVERY_DRAWER, { cartId: entry._id })}
          >
            <span className={styles.rowLabel}>{CART_TEXT.delivery}</span>
            <span className={cx(styles.deliveryValue, !entry.deliveryOption && styles.placeholder)}>
              {entry.deliveryOption ? entry.deliveryOption.title : CART_TEXT.deliveryChoose}
            </span>
            <IconChevron size={18} className={styles.rowChevron} />
          </button>

          <label className={styles.memo}>
            <span className={styles.rowLabel}>{CART_TEXT.memo}</span>
            <textarea
              className={styles.memoInput}
              value={view.memo}
              maxLength={MEMO_MAX_LENGTH}
              rows={2}
              placeholder={CART_TEXT.memoPlaceholder}
              disabled={locked}
              onChange={(event) => setMemo(entry._id, event.target.value)}
            />
          </label>

          <dl className={styles.summary}>
            <div className={styles.summaryRow}>
              <dt>{CART_TEXT.productTotal}</dt>
              <dd>{formatWon(totals.productTotal)}</dd>
            </div>
            <div className={styles.summaryRow}>
              <dt>{CART_TEXT.shipping}</dt>
              <dd>
                {totals.shipping.discount > 0 && <s className={styles.basePrice}>{formatWon(totals.shipping.basePrice)}</s>}
                <span className={cx(totals.shipping.label === '무료배송' && styles.free)}>{totals.shipping.label ?? '-'}</span>
              </dd>
            </div>
            <div className={cx(styles.summaryRow, styles.totalRow)}>
              <dt>{CART_TEXT.total}</dt>
              <dd>{formatWon(totals.total)}</dd>
            </div>
          </dl>
          {discountOffered && !shipDiscountApplies(discount, totals.productTotal) && (
            <p className={styles.hint}>{CART_TEXT.freeShippingHint(formatWon(discount.minPrice ?? 0))}</p>
          )}
        </>
      )}

      <nav className={styles.notices}>
        <button type="button" onClick={() => openDrawer(NOTICE_DRAWER, { cartId: entry._id, kind: 'order' })}>
          {CART_TEXT.marketNotice}
        </button>
        <span aria-hidden="true">·</span>
        <button type="button" onClick={() => openDrawer(NOTICE_DRAWER, { cartId: entry._id, kind: 'privacy' })}>
          {CART_TEXT.privacyNotice}
        </button>
      </nav>
    </section>
  );
}

function CartLineRow({ cartId, view, locked }: { cartId: string; view: LineView; locked: boolean }) {
  const { line, stateLabel, max, quantityNote } = view;
  const inactive = view.state === 'ended' || view.state === 'unused' || view.state === 'sold-out';
  const name = `${line.productTitle} ${line.option}`;
  return (
    <li className={cx(styles.line, inactive && styles.inactive)} aria-label={name}>
      <span className={styles.cover}>
        <LazyImage src={imageUrl(line.cover)} alt="" ratio={1} radius={10} />
      </span>
      <div className={styles.lineBody}>
        <div className={styles.lineTop}>
          <div className={styles.lineText}>
            <span className={styles.lineTitle}>{line.productTitle}</span>
            <span className={styles.lineOption}>{line.option}</span>
          </div>
          {!locked && (
            <button
              type="button"
              className={styles.remove}
              aria-label={CART_TEXT.removeLine(name)}
              onClick={() => void removeLine(cartId, line)}
            >
              <IconClose size={18} />
            </button>
          )}
        </div>
        <div className={styles.lineBottom}>
          <div className={styles.lineState}>
            {stateLabel && (
              <Badge tone={view.state === 'sold-out' ? 'red' : 'gray'} size="sm">
                {stateLabel}
              </Badge>
            )}
            {quantityNote && <span className={styles.quantityNote}>{quantityNote}</span>}
          </div>
          <QuantityStepper
            size="sm"
            value={line.amount}
            min={1}
            max={Number.isFinite(max) ? Math.max(max, 1) : undefined}
            disabled={locked || inactive}
            label={name}
            onChange={(value) => setLineAmount(cartId, line, Math.max(1, clampQuantity(value, max, 'cart')))}
          />
        </div>
        <strong className={styles.linePrice}>{formatWon(line.price * line.amount)}</strong>
      </div>
    </li>
  );
}
