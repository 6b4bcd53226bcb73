// A product's price range as the spec writes it (sdk priceDisplay: '가격 없음', one price, 'min ~',
// 'min ~ max'), in the app's price type.
import { isInUse, priceDisplay } from '@creator-market/sdk/domain';
import type { Schemas } from '@creator-market/sdk';
import { cx } from '../../ui/cx';
import styles from './Price.module.css';

export interface PriceProps {
  min: number | null | undefined;
  max: number | null | undefined;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Price({ min, max, size = 'md', className }: PriceProps) {
  const text = priceDisplay(min, max);
  const none = min == null && max == null;
  return <span className={cx(styles.price, styles[size], none && styles.none, className)}>{text}</span>;
}

/** The lowest and highest price of a product's options on sale (null when none is on sale). */
export function productPriceRange(product: Pick<Schemas['Product'], 'option'>): { min: number | null; max: number | null } {
  const prices = product.option.filter(isInUse).map((option) => option.price);
  if (prices.length === 0) return { min: null, max: null };
  return { min: Math.min(...prices), max: Math.max(...prices) };
}
