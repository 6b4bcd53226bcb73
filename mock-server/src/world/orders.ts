// Orders: placing an order from a cart, moving a receipt through its statuses, and the payments that move
// it. Plain functions over a World, shared by the receipt and payment handlers, the mock payment pages and
// the control plane's test helpers. Every function runs all of its checks before its first write, so a
// failure changes nothing; and since they are synchronous, two orders can never interleave.
import type { components } from '@creator-market/sdk/generated/api';
import {
  availableQuantity,
  BANKS,
  buyerLimitLeft,
  canBuyerCancel,
  cartTotals,
  CART_ENTRY_STATUS,
  checkOrder,
  isInUse,
  isReceiptCancelled,
  LIMIT_AMOUNT_NONE,
  latestStatus,
  latestStatusEntry,
  marketState,
  RECEIPT_NOTES,
  RECEIPT_STATUS,
  toEpochMs,
  VIRTUAL_ACCOUNT_BANK_CODE,
  type CartTotals,
  type ErrorCode,
  type ReceiptStatusCode,
} from '@creator-market/sdk/domain';
import { notificationKind, orderNotificationText } from '@creator-market/fixtures';
import { ApiFailure, type ErrorListItem } from '../http/failure';
import { pairKey, type Account, type CartRow, type MarketRow, type ProductRow, type ReceiptRow, type Store } from './store';
import { sellerName, sellerProfileImage } from './views';
import type { World } from './world';

type Schemas = components['schemas'];
type Receipt = Schemas['Receipt'];
type PaymentResult = Schemas['PaymentResult'];
type ProductOption = Schemas['ProductOption'];
type CartProduct = Schemas['CartProduct'];
type Market = Schemas['Market'];
type DeliveryOption = Market['delivery']['option'][number];
export type OrderRequest = Schemas['OrderRequest'];

/** A virtual account waits 24 hours for its deposit (paths/payment.yaml, issueVirtualAccount). */
export const VIRTUAL_ACCOUNT_VALIDITY_MS = 24 * 60 * 60 * 1000;
/** The holder name shown for every virtual account, followed by the buyer's name. */
export const VIRTUAL_ACCOUNT_HOLDER = '크리에이터마켓';

/** A 400 with a catalogue code and the operation's own Korean message (the OpenAPI examples' wording). */
function refuse(code: ErrorCode, message: string, list?: ErrorListItem[]): ApiFailure {
  return new ApiFailure(400, code, list ? { message, list } : { message });
}

export const RECEIPT_NOT_FOUND = () => new ApiFailure(404, 'not-found', { message: '주문을 찾을 수 없어요.' });

const iso = (ms: number) => new Date(ms).toISOString();

// ---------------------------------------------------------------- lookups

/** The receipt with this public number; 404 when there is none. */
export function findReceipt(store: Store, publicId: string): ReceiptRow {
  const row = store.receipts.one('publicId', publicId);
  if (!row) throw RECEIPT_NOT_FOUND();
  return row;
}

/** The caller's own receipt: 404 when unknown, 403 (and nothing of the receipt) when another account's. */
export function ownReceipt(store: Store, user: Account, publicId: string): ReceiptRow {
  const row = findReceipt(store, publicId);
  if (row.ownerUid !== user.uid) throw new ApiFailure(403, 'permission-denied', { message: '주문한 계정으로 로그인해주세요.' });
  return row;
}

// ---------------------------------------------------------------- placing an order

interface OrderedLine {
  row: ProductRow;
  option: ProductOption;
  amount: number;
}

/**
 * Places an order from a cart entry (POST /receipt/insert): the checks in the order its description fixes
 * (numbered as there), then the stock reservation, the receipt, the buyer's room with the seller, the cart's
 * removal, the `remember` flags and the notifications of both sides.
 */
