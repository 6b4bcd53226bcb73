// Values the app reads from its build environment (Vite `VITE_*` variables) with their defaults.

/** The browser worker mode of `pnpm dev --no-server` (VITE_MOCK_IN_BROWSER=1): msw answers in the page. */
export const MOCK_IN_BROWSER: boolean = import.meta.env.VITE_MOCK_IN_BROWSER === '1';

/** Where the API lives on the page's own origin when msw answers in the browser (no app route starts so). */
export const IN_BROWSER_API_PATH = '/__api';

/**
 * Product API base URL: vite.config.ts defaults it to the mock server (http://127.0.0.1:4010); with the
 * in-browser mock it is a path of the page's own origin that the worker's handlers match.
 */
export const API_BASE: string = MOCK_IN_BROWSER ? `${window.location.origin}${IN_BROWSER_API_PATH}` : import.meta.env.VITE_API_BASE;

export interface CompanyInfo {
  /** Trade name (상호). */
  name: string;
  /** Representative (대표). */
  ceo: string;
  /** Business registration number (사업자등록번호), digits with dashes. */
  businessNumber: string;
  /** Mail-order business report number (통신판매업 신고번호). */
  mailOrderNumber: string;
  address: string;
  /** Customer-service phone; VITE_CONTACT_PHONE. */
  phone: string;
  /** Customer-service e-mail; VITE_CONTACT_EMAIL. */
  email: string;
  termsUrl: string;
  privacyUrl: string;
}

/**
 * The operator's legal details shown in the footer. The company fields are this project's sample
 * operator; a deployment replaces them (and sets the contact variables) with its registered details.
 */
export const COMPANY_INFO: CompanyInfo = {
  name: '주식회사 크리에이터마켓',
  ceo: '정다온',
  businessNumber: '214-88-41327',
  mailOrderNumber: '제2024-서울성동-1207호',
  address: '서울특별시 성동구 성수이로 113, 5층',
  phone: import.meta.env.VITE_CONTACT_PHONE || '02-6953-1207',
  email: import.meta.env.VITE_CONTACT_EMAIL || 'help@creatormarket.kr',
  termsUrl: 'https://creatormarket.kr/policy/terms',
  privacyUrl: 'https://creatormarket.kr/policy/privacy',
};

/** The Fair Trade Commission's public page that verifies a business registration (사업자정보확인). */
export function businessInfoUrl(businessNumber: string): string {
  return `https://www.ftc.go.kr/bizCommPop.do?wrkr_no=${businessNumber.replace(/\D/g, '')}`;
}

// ---------------------------------------------------------------- hosts, stores, external pages

/**
 * Host rules of SPEC.md section 2: a www host goes to the same address without www, and the staging web-app
 * host goes to the production host (VITE_STAGING_HOST / VITE_PRODUCTION_HOST; host with port, no scheme).
 */
export const HOSTS = {
  productionHost: import.meta.env.VITE_PRODUCTION_HOST || 'creatormarket.kr',
  stagingHost: import.meta.env.VITE_STAGING_HOST || 'staging.creatormarket.kr',
} as const;

/** App store pages of the native app (download screen, app-open prompt, alarm prompt). */
export const STORE_URLS = {
  android: 'https://play.google.com/store/apps/details?id=kr.creatormarket.app',
  ios: 'https://apps.apple.com/kr/app/id6443891207',
} as const;

/** Chat-support page the inquiry button opens outside the native shell. */
export const INQUIRY_URL = 'https://creatormarket.channel.io';

/** The usage guide (settings). */
export const USAGE_GUIDE_URL = 'https://creatormarket.kr/guide';

/** Accounts that always see the settings Lab (developer tools), besides the debug flag. */
export const LAB_USER_IDS: readonly string[] = [];

/** The guide to the app's notifications (settings, native app only). */
export const NOTIFICATION_GUIDE_URL = 'https://creatormarket.kr/guide/notification';

/**
 * The seller center (a separate site where authors apply, manage their account and markets, write upcoming
 * news and handle orders; the app only links to it). Its entry points ('작가 신청하기', '프로필 완성하기',
 * '작가 계정', '마켓 관리', '새 소식 쓰기', a sales notification's order) go to the
 * mock server's seller center pages (`/__seller`, beside the mock Kakao, Apple and pay pages), unless VITE_SELLER_CENTER_URL names the real site. app/sellerCenter.ts builds the links.
 */
export const SELLER_ENTRY_BASE: string = (import.meta.env.VITE_SELLER_CENTER_URL || `${API_BASE}/__seller`).replace(/\/+$/, '');
