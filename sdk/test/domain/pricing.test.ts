import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  cartTotals,
  checkOrder,
  formatCount,
  formatWon,
  isInUse,
  priceDisplay,
  shipDiscountApplies,
  shippingPrice,
  type DeliveryOptionInput,
} from '../../src/domain/pricing';

/** Reads back the won amounts a label shows, in order. */
const amountsIn = (label: string) => [...label.matchAll(/(-?[\d,]+)원/g)].map((m) => Number((m[1] as string).replaceAll(',', '')));
const groupDigits = (n: number) => String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

describe('formatWon', () => {
  it('uses Korean thousands separators followed by 원', () => {
    expect(formatWon(12000)).toBe('12,000원');
    expect(formatWon(0)).toBe('0원');
    expect(formatWon(999)).toBe('999원');
    expect(formatWon(1_234_567)).toBe('1,234,567원');
    expect(formatWon(-1000)).toBe('-1,000원');
    expect(formatWon(999.5)).toBe('1,000원');
    expect(formatWon(-0.2)).toBe('0원');
    expect(formatWon(Number.NaN)).toBe('0원');
  });

  test.prop([fc.maxSafeInteger()])('groups every integer by thousands', (n) => {
    expect(formatWon(n)).toBe(`${n < 0 ? '-' : ''}${groupDigits(n)}원`);
  });
});

describe('formatCount', () => {
  const korean = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 0 });

  test.prop([fc.oneof(fc.maxSafeInteger(), fc.double({ noNaN: true, noDefaultInfinity: true }))])(
    'groups digits exactly as Intl.NumberFormat ko-KR does, after rounding to an integer',
    (n) => {
      expect(formatCount(n)).toBe(korean.format(Math.round(n) + 0));
    },
  );

  it('shows what is not a finite number as 0', () => {
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
    expect(formatCount(-0.4)).toBe('0');
    expect(formatCount(1e21)).toBe('1,000,000,000,000,000,000,000');
  });
});

describe('priceDisplay', () => {
  it('follows the spec examples', () => {
    expect(priceDisplay()).toBe('가격 없음');
    expect(priceDisplay(null, null)).toBe('가격 없음');
    expect(priceDisplay(5000, 5000)).toBe('5,000원');
    expect(priceDisplay(5000)).toBe('5,000원');
    expect(priceDisplay(undefined, 7000)).toBe('7,000원');
    expect(priceDisplay(3000, 12000)).toBe('3,000원 ~ 12,000원');
    expect(priceDisplay(3000, 999_999)).toBe('3,000원 ~ 999,999원');
    expect(priceDisplay(3000, 1_000_000)).toBe('3,000원 ~');
    expect(priceDisplay(1_000_000, 1_000_000)).toBe('1,000,000원');
  });

  it('puts swapped bounds in order and ignores values that are not numbers', () => {
    expect(priceDisplay(12000, 3000)).toBe('3,000원 ~ 12,000원');
    expect(priceDisplay(Number.NaN, 4000)).toBe('4,000원');
    expect(priceDisplay(Number.POSITIVE_INFINITY, Number.NaN)).toBe('가격 없음');
  });

  const anyPrice = fc.option(fc.oneof(fc.integer({ min: -10, max: 3_000_000 }), fc.double()), { nil: undefined });
  test.prop([anyPrice, anyPrice])('is total and never shows a maximum below its minimum', (min, max) => {
    const label = priceDisplay(min, max);
    const finite = [min, max].filter((v): v is number => Number.isFinite(v));
    expect(label.length).toBeGreaterThan(0);
    expect(label === '가격 없음').toBe(finite.length === 0);
    const shown = amountsIn(label);
    if (finite.length > 0) expect(shown[0]).toBe(Math.round(Math.min(...finite)) + 0);
    if (shown.length === 2) {
      expect(shown[0]).toBeLessThan(shown[1] as number);
      expect(shown[1]).toBe(Math.round(Math.max(...finite)) + 0);
    }
    expect(label.endsWith('~')).toBe(
      shown.length === 1 && Math.max(...finite) >= 1_000_000 && formatWon(Math.min(...finite)) !== formatWon(Math.max(...finite)),
    );
  });
});

