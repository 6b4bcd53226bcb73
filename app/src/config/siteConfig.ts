// Configuration only some screens read (footer, download, settings, seller links): the operator's legal
// details, the app store and guide pages, the seller center and the Lab accounts. Apart from config.ts so
// that the start scripts do not carry it.
import { API_BASE } from './config';

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

/** App store pages of the native app (download screen, app-open prompt, alarm prompt). */
export const STORE_URLS = {
  android: 'https://play.google.com/store/apps/details?id=kr.creatormarket.app',
  ios: 'https://apps.apple.com/kr/app/id6443891207',
} as const;

/** The usage guide (settings). */
export const USAGE_GUIDE_URL = 'https://creatormarket.kr/guide';

/** The guide to the app's notifications (settings, native app only). */
export const NOTIFICATION_GUIDE_URL = 'https://creatormarket.kr/guide/notification';

/** Accounts that always see the settings Lab (developer tools), besides the debug flag. */
export const LAB_USER_IDS: readonly string[] = [];

/**
 * The seller center (a separate site where authors apply, manage their account and markets, write upcoming
 * news and handle orders; the app only links to it). Its entry points ('작가 신청하기', '프로필 완성하기',
 * '작가 계정', '마켓 관리', '새 소식 쓰기', a sales notification's order) go to the
 * mock server's seller center pages (`/__seller`, beside the mock Kakao, Apple and pay pages), unless VITE_SELLER_CENTER_URL names the real site. services/sellerCenter.ts builds the links.
 */
export const SELLER_ENTRY_BASE: string = (import.meta.env.VITE_SELLER_CENTER_URL || `${API_BASE}/__seller`).replace(/\/+$/, '');
