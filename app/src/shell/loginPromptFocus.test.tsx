// The login prompt gives focus back to the control that opened it (WCAG 2.4.3): a tab that led to a page the
// guard cancelled (the guest's 마이), and a button disabled while the prompt it opened was up (구독).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { App } from './App';
import { SubscribeButton } from '../components/subscribe/SubscribeButton';
import { renderAt, resetAppState, waitForSession } from '../testing/appHarness';
import { setupMockApi } from '../testing/testServer';

vi.mock('./routes', () => import('../testing/failingRoutes'));

setupMockApi();

beforeEach(() => {
  resetAppState();
});

test.each(['다음에', 'Escape'])('a guest taps 마이: the prompt opens, and on closing (%s) focus is back on 마이', async (how) => {
  window.history.replaceState(null, '', '/');
  render(<App />);
  await waitForSession();
  await screen.findByRole('region', { name: 'page home' });
  const my = within(screen.getByRole('navigation', { name: '주요 메뉴' })).getByRole('button', { name: '마이' });
  my.focus();
  fireEvent.click(my);
  const dialog = await screen.findByRole('alertdialog');
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  if (how === '다음에') fireEvent.click(within(dialog).getByRole('button', { name: '다음에' }));
  else fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  const tab = within(screen.getByRole('navigation', { name: '주요 메뉴' })).getByRole('button', { name: '마이' });
  expect(tab).toHaveFocus();
});

test('a guest taps 구독 (busy while the prompt is up): on 다음에 focus is back on 구독, not on the page', async () => {
  renderAt('/profile/x', <SubscribeButton seller={{ uid: 'seller-1', name: '말랑' }} />);
  const subscribe = screen.getByRole('button', { name: '말랑 구독' });
  subscribe.focus();
  fireEvent.click(subscribe);
  const dialog = await screen.findByRole('alertdialog');
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  fireEvent.click(within(dialog).getByRole('button', { name: '다음에' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.getByRole('button', { name: '말랑 구독' })).toHaveFocus());
});
