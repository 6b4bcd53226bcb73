// Cart rules (SPEC.md sections 4 and 5): available quantity, quantity stepper bounds and labels,
// product states, what is shown and sent, the order button and syncing a fetched cart entry into the list.
import { CART_ENTRY_STATUS, LIMIT_AMOUNT_NONE, STOCK_UNLIMITED, TIMING } from './constants.js';
import { formatDistance, toEpochMs, type Now, type TimeInput } from './dates.js';
import { isBeforeOpen, marketState, type MarketState, type MarketTimingInput } from './market-timing.js';
import { cartTotals, isInUse } from './pricing.js';

/** The stock fields of a product option or a cart line. */
export interface StockInput {
  /** Most units of the product one buyer may order (see buyerLimitLeft); 0 (or missing) = none. */
  limitAmount?: number | null;
  /** Stock; -1 = unlimited. */
  stock: number;
  /** Already ordered. */
  order?: number | null;
}

/**
 * How many may be ordered: min(limitAmount (0 = none), stock - order (stock -1 = unlimited)), never negative.
 * Infinity when both are unlimited (use Number.isFinite to test for a bound).
 */
export function availableQuantity(limitAmount: number | null | undefined, stock: number, order: number | null | undefined): number {
  return Math.min(limitBound(limitAmount), stockBound(stock, order));
}

/**
 * How many units one line may hold when the product's per-order limit is shared by all of its lines (one
 * line per option, in the cart and the add drawer): the option's stock left, and what `otherLinesAmount` (the
 * product's other lines together) leaves of limitAmount (0 = none). With no other lines it is availableQuantity.
 */
export function lineAvailableQuantity(line: StockInput, otherLinesAmount: number): number {
  const limit = limitBound(line.limitAmount);
  const others = Number.isFinite(otherLinesAmount) && otherLinesAmount > 0 ? Math.floor(otherLinesAmount) : 0;
  return Math.min(Math.max(0, limit - others), stockBound(line.stock, line.order));
}

/**
 * How many more units of a product one buyer may order. limitAmount (0 = none: Infinity) counts per buyer
 * across their live orders (cancelled ones give their units back), so this is what `liveOrdered`, the units
 * of the product in the buyer's orders not cancelled, leaves of it; never negative. The cart's formula
 * (availableQuantity) is this rule with nothing ordered yet: a cart entry does not know the buyer's orders.
 */
export function buyerLimitLeft(limitAmount: number | null | undefined, liveOrdered: number): number {
  const ordered = Number.isFinite(liveOrdered) && liveOrdered > 0 ? Math.floor(liveOrdered) : 0;
  return Math.max(0, limitBound(limitAmount) - ordered);
}

function limitBound(limitAmount: number | null | undefined): number {
  const limit = limitAmount ?? LIMIT_AMOUNT_NONE;
  return limit > LIMIT_AMOUNT_NONE ? Math.floor(limit) : Number.POSITIVE_INFINITY;
}

function stockBound(stock: number, order: number | null | undefined): number {
  if (stock === STOCK_UNLIMITED) return Number.POSITIVE_INFINITY;
  const left = Math.floor(stock - (order ?? 0));
  return Number.isFinite(left) && left > 0 ? left : 0;
}

export type QuantityContext = 'cart' | 'drawer';
/** The smallest quantity: 1 in the cart, 0 in the add-to-cart drawer. */
export const MIN_QUANTITY: Readonly<Record<QuantityContext, number>> = { cart: 1, drawer: 0 };

/**
 * Clamps a stepper value into [minimum, available] (whole numbers, rounded down). The available maximum wins
 * when it is below the minimum (a sold-out line in the cart gives 0). A value that is not a finite number is
 * ignored and gives the minimum.
 */
export function clampQuantity(value: number, available: number, context: QuantityContext): number {
  const min = MIN_QUANTITY[context];
  const wanted = Number.isFinite(value) ? Math.floor(value) : min;
  return Math.max(0, Math.min(available, Math.max(min, wanted)));
}

