import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppBar } from './AppBar';

describe('AppBar', () => {
  it('goes home from back when the page was opened directly (no in-app history)', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    const back = vi.spyOn(window.history, 'back');
    render(<AppBar title="주문 내역" onNavigate={onNavigate} />);
    await user.click(screen.getByRole('button', { name: '뒤로 가기' }));
    expect(onNavigate).toHaveBeenCalledWith('/');
    expect(back).not.toHaveBeenCalled();
  });

  it('steps back in history after an in-app navigation', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    // The router's navigation (wouter patches pushState to announce it).
    window.history.pushState(null, '', '/market');
    render(<AppBar title="마켓" onNavigate={onNavigate} />);
    await user.click(screen.getByRole('button', { name: '뒤로 가기' }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(onNavigate).not.toHaveBeenCalled();
    window.dispatchEvent(new PopStateEvent('popstate'));
  });

  it('offers cart with its count, setting and download shortcuts', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    render(<AppBar left="close" right={['cart', 'setting', 'download']} cartCount={2} onNavigate={onNavigate} />);
    expect(screen.getByRole('button', { name: '닫기' })).toBeInTheDocument();
    const cart = screen.getByRole('link', { name: '장바구니' });
    expect(cart).toHaveTextContent('2');
    await user.click(screen.getByRole('link', { name: '설정' }));
    await user.click(screen.getByRole('link', { name: '앱 다운로드' }));
    expect(onNavigate.mock.calls).toEqual([['/setting'], ['/download']]);
  });
});
