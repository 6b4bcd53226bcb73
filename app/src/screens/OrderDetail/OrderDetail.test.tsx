import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { setReceiptStatus } from '@creator-market/mock-server/world/orders';
import { api } from '../../api/client';
import { notFoundState } from '../../services/notFound';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { restoreTabVisibility, setTabVisibility } from '../../testing/tabVisibility';
import { signInAs } from '../../testing/appHarness';
import { seededWorld, setupMockApi, testHandlers } from '../../testing/testServer';
import { TEST_NOW } from '../../testing/now';
import { setIntersecting } from '../../testing/intersectionObserver';
import OrderDetail, { ORDER_DETAIL_TEXT } from './index';
import { mergeGroups, type ReceiptGroup } from './groups';

const server = setupMockApi();

beforeEach(() => {
  resetScreenState();
});

afterEach(() => {
  restoreTabVisibility();
});

const renderDetail = (roomId: string) => renderScreen(`/order/${roomId}`, '/order/:roomId', OrderDetail);

describe('Order detail', () => {
  test('titled with the seller; 3 skeleton cards, then market groups of receipts that open the receipt', async () => {
    await signInAs('buyer');
    const [room] = await api.get('/room');
    renderDetail(room!._id);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(ORDER_DETAIL_TEXT.fallbackTitle);
    expect(screen.getByRole('status', { name: '불러오는 중' }).querySelectorAll('[data-skeleton-item]')).toHaveLength(3);

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(room!.sellerName));
    const info = await api.get('/room/info/{roomId}', { params: { path: { roomId: room!._id } } });
    const groups = mergeGroups(await api.get('/room/receipt', { params: { query: { seller: info.seller } } }));
    const first = groups[0]!;
    const [card] = await screen.findAllByRole('region', { name: first.title });
    const receipt = first.receipt[0]!;
    const link = within(card!).getAllByRole('link')[0]!;
    expect(link).toHaveAttribute('href', `/r/${receipt.receiptPublicId}`);
    expect(within(link).getByText(receipt.receiver)).toBeInTheDocument();
    expect(within(link).getByText(`${receipt.totalPrice.toLocaleString('ko-KR')}원`)).toBeInTheDocument();
    expect(within(link).getByText(ORDER_DETAIL_TEXT.receiptNo(receipt.receiptPublicId))).toBeInTheDocument();
    expect(link.querySelector('time')!).toHaveTextContent(/^\d{2}\. \d{1,2}\. \d{1,2}\. \([일월화수목금토]\)$/);
    // Every group of the page is shown, every receipt with its status badge.
    expect(screen.getAllByRole('region')).toHaveLength(groups.length);
    const labels = screen.getAllByRole('link').map((l) => l.textContent ?? '');
    expect(labels.filter((text) => /결제 전|결제 완료|발송 완료|주문 취소/.test(text)).length).toBe(
      groups.flatMap((g) => g.receipt).length,
    );
    expect(screen.getByRole('link', { name: ORDER_DETAIL_TEXT.profile })).toHaveAttribute('href', `/profile/${info.sellerPublicId}`);
  });

  test('the next page starts after the last receipt shown, and an empty page ends the list', async () => {
    await signInAs('buyer');
    const [room] = await api.get('/room');
    const info = await api.get('/room/info/{roomId}', { params: { path: { roomId: room!._id } } });
    const page = await api.get('/room/receipt', { params: { query: { seller: info.seller } } });
    const requests: URL[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/room/receipt') requests.push(new URL(request.url));
    };
    server.events.on('request:start', onRequest);
    try {
      const { container } = renderDetail(room!._id);
      await waitFor(() => expect(requests).toHaveLength(1));
      await screen.findAllByRole('region');
      act(() => setIntersecting(container.querySelector('[data-sentinel]')!, true));
      await waitFor(() => expect(requests).toHaveLength(2));
      const last = page[page.length - 1]!.receipt.at(-1)!;
      expect(requests[1]!.searchParams.get('offset')).toBe(last._id);
      expect(requests[1]!.searchParams.get('flag')).toBe('before');
      expect(requests[1]!.searchParams.get('seller')).toBe(info.seller);
      expect(requests[0]!.searchParams.has('offset')).toBe(false);
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
  });

  test('a room that does not exist shows Not found', async () => {
    await signInAs('buyer');
    renderDetail('0123456789abcdef01234567');
    await waitFor(() => expect(notFoundState.path).toBe('/order/0123456789abcdef01234567'));
  });

  test('an address that is no room id shows Not found without asking', async () => {
    await signInAs('buyer');
    renderDetail('not-a-room');
    await waitFor(() => expect(notFoundState.path).toBe('/order/not-a-room'));
  });
});

describe('Order detail, back to its tab', () => {
  test("a receipt the seller confirmed in another tab ('결제 확인') shows its new status, the list staying", async () => {
    const world = seededWorld(1, 0.1);
    server.use(...testHandlers({ world, startAt: TEST_NOW }));
    await signInAs('buyer');
    // A room whose first page has an order still to be paid.
    let found: { roomId: string; publicId: string } | undefined;
    for (const room of await api.get('/room')) {
      const info = await api.get('/room/info/{roomId}', { params: { path: { roomId: room._id } } });
      const groups = await api.get('/room/receipt', { params: { query: { seller: info.seller } } });
      const unpaid = groups.flatMap((group) => group.receipt).find((receipt) => receipt.status === 0);
      if (unpaid) found = { roomId: room._id, publicId: unpaid.receiptPublicId };
      if (found) break;
    }
    expect(found, 'a room with an order before payment').toBeDefined();
    renderDetail(found!.roomId);
    const link = async () => (await screen.findAllByRole('link')).find((l) => l.getAttribute('href') === `/r/${found!.publicId}`)!;
    await waitFor(async () => expect(within(await link()).getByText('결제 전')).toBeInTheDocument());
    const shown = screen.getAllByRole('region').length;

    setTabVisibility('hidden');
    setReceiptStatus(world, found!.publicId, 1, {}, world.clock.now());
    world.touched();
    setTabVisibility('visible');
    await waitFor(async () => expect(within(await link()).getByText('결제 완료')).toBeInTheDocument());
    expect(screen.getAllByRole('region')).toHaveLength(shown);
  });
});

describe('mergeGroups', () => {
  const item = (id: string) => ({
    _id: id.padStart(24, '0'),
    receiver: '김하늘',
    totalPrice: 1000,
    receiptTime: '2026-11-21T00:00:00.000Z',
    receiptPublicId: '261121000001',
    status: 1 as const,
  });
  const group = (market: string, ...ids: string[]): ReceiptGroup => ({
    _id: market.padStart(24, '0'),
    marketCover: '',
    title: market,
    receipt: ids.map(item),
  });

  test('a market group that goes on in the next page is shown as one', () => {
    const merged = mergeGroups([group('a', '1', '2'), group('a', '3'), group('b', '4'), group('a', '5')]);
    expect(merged.map((g) => [g.title, g.receipt.map((r) => Number(r._id))])).toEqual([
      ['a', [1, 2, 3]],
      ['b', [4]],
      ['a', [5]],
    ]);
  });
});
