// Every business rule of SPEC.md, stated once. Pure: no I/O, no DOM, and the current time is always an argument.
export * from './constants.js';
export * from './choices.js';
export * from './dates.js';
export * from './market-timing.js';
export * from './pricing.js';
export * from './cart.js';
export * from './validation.js';
export * from './error-codes.js';
export * from './errors.js';
export * from './receipt.js';
export * from './routing.js';
export * from './go-links.js';
export * from './search.js';
export * from './storage.js';
export * from './storage-lists.js';
export * from './app-version.js';
