import { marketState, matchesCalendarFilter, seoulDayKey } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../api/client';
import { now } from '../../api/clock';
import { pageNavigation } from '../../services/pageNavigation';
import { timingOf } from '../../components/market-card/openedMarkets';
import { API_BASE } from '../../config/hosts';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { signInAs } from '../../testing/appHarness';
import { freshWorldPerTest, setupMockApi } from '../../testing/testServer';
import { session } from '../../stores/session';
import { BUYER_TEXT } from './BuyerView';
import { PROFILE_TEXT } from './FlipProfile';
import My from './index';
import { ORDER_INFO_TEXT } from './OrderInfoDrawer';
import { SELLER_TEXT } from './SellerView';

freshWorldPerTest(setupMockApi());

beforeEach(() => {
  resetScreenState();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

const renderMy = (type: 'user' | 'seller') => renderScreen(`/my/${type}`, '/my/:type?', My);
const listNamed = (name: string) => screen.findByRole('list', { name });

describe('My page: the buyer side', () => {
  test('the buyer card, the calendar and subscription cards, the first 3 notifications and rooms with links to all', async () => {
    await signInAs('buyer');
    const [markets, notifications, rooms] = await Promise.all([
      api.get('/common/v2/opened-market'),
      api.get('/notification/message', { params: { query: { msgCategory: 'buyer' } } }),
      api.get('/room'),
    ]);
    renderMy('user');
    expect(screen.getByRole('tab', { name: PROFILE_TEXT.buyer })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('김하늘')).toBeInTheDocument();

    // The calendar card counts what the calendar lists for today, by section: markets opening today that have
    // not opened yet ('오픈 예정') and markets closing today that have not closed yet ('종료 예정').
    const today = seoulDayKey(now());
    const at = now();
    const opens = markets.filter((e) => seoulDayKey(e.marketST) === today && matchesCalendarFilter(timingOf(e), 'schedule', at)).length;
    const closes = markets.filter((e) => seoulDayKey(e.marketED) === today && marketState(timingOf(e), at) !== 'closed').length;
    const card = (await screen.findByText(BUYER_TEXT.opens(opens))).closest('a')!;
    expect(card).toHaveTextContent(`달력 · 오늘${BUYER_TEXT.opens(opens)}${BUYER_TEXT.closes(closes)}`);
    // More than a count of every market starting or ending today (what the card said before: '오늘 일정 N개').
    expect(opens + closes).toBeLessThan(
      markets.filter((e) => seoulDayKey(e.marketST) === today).length + markets.filter((e) => seoulDayKey(e.marketED) === today).length,
    );
    expect(screen.getByText(`${session.subscribedSellerIds.length}명 구독중`).closest('a')!).toHaveAttribute('href', '/subscribe');
    expect(card).toHaveAttribute('href', '/calendar');

    const shownNotifications = within(await listNamed(BUYER_TEXT.notifications)).getAllByRole('listitem');
    expect(shownNotifications).toHaveLength(3);
    expect(shownNotifications.map((row) => row.querySelector('strong')!.textContent)).toEqual(
      notifications.slice(0, 3).map((n) => n.title),
    );
    const shownRooms = within(await listNamed(BUYER_TEXT.orders)).getAllByRole('link');
    expect(shownRooms.map((link) => link.getAttribute('href'))).toEqual(rooms.slice(0, 3).map((room) => `/order/${room._id}`));

    const more = screen.getAllByRole('link', { name: /더보기/ }).map((link) => link.getAttribute('href'));
    expect(more).toEqual(['/message/user', '/order']);
  });

  test('an order notification opens its receipt', async () => {
    await signInAs('buyer');
    const notifications = (await api.get('/notification/message', { params: { query: { msgCategory: 'buyer' } } })).slice(0, 3);
    const index = notifications.findIndex((n) => n.receiptPublicId !== undefined);
    expect(index).toBeGreaterThanOrEqual(0);
    renderMy('user');
    const row = within(await listNamed(BUYER_TEXT.notifications)).getAllByRole('listitem')[index]!;
    fireEvent.click(within(row).getByRole('button'));
    expect(window.location.pathname).toBe(`/r/${notifications[index]!.receiptPublicId}`);
  });

  test('a new buyer: nothing yet, and the order info asks to be filled in', async () => {
    await signInAs('buyer-new');
    renderMy('user');
    expect(await screen.findByText(BUYER_TEXT.noNotifications)).toBeInTheDocument();
    expect(await screen.findByText(BUYER_TEXT.noOrders)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: BUYER_TEXT.needsInfo })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: new RegExp(ORDER_INFO_TEXT.title) }));
    const drawer = await screen.findByRole('dialog', { name: ORDER_INFO_TEXT.title });
    expect(await within(drawer).findByText(ORDER_INFO_TEXT.noAddress)).toBeInTheDocument();
    expect(within(drawer).getByText(ORDER_INFO_TEXT.incomplete)).toBeInTheDocument();
    expect(within(drawer).getAllByText(ORDER_INFO_TEXT.missing).length).toBeGreaterThanOrEqual(4);
    fireEvent.click(within(drawer).getByRole('button', { name: ORDER_INFO_TEXT.addAddress }));
    expect(window.location.pathname).toBe('/edit/address');
  });

  test('the order-info drawer: buyer info to edit, the address book with the primary one, and a new primary', async () => {
    await signInAs('buyer');
    const [primary, other] = await api.get('/address/list');
    renderMy('user');
    expect(screen.queryByRole('img', { name: BUYER_TEXT.needsInfo })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: new RegExp(ORDER_INFO_TEXT.title) }));
    const drawer = await screen.findByRole('dialog', { name: ORDER_INFO_TEXT.title });
    const buyer = within(drawer).getByRole('region', { name: ORDER_INFO_TEXT.buyer });
    const value = (label: string) => within(buyer).getByText(label).nextElementSibling!.textContent;
    expect(value(ORDER_INFO_TEXT.name)).toBe('김하늘');
    expect(value(ORDER_INFO_TEXT.phone)).toBe('010-1234-5678');
    expect(value(ORDER_INFO_TEXT.sns)).toBe('인스타그램 haneul_daily');
    expect(value(ORDER_INFO_TEXT.cashReceipt)).toBe('010-1234-5678');
    expect(value(ORDER_INFO_TEXT.refund)).toBe('신한은행 110123456789');

    const book = within(drawer).getByRole('region', { name: ORDER_INFO_TEXT.addresses });
    const links = await within(book).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/edit/address?_id=${primary!._id}`,
      `/edit/address?_id=${other!._id}`,
    ]);
    expect(within(links[0]!).getByText(ORDER_INFO_TEXT.primary)).toBeInTheDocument();

    fireEvent.click(within(book).getByRole('button', { name: ORDER_INFO_TEXT.makePrimary }));
    expect(await screen.findByText(ORDER_INFO_TEXT.madePrimary)).toBeInTheDocument();
    await waitFor(async () => expect((await api.get('/address/list'))[0]!._id).toBe(other!._id));
    await waitFor(() => expect(within(book).getAllByRole('link')[0]!).toHaveAttribute('href', `/edit/address?_id=${other!._id}`));

    fireEvent.click(within(buyer).getByRole('button', { name: ORDER_INFO_TEXT.edit }));
    expect(window.location.pathname).toBe('/edit/myinfo');
  });

  test('the flip switch replaces the route with the chosen type', async () => {
    await signInAs('buyer');
    const push = vi.spyOn(window.history, 'pushState');
    renderMy('user');
    fireEvent.click(screen.getByRole('tab', { name: PROFILE_TEXT.seller }));
    await waitFor(() => expect(window.location.pathname).toBe('/my/seller'));
    expect(push).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: PROFILE_TEXT.seller })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(SELLER_TEXT.applyTitle)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: PROFILE_TEXT.buyer }));
    await waitFor(() => expect(window.location.pathname).toBe('/my/user'));
  });
});

describe('My page: the seller side for each persona', () => {
  test('a buyer is invited to apply as an author (the join page opens outside)', async () => {
    await signInAs('buyer');
    const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
    renderMy('seller');
    expect(screen.getByText(PROFILE_TEXT.notSeller)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: SELLER_TEXT.apply }));
    // The mock server's seller center page, naming the account and the app's origin to return to.
    const url = new URL(open.mock.calls[0]![0]);
    expect(`${url.origin}${url.pathname}`).toBe(`${API_BASE}/__seller/join`);
    expect(url.searchParams.get('uid')).toBe(session.me!.user.uid);
    expect(url.searchParams.get('state')).toBe(window.location.origin);
  });

  test('a seller with an incomplete profile is asked to complete it', async () => {
    await signInAs('seller-incomplete');
    const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
    renderMy('seller');
    expect(screen.getByText('@monggeul_shop')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: SELLER_TEXT.complete }));
    const url = new URL(open.mock.calls[0]![0]);
    expect(`${url.origin}${url.pathname}`).toBe(`${API_BASE}/__seller/profile`);
    expect(url.searchParams.get('uid')).toBe(session.me!.user.uid);
    expect(url.searchParams.get('state')).toBe(window.location.origin);
    expect(screen.queryByText(SELLER_TEXT.publicLink)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SELLER_TEXT.apply })).not.toBeInTheDocument();
  });

  test('a complete seller: the public link to copy, shortcuts, the first 3 sales and news', async () => {
    await signInAs('seller');
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
    const [sales, news] = await Promise.all([
      api.get('/notification/message', { params: { query: { msgCategory: 'seller' } } }),
      api.get('/common/preview/list', { params: { query: { sellerId: 'mallang_studio' } } }),
    ]);
    renderMy('seller');
    const link = `${window.location.origin}/go/mallang_studio`;
    expect(screen.getByText(link)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: SELLER_TEXT.copyLabel }));
    expect(await screen.findByText('복사가 완료되었습니다!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(link);

    fireEvent.click(screen.getByRole('button', { name: SELLER_TEXT.account }));
    fireEvent.click(screen.getByRole('button', { name: SELLER_TEXT.market }));
    // Both open the mock's seller center pages for this account, returning to this app.
    const opened = open.mock.calls.map(([url]) => new URL(url));
    expect(opened.map((url) => `${url.origin}${url.pathname}`)).toEqual([`${API_BASE}/__seller/account`, `${API_BASE}/__seller/market`]);
    for (const url of opened) {
      expect(url.searchParams.get('uid')).toBe(session.me!.user.uid);
      expect(url.searchParams.get('state')).toBe(window.location.origin);
    }

    const salesRows = within(await listNamed(SELLER_TEXT.sales)).getAllByRole('listitem');
    expect(salesRows.map((row) => row.querySelector('strong')!.textContent)).toEqual(sales.slice(0, 3).map((n) => n.title));
    const newsRows = within(await listNamed(SELLER_TEXT.news)).getAllByRole('listitem');
    expect(newsRows).toHaveLength(Math.min(3, news.length));
    expect(newsRows[0]!).toHaveTextContent(news[0]!.previewContents);
    expect(screen.getAllByRole('link', { name: /더보기/ }).map((a) => a.getAttribute('href'))).toEqual([
      '/message/seller',
      '/promo/preview',
    ]);
  });
});
