import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDrawer } from '../stores/drawers';
import { uiState } from '../stores/ui';
import { BottomSheet, Drawer } from './BottomSheet';
import { lockScroll, unlockScroll } from './scrollLock';
import { actAndSettle } from '../testing/act';

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
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await actAndSettle(() => openDrawer('cart', { marketId: '7' }));
    const sheet = screen.getByRole('dialog', { name: '장바구니' });
    expect(sheet).toHaveTextContent(/마켓 7/);
    expect(document.body).toHaveStyle({ position: 'fixed' });
    expect(document.body).toHaveStyle({ top: '-500px' });
    expect(uiState.scrollLocks).toBe(1);

    afterThrottle();
    await user.keyboard('{Escape}');
    expect(uiState.drawers.cart).toBeUndefined();
    expect(document.body).toHaveStyle({ position: '' });
    expect(uiState.scrollLocks).toBe(0);
    expect(vi.spyOn(window, 'scrollTo')).toHaveBeenLastCalledWith(0, 500);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on a backdrop click', async () => {
    const user = userEvent.setup();
    render(<Drawer name="alarm" ariaLabel="오픈 알림" />);
    await actAndSettle(() => openDrawer('alarm'));
    expect(screen.getByRole('dialog', { name: '오픈 알림' })).toBeInTheDocument();

    afterThrottle();
    await user.click(screen.getByTestId('sheet-backdrop'));
    expect(uiState.drawers.alarm).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('ignores a second click within 200 ms of opening (drawer click throttle)', async () => {
    const user = userEvent.setup();
    render(<Drawer name="cart" title="장바구니" />);
    await actAndSettle(() => openDrawer('cart'));
    // The same tap landing on the fresh backdrop must not close it.
    await user.click(screen.getByTestId('sheet-backdrop'));
    expect(uiState.drawers.cart).toBeDefined();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
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

describe('BottomSheet keyboard focus', () => {
  function Page({ open, onClose }: { open: boolean; onClose: () => void }) {
    return (
      <>
        <button type="button">페이지 버튼</button>
        <button type="button">배송 옵션</button>
        <BottomSheet open={open} onClose={onClose} title="배송 옵션 선택" showClose footer={<button type="button">적용</button>}>
          <input aria-label="메모" />
          <input type="radio" name="delivery" aria-label="기본 배송" />
          <input type="radio" name="delivery" aria-label="빠른 배송" defaultChecked />
          <input type="radio" name="delivery" aria-label="묶음 배송" />
          <button type="button" disabled>
            못 누르는 버튼
          </button>
        </BottomSheet>
      </>
    );
  }

  it('moves focus into the sheet and keeps Tab and Shift+Tab inside it', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Page open={false} onClose={() => undefined} />);
    screen.getByRole('button', { name: '배송 옵션' }).focus();
    rerender(<Page open onClose={() => undefined} />);
    const sheet = screen.getByRole('dialog', { name: '배송 옵션 선택' });
    expect(sheet).toHaveFocus();

    // A radio group is one stop (its checked radio), as in the browser.
    const stop = (name: string) =>
      name === '메모'
        ? screen.getByRole('textbox', { name })
        : name === '빠른 배송'
          ? screen.getByRole('radio', { name })
          : screen.getByRole('button', { name });
    for (const name of ['닫기', '메모', '빠른 배송', '적용', '닫기', '메모']) {
      await user.tab();
      expect(stop(name)).toHaveFocus();
    }
    for (const name of ['닫기', '적용', '빠른 배송', '메모', '닫기', '적용']) {
      await user.tab({ shift: true });
      expect(stop(name)).toHaveFocus();
    }
    expect(sheet.contains(document.activeElement)).toBe(true);
  });

  it('brings focus back into the sheet when it was moved out, and gives it back to the opener on close', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Page open={false} onClose={() => undefined} />);
    const opener = screen.getByRole('button', { name: '배송 옵션' });
    opener.focus();
    rerender(<Page open onClose={() => undefined} />);
    // Something outside took focus (a click behind the backdrop in a test, a script): Tab goes back inside.
    screen.getByRole('button', { name: '페이지 버튼' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: '닫기' })).toHaveFocus();

    rerender(<Page open={false} onClose={() => undefined} />);
    expect(opener).toHaveFocus();
  });

  it('closes on Escape pressed anywhere in it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page open onClose={onClose} />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('textbox', { name: '메모' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('scroll lock', () => {
  it('counts overlays and restores the scroll position when the last one closes', () => {
    window.scrollTo(0, 320);
    lockScroll();
    lockScroll();
    expect(document.body).toHaveStyle({ position: 'fixed' });
    expect(document.body).toHaveStyle({ top: '-320px' });

    unlockScroll();
    expect(document.body).toHaveStyle({ position: 'fixed' });

    unlockScroll();
    expect(document.body).toHaveStyle({ position: '' });
    expect(vi.spyOn(window, 'scrollTo')).toHaveBeenLastCalledWith(0, 320);

    // Extra releases do not drive the counter below zero.
    unlockScroll();
    expect(uiState.scrollLocks).toBe(0);
  });
});
