// receipt: placing an order, reading it, and the buyer's edits of it. The order rules live in
// ../world/orders (shared with the payment pages and the control plane), the state rules in the sdk.
import type { components } from '@creator-market/sdk/generated/api';
import {
  canEditAddress,
  canEditBuyerInfo,
  canEditMemo,
  isReceiptCancelled,
  latestStatus,
  RECEIPT_NOTES,
  type ErrorCode,
} from '@creator-market/sdk/domain';
import { ApiFailure } from '../http/failure';
import { checkCancelReason, checkDeliveryAddress, checkOrderMemo, checkSnsId } from '../world/input-rules';
import { cancelByBuyer, ownReceipt, paymentState, placeOrder } from '../world/orders';
import type { ReceiptRow, Store } from '../world/store';
import { publicProfile, verifyBankAccount } from '../world/views';
import type { HandlerMap } from './types';
import { signedIn } from './types';

type Receipt = components['schemas']['Receipt'];
type CashReceipt = components['schemas']['CashReceipt'];

const refuse = (code: ErrorCode, message: string) => new ApiFailure(400, code, { message });

/** Buyer info (sns, cash receipt, refund account) stays editable unless the order was cancelled. */
function assertBuyerInfoEditable(receipt: Receipt): void {
  if (!canEditBuyerInfo(latestStatus(receipt.status))) throw refuse('already-canceled', RECEIPT_NOTES.noEditAfterCancel);
}

/** A state that forbids the edit: cancelled orders say so, any other state is `operation-failed`. */
function refuseEdit(receipt: Receipt): ApiFailure {
  return isReceiptCancelled(latestStatus(receipt.status))
    ? refuse('already-canceled', RECEIPT_NOTES.noEditAfterCancel)
    : refuse('operation-failed', RECEIPT_NOTES.noEditAfterPayment);
}

function saveReceipt(store: Store, row: ReceiptRow, changes: Partial<Receipt>): Receipt {
  return store.receipts.replace({ ...row, receipt: { ...row.receipt, ...changes } }).receipt;
}

function rememberOnAccount(
  store: Store,
  uid: string,
  changes: { account?: components['schemas']['BankAccount']; cashReceipt?: CashReceipt },
): void {
  store.accounts.update(uid, (account) => ({ ...account, user: { ...account.user, ...changes } }));
}

export const receiptHandlers = {
  insertReceipt({ user, body }, { world, now }) {
    checkOrderMemo(body.memo);
    checkDeliveryAddress(body.delivery, '/body/delivery');
    checkSnsId(body.sns, 'receipt');
    return { data: placeOrder(world, signedIn(user), body, now).receipt.publicId };
  },

  getReceipt({ user, params }, { world, now }) {
    const { store } = world;
    const row = ownReceipt(store, signedIn(user), params.publicId);
    const market = store.markets.get(row.marketUID)?.market;
    const seller = store.sellers.get(row.sellerUID);
    if (!market || !seller) throw new ApiFailure(404, 'not-found', { message: '주문한 마켓을 찾을 수 없어요.' });
    return { data: { marketInfo: market, sellerInfo: publicProfile(seller, now), receiptInfo: row.receipt } };
  },

  updateReceiptMemo({ user, body }, { world }) {
    checkOrderMemo(body.memo);
    const row = ownReceipt(world.store, signedIn(user), body.id);
    const { receipt } = row;
    if (!canEditMemo(latestStatus(receipt.status), receipt.packagingStatus)) throw refuseEdit(receipt);
    return { data: saveReceipt(world.store, row, { memo: body.memo }) };
  },

  changeReceiptStatus({ user, query, body }, { world, now }) {
    checkCancelReason(body.msg);
    const row = ownReceipt(world.store, signedIn(user), query.id);
    return { data: cancelByBuyer(world, row, body.msg, now).receipt };
  },

  updateReceiptSns({ user, body }, { world }) {
    checkSnsId(body.sns, 'receipt');
    const row = ownReceipt(world.store, signedIn(user), body.id);
    assertBuyerInfoEditable(row.receipt);
    return { data: saveReceipt(world.store, row, { sns: body.sns }) };
  },

  updateReceiptDelivery({ user, body }, { world }) {
    checkDeliveryAddress(body.delivery, '/body/delivery');
    const row = ownReceipt(world.store, signedIn(user), body.id);
    const { receipt } = row;
    if (!canEditAddress(latestStatus(receipt.status))) throw refuseEdit(receipt);
    const { name, tel, addr, addr2, zip, msg = '' } = body.delivery;
    // The delivery option and its price stay as ordered.
    return { data: saveReceipt(world.store, row, { delivery: { ...receipt.delivery, name, tel, addr, addr2, zip, msg } }) };
  },

  updateReceiptCashReceipt({ user, body }, { world }) {
    const account = signedIn(user);
    const row = ownReceipt(world.store, account, body.id);
    assertBuyerInfoEditable(row.receipt);
    const cashReceipt = { isPersonal: body.isPersonal, no: body.no } as CashReceipt;
    if (body.isRemember) rememberOnAccount(world.store, account.uid, { cashReceipt });
    return { data: saveReceipt(world.store, row, { cashReceipt }) };
  },

  validateReceiptAccount({ user, body }, { world }) {
    const account = signedIn(user);
    const row = ownReceipt(world.store, account, body.id);
    assertBuyerInfoEditable(row.receipt);
    const verified = verifyBankAccount(account, { no: body.no, type: body.type });
    if (!verified) throw refuse('popbill-error', '은행에서 계좌 정보를 확인할 수 없어요. 은행과 계좌번호를 확인해주세요.');
    if (body.isRemember) rememberOnAccount(world.store, account.uid, { account: verified });
    saveReceipt(world.store, row, { buyerAccount: verified });
    return { data: verified };
  },

  getReceiptPayment({ user, query }, { world, now }) {
    const { receipt } = ownReceipt(world.store, signedIn(user), query.receipt);
    return { data: { status: paymentState(receipt, now), paymentResult: receipt.paymentResult } };
  },
} satisfies Partial<HandlerMap>;
