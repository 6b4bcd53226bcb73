// Pages of other sites the app links to: the native app's store pages, the guides and the seller center.
import { API_BASE } from './hosts';

/** App store pages of the native app (download screen, app-open prompt, alarm prompt). */
export const STORE_URLS = {
  android: 'https://play.google.com/store/apps/details?id=kr.creatormarket.app',
  ios: 'https://apps.apple.com/kr/app/id6443891207',
} as const;

/** The usage guide (settings). */
export const USAGE_GUIDE_URL = 'https://creatormarket.kr/guide';

/** The guide to the app's notifications (settings, native app only). */
export const NOTIFICATION_GUIDE_URL = 'https://creatormarket.kr/guide/notification';

/**
 * The seller center (a separate site where authors apply, manage their account and markets, write upcoming
 * news and handle orders; the app only links to it). Its entry points ('작가 신청하기', '프로필 완성하기',
 * '작가 계정', '마켓 관리', '새 소식 쓰기', a sales notification's order) go to the
 * mock server's seller center pages (`/__seller`, beside the mock Kakao, Apple and pay pages), unless VITE_SELLER_CENTER_URL names the real site. services/sellerCenter.ts builds the links.
 */
export const SELLER_ENTRY_BASE: string = (import.meta.env.VITE_SELLER_CENTER_URL || `${API_BASE}/__seller`).replace(/\/+$/, '');
