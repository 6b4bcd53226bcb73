// The business constants of SPEC.md (section 9, with the defaults of section 3) of one kind: products and the
// cart (limits, stock, cart entry states, user levels, address states). Each is stated once; ../constants.ts
// exports every kind.

/** Product limitAmount 0 means no per-order limit. */
export const LIMIT_AMOUNT_NONE = 0;
/** Option stock -1 means unlimited stock. */
export const STOCK_UNLIMITED = -1;
/** Cart entry status: 0 normal, 1 ordering (replace or sync), 2 remove. */
export const CART_ENTRY_STATUS = { normal: 0, ordering: 1, remove: 2 } as const;
export type CartEntryStatusCode = (typeof CART_ENTRY_STATUS)[keyof typeof CART_ENTRY_STATUS];

/** User level: 0 buyer, 1 seller. */
export const USER_LEVEL = { buyer: 0, seller: 1 } as const;
/** Address status: 1 primary, 0 not. */
export const ADDRESS_STATUS = { primary: 1, other: 0 } as const;
