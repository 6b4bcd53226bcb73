import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_EXIT_MS } from '../stores/toasts';
import { toast, ToastViewport } from './Toast';
import { actAndSettle } from '../testing/act';

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a message for 3000 ms by default, then fades out and is removed', async () => {
    render(<ToastViewport />);
    await actAndSettle(() => {
      toast('저장 완료 되었어요', { type: 'success' });
    });
    expect(screen.getByRole('status')).toHaveTextContent(/저장 완료 되었어요/);

    await advance(2999);
    expect(screen.getByRole('status')).not.toHaveAttribute('aria-hidden');

    await advance(1);
    // Fading out: hidden from assistive technology, gone after the exit animation.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('저장 완료 되었어요')).toBeInTheDocument();

    await advance(TOAST_EXIT_MS);
    expect(screen.queryByText('저장 완료 되었어요')).not.toBeInTheDocument();
  });

  it('honours a custom duration and position', async () => {
    render(<ToastViewport />);
    await actAndSettle(() => {
      toast('인증번호가 발송되었습니다', { position: 'top', duration: 1000 });
    });
    expect(screen.getByRole('status').closest('[data-position]')?.getAttribute('data-position')).toBe('top');
    await advance(1000 + TOAST_EXIT_MS);
    expect(screen.queryByText('인증번호가 발송되었습니다')).not.toBeInTheDocument();
  });

  it('announces warnings and errors as alerts', async () => {
    render(<ToastViewport />);
    await actAndSettle(() => {
      toast('품절된 물품이 있어요', { type: 'warning' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent(/품절된 물품이 있어요/);
  });

  it('keeps at most three toasts per position', async () => {
    render(<ToastViewport />);
    await actAndSettle(() => {
      for (const n of [1, 2, 3, 4]) toast(`알림 ${n}`);
    });
    await advance(TOAST_EXIT_MS);
    expect(screen.queryByText('알림 1')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['알림 2', '알림 3', '알림 4']);
  });
});

// Real timers: Testing Library's async helpers wait on setTimeout, which vitest's fake timers would hold.
describe('toast action', () => {
  it('runs the action link and closes the toast', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<ToastViewport />);
    await actAndSettle(() => {
      toast('작가님을 구독했어요', { action: { label: '구독 목록', onClick } });
    });
    await user.click(screen.getByRole('button', { name: '구독 목록' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('작가님을 구독했어요')).not.toBeInTheDocument());
  });
});