/** '품절' when nothing is available; 'N개 주문 가능' when the amount is at the maximum; otherwise null. */
export function quantityLabel(amount: number, available: number): string | null {
  if (available <= 0) return '품절';
  if (amount >= available) return `${available}개 주문 가능`;
  return null;
}

export type QuantityState = 'normal' | 'max' | 'limit';

/** 'limit' when the amount reached the per-order limit, 'max' when it reached the stock, else 'normal'. */
export function quantityState(amount: number, stockInput: StockInput): QuantityState {
  const byLimit = limitBound(stockInput.limitAmount);
  const byStock = stockBound(stockInput.stock, stockInput.order);
  if (amount < Math.min(byLimit, byStock)) return 'normal';
  return byLimit <= byStock ? 'limit' : 'max';
}

/** A cart entry's product line (section 3, cart entry productList). */
export interface CartLine extends StockInput {
  _id: string;
  option?: unknown;
  amount: number;
  price: number;
  weight?: number | null;
  useYN?: boolean | null;
  productTitle?: string;
  cover?: unknown;
}

export type CartProductState = 'ended' | 'unused' | 'sold-out' | 'ordering' | 'available';

export const CART_PRODUCT_STATE_LABELS: Readonly<Record<CartProductState, string | null>> = {
  ended: '주문 종료',
  unused: '판매 종료',
  'sold-out': '품절',
  ordering: null,
  available: null,
};

/** A cart line's state: the market ended, the product is no longer sold, sold out, being ordered, or available. */
export function cartProductState(
  line: Pick<CartLine, 'useYN'> & StockInput,
  context: { marketState: MarketState; cartStatus?: number | null },
): CartProductState {
  if (context.marketState === 'closed') return 'ended';
  if (!isInUse(line)) return 'unused';
  if (availableQuantity(line.limitAmount, line.stock, line.order) === 0) return 'sold-out';
  if (context.cartStatus === CART_ENTRY_STATUS.ordering) return 'ordering';
  return 'available';
}

/** Only products in use are shown. */
export function visibleProducts<P extends { useYN?: boolean | null }>(products: readonly P[]): P[] {
  return products.filter(isInUse);
}

/** Only product options in use are shown. */
export function visibleOptions<O extends { useYN?: boolean | null }>(options: readonly O[]): O[] {
  return options.filter(isInUse);
}

/** The lines sent to the API: only those with an amount above 0, as {_id, amount, option}. */
export function orderLines<L extends { _id: string; amount: number; option?: unknown }>(
  lines: readonly L[],
): Array<Pick<L, '_id' | 'amount' | 'option'>> {
  return lines.filter((line) => line.amount > 0).map(({ _id, amount, option }) => ({ _id, amount, option }));
}

/** Adding to the cart needs a total amount above 0. */
export function canAddToCart(lines: readonly { amount: number }[]): boolean {
  return lines.reduce((sum, line) => sum + (line.amount > 0 ? line.amount : 0), 0) > 0;
}

/** Messages rotated every 2 s on the order button while an order is being placed. */
export const WAITING_MESSAGES = [
  '주문을 접수하고 있어요',
  '잠시만 기다려주세요',
  '재고를 확인하고 있어요',
  '주문이 몰리고 있어요',
  '순서대로 처리하고 있어요',
  '주문서를 만들고 있어요',
  '조금만 더 기다려주세요',
  '화면을 닫지 말아주세요',
  '작가님께 주문을 전달하고 있어요',
  '배송 정보를 확인하고 있어요',
  '결제 준비를 하고 있어요',
  '많은 분들이 함께 주문하고 있어요',
  '주문 내용을 확인하고 있어요',
  '거의 다 됐어요',
  '곧 결제 화면으로 이동해요',
  '기다려주셔서 고마워요',
] as const;

/** The waiting message shown after elapsedMs of ordering (a new one every 2 s, wrapping around). */
export function waitingMessage(elapsedMs: number): string {
  const step = Number.isFinite(elapsedMs) && elapsedMs > 0 ? Math.floor(elapsedMs / TIMING.waitingMessageRotateMs) : 0;
  return WAITING_MESSAGES[step % WAITING_MESSAGES.length] as string;
}

