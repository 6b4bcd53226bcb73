// Subscribing to a seller (SPEC.md section 4, "Subscribe"): guests go to login; cancelling asks first; the
// very first subscription asks for confirmation, later ones go straight through with a toast linking to
// the subscriptions. The seller id changes in the session at once and is put back when the call fails,
// unless the server says it was already so (already-subscribed / already-canceled).
import { resolveError } from '@creator-market/sdk/domain';
import { isApiError } from '@creator-market/sdk/client';
import { api } from '../../api/client';
import { track } from '../../services/analytics';
import { presentError } from '../../services/errors';
import { requireLogin } from '../../services/login';
import { isSignedIn, session, setSubscribedSellerIds } from '../../stores/session';
import { confirm } from '../../ui/Dialog';
import { navigate } from '../../lib/navigation';
import { toast } from '../../ui/Toast';

export interface SubscribeTarget {
  /** The seller's uid (SellerSummary.sellerUID, CreatorProfile._id, Subscription.sellerId). */
  uid: string;
  name?: string;
}

export type SubscribeOutcome = 'login' | 'cancelled' | 'subscribed' | 'unsubscribed' | 'failed' | 'busy';

export const SUBSCRIBE_TEXT = {
  subscribe: '구독',
  subscribed: '구독중',
  firstTitle: '작가님 구독',
  firstMessage: (name: string) => `${name} 작가님을 구독할까요?\n새 마켓이 열리면 알려드릴게요.`,
  firstConfirm: '구독하기',
  cancelTitle: '구독 취소',
  cancelMessage: (name: string) => `${name} 작가님 구독을 취소할까요?`,
  cancelConfirm: '구독 취소',
  keep: '다음에',
  done: (name: string) => `${name} 작가님을 구독했어요`,
  goToList: '구독 목록',
} as const;

const pending = new Set<string>();

export function isSubscribed(uid: string): boolean {
  return session.subscribedSellerIds.includes(uid);
}

function addLocally(uid: string): void {
  if (!isSubscribed(uid)) setSubscribedSellerIds([uid, ...session.subscribedSellerIds]);
}

function removeLocally(uid: string): void {
  if (isSubscribed(uid)) setSubscribedSellerIds(session.subscribedSellerIds.filter((id) => id !== uid));
}

/** True when the catalogue treats this failure of the operation as success (already so on the server). */
function alreadyDone(error: unknown, operation: 'addSubscription' | 'cancelSubscription'): boolean {
  if (!isApiError(error)) return false;
  return resolveError({ status: error.status, code: error.code }, { operation }).treatAsSuccess;
}

/** Subscribes to the seller, or (after confirming) cancels the subscription. */
export async function toggleSubscription(seller: SubscribeTarget): Promise<SubscribeOutcome> {
  if (!isSignedIn()) {
    await requireLogin();
    return 'login';
  }
  if (pending.has(seller.uid)) return 'busy';
  const name = seller.name ?? '';
  pending.add(seller.uid);
  try {
    return isSubscribed(seller.uid) ? await unsubscribe(seller.uid, name) : await subscribe(seller.uid, name);
  } finally {
    pending.delete(seller.uid);
  }
}

async function subscribe(uid: string, name: string): Promise<SubscribeOutcome> {
  const first = session.subscribedSellerIds.length === 0;
  if (first) {
    const accepted = await confirm({
      title: SUBSCRIBE_TEXT.firstTitle,
      message: SUBSCRIBE_TEXT.firstMessage(name),
      confirmText: SUBSCRIBE_TEXT.firstConfirm,
      cancelText: SUBSCRIBE_TEXT.keep,
    });
    if (!accepted) return 'cancelled';
  }
  track('subscribe_click', { seller_id: uid, action: 'subscribe' });
  addLocally(uid);
  try {
    await api.post('/subscribe/add', { body: { sellerId: uid } });
  } catch (error) {
    if (alreadyDone(error, 'addSubscription')) return 'subscribed';
    removeLocally(uid);
    void presentError(error, { operation: 'addSubscription' });
    return 'failed';
  }
  toast(SUBSCRIBE_TEXT.done(name), {
    type: 'success',
    action: { label: SUBSCRIBE_TEXT.goToList, onClick: () => navigate('/subscribe') },
  });
  return 'subscribed';
}

async function unsubscribe(uid: string, name: string): Promise<SubscribeOutcome> {
  const accepted = await confirm({
    title: SUBSCRIBE_TEXT.cancelTitle,
    message: SUBSCRIBE_TEXT.cancelMessage(name),
    confirmText: SUBSCRIBE_TEXT.cancelConfirm,
    cancelText: SUBSCRIBE_TEXT.keep,
    destructive: true,
  });
  if (!accepted) return 'cancelled';
  track('subscribe_click', { seller_id: uid, action: 'unsubscribe' });
  removeLocally(uid);
  try {
    await api.post('/subscribe/cancel', { body: { sellerId: uid } });
  } catch (error) {
    if (alreadyDone(error, 'cancelSubscription')) return 'unsubscribed';
    addLocally(uid);
    void presentError(error, { operation: 'cancelSubscription' });
    return 'failed';
  }
  return 'unsubscribed';
}
