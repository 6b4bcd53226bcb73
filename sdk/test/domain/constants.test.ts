import { describe, expect, it } from 'vitest';
import {
  ALARM_OFFSETS_MINUTES,
  BANKS,
  COURIERS,
  DATE_FORMAT,
  DEFAULT_BG_COLOR,
  LIMITS,
  LIST_CATEGORIES,
  MIN_APP_VERSION,
  PAGE_SIZE,
  PAYMENT_METHODS,
  PLATFORM_FEE_RATE,
  SELLER_CATEGORIES,
  SELLER_CATEGORY_KEYS,
  SNS_DISPLAY_NAMES,
  SNS_EDIT_FORM_ORDER,
  SNS_TYPE,
  STYLE_TAGS,
  TIMEZONE,
  TIMING,
  VIRTUAL_ACCOUNT_BANK_CODE,
} from '../../src/domain';

describe('constants', () => {
  it('states the business numbers of the spec', () => {
    expect(PLATFORM_FEE_RATE).toBe(0.05);
    expect(MIN_APP_VERSION).toEqual({ ios: '0.2.2', android: '1.8.6' });
    expect(ALARM_OFFSETS_MINUTES).toEqual([0, 3, 5, 10, 30, 1440]);
    expect(PAGE_SIZE).toBe(20);
    expect(DEFAULT_BG_COLOR).toBe('#07D1AE');
    expect(TIMEZONE).toBe('Asia/Seoul');
    expect(DATE_FORMAT.dateTime).toBe('YYYY.MM.DD HH:mm:ss');
    expect(PAYMENT_METHODS).toEqual(['naver', 'kakao', 'card', 'vbank']);
  });

  it('keeps minimum app versions to three numeric parts', () => {
    for (const version of Object.values(MIN_APP_VERSION)) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('gives every timing as a positive whole number of milliseconds', () => {
    for (const [name, ms] of Object.entries(TIMING)) {
      expect(Number.isInteger(ms) && ms > 0, name).toBe(true);
    }
  });

  it('lists the 14 list categories of the route table once each', () => {
    expect(LIST_CATEGORIES).toHaveLength(14);
    expect(new Set(LIST_CATEGORIES).size).toBe(14);
  });

  it('labels style tags and seller categories in Korean', () => {
    expect(Object.keys(STYLE_TAGS)).toEqual(['cute', 'kitsch', 'sense', 'deco', 'story', 'detail', 'witty', 'simple']);
    expect(SELLER_CATEGORY_KEYS).toEqual(['stickers', 'confetti', 'alphabet', 'washitape', 'removable', 'pack', 'keyring', 'case']);
    expect(SELLER_CATEGORIES.washitape).toBe('마스킹테이프');
    for (const label of [...Object.values(STYLE_TAGS), ...Object.values(SELLER_CATEGORIES)]) expect(label).toMatch(/[가-힣]/);
  });

  it('has unique courier and bank codes, and issues virtual accounts at 우리은행 (020)', () => {
    expect(new Set(COURIERS.map((c) => c.code)).size).toBe(COURIERS.length);
    expect(new Set(BANKS.map((b) => b.code)).size).toBe(BANKS.length);
    expect(new Set(BANKS.map((b) => b.icon)).size).toBe(BANKS.length);
    expect(BANKS.length).toBeGreaterThanOrEqual(20);
    expect(BANKS.find((b) => b.code === VIRTUAL_ACCOUNT_BANK_CODE)?.name).toBe('우리은행');
    const courierNames = COURIERS.map((c) => c.name);
    for (const name of [
      '우체국택배',
      'CJ대한통운',
      '한진택배',
      'CU 편의점택배',
      'GS Postbox 택배',
      '롯데택배',
      '로젠택배',
      'DHL',
      'EMS',
      'FedEx',
      'UPS',
      'USPS',
    ]) {
      expect(courierNames).toContain(name);
    }
  });

  it('names every SNS type and offers each once in the edit form', () => {
    expect(Object.values(SNS_TYPE)).toEqual([0, 1, 2, 3, 4, 5, 6, 10]);
    expect(
      Object.keys(SNS_DISPLAY_NAMES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 10]);
    expect([...SNS_EDIT_FORM_ORDER].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 10]);
  });
});

describe('limits the contract sets', () => {
  it("the order memo's limit is the contract's maxLength of the order and of the memo update", async () => {
    const { productDocument } = await import('@creator-market/openapi');
    /** The contract's bundled document, read only along the paths this test names. */
    type Memo = { properties: { memo: { maxLength?: number } } };
    const doc = productDocument as unknown as {
      components: { schemas: { OrderRequest: Memo } };
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: Memo }> } } }>;
    };
    const orderMemo = doc.components.schemas.OrderRequest.properties.memo;
    const updateMemo = doc.paths['/receipt/memo']!.post.requestBody.content['application/json']!.schema.properties.memo;
    expect(orderMemo.maxLength).toBe(LIMITS.orderMemoMaxLength);
    expect(updateMemo.maxLength).toBe(LIMITS.orderMemoMaxLength);
  });
});
