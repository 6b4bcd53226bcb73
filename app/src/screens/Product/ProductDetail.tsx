// One product of the product screen: covers, title, price, promotions, options with what is left, and the
// description with tags. In the scroll view it reports view_item once it has been on screen for 5 s.
import {
  availableQuantity,
  formatWon,
  LIMIT_AMOUNT_NONE,
  STYLE_TAGS,
  TIMING,
  visibleOptions,
  type StyleTag,
} from '@creator-market/sdk/domain';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { track } from '../../services/analytics';
import type { Product } from '../../components/market-detail/marketDetail';
import { imageUrl } from '../../lib/media/imageUrl';
import { Price, productPriceRange } from '../../components/price/Price';
import { Carousel } from '../../ui/Carousel';
import { cx } from '../../ui/cx';
import { LazyImage } from '../../ui/LazyImage';
import { useIntersection } from '../../ui/visibility';
import styles from './Product.module.css';

export const PRODUCT_TEXT = {
  options: '옵션',
  soldOut: '품절',
  left: (count: number) => `${count}개 남음`,
  perOrder: (count: number) => `한 번에 ${count}개까지 주문할 수 있어요`,
} as const;

/** Few enough left to say how many. */
const LOW_STOCK = 10;

/** view_item for a product (section 7: after 5 s in the product scroll view). */
export function trackViewItem(product: Product): void {
  const { min } = productPriceRange(product);
  track('view_item', {
    value: min ?? 0,
    items: [{ item_id: product._id, item_name: product.title, price: min ?? 0 }],
  });
}

/** Sends view_item once the element has stayed on screen for 5 s (the timer restarts when it leaves). */
function useViewItem(ref: RefObject<HTMLElement | null>, product: Product, enabled: boolean) {
  const [visible, setVisible] = useState(false);
  const sent = useRef(false);
  useIntersection(ref, '0px', setVisible, enabled);
  useEffect(() => {
    if (!enabled || !visible || sent.current) return;
    const timer = setTimeout(() => {
      sent.current = true;
      trackViewItem(product);
    }, TIMING.viewItemDelayMs);
    return () => clearTimeout(timer);
  }, [enabled, visible, product]);
}

/**
 * `priority`: the product the page opens on, whose first image is the largest paint of the first screen;
 * `onLeadSettle` is called once that image has been painted (or has failed).
 */
export function ProductDetail({
  product,
  trackView = false,
  priority = false,
  onLeadSettle,
}: {
  product: Product;
  trackView?: boolean;
  priority?: boolean;
  onLeadSettle?: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useViewItem(ref, product, trackView);
  const { min, max } = productPriceRange(product);
  const options = visibleOptions(product.option);

  return (
    <article ref={ref} id={`product-${product._id}`} className={styles.product} aria-label={product.title}>
      {product.cover.length > 0 && (
        <Carousel label={`${product.title} 이미지`} indicator="counter">
          {product.cover.map((cover, index) => (
            <LazyImage
              key={`${cover}-${index}`}
              src={imageUrl(cover)}
              alt={`${product.title} ${index + 1}`}
              ratio={1}
              priority={priority && index === 0}
              {...(priority && index === 0 && onLeadSettle ? { onSettle: onLeadSettle } : {})}
            />
          ))}
        </Carousel>
      )}
      <div className={styles.body}>
        {product.promotion.list.length > 0 && (
          <div className={styles.promotions}>
            {product.promotion.list.map((item) => (
              <span key={item} className={styles.promotion}>
                {item}
              </span>
            ))}
          </div>
        )}
        <h2 className={styles.title}>{product.title}</h2>
        <Price min={min} max={max} size="lg" />
        {options.length > 0 && (
          <ul className={styles.options} aria-label={PRODUCT_TEXT.options}>
            {options.map((option) => {
              // What stock is left, without the per-order limit (shown on its own below).
              const left = availableQuantity(LIMIT_AMOUNT_NONE, option.stock, option.order);
              const note = left === 0 ? PRODUCT_TEXT.soldOut : left <= LOW_STOCK ? PRODUCT_TEXT.left(left) : null;
              return (
                <li key={option.title} className={cx(styles.option, left === 0 && styles.optionSoldOut)}>
                  <span className={styles.optionTitle}>{option.title}</span>
                  <span className={styles.optionPrice}>{formatWon(option.price)}</span>
                  {note && <span className={styles.optionNote}>{note}</span>}
                </li>
              );
            })}
          </ul>
        )}
        {product.limitAmount > LIMIT_AMOUNT_NONE && <p className={styles.limit}>{PRODUCT_TEXT.perOrder(product.limitAmount)}</p>}
        {product.desc && <p className={styles.desc}>{product.desc}</p>}
        {product.tags.length > 0 && <p className={styles.tags}>{product.tags.map(tagLabel).join(' ')}</p>}
      </div>
    </article>
  );
}

/** '#감성' for the style tag 'sense' (sdk STYLE_TAGS labels); another tag as it is written. */
export function tagLabel(tag: string): string {
  return `#${STYLE_TAGS[tag as StyleTag] ?? tag}`;
}
