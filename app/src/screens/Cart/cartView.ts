// What one cart entry shows and may order, by the sdk's rules: each line's state and quantity bounds, the
// orderable lines, totals with shipping, the first failing order check, and the order button.
import {
  CART_PRODUCT_STATE_LABELS,
  cartProductState,
  cartTotals,
  checkOrder,
  isInUse,
  lineAvailableQuantity,
  marketState,
  orderButton,
  quantityLabel,
  validateOrderMemo,
  type CartProductState,
  type CartTotals,
  type MarketState,
  type OrderButton,
  type OrderCheckFailure,
} from '@creator-market/sdk/domain';
import { entryStatus, shownLines, type CartEntry, type CartProduct, type CartState } from './cartStore';

export type DeliveryOption = CartEntry['market']['delivery']['option'][number];

export interface LineView {
  line: CartProduct;
  state: CartProductState;
  /** '주문 종료' / '판매 종료' / '품절', or null. */
  stateLabel: string | null;
  /** How many this line may hold (the option's stock left and what the product's other lines leave of its limit). */
  max: number;
  /** 'N개 주문 가능' at the maximum, or null. */
  quantityNote: string | null;
}

export interface CartView {
  entry: CartEntry;
  marketState: MarketState;
  /** 1 while an order is being placed: quantities and the delivery choice are locked. */
  locked: boolean;
  closed: boolean;
  lines: LineView[];
  /** The lines an order sends (available ones). */
  orderable: CartProduct[];
  /** The market's delivery options that can be chosen. */
  deliveryOptions: DeliveryOption[];
  /** The chosen option when it can still be used. */
  selectedOption: DeliveryOption | null;
  totals: CartTotals;
  check: OrderCheckFailure | null;
  memo: string;
  memoError: string | null;
  /** The message under the summary: the order check's, else the memo's. */
  message: string | null;
  /**
   * Whether the message is an error (red, announced): an order check, or a memo left blank after typing.
   * Before the buyer has typed a memo, the required memo is a plain hint.
   */
  messageIsError: boolean;
  button: OrderButton;
}

type ViewState = Pick<CartState, 'pending' | 'orderingSince' | 'saving' | 'memos'>;

export function cartView(entry: CartEntry, state: ViewState, now: number): CartView {
  const { market } = entry;
  const status = entryStatus(entry, state);
  const locked = status === 1;
  const timing = marketState(market, now);
  const lines = shownLines(entry, state);

  const lineViews = lines.map((line): LineView => {
    const others = lines
      .filter((other) => other._id === line._id && other.option !== line.option)
      .reduce((sum, other) => sum + other.amount, 0);
    const max = lineAvailableQuantity(line, others);
    const lineState = cartProductState(line, { marketState: timing, cartStatus: status });
    return {
      line,
      state: lineState,
      stateLabel: CART_PRODUCT_STATE_LABELS[lineState],
      max,
      quantityNote: lineState === 'available' ? quantityLabel(line.amount, max) : null,
    };
  });
  const orderable = lineViews.filter((view) => view.state === 'available' || view.state === 'ordering').map((view) => view.line);

  const deliveryOptions = market.delivery.option.filter(isInUse);
  const chosen = market.delivery.option.find((option) => option.title === entry.deliveryOption?.title);
  const selectedOption = chosen && isInUse(chosen) ? chosen : null;
  const totals = cartTotals(orderable, selectedOption, market.shipDiscount);

  const closed = timing === 'closed';
  const check = closed
    ? null
    : checkOrder({
        lines: orderable,
        deliveryOptions: market.delivery.option,
        selectedTitle: entry.deliveryOption?.title ?? null,
        minPrice: market.minPrice,
      });
  const memo = state.memos[entry._id] ?? '';
  const memoError = closed ? null : validateOrderMemo(memo);

  const button = orderButton({
    market,
    cartStatus: status,
    lines,
    loading: state.saving[entry._id] === true,
    hasValidationErrors: check !== null || memoError !== null,
    orderingSince: state.orderingSince[entry._id] ?? null,
    now,
  });

  return {
    entry,
    marketState: timing,
    locked,
    closed,
    lines: lineViews,
    orderable,
    deliveryOptions,
    selectedOption,
    totals,
    check,
    memo,
    memoError,
    message: check?.message ?? memoError,
    messageIsError: check !== null || (memoError !== null && state.memos[entry._id] !== undefined),
    button,
  };
}
