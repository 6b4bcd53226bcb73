// Pricing (SPEC.md section 5): won formatting, price ranges, shipping with the free-shipping discount,
// cart totals and the order checks with their exact messages.
import { MILLION_PRICE_THRESHOLD } from './constants.js';

/**
 * An integer with Korean thousands separators: formatCount(1234567) = '1,234,567'. Fractions are rounded; a
 * value that is not a finite number is 0. Grouped by hand rather than with Intl.NumberFormat: a page's first
 * Intl formatter loads locale data, a long task on the first screen's critical path (tested against Intl).
 */
export function formatCount(value: number): string {
  const integer = Number.isFinite(value) ? Math.round(value) + 0 : 0; // + 0 turns -0 into 0
  const digits = plainDigits(Math.abs(integer));
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let index = head; index < digits.length; index += 3) grouped += `,${digits.slice(index, index + 3)}`;
  return integer < 0 ? `-${grouped}` : grouped;
}

/** A non-negative integer's digits; String() writes 1e21 and above in exponent notation ('1.5e+21'). */
function plainDigits(integer: number): string {
  const [mantissa = '', exponent] = String(integer).split('e+');
  if (exponent === undefined) return mantissa;
  const significant = mantissa.replace('.', '');
  return significant.padEnd(Number(exponent) + 1, '0');
}

/**
 * Korean thousands separators followed by 원: formatWon(12000) = '12,000원'. Money is integer won, so
 * fractions are rounded; a value that is not a finite number is shown as 0원.
 */
export function formatWon(amount: number): string {
  return `${formatCount(amount)}원`;
}

function isPrice(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * A product's price range: no values '가격 없음'; one value or equal values a single price; a maximum
 * of 1,000,000 or more '<min> ~'; otherwise '<min> ~ <max>'. A missing or non-finite bound is ignored and
 * swapped bounds are put in order, so a maximum is never shown below its minimum.
 */
export function priceDisplay(min?: number | null, max?: number | null): string {
  const prices = [min, max].filter(isPrice);
  if (prices.length === 0) return '가격 없음';
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  if (formatWon(low) === formatWon(high)) return formatWon(low);
  if (high >= MILLION_PRICE_THRESHOLD) return `${formatWon(low)} ~`;
  return `${formatWon(low)} ~ ${formatWon(high)}`;
}

/** Things shown only when in use: products, product options and delivery options with useYN true. */
export function isInUse(item: { useYN?: boolean | null }): boolean {
  return item.useYN === true;
}

/** A market delivery option. weight is the limit in grams; missing means unlimited. */
export interface DeliveryOptionInput {
  title: string;
  price: number;
  weight?: number | null;
  useYN?: boolean | null;
  desc?: string | null;
}

/** A market's shipping discount: when both are positive and the product total reaches minPrice, shipping drops by amount. */
export interface ShipDiscountInput {
  amount?: number | null;
  minPrice?: number | null;
}

export interface ShippingPrice {
  /** The option's price before any discount (never negative). */
  basePrice: number;
  /** How much the shipping discount took off. */
  discount: number;
  /** What the buyer pays for delivery: basePrice - discount, never negative. */
  price: number;
  /** '무료배송' when delivery costs nothing, else the price in won; null when no option is chosen. */
  label: string | null;
}

/** How much the shipping discount takes off for this product total (0 when it does not apply). */
function shipDiscountReduction(shipDiscount: ShipDiscountInput | null | undefined, productTotal: number): number {
  const minPrice = shipDiscount?.minPrice ?? 0;
  const amount = shipDiscount?.amount ?? 0;
  return minPrice > 0 && amount > 0 && productTotal >= minPrice ? amount : 0;
}

/** True when the free-shipping discount applies to this product total. */
export function shipDiscountApplies(shipDiscount: ShipDiscountInput | null | undefined, productTotal: number): boolean {
  return shipDiscountReduction(shipDiscount, productTotal) > 0;
}

/** The delivery price of the chosen option after the free-shipping discount (floor 0). */
export function shippingPrice(
  option: Pick<DeliveryOptionInput, 'price'> | null | undefined,
  shipDiscount: ShipDiscountInput | null | undefined,
  productTotal: number,
): ShippingPrice {
  if (!option) return { basePrice: 0, discount: 0, price: 0, label: null };
  const basePrice = isPrice(option.price) ? Math.max(0, option.price) : 0;
  const price = Math.max(0, basePrice - shipDiscountReduction(shipDiscount, productTotal));
  return { basePrice, discount: basePrice - price, price, label: price === 0 ? '무료배송' : formatWon(price) };
}

/** One cart or order line as pricing sees it: unit price, unit weight in grams and quantity. */
export interface PricedLine {
  price: number;
  amount: number;
  weight?: number | null;
}

export interface CartTotals {
  /** Sum of price x amount over lines with an amount above 0. */
  productTotal: number;
  /** Number of items (sum of amounts above 0). */
  totalAmount: number;
  /** Sum of weight x amount in grams. */
  totalWeight: number;
  shipping: ShippingPrice;
  /** productTotal plus the shipping price. */
  total: number;
}

/** Totals of the given lines with the chosen delivery option and the market's shipping discount. */
export function cartTotals(
  lines: readonly PricedLine[],
  option: Pick<DeliveryOptionInput, 'price'> | null | undefined,
  shipDiscount: ShipDiscountInput | null | undefined,
): CartTotals {
  let productTotal = 0;
  let totalAmount = 0;
  let totalWeight = 0;
  for (const line of lines) {
    if (!(line.amount > 0)) continue;
    productTotal += line.price * line.amount;
    totalAmount += line.amount;
    totalWeight += (line.weight ?? 0) * line.amount;
  }
  const shipping = shippingPrice(option, shipDiscount, productTotal);
  return { productTotal, totalAmount, totalWeight, shipping, total: productTotal + shipping.price };
}

export type OrderCheckRule = 'delivery-required' | 'weight-exceeded' | 'delivery-unavailable' | 'under-minimum' | 'empty';

export interface OrderCheckFailure {
  rule: OrderCheckRule;
  message: string;
}

export interface OrderCheckInput {
  /** The orderable lines (sold-out and unused products already left out). */
  lines: readonly PricedLine[];
  /** The market's delivery options. */
  deliveryOptions: readonly DeliveryOptionInput[];
  /** The title of the chosen delivery option (the cart entry's deliveryOption.title). */
  selectedTitle?: string | null;
  /** The market's minimum product total (0 or missing = none). */
  minPrice?: number | null;
}

/** The first order rule that fails, with its exact message, or null when the order may go ahead. */
export function checkOrder(input: OrderCheckInput): OrderCheckFailure | null {
  if (!input.selectedTitle) return { rule: 'delivery-required', message: '배송 옵션을 선택해주세요' };
  const totals = cartTotals(input.lines, null, null);
  const option = input.deliveryOptions.find((candidate) => candidate.title === input.selectedTitle);
  if (option && isPrice(option.weight) && totals.totalWeight > option.weight) {
    return { rule: 'weight-exceeded', message: `${option.weight}g 초과, 다시 선택해주세요` };
  }
  if (!option || !isInUse(option)) return { rule: 'delivery-unavailable', message: '이용 불가, 다시 선택해주세요' };
  const minPrice = input.minPrice ?? 0;
  if (minPrice > 0 && totals.productTotal < minPrice) {
    return { rule: 'under-minimum', message: `물품 ${formatWon(minPrice)} 이상 주문 가능한 마켓이에요` };
  }
  if (totals.totalAmount === 0) return { rule: 'empty', message: '주문 가능한 물품을 1개 이상 담아주세요' };
  return null;
}
