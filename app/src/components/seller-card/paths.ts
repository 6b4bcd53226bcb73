import { buildPath, SELLER_CATEGORIES } from '@creator-market/sdk/domain';

export function profilePath(publicId: string): string {
  return buildPath('profile', { sellerId: publicId });
}

/** The Korean label of a seller category keyword (the keyword itself when unknown). */
export function categoryLabel(category: string): string {
  return (SELLER_CATEGORIES as Record<string, string>)[category] ?? category;
}
