// The business constants of SPEC.md (section 9, with the defaults of section 3) of one kind: colours. Each is
// stated once; ../constants.ts exports every kind.

export const DEFAULT_BG_COLOR = '#07D1AE';
export const DEFAULT_PAGE_BG_COLOR = '#FFFFFF';
