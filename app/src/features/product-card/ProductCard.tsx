// Product tiles of lists, home rows and search results (the ProductSummary list form). A tile opens the
// product screen of its market with the product id as the hash.
import type { Schemas } from '@creator-market/sdk';
import { availableQuantity, buildPath, visibleOptions } from '@creator-market/sdk/domain';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from '../../ui/cx';
import { LazyImage } from '../../ui/LazyImage';
import { imageUrl } from '../../lib/media/imageUrl';
import { Price, productPriceRange } from '../../components/price/Price';
import styles from './ProductCard.module.css';

export type ProductSummary = Schemas['ProductSummary'];
type Product = Schemas['Product'];

export const PRODUCT_CARD_TEXT = {
  soldOut: '품절',
} as const;

export function productPath(product: Pick<ProductSummary, 'sellerPublicId' | 'marketPublicId' | 'productUID'>): string {
  return buildPath('product', { sellerId: product.sellerPublicId, marketId: product.marketPublicId }, { hash: product.productUID });
}

export interface ProductCardProps {
  product: ProductSummary;
  /** Ranking number shown over the image (most carted, just sold). */
  rank?: number;
  /** 'grid' fills its grid cell; 'rail' is the fixed-width card of a horizontal row. */
  variant?: 'grid' | 'rail';
  className?: string;
}

export function ProductCard({ product, rank, variant = 'grid', className }: ProductCardProps) {
  return (
    <Link href={productPath(product)} className={cx(styles.card, styles[variant], className)}>
      <span className={styles.media}>
        <LazyImage src={imageUrl(product.productCover)} alt="" ratio={1} radius={12} />
        {rank !== undefined && <span className={cx(styles.rank, rank <= 3 && styles.topRank)}>{rank}</span>}
      </span>
      <span className={styles.seller}>{product.sellerName}</span>
      <span className={styles.title}>{product.productTitle}</span>
      <Price min={product.productPriceMin} max={product.productPriceMax} size="sm" className={styles.price} />
    </Link>
  );
}

/** Two-column grid of product tiles. */
export function ProductGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx(styles.productGrid, className)}>{children}</div>;
}

/** A product of a market (the full Product form of the market detail) as a grid tile. */
export function MarketProductCard({ product, sellerId, marketId }: { product: Product; sellerId: string; marketId: string | number }) {
  const { min, max } = productPriceRange(product);
  const soldOut = visibleOptions(product.option).every(
    (option) => availableQuantity(product.limitAmount, option.stock, option.order) === 0,
  );
  return (
    <Link href={buildPath('product', { sellerId, marketId }, { hash: product._id })} className={styles.card}>
      <span className={styles.media}>
        <LazyImage src={imageUrl(product.cover[0])} alt="" ratio={1} radius={12} />
        {soldOut && <span className={styles.soldOut}>{PRODUCT_CARD_TEXT.soldOut}</span>}
      </span>
      <span className={styles.title}>{product.title}</span>
      <Price min={min} max={max} size="sm" className={styles.price} />
      {product.promotion.list.length > 0 && <span className={styles.promotion}>{product.promotion.list.join(' · ')}</span>}
    </Link>
  );
}
