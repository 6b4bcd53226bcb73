// The business constants of SPEC.md (section 9, with the defaults of section 3) of one kind: list, page and
// cache sizes. Each is stated once; ../constants.ts exports every kind.

export const HOME_SECTION_MAX_ITEMS = 7;
export const HOME_PREVIEW_MAX_ITEMS = 7;
/** The market list shows 10 first, then 10 more at a time. */
export const MARKET_LIST_FIRST_PAGE = 10;
export const MARKET_LIST_NEXT_PAGE = 10;
/** Offset and search pages hold at most 20 items (team decision; the spec does not give it). */
export const PAGE_SIZE = 20;
export const MARKET_DETAIL_HISTORY_CACHE = 10;
export const SCROLL_POSITION_CACHE = 10;
export const KEEP_ALIVE_MAX = 5;
/** Lists in the my page show their first 3 entries. */
export const MY_PAGE_LIST_COUNT = 3;
export const SKELETON_COUNT = { orderDetailCards: 3, orderHistoryRows: 4, grid: 8 } as const;
export const CAROUSEL_PLACEHOLDER_COUNT = 8;