export function placeOrder(world: World, buyer: Account, request: OrderRequest, now: number): ReceiptRow {
  const { store } = world;
  const marketRow = openMarket(store, request.marketId, now);
  const { market } = marketRow;
  const cartRow = orderableCart(store, buyer, request, market._id);
  const lines = linesOnSale(store, request.productList, cartRow.cart.productList);
  assertBuyerLimits(store, buyer.uid, lines);
  assertStock(lines);
  const { deliveryOption, totals } = priceOrder(market, lines, request.delivery.title);

  // ---- every check passed: write (in this order: the room and the receipt draw the store's next ids)
  takeStock(store, lines);
  const roomId = touchRoom(store, buyer.uid, marketRow.sellerUID, now, true);
  const receipt = newReceipt(store, market, request, lines, { deliveryOption, totals }, now);
  const row: ReceiptRow = { ownerUid: buyer.uid, sellerUID: marketRow.sellerUID, marketUID: market._id, roomId, receipt };
  store.receipts.insert(row);
  store.carts.remove(cartRow.cart._id);
  remember(store, buyer.uid, request, now);
  notifyBothSides(store, row, RECEIPT_STATUS.ordered, market.title, sellerLook(store, row.sellerUID).profile, receipt.timestamp);
  return row;
}

/** 2-3. The market exists, is public and is open now. */
function openMarket(store: Store, marketId: string, now: number): MarketRow {
  const marketRow = store.markets.get(marketId);
  if (!marketRow) throw refuse('invalid-market', '존재하지 않는 마켓이에요.');
  const { market } = marketRow;
  if (!market.public) throw refuse('market-unavailable', '현재 주문할 수 없는 마켓이에요.');
  if (marketState(market, now) !== 'opened') {
    throw refuse('market-schedule', '마켓 일정을 확인해주세요', [{ _id: market._id, title: market.title }]);
  }
  return marketRow;
}

/** 4. The cart is this account's entry of this market, no order is being placed from it, and the order is what it holds. */
function orderableCart(store: Store, buyer: Account, request: OrderRequest, marketId: string): CartRow {
  const cartRow = store.carts.get(request.cartId);
  if (
    !cartRow ||
    cartRow.ownerUid !== buyer.uid ||
    cartRow.cart.market._id !== marketId ||
    cartRow.cart.status === CART_ENTRY_STATUS.remove
  ) {
    throw refuse('invalid-cart', '장바구니 정보가 올바르지 않아요.');
  }
  if (cartRow.cart.status === CART_ENTRY_STATUS.ordering) throw refuse('already-in-order', '이미 접수 중인 주문이 있어요.');
  assertLinesOfCart(store, request.productList, cartRow.cart.productList);
  return cartRow;
}

/** 5. Products on sale, with options on sale (a product gone from the store is listed by its cart title). */
function linesOnSale(store: Store, sent: OrderRequest['productList'], held: readonly CartProduct[]): OrderedLine[] {
  const rows = sent.map((line) => {
    const row = store.products.get(line._id);
    const title = row?.product.title ?? held.find((p) => p._id === line._id)?.productTitle ?? '';
    return { line, row, title };
  });
  const deleted = uniqueById(rows.filter(({ row }) => !row || !isInUse(row.product)).map(({ line, title }) => ({ _id: line._id, title })));
  if (deleted.length > 0) throw refuse('deleted-product', '삭제된 물품이 있어요.', deleted);
  return rows.map(({ line, row }) => {
    const product = (row as ProductRow).product;
    const option = product.option.find((o) => o.title === line.option);
    if (!option || !isInUse(option)) throw refuse('invalid-product-option', '물품에 없는 옵션이에요.');
    return { row: row as ProductRow, option, amount: line.amount };
  });
}

/** Each product of the order once (in the order's order), with its rows' amounts together. */
function amountsPerProduct(lines: readonly OrderedLine[]): Map<string, { row: ProductRow; amount: number }> {
  const perProduct = new Map<string, { row: ProductRow; amount: number }>();
  for (const line of lines) {
    const entry = perProduct.get(line.row.product._id) ?? { row: line.row, amount: 0 };
    entry.amount += line.amount;
    perProduct.set(line.row.product._id, entry);
  }
  return perProduct;
}

