// Every business rule of SPEC.md, stated once. Pure: no I/O, no DOM, and the current time is always an argument.
export * from './constants';
export * from './choices';
export * from './dates';
export * from './market-timing';
export * from './pricing';
export * from './cart';
export * from './validation';
export * from './error-codes';
export * from './errors';
export * from './receipt';
export * from './routing';
export * from './go-links';
export * from './search';
export * from './storage';
export * from './storage-lists';
export * from './app-version';