export type OrderButtonState = 'delete' | 'ordering' | 'before-open' | 'order' | 'unavailable';

export interface OrderButton {
  state: OrderButtonState;
  label: string;
  disabled: boolean;
}

export interface OrderButtonInput {
  /** The cart entry's market (timing fields and minimum product total). */
  market: (MarketTimingInput & { minPrice?: number | null }) | null | undefined;
  /** The cart entry's status (1 = being ordered). */
  cartStatus?: number | null;
  lines: readonly CartLine[];
  /** A request for this cart is in flight. */
  loading?: boolean;
  /** The order form has errors (delivery option, buyer info ...). */
  hasValidationErrors?: boolean;
  /** When the ordering started, for the rotating waiting message. */
  orderingSince?: Now | null;
  now: Now;
}

/**
 * The cart card's order button: '장바구니 삭제' for a closed market; rotating waiting messages while
 * ordering; '{time} 후 주문 시작' before open; otherwise '주문 시작', or '품절 제외 후 주문' when some lines
 * are sold out or no longer sold. Disabled when loading, ordering, not open, nothing orderable, below the
 * minimum product total, or with validation errors.
 */
export function orderButton(input: OrderButtonInput): OrderButton {
  const state = marketState(input.market, input.now);
  const loading = input.loading === true;
  if (state === 'closed') return { state: 'delete', label: '장바구니 삭제', disabled: loading };
  if (input.cartStatus === CART_ENTRY_STATUS.ordering) {
    const elapsed = input.orderingSince == null ? 0 : toEpochMs(input.now) - toEpochMs(input.orderingSince);
    return { state: 'ordering', label: waitingMessage(elapsed), disabled: true };
  }
  if (isBeforeOpen(state) && input.market) {
    return { state: 'before-open', label: `${formatDistance(input.market.marketST, input.now)} 후 주문 시작`, disabled: true };
  }
  if (state !== 'opened') return { state: 'unavailable', label: '주문 시작', disabled: true };

  const lineStates = input.lines.map((line) => cartProductState(line, { marketState: state, cartStatus: input.cartStatus }));
  const orderable = input.lines.filter((_, index) => lineStates[index] === 'available');
  const someUnavailable = lineStates.some((lineState) => lineState === 'sold-out' || lineState === 'unused');
  const totals = cartTotals(orderable, null, null);
  const minPrice = input.market?.minPrice ?? 0;
  const disabled = loading || totals.totalAmount === 0 || totals.productTotal < minPrice || input.hasValidationErrors === true;
  return { state: 'order', label: someUnavailable ? '품절 제외 후 주문' : '주문 시작', disabled };
}

/** The fields of a cart entry that syncing reads. */
export interface CartEntrySyncInput {
  _id: string;
  status?: number | null;
  productList?: readonly unknown[] | null;
  timestamp?: TimeInput | null;
}

/**
 * Merges a freshly fetched cart entry into the list: status 2 removes it; status 1 updates it (only if
 * present); status 0 (or none) updates it or puts it first. An entry without products is removed.
 * The result is sorted newest timestamp first (entries without a readable timestamp last; ties keep their order).
 */
export function syncCart<E extends CartEntrySyncInput>(entries: readonly E[], incoming: E): E[] {
  const index = entries.findIndex((entry) => entry._id === incoming._id);
  const next = [...entries];
  if (incoming.status === CART_ENTRY_STATUS.remove) {
    if (index >= 0) next.splice(index, 1);
  } else if (index >= 0) {
    next[index] = incoming;
  } else if (incoming.status !== CART_ENTRY_STATUS.ordering) {
    next.unshift(incoming);
  }
  return sortCartEntries(next.filter((entry) => (entry.productList?.length ?? 0) > 0));
}

/** Newest timestamp first; unreadable timestamps last; stable for ties. */
export function sortCartEntries<E extends Pick<CartEntrySyncInput, 'timestamp'>>(entries: readonly E[]): E[] {
  const key = (entry: E): number => {
    const ms = toEpochMs(entry.timestamp);
    return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
  };
  return [...entries].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka === kb ? 0 : kb > ka ? 1 : -1;
  });
}