/** 6. The per-buyer limit of each product: this order's lines together plus the buyer's live orders. */
function assertBuyerLimits(store: Store, buyerUid: string, lines: readonly OrderedLine[]): void {
  for (const { row, amount } of amountsPerProduct(lines).values()) {
    if (amount > buyerLimitLeft(row.product.limitAmount, unitsInLiveOrders(store, buyerUid, row.product._id))) {
      throw refuse('amount-exceeded', '1인 구매 가능 수량을 초과한 물품이 있어요.');
    }
  }
}

/** 7. Stock left per option: none at all is out-of-stock, fewer than asked is a shortage list. */
function assertStock(lines: readonly OrderedLine[]): void {
  const left = (line: OrderedLine) => availableQuantity(LIMIT_AMOUNT_NONE, line.option.stock, line.option.order);
  if (lines.some((line) => left(line) === 0)) throw refuse('out-of-stock', '품절된 물품이 있어요');
  const short = lines.filter((line) => line.amount > left(line));
  if (short.length > 0) {
    throw refuse(
      'stock-shortage',
      '재고가 부족한 물품이 있어요.',
      short.map((line) => ({ _id: line.row.product._id, title: line.row.product.title, option: line.option.title, available: left(line) })),
    );
  }
}

interface PricedOrder {
  deliveryOption: DeliveryOption;
  totals: CartTotals;
}

/** 8-9. The delivery option (only usable ones count), its weight limit, the market's minimum product total; then the totals. */
function priceOrder(market: Market, lines: readonly OrderedLine[], deliveryTitle: string): PricedOrder {
  const priced = lines.map((line) => ({ price: line.option.price, amount: line.amount, weight: line.row.product.weight }));
  const usableOptions = market.delivery.option.filter(isInUse);
  const failure = checkOrder({ lines: priced, deliveryOptions: usableOptions, selectedTitle: deliveryTitle, minPrice: market.minPrice });
  if (failure?.rule === 'weight-exceeded') throw refuse('weight-exceeded', '배송 옵션의 무게 한도를 초과했어요.');
  if (failure?.rule === 'under-minimum') throw refuse('under-total-price', '최소 주문 금액보다 적게 주문했어요.');
  if (failure) throw refuse('invalid-delivery-option', '선택한 배송 옵션을 이용할 수 없어요.');
  const deliveryOption = usableOptions.find((o) => o.title === deliveryTitle)!;
  return { deliveryOption, totals: cartTotals(priced, deliveryOption, market.shipDiscount) };
}

/** Reserves the ordered units: each option's `order` count grows by its line's amount. */
function takeStock(store: Store, lines: readonly OrderedLine[]): void {
  for (const { row } of amountsPerProduct(lines).values()) {
    store.products.update(row.product._id, (current) => ({
      ...current,
      product: {
        ...current.product,
        option: current.product.option.map((option) => {
          const ordered = lines.find((line) => line.row.product._id === row.product._id && line.option.title === option.title);
          return ordered ? { ...option, order: option.order + ordered.amount } : option;
        }),
      },
    }));
  }
}

/** The new receipt of a checked order: ordered now, with the delivery, the lines and the prices as checked. */
function newReceipt(
  store: Store,
  market: Market,
  request: OrderRequest,
  lines: readonly OrderedLine[],
  { deliveryOption, totals }: PricedOrder,
  now: number,
): Receipt {
  const timestamp = iso(now);
  const { msg = '', ...address } = request.delivery;
  return {
    _id: store.newId(now),
    publicId: store.newReceiptPublicId(now),
    timestamp,
    status: [{ status: RECEIPT_STATUS.ordered, timestamp, desc: '' }],
    delivery: {
      name: address.name,
      tel: address.tel,
      addr: address.addr,
      addr2: address.addr2,
      zip: address.zip,
      msg,
      price: totals.shipping.basePrice,
      title: deliveryOption.title,
    },
    shipDiscounted: totals.shipping.discount,
    productList: lines.map(({ row, option, amount }) => ({
      _id: row.product._id,
      title: row.product.title,
      option: option.title,
      amount,
      price: option.price,
      weight: row.product.weight,
      cover: row.product.cover[0] ?? '',
    })),
    productPrice: totals.productTotal,
    totalPrice: totals.total,
    memo: request.memo,
    receiptNotice: market.notice.receipt,
    sellerMsg: '',
    packagingStatus: 0,
    paymentResult: null,
    cashReceipt: request.cashReceipt,
    buyerAccount: request.buyerAccount,
    sns: request.sns,
    invoice: null,
    payment: { option: market.payment.option.includes(1) ? 1 : 0 },
  };
}

