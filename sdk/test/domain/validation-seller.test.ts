// The seller side of the my page needs a complete seller profile (info, settlement account, business).
import { describe, expect, it } from 'vitest';
import { isSellerProfileComplete } from '../../src/domain/validation';

const complete = {
  publicId: 'mallang_studio',
  info: { name: '말랑공방' },
  bank: { no: '1002123456789' },
  business: { regNo: '1234567890' },
};

describe('isSellerProfileComplete', () => {
  it('needs the profile info, the settlement account and the business registration', () => {
    expect(isSellerProfileComplete(complete)).toBe(true);
    for (const part of ['info', 'bank', 'business'] as const) {
      const rest: Partial<typeof complete> = { ...complete };
      delete rest[part];
      expect(isSellerProfileComplete(rest)).toBe(false);
      expect(isSellerProfileComplete({ ...complete, [part]: null })).toBe(false);
    }
  });

  it('no seller record (a buyer) is not a complete seller profile', () => {
    expect(isSellerProfileComplete(null)).toBe(false);
    expect(isSellerProfileComplete(undefined)).toBe(false);
  });
});
