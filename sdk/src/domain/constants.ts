// Every business constant, default and timing of SPEC.md (section 9, with the defaults of section 3), stated once,
// in one module per kind (constants/). Durations are in milliseconds unless the name says otherwise. By kind
// because a bundle carries a module whole, with every export any of its pages uses, wherever one is used: the
// app's start scripts need a few list sizes and timings, and with them came every other page's versions,
// states, formats and codes (docs/decisions/home-js-start-chunk.md, 2026-12-04).
export * from './constants/money.js';
export * from './constants/markets.js';
export * from './constants/products.js';
export * from './constants/lists.js';
export * from './constants/timings.js';
export * from './constants/locale.js';
export * from './constants/colours.js';
export * from './constants/taxonomies.js';
export * from './constants/errors.js';