describe('shipping', () => {
  const parcel = { price: 3000 };
  it('takes the discount off once the product total reaches minPrice', () => {
    expect(shippingPrice(parcel, { minPrice: 30000, amount: 3000 }, 29999)).toEqual({
      basePrice: 3000,
      discount: 0,
      price: 3000,
      label: '3,000원',
    });
    expect(shippingPrice(parcel, { minPrice: 30000, amount: 3000 }, 30000)).toEqual({
      basePrice: 3000,
      discount: 3000,
      price: 0,
      label: '무료배송',
    });
    expect(shippingPrice(parcel, { minPrice: 30000, amount: 1000 }, 50000)).toEqual({
      basePrice: 3000,
      discount: 1000,
      price: 2000,
      label: '2,000원',
    });
    expect(shippingPrice(parcel, { minPrice: 30000, amount: 9000 }, 50000).price).toBe(0);
  });

  it('applies no discount unless minPrice and amount are both positive', () => {
    expect(shipDiscountApplies({ minPrice: 0, amount: 3000 }, 1e9)).toBe(false);
    expect(shipDiscountApplies({ minPrice: 1000, amount: 0 }, 1e9)).toBe(false);
    expect(shipDiscountApplies(null, 1e9)).toBe(false);
    expect(shippingPrice(parcel, undefined, 1e9).price).toBe(3000);
  });

  it('has no price without an option, and calls a free option free', () => {
    expect(shippingPrice(null, { minPrice: 1, amount: 1 }, 10)).toEqual({ basePrice: 0, discount: 0, price: 0, label: null });
    expect(shippingPrice({ price: 0 }, null, 0).label).toBe('무료배송');
    expect(shippingPrice({ price: Number.NaN }, null, 0).price).toBe(0);
  });

  const money = fc.integer({ min: -5000, max: 100_000 });
  test.prop([money, fc.record({ minPrice: fc.option(money), amount: fc.option(money) }), money])(
    'is never negative and never above the option price',
    (price, discount, total) => {
      const shipping = shippingPrice({ price }, discount, total);
      expect(shipping.price).toBeGreaterThanOrEqual(0);
      expect(shipping.price).toBeLessThanOrEqual(Math.max(0, price));
      expect(shipping.basePrice - shipping.discount).toBe(shipping.price);
      if (!shipDiscountApplies(discount, total)) expect(shipping.discount).toBe(0);
      expect(shipping.label === '무료배송').toBe(shipping.price === 0);
    },
  );

  it('totals the lines with an amount above 0', () => {
    const lines = [
      { price: 5000, amount: 2, weight: 100 },
      { price: 3000, amount: 0, weight: 500 },
      { price: 1000, amount: 1 },
    ];
    expect(cartTotals(lines, parcel, { minPrice: 10000, amount: 3000 })).toEqual({
      productTotal: 11000,
      totalAmount: 3,
      totalWeight: 200,
      shipping: { basePrice: 3000, discount: 3000, price: 0, label: '무료배송' },
      total: 11000,
    });
    expect(cartTotals([], parcel, null).total).toBe(3000);
  });
});

describe('checkOrder', () => {
  const options: DeliveryOptionInput[] = [
    { title: '일반택배', price: 3000, weight: 2000, useYN: true },
    { title: '준등기', price: 1800, weight: 500, useYN: true },
    { title: '퀵', price: 9000, useYN: false },
    { title: '무제한', price: 4000, useYN: true },
  ];
  const lines = [{ price: 5000, amount: 2, weight: 300 }];

  it('gives each rule its exact message, the first failing rule first', () => {
    expect(checkOrder({ lines, deliveryOptions: options, selectedTitle: '' })?.message).toBe('배송 옵션을 선택해주세요');
    expect(checkOrder({ lines, deliveryOptions: options, selectedTitle: null })?.rule).toBe('delivery-required');
    expect(checkOrder({ lines, deliveryOptions: options, selectedTitle: '준등기' })).toEqual({
      rule: 'weight-exceeded',
      message: '500g 초과, 다시 선택해주세요',
    });
    expect(checkOrder({ lines, deliveryOptions: options, selectedTitle: '퀵' })).toEqual({
      rule: 'delivery-unavailable',
      message: '이용 불가, 다시 선택해주세요',
    });
    expect(checkOrder({ lines, deliveryOptions: options, selectedTitle: '사라진 옵션' })?.message).toBe('이용 불가, 다시 선택해주세요');
    expect(checkOrder({ lines, deliveryOptions: options, selectedTitle: '일반택배', minPrice: 15000 })).toEqual({
      rule: 'under-minimum',
      message: '물품 15,000원 이상 주문 가능한 마켓이에요',
    });
    expect(checkOrder({ lines: [], deliveryOptions: options, selectedTitle: '일반택배' })).toEqual({
      rule: 'empty',
      message: '주문 가능한 물품을 1개 이상 담아주세요',
    });
    expect(checkOrder({ lines, deliveryOptions: options, selectedTitle: '일반택배', minPrice: 10000 })).toBeNull();
    expect(checkOrder({ lines: [{ price: 1, amount: 100, weight: 1000 }], deliveryOptions: options, selectedTitle: '무제한' })).toBeNull();
  });

  const lineArb = fc.record({
    price: fc.integer({ min: 0, max: 50_000 }),
    amount: fc.integer({ min: 0, max: 5 }),
    weight: fc.integer({ min: 0, max: 800 }),
  });
  const optionArb = fc.record({
    title: fc.constantFrom('a', 'b', 'c'),
    price: fc.integer({ min: 0, max: 5000 }),
    weight: fc.option(fc.integer({ min: 0, max: 3000 })),
    useYN: fc.boolean(),
  });
  test.prop([
    fc.array(lineArb, { maxLength: 5 }),
    fc.array(optionArb, { maxLength: 3 }),
    fc.option(fc.constantFrom('a', 'b', 'c')),
    fc.integer({ min: 0, max: 60_000 }),
  ])('passes exactly when every rule holds', (orderLines, deliveryOptions, selectedTitle, minPrice) => {
    const result = checkOrder({ lines: orderLines, deliveryOptions, selectedTitle, minPrice });
    const option = deliveryOptions.find((o) => o.title === selectedTitle);
    const totals = cartTotals(orderLines, null, null);
    const ok =
      !!selectedTitle &&
      !!option &&
      isInUse(option) &&
      (option.weight == null || totals.totalWeight <= option.weight) &&
      totals.productTotal >= minPrice &&
      totals.totalAmount > 0;
    expect(result === null).toBe(ok);
  });
});
