import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../api/client';
import { trackedEvents } from '../../services/analytics';
import { API_BASE } from '../../config/hosts';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { signInAs } from '../../testing/appHarness';
import { setupMockApi } from '../../testing/testServer';
import { setIntersecting } from '../../testing/intersectionObserver';
import Message, { MESSAGE_TEXT } from './index';

const server = setupMockApi();

beforeEach(() => {
  resetScreenState();
});

const renderMessage = (type: string) => renderScreen(`/message/${type}`, '/message/:type?', Message);

function rows(type: 'user' | 'seller') {
  return within(screen.getByRole('list', { name: MESSAGE_TEXT.title[type] })).queryAllByRole('listitem');
}

describe('Order notifications (/message/user)', () => {
  test('the first page newest first; a notification opens its receipt', async () => {
    await signInAs('buyer');
    const page = await api.get('/notification/message', { params: { query: { msgCategory: 'buyer' } } });
    renderMessage('user');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('주문 알림');
    await waitFor(() => expect(rows('user')).toHaveLength(page.length));
    expect(rows('user').map((row) => row.querySelector('strong')!.textContent)).toEqual(page.map((n) => n.title));
    // A notification about no order is not a button.
    page.forEach((notification, index) => {
      expect(within(rows('user')[index]!).queryByRole('button') !== null).toBe(notification.receiptPublicId !== undefined);
    });
    const index = page.findIndex((n) => n.receiptPublicId !== undefined);
    fireEvent.click(within(rows('user')[index]!).getByRole('button'));
    expect(window.location.pathname).toBe(`/r/${page[index]!.receiptPublicId}`);
    expect(trackedEvents('notification_click')).toHaveLength(1);
  });

  test('the filter tags ask for one kind of order event', async () => {
    await signInAs('buyer');
    const payments = await api.get('/notification/message', { params: { query: { msgCategory: 'buyer', msgType: 'payment' } } });
    const cancels = await api.get('/notification/message', { params: { query: { msgCategory: 'buyer', msgType: 'cancel' } } });
    renderMessage('user');
    const tags = screen.getByRole('group', { name: MESSAGE_TEXT.filterLabel });
    expect(
      within(tags)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['전체', '주문 접수', '결제', '배송', '취소']);
    await waitFor(() => expect(rows('user').length).toBeGreaterThan(0));
    fireEvent.click(within(tags).getByRole('button', { name: '결제' }));
    await waitFor(() => expect(rows('user').map((row) => row.querySelector('strong')!.textContent)).toEqual(payments.map((n) => n.title)));
    expect(within(tags).getByRole('button', { name: '결제' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(tags).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(rows('user').map((row) => row.querySelector('strong')!.textContent)).toEqual(cancels.map((n) => n.title)));
  });

  test('the next page starts after the last notification shown', async () => {
    await signInAs('buyer');
    const page = await api.get('/notification/message', { params: { query: { msgCategory: 'buyer' } } });
    const asked: URL[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/notification/message') asked.push(url);
    };
    server.events.on('request:start', onRequest);
    try {
      const { container } = renderMessage('user');
      await waitFor(() => expect(rows('user')).toHaveLength(page.length));
      act(() => setIntersecting(container.querySelector('[data-sentinel]')!, true));
      await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(2));
      expect(asked[1]!.searchParams.get('offset')).toBe(page.at(-1)!._id);
      expect(asked[1]!.searchParams.get('flag')).toBe('before');
      await waitFor(() => expect(rows('user').length).toBeGreaterThan(page.length));
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
  });

  test('none: 주문 알림이 없어요', async () => {
    await signInAs('buyer-new');
    renderMessage('user');
    expect(await screen.findByText('주문 알림이 없어요')).toBeInTheDocument();
  });
});

describe('Sales notifications (/message/seller)', () => {
  test("a seller's notifications with the seller categories; one opens the transaction form in a new tab", async () => {
    await signInAs('seller');
    const page = await api.get('/notification/message', { params: { query: { msgCategory: 'seller' } } });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    renderMessage('seller');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('판매 알림');
    expect(
      within(screen.getByRole('group', { name: MESSAGE_TEXT.filterLabel })).getByRole('button', { name: '신규 주문' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(rows('seller')).toHaveLength(page.length));
    fireEvent.click(within(rows('seller')[0]!).getByRole('button'));
    // The tab opens at the tap; the form's address arrives with its token.
    expect(open).toHaveBeenCalledWith('', '_blank');
    // The mock server's seller center page of the order, with its token and the app's origin to return to.
    await waitFor(() => expect(tab.location.href).not.toBe(''));
    const url = new URL(tab.location.href);
    expect(url.pathname).toMatch(/^\/__seller\/transaction\/tx_\d{12}$/);
    expect(`${url.origin}`).toBe(new URL(API_BASE).origin);
    expect(url.searchParams.get('token')).toMatch(/.+\..+\..+/);
    expect(url.searchParams.get('state')).toBe(window.location.origin);
    expect(tab.opener).toBeNull();
    expect(window.location.pathname).toBe('/message/seller');
  });

  test("none: the seller's own empty text, '판매 알림이 없어요'", async () => {
    await signInAs('seller-incomplete');
    // That seller has no sales yet.
    expect(await api.get('/notification/message', { params: { query: { msgCategory: 'seller' } } })).toEqual([]);
    renderMessage('seller');
    expect(await screen.findByText('판매 알림이 없어요')).toBeInTheDocument();
    expect(screen.queryByText('주문 알림이 없어요')).not.toBeInTheDocument();
  });

  test('a buyer has no sales notifications', async () => {
    await signInAs('buyer');
    renderMessage('seller');
    expect(screen.getByText(MESSAGE_TEXT.sellersOnly)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: MESSAGE_TEXT.filterLabel })).not.toBeInTheDocument();
  });
});
