// The seller entry points' addresses (config/links.ts SELLER_ENTRY_BASE): the page names the account and the
// pinned mock world it acts on, and `state`, the app's origin it returns to (the mock's seller center pages
// return there only when the origin is allowed, as the sign-in and pay pages do).
import { pinnedMockWorld } from '../api/mockWorlds';
import { SELLER_ENTRY_BASE } from '../config/links';

function query(params: Record<string, string | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  search.set('state', window.location.origin);
  return search.toString();
}

/** '작가 신청하기': apply to become an author. */
export function sellerJoinUrl(uid: string): string {
  return `${SELLER_ENTRY_BASE}/join?${query({ uid, world: pinnedMockWorld() })}`;
}

/** '프로필 완성하기': the settlement account, business registration and inquiry contact. */
export function sellerProfileUrl(uid: string): string {
  return `${SELLER_ENTRY_BASE}/profile?${query({ uid, world: pinnedMockWorld() })}`;
}

/** '작가 계정': the author's account and profile, read-only (changes go through '프로필 완성하기'). */
export function sellerAccountUrl(uid: string): string {
  return `${SELLER_ENTRY_BASE}/account?${query({ uid, world: pinnedMockWorld() })}`;
}

/** '마켓 관리': the author's markets, to open or close one. */
export function sellerMarketUrl(uid: string): string {
  return `${SELLER_ENTRY_BASE}/market?${query({ uid, world: pinnedMockWorld() })}`;
}

/** '새 소식 쓰기' ('+ 새 소식'): write an upcoming-release news item. */
export function sellerNewPreviewUrl(uid: string): string {
  return `${SELLER_ENTRY_BASE}/preview/new?${query({ uid, world: pinnedMockWorld() })}`;
}

/** The seller-side transaction form of one order, opened with the token GET /notification/market gave. */
export function sellerTransactionUrl(transactionId: string, token: string): string {
  return `${SELLER_ENTRY_BASE}/transaction/${encodeURIComponent(transactionId)}?${query({ token })}`;
}
