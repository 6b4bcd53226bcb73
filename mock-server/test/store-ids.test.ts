// A store's new ids never repeat an id a record already has. The counter alone does not ensure it: records
// another mock made (a replayed recording of a mock upstream, an import) carry ids of the same form, and one
// made in the same second with the same count is the same id. Seen in CI: a replayed world's first order
// answered 500 (`duplicate id`) when it came in the second the recorded order had been made in, with its count.
import { generateWorld } from '@creator-market/fixtures';
import { describe, expect, it } from 'vitest';
import { Store } from '../src/world/store';
import { TEST_NOW } from './support/harness';

const SECONDS = Math.floor(TEST_NOW / 1000)
  .toString(16)
  .padStart(8, '0');
/** The id the store's n-th new id at TEST_NOW would be, counting alone. */
const nth = (n: number) => `${SECONDS}ffff${n.toString(16).padStart(12, '0')}`;

/** A world whose records hold the first two ids a fresh store would make at TEST_NOW (a cart and a notification). */
function worldHoldingTheFirstIds() {
  const world = generateWorld({ seed: 1, scale: 0.2, now: TEST_NOW });
  const [cart] = world.carts;
  const [notification] = world.notifications;
  if (!cart || !notification) throw new Error('the seeded world has a cart and a notification');
  return {
    ...world,
    carts: [...world.carts, { ...cart, cart: { ...cart.cart, _id: nth(1) } }],
    notifications: [...world.notifications, { ...notification, notification: { ...notification.notification, _id: nth(2) } }],
  };
}

describe('a new id', () => {
  it('skips the ids the records already hold', () => {
    const store = new Store(worldHoldingTheFirstIds());
    expect(store.newId(TEST_NOW)).toBe(nth(3));
    expect(store.newId(TEST_NOW)).toBe(nth(4));
  });

  it("skips them in a world made over the store's records too (a named world)", () => {
    const base = new Store(worldHoldingTheFirstIds());
    const world = new Store(base);
    expect(world.newId(TEST_NOW)).toBe(nth(3));
  });

  it('counts alone where nothing holds its ids', () => {
    const store = new Store(generateWorld({ seed: 1, scale: 0.2, now: TEST_NOW }));
    expect([store.newId(TEST_NOW), store.newId(TEST_NOW)]).toEqual([nth(1), nth(2)]);
  });
});