/**
 * An order is what its cart entry holds: every line is one of the entry's (same product and option) with the
 * entry's amount, none is sent twice, and an entry line may be left out only when it cannot be ordered now
 * (its product or option is gone or off sale, or none is left: the app's '품절 제외 후 주문').
 */
function assertLinesOfCart(store: Store, sent: OrderRequest['productList'], held: readonly CartProduct[]): void {
  const key = (line: { _id: string; option: string }) => pairKey(line._id, line.option);
  const sentKeys = new Set(sent.map(key));
  const differs =
    sentKeys.size !== sent.length ||
    sent.some((line) => held.find((h) => key(h) === key(line))?.amount !== line.amount) ||
    held.some((line) => !sentKeys.has(key(line)) && canOrderNow(store, line));
  if (differs) throw refuse('invalid-cart', '장바구니에 담긴 물품과 수량으로 주문해주세요.');
}

/** The cart line's product and option are on sale and some of it is left. */
function canOrderNow(store: Store, line: CartProduct): boolean {
  const product = store.products.get(line._id)?.product;
  const option = product?.option.find((o) => o.title === line.option);
  return (
    !!product && !!option && isInUse(product) && isInUse(option) && availableQuantity(LIMIT_AMOUNT_NONE, option.stock, option.order) > 0
  );
}

/** Units of the product in the buyer's orders that were not cancelled (the per-buyer limit counts them). */
function unitsInLiveOrders(store: Store, buyerUid: string, productId: string): number {
  let units = 0;
  for (const { receipt } of store.receipts.by('owner', buyerUid)) {
    if (isReceiptCancelled(latestStatus(receipt.status))) continue;
    for (const line of receipt.productList) if (line._id === productId) units += line.amount;
  }
  return units;
}

function uniqueById(items: ErrorListItem[]): ErrorListItem[] {
  return items.filter((item, index) => items.findIndex((other) => other._id === item._id) === index);
}

/** Saves what the buyer asked to remember: buyer info, the address (to the book), the cash-receipt choice. */
function remember(store: Store, uid: string, request: OrderRequest, now: number): void {
  const flags = request.remember;
  if (flags?.buyer || flags?.cashReceipt) {
    store.accounts.update(uid, (account) => ({
      ...account,
      user: {
        ...account.user,
        ...(flags?.buyer ? { sns: request.sns, account: request.buyerAccount } : {}),
        ...(flags?.cashReceipt ? { cashReceipt: request.cashReceipt } : {}),
      },
    }));
  }
  if (flags?.delivery) {
    const { name, tel, addr, addr2, zip, msg = '' } = request.delivery;
    const book = store.addresses.by('owner', uid);
    const known = book.some(({ address: a }) => a.name === name && a.tel === tel && a.addr === addr && a.addr2 === addr2 && a.zip === zip);
    if (!known) {
      // The first address of a book becomes its primary one (SPEC.md section 4, Address).
      const status = book.length === 0 ? 1 : 0;
      store.addresses.insert({
        ownerUid: uid,
        address: { _id: store.newId(now), name, tel, addr, addr2, zip, msg, status, timestamp: iso(now) },
      });
    }
  }
}

/** The buyer's room with the seller, created on the first order; its activity time moves to `at`. */
function touchRoom(store: Store, buyerUid: string, sellerUid: string, at: number, create: boolean): string {
  const seller = sellerLook(store, sellerUid);
  const existing = store.rooms.one('ownerSeller', pairKey(buyerUid, sellerUid));
  if (existing) {
    const later = Math.max(at, toEpochMs(existing.room.timestamp));
    store.rooms.replace({
      ...existing,
      room: { ...existing.room, timestamp: iso(later), sellerName: seller.name, sellerProfile: seller.profile },
    });
    return existing.room._id;
  }
  if (!create) return '';
  const room = { _id: store.newId(at), sellerProfile: seller.profile, sellerName: seller.name, timestamp: iso(at), pinned: false };
  store.rooms.insert({ ownerUid: buyerUid, sellerUID: sellerUid, room });
  return room._id;
}

