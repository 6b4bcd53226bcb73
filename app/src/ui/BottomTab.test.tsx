import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BottomTab } from './BottomTab';

describe('BottomTab', () => {
  it('shows the tabs 홈, 마이, 장바구니 and marks the current one', () => {
    render(<BottomTab current="my" onNavigate={() => undefined} />);
    const nav = screen.getByRole('navigation');
    const tabs = within(nav).getAllByRole('button');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['홈', '마이', '장바구니']);
    expect(tabs.map((tab) => tab.getAttribute('aria-current'))).toEqual([null, 'page', null]);
  });

  it('reports the chosen tab instead of navigating itself', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    render(<BottomTab current="home" onNavigate={onNavigate} />);
    await user.click(screen.getByRole('button', { name: /장바구니/ }));
    expect(onNavigate).toHaveBeenCalledWith('cart');
  });

  it('shows the cart count on the cart tab', () => {
    render(<BottomTab current="home" onNavigate={() => undefined} cartCount={120} />);
    expect(within(screen.getByRole('button', { name: /장바구니/ })).getByText('99+')).toBeInTheDocument();
  });
});
