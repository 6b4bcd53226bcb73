// The declarations of the published `@creator-market/mock-server/playwright` (dist/playwright.d.ts in the
// package bin/bundle.mjs writes; the code is src/playwright/index.ts, bundled). They state index.ts's exports;
// scripts/packages/check.mjs type-checks a consumer against them and runs the bundle.
import type {
  TestInfo,
  TestType,
  PlaywrightTestArgs,
  PlaywrightTestOptions,
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
} from '@playwright/test';
import type { MockControl, PersonaId } from '@creator-market/sdk/control';

export { expect } from '@playwright/test';
export type { MockControl, PersonaId };

export type MockDoor = 'server' | 'static';

export declare const MOCK_WORLD_STORAGE_KEY = 'cm.mockWorld';
export declare const MOCK_READY_GLOBAL = '__cmMockReady';
export declare const SIGN_IN_RETURN_PATH = 'auth/kakao';

export interface MockOptions {
  /** Server door: the mock server's base URL (required). Static door: defaults to `<baseURL>__api`. */
  apiBase: string | undefined;
  /** 'server': a mock server answers; 'static': the app's page does (`pnpm build:static`). */
  door: MockDoor;
}

/** The product API in the test's world: the `data` of the answer's envelope (typed by the caller, else `any`). */
/* eslint-disable @typescript-eslint/no-explicit-any -- an answer's type is the caller's to give */
export interface ProductApi {
  get<T = any>(path: string, options?: { token?: string | null }): Promise<T>;
  post<T = any>(path: string, body?: unknown, options?: { token?: string | null }): Promise<T>;
  request<T = any>(method: string, path: string, options?: { token?: string | null; body?: unknown }): Promise<T>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface MockFixtures {
  /** The test's own world, named after the test; the app in `page` is pinned to it. */
  world: string;
  /** The sdk's typed control client, bound to `world`. */
  mock: MockControl;
  api: ProductApi;
  /** Signs `page` in as a persona through the app's `/auth/kakao?token=...`; resolves with the token. */
  signIn: (persona: PersonaId) => Promise<string>;
}

export declare function worldNameFor(testInfo: Pick<TestInfo, 'title' | 'workerIndex' | 'retry' | 'repeatEachIndex'>): string;

export declare const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & MockFixtures & MockOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;
