// What src/testing/setup.ts promises every test: one wait timeout for a loaded machine, and a pinned clock.
import { createBrowserWorld } from '@creator-market/mock-server/msw';
import { getConfig } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { TEST_NOW } from './now';

const MINUTE = 60_000;

test('Testing Library waits 20 s (not its 1 s default) before a findBy or waitFor gives up', () => {
  expect(getConfig().asyncUtilTimeout).toBe(20_000);
});

test('Date starts at the pinned instant, whatever the wall clock says, and moves on from there', async () => {
  const first = Date.now();
  expect(first).toBeGreaterThanOrEqual(TEST_NOW);
  expect(first - TEST_NOW).toBeLessThan(10 * MINUTE);
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(Date.now()).toBeGreaterThan(first);
});

test("a mock world made in a test is generated and runs at the pinned instant (its clock is the app's 'now')", () => {
  const world = createBrowserWorld(1, 0.1);
  expect(Math.abs(world.clock.now() - Date.now())).toBeLessThan(1000);
  expect(world.clock.now() - TEST_NOW).toBeLessThan(10 * MINUTE);
});

let realTimersUsed = false;
test('a test that switches to real timers ...', () => {
  vi.useRealTimers();
  realTimersUsed = true;
  expect(vi.isFakeTimers()).toBe(false);
});
test('... leaves the next test pinned again', () => {
  expect(realTimersUsed).toBe(true);
  expect(vi.isFakeTimers()).toBe(true);
  expect(Date.now() - TEST_NOW).toBeLessThan(10 * MINUTE);
});