/** How the room and the notifications show the seller (a seller record that is gone still shows something). */
function sellerLook(store: Store, sellerUid: string): { name: string; profile: string } {
  const seller = store.sellers.get(sellerUid);
  return seller ? { name: sellerName(seller), profile: sellerProfileImage(seller) } : { name: '알 수 없는 작가', profile: '' };
}

function notifyBothSides(
  store: Store,
  row: ReceiptRow,
  status: ReceiptStatusCode,
  marketTitle: string,
  sellerProfile: string,
  timestamp: string,
): void {
  for (const category of ['buyer', 'seller'] as const) {
    store.notifications.insert({
      recipientUid: category === 'buyer' ? row.ownerUid : row.sellerUID,
      category,
      kind: notificationKind(status),
      notification: {
        _id: store.newId(toEpochMs(timestamp)),
        ...orderNotificationText(category, status, marketTitle),
        timestamp,
        receiptPublicId: row.receipt.publicId,
        sellerProfile,
      },
    });
  }
}

// ---------------------------------------------------------------- status changes

/**
 * Appends a status step (with any other changes of the receipt), moves the room's activity time and tells
 * both sides. The step is never dated before the previous one, so the appended step stays the latest even
 * when the world's clock was moved back.
 */
function appendStatus(
  store: Store,
  row: ReceiptRow,
  status: ReceiptStatusCode,
  now: number,
  changes: Partial<Receipt> = {},
  desc = '',
): ReceiptRow {
  const previous = latestStatusEntry(row.receipt.status);
  const at = Math.max(now, previous ? toEpochMs(previous.timestamp) : now);
  const timestamp = iso(at);
  const next: ReceiptRow = {
    ...row,
    receipt: { ...row.receipt, ...changes, status: [...row.receipt.status, { status, timestamp, desc }] },
  };
  store.receipts.replace(next);
  touchRoom(store, row.ownerUid, row.sellerUID, at, false);
  const market = store.markets.get(row.marketUID)?.market;
  notifyBothSides(store, next, status, market?.title ?? '', sellerLook(store, row.sellerUID).profile, timestamp);
  return next;
}

/** Releases the units a receipt reserved (each option's `order` shrinks again, never below 0). */
function restock(store: Store, receipt: Receipt): void {
  for (const line of receipt.productList) {
    store.products.update(line._id, (row) => ({
      ...row,
      product: {
        ...row.product,
        option: row.product.option.map((option) =>
          option.title === line.option ? { ...option, order: Math.max(0, option.order - line.amount) } : option,
        ),
      },
    }));
  }
}

/** A virtual account still waiting for its deposit voids when the order is cancelled. */
function voidPendingAccount(receipt: Receipt): Partial<Receipt> {
  const result = receipt.paymentResult;
  return result && result.type === 'vbank' && result.status === 'pending' ? { paymentResult: { ...result, status: 'failed' } } : {};
}

/** The buyer's cancel (status 10, POST /receipt/change-status): only before payment; releases the stock. */
export function cancelByBuyer(world: World, row: ReceiptRow, reason: string, now: number): ReceiptRow {
  const status = latestStatus(row.receipt.status);
  if (isReceiptCancelled(status)) throw refuse('already-canceled', '이미 취소된 주문이에요.');
  if (!canBuyerCancel(status)) throw refuse('operation-failed', RECEIPT_NOTES.cancelAfterPayment);
  restock(world.store, row.receipt);
  return appendStatus(world.store, row, RECEIPT_STATUS.cancelledByBuyer, now, voidPendingAccount(row.receipt), reason);
}

export type SellerStatus = 1 | 3 | 4 | 11;

export interface SellerStatusChange {
  /** Courier and tracking number; required for 3 and 4 unless the receipt already has one. */
  invoice?: Schemas['Invoice'];
  /** The seller's note: the cancel reason for 11 (also shown as the receipt's sellerMsg), or a message. */
  msg?: string;
}

