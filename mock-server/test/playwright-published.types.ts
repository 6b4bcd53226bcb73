// The published declarations of `@creator-market/mock-server/playwright` (src/playwright/published.d.ts) say
// what the code (src/playwright/index.ts) exports: `pnpm typecheck` fails when the two drift apart.
import * as code from '../src/playwright/index';
import type * as published from '../src/playwright/published';

export const test: typeof published.test = code.test;
export const expect: typeof published.expect = code.expect;
export const worldNameFor: typeof published.worldNameFor = code.worldNameFor;
export const constants: [
  typeof published.MOCK_WORLD_STORAGE_KEY,
  typeof published.MOCK_READY_GLOBAL,
  typeof published.SIGN_IN_RETURN_PATH,
] = [code.MOCK_WORLD_STORAGE_KEY, code.MOCK_READY_GLOBAL, code.SIGN_IN_RETURN_PATH];
export const fixtures = (value: code.MockFixtures & code.MockOptions): published.MockFixtures & published.MockOptions => value;
export const back = (value: published.MockFixtures & published.MockOptions): code.MockFixtures & code.MockOptions => value;
