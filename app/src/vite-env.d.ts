/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product API base URL; vite.config.ts defaults it to the mock server (http://127.0.0.1:4010). */
  readonly VITE_API_BASE: string;
  /** Customer-service phone shown in the footer. */
  readonly VITE_CONTACT_PHONE?: string;
  /** Customer-service e-mail shown in the footer. */
  readonly VITE_CONTACT_EMAIL?: string;
  /** Production web host (host rules); see src/config/hosts.ts. */
  readonly VITE_PRODUCTION_HOST?: string;
  /** Staging web host, redirected to the production host. */
  readonly VITE_STAGING_HOST?: string;
  /** '1': answer the API in the page with msw (`pnpm dev --no-server`). */
  readonly VITE_MOCK_IN_BROWSER?: string;
  /** The seller center's address (author application, account, markets, news, order forms). */
  readonly VITE_SELLER_CENTER_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