/**
 * The seller's side of a receipt (for the control plane's test helpers): 1 paid (from 0 or 99; a pending
 * virtual account counts as deposited), 3 shipped (from 1, with an invoice), 4 delivered (from 1 or 3, with
 * an invoice), 11 cancelled by the seller (from 0, 99 or 1; releases the stock). A cancelled receipt answers
 * `already-canceled`, any other step out of order `operation-failed`, an unknown receipt 404.
 */
export function setReceiptStatus(world: World, publicId: string, status: SellerStatus, change: SellerStatusChange, now: number): Receipt {
  const { store } = world;
  const row = findReceipt(store, publicId);
  const { receipt } = row;
  const current = latestStatus(receipt.status);
  if (isReceiptCancelled(current)) throw refuse('already-canceled', '이미 취소된 주문이에요.');
  const allowedFrom: Record<SellerStatus, readonly number[]> = {
    1: [RECEIPT_STATUS.ordered, RECEIPT_STATUS.paymentConfirming],
    3: [RECEIPT_STATUS.paid],
    4: [RECEIPT_STATUS.paid, RECEIPT_STATUS.shipped],
    11: [RECEIPT_STATUS.ordered, RECEIPT_STATUS.paymentConfirming, RECEIPT_STATUS.paid],
  };
  if (current === null || !allowedFrom[status].includes(current)) {
    throw refuse('operation-failed', `주문 상태 ${current ?? '-'}에서 ${status}(으)로 바꿀 수 없어요.`);
  }
  const msg = change.msg ?? '';
  if (status === RECEIPT_STATUS.paid) {
    const result = receipt.paymentResult;
    const paymentResult = result && result.status === 'pending' ? { ...result, status: 'success' as const } : result;
    return appendStatus(store, row, status, now, { paymentResult }, msg).receipt;
  }
  if (status === RECEIPT_STATUS.cancelledBySeller) {
    restock(store, receipt);
    return appendStatus(store, row, status, now, { ...voidPendingAccount(receipt), sellerMsg: msg }, msg).receipt;
  }
  const invoice = change.invoice ?? receipt.invoice;
  if (!invoice) throw new ApiFailure(400, 'bad-request', { message: '발송 처리에는 송장 정보(택배사, 송장번호)가 필요해요.' });
  return appendStatus(store, row, status, now, { invoice, packagingStatus: 1, ...(msg ? { sellerMsg: msg } : {}) }, msg).receipt;
}

// ---------------------------------------------------------------- payments

/** True while the receipt's virtual account waits for its deposit and has not expired. */
export function awaitingDeposit(receipt: Receipt, now: number): boolean {
  const result = receipt.paymentResult;
  return result?.type === 'vbank' && result.status === 'pending' && toEpochMs(result.expire) > now;
}

/**
 * Why the receipt cannot be paid now, or null when it can (paths/payment.yaml): `payment.option` 1 and the
 * latest status 0, or 99 whose virtual account expired.
 */
export function paymentRefusal(receipt: Receipt, now: number): ApiFailure | null {
  const status = latestStatus(receipt.status);
  if (isReceiptCancelled(status)) return refuse('already-canceled', '취소된 주문은 결제할 수 없어요.');
  if (receipt.payment.option !== 1) return refuse('operation-failed', '현재 결제할 수 없는 주문이에요. 주문을 취소해 주세요.');
  if (status === RECEIPT_STATUS.ordered) return null;
  if (status === RECEIPT_STATUS.paymentConfirming) {
    return awaitingDeposit(receipt, now) ? refuse('operation-failed', '가상계좌 입금을 확인하고 있어요.') : null;
  }
  return refuse('operation-failed', '이미 결제된 주문이에요.');
}

export function assertPayable(receipt: Receipt, now: number): void {
  const refusal = paymentRefusal(receipt, now);
  if (refusal) throw refusal;
}

