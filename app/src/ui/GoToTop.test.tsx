// The go-to-top button appears past the first screen, and steps aside while it would hide a control of the
// page (the '+ 구독' of a seller row near the bottom of home), not for a card or row link it only nicks (every
// home card is a link: it used to be hidden from 700 to 4,300 px of home).
import { TIMING } from '@creator-market/sdk/domain';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { uiState } from '../stores/ui';
import { coversControl, GO_TO_TOP_THRESHOLD_PX, GoToTop } from './GoToTop';

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

/** Where the button sits on a 390 px wide phone, above the tab bar. */
const BUTTON_BOX = new DOMRect(330, 700, 44, 44);

let under: Element[] = [];
/** Boxes of elements laid out elsewhere than the button's box (jsdom lays nothing out). */
let boxes = new Map<Element, DOMRect>();
const original = Object.getOwnPropertyDescriptor(document, 'elementsFromPoint');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  uiState.floatingButton = true;
  under = [];
  boxes = new Map();
  document.elementsFromPoint = () => under;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return boxes.get(this) ?? BUTTON_BOX;
  });
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

test('a card link it only nicks does not hide it, a small control it would cover does', () => {
  // A home card (170x250) whose corner lies under the button: under 5% of the card covered.
  expect(coversControl(BUTTON_BOX, [new DOMRect(204, 620, 170, 250)])).toBe(false);
  // A full-width list row: the button covers 6% of it.
  expect(coversControl(BUTTON_BOX, [new DOMRect(16, 690, 358, 88)])).toBe(false);
  // '+ 구독' (64x32) right under the button, and a '더보기' text link (40x20) inside its box.
  expect(coversControl(BUTTON_BOX, [new DOMRect(320, 706, 64, 32)])).toBe(true);
  expect(coversControl(BUTTON_BOX, [new DOMRect(332, 712, 40, 20)])).toBe(true);
  // A small button only touched at its edge (5% of it under the button's box).
  expect(coversControl(BUTTON_BOX, [new DOMRect(300, 736, 40, 40)])).toBe(false);
  // One card and one '+ 구독' under it: the one it would hide decides.
  expect(coversControl(BUTTON_BOX, [new DOMRect(204, 620, 170, 250), new DOMRect(320, 706, 64, 32)])).toBe(true);
  expect(coversControl(BUTTON_BOX, [])).toBe(false);
});

test('scrolled over the home cards (each a link), it stays shown', async () => {
  render(
    <>
      <a href="/m/seller/1" data-testid="card">
        작가 마켓
      </a>
      <GoToTop />
    </>,
  );
  const card = screen.getByTestId('card');
  boxes.set(card, new DOMRect(204, 620, 170, 250));
  under = [fab(), card];
  for (const y of [700, 1500, 2500, 4300]) {
    await scrollTo(y);
    expect(shown()).toBe(true);
  }
});
