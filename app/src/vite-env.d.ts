/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product API base URL; vite.config.ts defaults it to the mock server (http://127.0.0.1:4010). */
  readonly VITE_API_BASE: string;
  /** Customer-service phone shown in the footer. */
  readonly VITE_CONTACT_PHONE?: string;
  /** Customer-service e-mail shown in the footer. */
  readonly VITE_CONTACT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
