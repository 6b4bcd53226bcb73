import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDrawer, uiState } from '../stores/ui';
import { BottomSheet, Drawer } from './BottomSheet';
import { lockScroll, unlockScroll } from './scrollLock';
import { actAndSettle } from '../test/act';

const START = new Date('2026-11-21T10:00:00.000Z').getTime();

/** Moves the clock past the 200 ms drawer click throttle. */
function afterThrottle() {
  vi.setSystemTime(Date.now() + 200);
}

describe('Drawer (store-bound bottom sheet)', () => {
  beforeEach(() => {
    // Only the clock is fake: the throttle reads Date.now, the exit animation uses real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(START);
    window.scrollTo(0, 500);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens with its parameters, locks the page scroll, and closes on Escape restoring the position', async () => {
    const user = userEvent.setup();
    render(
      <Drawer name="cart" title="장바구니">
        {(params) => <p>마켓 {params.marketId}</p>}
      </Drawer>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    await actAndSettle(() => openDrawer('cart', { marketId: '7' }));
    const sheet = screen.getByRole('dialog', { name: '장바구니' });
    expect(sheet.textContent).toContain('마켓 7');
    expect(document.body.style.position).toBe('fixed');
    expect(document.body.style.top).toBe('-500px');
    expect(uiState.scrollLocks).toBe(1);

    afterThrottle();
    await user.keyboard('{Escape}');
    expect(uiState.drawers.cart).toBeUndefined();
    expect(document.body.style.position).toBe('');
    expect(uiState.scrollLocks).toBe(0);
    expect(vi.spyOn(window, 'scrollTo')).toHaveBeenLastCalledWith(0, 500);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on a backdrop click', async () => {
    const user = userEvent.setup();
    render(<Drawer name="alarm" ariaLabel="오픈 알림" />);
    await actAndSettle(() => openDrawer('alarm'));
    expect(screen.getByRole('dialog', { name: '오픈 알림' })).toBeTruthy();

    afterThrottle();
    await user.click(screen.getByTestId('sheet-backdrop'));
    expect(uiState.drawers.alarm).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('ignores a second click within 200 ms of opening (drawer click throttle)', async () => {
    const user = userEvent.setup();
    render(<Drawer name="cart" title="장바구니" />);
    await actAndSettle(() => openDrawer('cart'));
    // The same tap landing on the fresh backdrop must not close it.
    await user.click(screen.getByTestId('sheet-backdrop'));
    expect(uiState.drawers.cart).toBeDefined();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('BottomSheet', () => {
  it('asks to close on Escape and on the backdrop', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <BottomSheet open onClose={onClose} title="배송 옵션 선택">
        옵션
      </BottomSheet>,
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('sheet-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('lets Escape close only the sheet on top', async () => {
    const user = userEvent.setup();
    const closeLower = vi.fn();
    const closeUpper = vi.fn();
    render(
      <>
        <BottomSheet open onClose={closeLower} title="마켓 선택" />
        <BottomSheet open onClose={closeUpper} title="배송 옵션 선택" />
      </>,
    );
    expect(uiState.scrollLocks).toBe(2);
    await user.keyboard('{Escape}');
    expect(closeUpper).toHaveBeenCalledTimes(1);
    expect(closeLower).not.toHaveBeenCalled();
  });
});

describe('scroll lock', () => {
  it('counts overlays and restores the scroll position when the last one closes', () => {
    window.scrollTo(0, 320);
    lockScroll();
    lockScroll();
    expect(document.body.style.position).toBe('fixed');
    expect(document.body.style.top).toBe('-320px');

    unlockScroll();
    expect(document.body.style.position).toBe('fixed');

    unlockScroll();
    expect(document.body.style.position).toBe('');
    expect(vi.spyOn(window, 'scrollTo')).toHaveBeenLastCalledWith(0, 320);

    // Extra releases do not drive the counter below zero.
    unlockScroll();
    expect(uiState.scrollLocks).toBe(0);
  });
});