/** The pay page's result query (GET /receipt/payment). */
export function paymentState(receipt: Receipt, now: number): 'success' | 'failed' | 'pending' {
  const status = latestStatus(receipt.status);
  if (status === RECEIPT_STATUS.paid || status === RECEIPT_STATUS.shipped || status === RECEIPT_STATUS.shippedAlt) return 'success';
  if (status === RECEIPT_STATUS.paymentConfirming && awaitingDeposit(receipt, now)) return 'pending';
  return 'failed';
}

/** A provider approved the payment (네이버페이, 카카오페이, card): the order is paid (status 1). */
export function markPaid(
  world: World,
  publicId: string,
  payment: { type: 'naverpay' | 'kakaopay' | 'card'; name: string; no: string },
  now: number,
): Receipt {
  const row = findReceipt(world.store, publicId);
  assertPayable(row.receipt, now);
  const paymentResult: PaymentResult = { ...payment, expire: null, status: 'success' };
  return appendStatus(world.store, row, RECEIPT_STATUS.paid, now, { paymentResult }).receipt;
}

export interface IssuedVirtualAccount {
  no: string;
  name: string;
  expire: string;
  bank: string;
}

/** The deposit account of a receipt's pending virtual account, as the pay page shows it. */
function virtualAccountOf(receipt: Receipt): IssuedVirtualAccount {
  const result = receipt.paymentResult as PaymentResult;
  return {
    no: result.no,
    name: `${VIRTUAL_ACCOUNT_HOLDER}_${receipt.buyerAccount.name}`.slice(0, 50),
    expire: result.expire as string,
    bank: VIRTUAL_ACCOUNT_BANK_CODE,
  };
}

/**
 * Issues a 우리은행 virtual account for the receipt's total (status 99, payment pending), or answers the one
 * still waiting for its deposit. Account numbers look like 우리은행's virtual accounts: 14 digits from 279.
 */
export function issueVirtualAccount(world: World, row: ReceiptRow, now: number): IssuedVirtualAccount {
  if (latestStatus(row.receipt.status) === RECEIPT_STATUS.paymentConfirming && awaitingDeposit(row.receipt, now))
    return virtualAccountOf(row.receipt);
  assertPayable(row.receipt, now);
  const issued = row.receipt.status.filter((s) => s.status === RECEIPT_STATUS.paymentConfirming).length;
  const no = `279${row.receipt.publicId.slice(-8)}${String(issued % 1000).padStart(3, '0')}`;
  const bankName = BANKS.find((b) => b.code === VIRTUAL_ACCOUNT_BANK_CODE)?.name ?? '우리은행';
  const paymentResult: PaymentResult = {
    type: 'vbank',
    name: bankName,
    no,
    expire: iso(now + VIRTUAL_ACCOUNT_VALIDITY_MS),
    status: 'pending',
  };
  return virtualAccountOf(appendStatus(world.store, row, RECEIPT_STATUS.paymentConfirming, now, { paymentResult }).receipt);
}

/**
 * The deposit into a receipt's virtual account arrived (for the control plane's test helpers): 99 → 1, the
 * payment result succeeds. Only while the account waits for its deposit and has not expired.
 */
export function confirmDeposit(world: World, publicId: string, now: number): Receipt {
  const row = findReceipt(world.store, publicId);
  const status = latestStatus(row.receipt.status);
  if (isReceiptCancelled(status)) throw refuse('already-canceled', '이미 취소된 주문이에요.');
  if (status !== RECEIPT_STATUS.paymentConfirming || !awaitingDeposit(row.receipt, now)) {
    throw refuse('operation-failed', '입금을 기다리는 가상계좌가 없어요.');
  }
  const paymentResult: PaymentResult = { ...(row.receipt.paymentResult as PaymentResult), status: 'success' };
  return appendStatus(world.store, row, RECEIPT_STATUS.paid, now, { paymentResult }).receipt;
}

// ---------------------------------------------------------------- provider signatures

/**
 * The signature the mock payment providers put on their forms and keys (a keyed FNV-1a hash, pure JS so the
 * browser adapter can run it too). It proves the fields came from this server; it is not security.
 */
export function paymentSignature(parts: readonly string[]): string {
  const text = `creator-market-pay\u0000${parts.join('\u0000')}`;
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
