// The business constants of SPEC.md (section 9, with the defaults of section 3) of one kind: taxonomies
// (seller categories, special market ids). Each is stated once; ../constants.ts exports every kind.

/** Seller category keywords with their Korean labels, in display order. */
export const SELLER_CATEGORIES = {
  stickers: '스티커',
  confetti: '조각스티커',
  alphabet: '알파벳',
  washitape: '마스킹테이프',
  removable: '리무버블',
  pack: '팩',
  keyring: '키링',
  case: '케이스',
} as const;
export type SellerCategory = keyof typeof SELLER_CATEGORIES;
export const SELLER_CATEGORY_KEYS = Object.keys(SELLER_CATEGORIES) as SellerCategory[];

/**
 * The six listed market identifiers get special treatment (purpose not shown in the spec): four begin
 * with 'kakao_', two with the product's own prefix ({product}_). Only the prefixes are known.
 */
export const SPECIAL_MARKET_ID_PREFIXES = { kakao: 'kakao_', product: 'creatormarket_' } as const;
export const SPECIAL_MARKET_ID_COUNTS = { kakao: 4, product: 2 } as const;
