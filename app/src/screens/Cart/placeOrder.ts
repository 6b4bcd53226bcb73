// The cart's order button (SPEC.md sections 2, 4 and 8): at most one click a second; a closed market's
// button deletes the entry; otherwise the buyer info and primary address must be complete ('주문 정보 입력'),
// then POST /receipt/insert with the orderable lines. Success removes the entry and opens the pay page (in
// the native app: the receipt, with the pay page in a new tab); failures go through the error catalogue,
// and those that say 'reload-cart' reload the cart.
import type { Schemas } from '@creator-market/sdk';
import { isApiError } from '@creator-market/sdk/client';
import { buildPath, catalogueEntry, checkUserInfo, isAddressComplete, orderLines, TIMING } from '@creator-market/sdk/domain';
import { api } from '../../api/client';
import { now } from '../../api/clock';
import { track } from '../../services/analytics';
import { presentError } from '../../services/errors';
import { isNativeApp, openExternal } from '../../services/platform';
import { session } from '../../stores/session';
import { confirm } from '../../ui/Dialog';
import { navigate } from '../../lib/navigation';
import { ORDER_INFO_FLOW_STATE } from '../../lib/orderInfoFlow';
import { toast } from '../../ui/Toast';
import { cart, deleteEntries, dropEntry, loadCart, markOrdering, saveLineChanges, unmarkOrdering } from './cartStore';
import { cartView } from './cartView';
import { CART_TEXT } from './text';

type OrderRequest = Schemas['OrderRequest'];
type User = Schemas['User'];
type Address = Schemas['Address'];

let lastClickAt = Number.NEGATIVE_INFINITY;

/** Forgets the last click (tests). */
export function resetOrderClickThrottle(): void {
  lastClickAt = Number.NEGATIVE_INFINITY;
}

/** The order button of the entry was pressed. */
export async function pressOrderButton(cartId: string): Promise<void> {
  const at = Date.now();
  if (at - lastClickAt < TIMING.orderClickDebounceMs) return;
  lastClickAt = at;

  const entry = cart.entries.find((candidate) => candidate._id === cartId);
  if (!entry) return;
  const button = cartView(entry, cart, now()).button;
  if (button.state === 'delete') {
    if ((await deleteEntries([cartId])) > 0) toast(CART_TEXT.deleted, { type: 'success' });
    return;
  }
  if (button.state !== 'order' || button.disabled) return;
  await placeOrder(cartId);
}

/** The buyer's current record and primary address, or null when they could not be read (already shown). */
async function buyerDetails(): Promise<{ user: User; address: Address | null } | null> {
  try {
    const [me, address] = await Promise.all([api.get('/user/me'), api.get('/address/get-primary')]);
    session.me = me;
    return { user: me.user, address };
  } catch (error) {
    void presentError(error);
    return null;
  }
}

/** Asks for the missing buyer info or address; '입력하기' opens the form that lacks it. */
async function askForOrderInfo(infoMissing: boolean): Promise<void> {
  const go = await confirm({ title: CART_TEXT.infoTitle, message: CART_TEXT.infoMessage, confirmText: CART_TEXT.infoConfirm });
  if (go) navigate(buildPath(infoMissing ? 'editMyInfo' : 'editAddr'), { state: ORDER_INFO_FLOW_STATE });
}

/** The cash-receipt choice of the order: the buyer's saved one, wanted when it has a number. */
function cashReceiptOf(user: User): OrderRequest['cashReceipt'] {
  const saved = user.cashReceipt as { isPersonal: boolean; no: string };
  return saved.no === ''
    ? { useYN: false, isPersonal: saved.isPersonal, no: '' }
    : { useYN: true, isPersonal: saved.isPersonal, no: saved.no };
}

async function placeOrder(cartId: string): Promise<void> {
  // Quantities still waiting for their 1 s debounce are saved first: the order is what the buyer sees.
  if (!(await saveLineChanges(cartId))) return;
  // The button waits (disabled) while the buyer's details are read.
  cart.saving[cartId] = true;
  const details = await buyerDetails().finally(() => {
    delete cart.saving[cartId];
  });
  if (!details) return;
  const { user, address } = details;
  const infoMissing = checkUserInfo(user) !== 'ok';
  if (infoMissing || !address || !isAddressComplete(address)) {
    await askForOrderInfo(infoMissing);
    return;
  }

  const entry = cart.entries.find((candidate) => candidate._id === cartId);
  if (!entry) return;
  const view = cartView(entry, cart, now());
  if (view.button.state !== 'order' || view.button.disabled || !view.selectedOption) return;

  const { market } = entry;
  const body: OrderRequest = {
    marketId: market._id,
    memo: view.memo.trim(),
    productList: orderLines(view.orderable),
    delivery: {
      name: address.name,
      tel: address.tel,
      addr: address.addr,
      addr2: address.addr2,
      zip: address.zip,
      msg: address.msg,
      title: view.selectedOption.title,
    },
    sns: user.sns as NonNullable<User['sns']>,
    buyerAccount: user.account as NonNullable<User['account']>,
    payment: { option: market.payment.option.includes(1) ? 1 : 0, depositExpect: '' },
    // Nothing new was typed here: the saved buyer info and address are used as they are.
    remember: { buyer: false, delivery: false, cashReceipt: false },
    cashReceipt: cashReceiptOf(user),
    cartId,
  };

  markOrdering(cartId);
  let publicId: string;
  try {
    publicId = await api.post('/receipt/insert', { body });
  } catch (error) {
    unmarkOrdering(cartId);
    if (isApiError(error) && catalogueEntry(error.status, error.code)?.tracked) {
      track('out_of_stock', { market_id: market._id, cart_id: cartId });
    }
    const shown = await presentError(error, { operation: 'insertReceipt' });
    if (shown.followUp === 'reload-cart') await loadCart();
    return;
  }

  unmarkOrdering(cartId);
  dropEntry(cartId);
  track('purchase', {
    transaction_id: publicId,
    value: view.totals.total,
    shipping: view.totals.shipping.price,
    items: view.orderable.map((line) => ({
      item_id: line._id,
      item_name: line.productTitle,
      item_variant: line.option,
      price: line.price,
      quantity: line.amount,
    })),
  });
  if (isNativeApp()) {
    // The webview keeps the receipt; paying happens in a page of its own.
    navigate(buildPath('receipt', { publicId }));
    openExternal(`${window.location.origin}${buildPath('pay', { publicId })}`);
  } else {
    navigate(buildPath('pay', { publicId }));
  }
}
