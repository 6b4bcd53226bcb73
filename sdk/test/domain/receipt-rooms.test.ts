// The order history's order: pinned rooms first, then by last activity, newest first.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { compareOrderRooms } from '../../src/domain/receipt';

const room = (id: string, pinned: boolean, at: string) => ({ _id: id.padStart(24, '0'), pinned, timestamp: at });

describe('compareOrderRooms', () => {
  it('puts pinned rooms first, each part newest first', () => {
    const rooms = [
      room('1', false, '2026-11-20T00:00:00.000Z'),
      room('2', true, '2026-10-01T00:00:00.000Z'),
      room('3', false, '2026-11-21T00:00:00.000Z'),
      room('4', true, '2026-11-01T00:00:00.000Z'),
    ];
    expect([...rooms].sort(compareOrderRooms).map((r) => Number(r._id))).toEqual([4, 2, 3, 1]);
  });

  it('on equal times the later id comes first', () => {
    const at = '2026-11-21T00:00:00.000Z';
    expect([room('a', false, at), room('b', false, at)].sort(compareOrderRooms).map((r) => r._id.at(-1))).toEqual(['b', 'a']);
  });

  test.prop([
    fc.array(fc.record({ id: fc.integer({ min: 0, max: 9999 }), pinned: fc.boolean(), ms: fc.integer({ min: 0, max: 4e12 }) }), {
      maxLength: 30,
    }),
  ])('the sorted list has every pinned room before every other, and times never increase within a part', (drafts) => {
    const rooms = drafts.map((d) => ({ _id: String(d.id).padStart(24, '0'), pinned: d.pinned, timestamp: new Date(d.ms).toISOString() }));
    const sorted = [...rooms].sort(compareOrderRooms);
    const firstUnpinned = sorted.findIndex((r) => !r.pinned);
    if (firstUnpinned >= 0) expect(sorted.slice(firstUnpinned).every((r) => !r.pinned)).toBe(true);
    for (let i = 1; i < sorted.length; i++) {
      const [a, b] = [sorted[i - 1]!, sorted[i]!];
      if (a.pinned === b.pinned) expect(Date.parse(a.timestamp)).toBeGreaterThanOrEqual(Date.parse(b.timestamp));
    }
  });
});
