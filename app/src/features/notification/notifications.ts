// Order notifications ('주문 알림', a buyer's) and sales notifications ('판매 알림', a seller's): the page
// request of GET /notification/message, and what tapping one opens: the buyer's receipt, or the seller's
// transaction form on the seller center (GET /notification/market gives its token; the mock serves the form).
import type { Schemas } from '@creator-market/sdk';
import { buildPath } from '@creator-market/sdk/domain';
import { api } from '../../api/client';
import { track } from '../../services/analytics';
import { presentError } from '../../services/errors';
import { isNativeApp, openExternal } from '../../services/platform';
import { navigate } from '../../lib/navigation';
import { sellerTransactionUrl } from '../../services/sellerCenter';

export type Notification = Schemas['Notification'];

/** The notification screen's type (/message/user, /message/seller) and the API category it reads. */
export type NotificationType = 'user' | 'seller';
export const NOTIFICATION_CATEGORY = { user: 'buyer', seller: 'seller' } as const satisfies Record<NotificationType, 'buyer' | 'seller'>;

/** The filter tags (msgType of the operation): all, or one kind of order event. */
export const NOTIFICATION_FILTERS = ['all', 'order', 'payment', 'delivery', 'cancel'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** One page of notifications after `last` (the first page without it). */
export function notificationPage(input: {
  type: NotificationType;
  filter?: NotificationFilter;
  last?: Notification | undefined;
  signal?: AbortSignal;
}): Promise<Notification[]> {
  const query = {
    msgCategory: NOTIFICATION_CATEGORY[input.type],
    msgType: input.filter ?? 'all',
    ...(input.last ? { offset: input.last._id, flag: 'before' as const } : {}),
  };
  return api.get('/notification/message', { params: { query }, ...(input.signal ? { signal: input.signal } : {}) });
}

/**
 * Opens the seller-side transaction form of a receipt in a new tab. The tab is opened at the tap, before the
 * token arrives: a tab opened after an await is a popup the browser blocks. The native shell opens its own
 * web page view instead.
 */
export async function openSellerTransactionForm(receiptPublicId: string): Promise<void> {
  const tab = isNativeApp() ? null : window.open('', '_blank');
  try {
    const { transactionId, token } = await api.get('/notification/market', { params: { query: { receiptId: receiptPublicId } } });
    const url = sellerTransactionUrl(transactionId, token);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      openExternal(url);
    }
  } catch (error) {
    tab?.close();
    await presentError(error, { operation: 'getSellerTransactionForm' });
  }
}

/** What a tap on a notification opens; a notification about no order opens nothing. */
export function openNotification(notification: Notification, type: NotificationType): void {
  const receipt = notification.receiptPublicId;
  if (!receipt) return;
  track('notification_click', { category: NOTIFICATION_CATEGORY[type], receipt_public_id: receipt });
  if (type === 'seller') void openSellerTransactionForm(receipt);
  else navigate(buildPath('receipt', { publicId: receipt }));
}
