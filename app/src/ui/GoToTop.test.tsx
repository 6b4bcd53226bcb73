// The go-to-top button appears past the first screen, and steps aside while a control of the page (the
// '+ 구독' of a seller row near the bottom of home) lies under it.
import { TIMING } from '@creator-market/sdk/domain';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { uiState } from '../stores/ui';
import { GO_TO_TOP_THRESHOLD_PX, GoToTop } from './GoToTop';

const fab = () => screen.getByLabelText('맨 위로', { selector: 'button' });
const shown = () => fab().getAttribute('aria-hidden') !== 'true';

/** Scrolls to `y` and lets the button's scroll throttle run out (its timer is faked: no real wait). */
async function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(TIMING.scrollThrottleMs);
  });
}

let under: Element[] = [];
const original = Object.getOwnPropertyDescriptor(document, 'elementsFromPoint');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  uiState.floatingButton = true;
  under = [];
  document.elementsFromPoint = () => under;
  // jsdom lays nothing out: give the button a box where it sits.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(330, 700, 44, 44));
});

afterEach(async () => {
  uiState.floatingButton = false;
  await scrollTo(0);
  if (original) Object.defineProperty(document, 'elementsFromPoint', original);
  else delete (document as { elementsFromPoint?: unknown }).elementsFromPoint;
});

test('shows past the first screen over plain content, and hides while a control lies under it', async () => {
  render(
    <>
      <p data-testid="text">긴 목록</p>
      <button type="button">+ 구독</button>
      <GoToTop />
    </>,
  );
  expect(shown()).toBe(false);
  under = [fab(), screen.getByTestId('text')];
  await scrollTo(GO_TO_TOP_THRESHOLD_PX + 400);
  expect(shown()).toBe(true);

  under = [fab(), screen.getByRole('button', { name: '+ 구독' })];
  await scrollTo(GO_TO_TOP_THRESHOLD_PX + 600);
  expect(shown()).toBe(false);
  expect(fab().tabIndex).toBe(-1);

  under = [fab(), screen.getByTestId('text')];
  await scrollTo(GO_TO_TOP_THRESHOLD_PX + 700);
  expect(shown()).toBe(true);
});
