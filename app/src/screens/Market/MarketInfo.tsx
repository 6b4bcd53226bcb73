// The market's information blocks: order start and end, minimum order price, delivery options with the
// shipping discount, and the order notice that expands.
import { formatCount, formatDateTime, formatWon, isInUse, shippingPrice } from '@creator-market/sdk/domain';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Market } from '../../components/market-detail/marketDetail';
import { cx } from '../../ui/cx';
import { IconChevron } from '../../ui/icons/actions';
import styles from './Market.module.css';

export const MARKET_INFO_TEXT = {
  start: '주문 시작',
  end: '주문 마감',
  minimum: (min: string) => `물품 ${min} 이상 주문 가능한 마켓이에요`,
  delivery: '배송',
  expect: '발송 예정',
  weightLimit: (grams: number) => `${formatCount(grams)}g 이하`,
  freeShipping: '무료배송',
  discount: (min: string, label: string) => `물품 ${min} 이상 주문 시 ${label}`,
  discountAmount: (amount: string) => `배송비 ${amount} 할인`,
  notice: '주문 안내',
  expand: '더보기',
  collapse: '접기',
} as const;

const when = (time: string) => formatDateTime(time, 'M월 D일 (dd) HH:mm');

export function OrderWindow({ market }: { market: Market }) {
  return (
    <dl className={styles.times}>
      <div>
        <dt>{MARKET_INFO_TEXT.start}</dt>
        <dd>{when(market.marketST)}</dd>
      </div>
      <div>
        <dt>{MARKET_INFO_TEXT.end}</dt>
        <dd>{when(market.marketED)}</dd>
      </div>
    </dl>
  );
}

/** The shipping discount line: '무료배송' when every delivery option becomes free, else the amount taken off. */
export function shipDiscountLine(market: Market): string | null {
  const { amount, minPrice } = market.shipDiscount;
  if (!(amount > 0 && minPrice > 0)) return null;
  const options = market.delivery.option.filter(isInUse);
  const allFree = options.length > 0 && options.every((option) => shippingPrice(option, market.shipDiscount, minPrice).price === 0);
  return MARKET_INFO_TEXT.discount(
    formatWon(minPrice),
    allFree ? MARKET_INFO_TEXT.freeShipping : MARKET_INFO_TEXT.discountAmount(formatWon(amount)),
  );
}

export function DeliveryInfo({ market }: { market: Market }) {
  const options = market.delivery.option.filter(isInUse);
  const discount = shipDiscountLine(market);
  return (
    <section className={styles.block}>
      {market.minPrice > 0 && <p className={styles.minimum}>{MARKET_INFO_TEXT.minimum(formatWon(market.minPrice))}</p>}
      <h2 className={styles.blockTitle}>{MARKET_INFO_TEXT.delivery}</h2>
      <ul className={styles.deliveryOptions}>
        {options.map((option) => (
          <li key={option.title} className={styles.deliveryOption}>
            <div className={styles.deliveryHead}>
              <span className={styles.deliveryTitle}>{option.title}</span>
              <span className={styles.deliveryPrice}>{option.price > 0 ? formatWon(option.price) : MARKET_INFO_TEXT.freeShipping}</span>
            </div>
            {(option.desc || option.weight !== undefined) && (
              <p className={styles.deliveryDesc}>
                {[option.desc, option.weight !== undefined ? MARKET_INFO_TEXT.weightLimit(option.weight) : null]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            )}
          </li>
        ))}
      </ul>
      {discount && <p className={styles.discount}>{discount}</p>}
      {market.delivery.expect && (
        <p className={styles.expect}>
          <strong>{MARKET_INFO_TEXT.expect}</strong> {market.delivery.expect}
        </p>
      )}
    </section>
  );
}

export function OrderNotice({ notice }: { notice: string }) {
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);
  const textRef = useRef<HTMLParagraphElement>(null);

  useLayoutEffect(() => {
    const element = textRef.current;
    if (element && !expanded) setOverflowing(element.scrollHeight > element.clientHeight + 1);
  }, [notice, expanded]);

  if (!notice.trim()) return null;
  return (
    <section className={styles.block}>
      <h2 className={styles.blockTitle}>{MARKET_INFO_TEXT.notice}</h2>
      <p ref={textRef} className={cx(styles.notice, !expanded && styles.noticeClamped)}>
        {notice}
      </p>
      {(overflowing || expanded) && (
        <button type="button" className={styles.expand} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? MARKET_INFO_TEXT.collapse : MARKET_INFO_TEXT.expand}
          <IconChevron size={14} direction={expanded ? 'up' : 'down'} />
        </button>
      )}
    </section>
  );
}
