// The 14 list categories of /list/{category} (SPEC.md section 2): their titles and what each shows.
import { LIST_CATEGORIES, SELLER_CATEGORY_KEYS, type ListCategory, type SellerCategory } from '@creator-market/sdk/domain';

export type ListShape = 'sellers' | 'products' | 'markets' | 'previews' | 'category';

export interface ListConfig {
  title: string;
  shape: ListShape;
  /** Rank numbers on the entries (ranking lists). */
  ranked?: boolean;
}

export const LIST_CONFIG: Record<ListCategory, ListConfig> = {
  category: { title: '카테고리', shape: 'category' },
  topSeller: { title: '인기 작가 TOP 30', shape: 'sellers', ranked: true },
  newSeller: { title: '이번 주 새로 온 작가', shape: 'sellers' },
  remindSeller: { title: '이런 작가님은 어때요?', shape: 'sellers' },
  topCart: { title: '장바구니에 많이 담긴 물품', shape: 'products', ranked: true },
  specialProduct: { title: '덤·특전 물품', shape: 'products' },
  topSold: { title: '방금 팔린 물품', shape: 'products', ranked: true },
  newProduct: { title: '새로 올라온 물품', shape: 'products' },
  remindProduct: { title: '오늘의 추천 물품', shape: 'products' },
  newMarket: { title: '마켓', shape: 'markets' },
  openMarket: { title: '마켓', shape: 'markets' },
  scheduleMarket: { title: '마켓', shape: 'markets' },
  deadlineMarket: { title: '마켓', shape: 'markets' },
  marketPreview: { title: '출시 예정 소식', shape: 'previews' },
};

export function isListCategory(value: string | undefined): value is ListCategory {
  return (LIST_CATEGORIES as readonly string[]).includes(value ?? '');
}

// What each list asks for first (the list bodies, and the tap that opens one: shell/routeData.ts).

/** The `from` of a seller list's /common/v2/seller. */
export const SELLER_SOURCE: Partial<Record<ListCategory, 'top' | 'new' | 'lucky'>> = {
  topSeller: 'top',
  newSeller: 'new',
  remindSeller: 'lucky',
};

/** The `from` of a product list's /common/v2/product (newProduct, absent here, pages /common/v2/new-product). */
export const PRODUCT_SOURCE: Partial<Record<ListCategory, 'topcart' | 'topsold' | 'lucky' | 'special'>> = {
  topCart: 'topcart',
  topSold: 'topsold',
  remindProduct: 'lucky',
  specialProduct: 'special',
};

/** The seller category the category list shows for its typeId (the first one when it names none). */
export function shownSellerCategory(typeId: string | undefined): SellerCategory {
  return (SELLER_CATEGORY_KEYS as readonly string[]).includes(typeId ?? '') ? (typeId as SellerCategory) : 'stickers';
}

/** The market list's tabs, in the spec's order. */
export const MARKET_TABS = [
  { value: 'newMarket', label: '새로 등록' },
  { value: 'openMarket', label: '주문 가능' },
  { value: 'scheduleMarket', label: '오픈 예정' },
  { value: 'deadlineMarket', label: '마감 임박' },
] as const;

export const LIST_TEXT = {
  emptySellers: '아직 작가님이 없어요',
  emptyProducts: '아직 물품이 없어요',
  emptyMarkets: '지금은 마켓이 없어요',
  emptyPreviews: '출시 예정 소식이 없어요',
  viewMarkets: '마켓으로 보기',
  /** The order of the category's markets: the market list's '새로 등록' (SPEC.md: newly registered), newest first. */
  categoryMarketOrder: `${MARKET_TABS.find((tab) => tab.value === 'newMarket')!.label} 순`,
  newSeller: '새 작가',
} as const;
