import { APP_BASE } from './appBase';

// Where the product API and the site live, from the build environment (Vite `VITE_*` variables) with their
// defaults. The other settings are by meaning: support.ts, links.ts, operator.ts, lab.ts.

/** The browser worker mode of `pnpm dev --no-server` (VITE_MOCK_IN_BROWSER=1): msw answers in the page. */
export const MOCK_IN_BROWSER: boolean = import.meta.env.VITE_MOCK_IN_BROWSER === '1';

/** Where the API lives on the page's own origin when msw answers in the browser (no app route starts so). */
export const IN_BROWSER_API_PATH = `${APP_BASE}__api`;

/**
 * Product API base URL: vite.config.ts defaults it to the mock server (http://127.0.0.1:4010); with the
 * in-browser mock it is a path of the page's own origin that the worker's handlers match.
 */
export const API_BASE: string = MOCK_IN_BROWSER ? `${window.location.origin}${IN_BROWSER_API_PATH}` : import.meta.env.VITE_API_BASE;

/**
 * Host rules of SPEC.md section 2: a www host goes to the same address without www, and the staging web-app
 * host goes to the production host (VITE_STAGING_HOST / VITE_PRODUCTION_HOST; host with port, no scheme).
 */
export const HOSTS = {
  productionHost: import.meta.env.VITE_PRODUCTION_HOST || 'creatormarket.kr',
  stagingHost: import.meta.env.VITE_STAGING_HOST || 'staging.creatormarket.kr',
} as const;
