// notification: the buyer's order notifications and the seller's sales notifications, the seller-side
// transaction form of a receipt (its token is read back by the mock's seller center, pages/seller-center.ts),
// and the settings' test push.
import type { components } from '@creator-market/sdk/generated/api';
import { USER_LEVEL } from '@creator-market/sdk/domain';
import { badRequest, notFound, permissionDenied } from '../http/failure';
import { pairKey, type Account, type NotificationRow } from '../world/store';
import { transactionToken } from '../world/seller-center';
import { pageAfter } from '../world/views';
import type { HandlerMap } from './types';
import { signedIn } from './types';

type Notification = components['schemas']['Notification'];

/** Newest first; ids (which start with their creation time) break ties. */
function newestFirst(a: NotificationRow, b: NotificationRow): number {
  const x = a.notification;
  const y = b.notification;
  if (x.timestamp !== y.timestamp) return x.timestamp < y.timestamp ? 1 : -1;
  return x._id < y._id ? 1 : x._id > y._id ? -1 : 0;
}

function requireSeller(account: Account): void {
  if (account.user.level !== USER_LEVEL.seller) throw permissionDenied();
}

/**
 * The mock push service's answer for a registered device. Deterministic rule: it refuses tokens that
 * contain 'fail' (any case), so testers can provoke `notification-send-failed` by registering such a device.
 */
function pushAccepted(deviceToken: string): boolean {
  return !deviceToken.toLowerCase().includes('fail');
}

export const notificationHandlers = {
  listNotifications({ user, query }, { world }) {
    const account = signedIn(user);
    const category = query.msgCategory ?? 'buyer';
    if (category === 'seller') requireSeller(account);
    const type = query.msgType ?? 'all';
    const rows = world.store.notifications
      .by('recipient', pairKey(account.uid, category))
      .filter((row) => type === 'all' || row.kind === type)
      .sort(newestFirst);
    return { data: pageAfter(rows, (row) => row.notification._id, query.offset).map((row) => row.notification) };
  },

  getSellerTransactionForm({ user, query }, { now, world }) {
    const account = signedIn(user);
    requireSeller(account);
    const row = world.store.receipts.one('publicId', query.receiptId);
    if (!row) throw notFound('주문');
    if (row.sellerUID !== account.uid) throw permissionDenied();
    const transactionId = `tx_${row.receipt.publicId}`;
    return { data: { transactionId, token: transactionToken({ tx: transactionId, sub: account.uid, world: world.name }, now) } };
  },

  sendTestNotification({ user, query }, { world, now }) {
    const uid = signedIn(user).uid;
    const { store } = world;
    if (!store.devices.get(pairKey(uid, query.deviceToken))) throw badRequest('not-supported');
    if (!pushAccepted(query.deviceToken)) throw badRequest('notification-send-failed');

    // The push arrives, and like every push it is kept in the account's notifications (about no order).
    const notification: Notification = {
      _id: store.newId(now),
      title: query.title,
      contents: query.contents,
      timestamp: new Date(now).toISOString(),
      sellerProfile: '',
    };
    store.notifications.insert({ recipientUid: uid, category: 'buyer', kind: null, notification });
    // A GET that writes: the pipeline bumps the version only for other methods, so this one does it itself.
    world.touched();
    return { data: true as const };
  },
} satisfies Partial<HandlerMap>;
