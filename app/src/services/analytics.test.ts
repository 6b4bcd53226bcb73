import { beforeEach, expect, test } from 'vitest';
import { clearTrackedEvents, track, trackedEvents } from './analytics';

beforeEach(() => clearTrackedEvents());

test('money events carry KRW; others carry only their params', () => {
  track('add_to_cart', { item_id: 'p1', value: 12000 });
  track('search', { search_term: '키링' });
  expect(trackedEvents('add_to_cart')[0]?.params).toEqual({ currency: 'KRW', item_id: 'p1', value: 12000 });
  expect(trackedEvents('search')[0]?.params).toEqual({ search_term: '키링' });
  expect(trackedEvents().map((event) => event.name)).toEqual(['add_to_cart', 'search']);
});
