import { configStore } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../api/client';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { signInAs } from '../../testing/appHarness';
import { freshWorldPerTest, setupMockApi } from '../../testing/testServer';
import type { OrderRoom } from '../../features/order-room/RoomRow';
import Order, { ORDER_TEXT } from './index';
import { placeRoom } from './rooms';

freshWorldPerTest(setupMockApi());

beforeEach(() => {
  resetScreenState();
});

const renderOrder = () => renderScreen('/order', '/order', Order);

async function sellerNamesInOrder(): Promise<string[]> {
  const rooms = await api.get('/room');
  return rooms.map((room) => room.sellerName);
}

describe('Order history', () => {
  test('4 skeleton rows while loading, then the rooms with the pinned one first, each opening its orders', async () => {
    await signInAs('buyer');
    renderOrder();
    expect(screen.getByRole('status', { name: '불러오는 중' }).querySelectorAll('[data-skeleton-item]')).toHaveLength(4);
    const rooms = await api.get('/room');
    const first = await screen.findByRole('link', { name: new RegExp(rooms[0]!.sellerName) });
    expect(first).toHaveAttribute('href', `/order/${rooms[0]!._id}`);
    expect(rooms[0]!.pinned).toBe(true);
    const stars = screen.getAllByRole('button', { name: / 고정$/ });
    expect(stars.map((star) => star.getAttribute('aria-pressed'))).toEqual(rooms.map((room) => String(room.pinned)));
    // Relative Korean time of the last activity.
    expect(within(first).getByText(/(전|방금) 주문$/)).toBeInTheDocument();
  });

  test('the star pins a room: it moves up among the pinned ones, and the server keeps the same order', async () => {
    await signInAs('buyer');
    renderOrder();
    const before = await sellerNamesInOrder();
    const last = before[before.length - 1]!;
    fireEvent.click(await screen.findByRole('button', { name: `${last} 고정` }));
    await waitFor(() => expect(screen.getByRole('button', { name: `${last} 고정` })).toHaveAttribute('aria-pressed', 'true'));
    const after = await sellerNamesInOrder();
    expect(after.slice(0, 2)).toContain(last);
    expect(after).not.toEqual(before);
    const shown = screen.getAllByRole('button', { name: / 고정$/ }).map((star) => star.getAttribute('aria-label')!.replace(/ 고정$/, ''));
    expect(shown).toEqual(after);

    // Unpinning the first room moves it below the pinned one.
    const first = after[0]!;
    fireEvent.click(screen.getByRole('button', { name: `${first} 고정` }));
    await waitFor(() => expect(screen.getByRole('button', { name: `${first} 고정` })).toHaveAttribute('aria-pressed', 'false'));
    const unpinned = await sellerNamesInOrder();
    expect(unpinned[0]).not.toBe(first);
    expect(screen.getAllByRole('button', { name: / 고정$/ }).map((star) => star.getAttribute('aria-label')!.replace(/ 고정$/, ''))).toEqual(
      unpinned,
    );
  });

  test('the info banner is remembered once dismissed; the small link reopens it', async () => {
    await signInAs('buyer');
    const { unmount } = renderOrder();
    const banner = await screen.findByRole('complementary', { name: ORDER_TEXT.infoTitle });
    expect(within(banner).getByText(/5년간 보관돼요/)).toBeInTheDocument();
    fireEvent.click(within(banner).getByRole('button', { name: ORDER_TEXT.closeInfo }));
    expect(screen.queryByRole('complementary', { name: ORDER_TEXT.infoTitle })).not.toBeInTheDocument();
    expect(configStore.read(localStorage).remember.orderHistoryInfoSeen).toBe(true);
    unmount();

    renderOrder();
    const link = await screen.findByRole('button', { name: ORDER_TEXT.infoTitle });
    expect(screen.queryByRole('complementary', { name: ORDER_TEXT.infoTitle })).not.toBeInTheDocument();
    fireEvent.click(link);
    expect(screen.getByRole('complementary', { name: ORDER_TEXT.infoTitle })).toBeInTheDocument();
  });

  test('no orders: the empty state and no info banner', async () => {
    await signInAs('buyer-new');
    renderOrder();
    expect(await screen.findByText(ORDER_TEXT.empty)).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: ORDER_TEXT.infoTitle })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ORDER_TEXT.infoTitle })).not.toBeInTheDocument();
  });
});

describe('placeRoom', () => {
  const room = (id: string, pinned: boolean, day: number): OrderRoom => ({
    _id: id.padStart(24, '0'),
    pinned,
    timestamp: new Date(Date.UTC(2026, 10, day)).toISOString(),
    sellerName: id,
    sellerProfile: '',
  });
  const ids = (rooms: OrderRoom[]) => rooms.map((r) => Number(r._id));

  test('moves a newly pinned room among the pinned ones by its time', () => {
    const rooms = [room('1', true, 20), room('2', false, 21), room('3', false, 10)];
    expect(ids(placeRoom(rooms, { ...rooms[2]!, pinned: true }, true))).toEqual([1, 3, 2]);
    expect(ids(placeRoom(rooms, { ...rooms[0]!, pinned: false }, true))).toEqual([2, 1, 3]);
  });

  test('a room that now sorts after every loaded room waits for its page unless all pages are loaded', () => {
    const rooms = [room('1', true, 10), room('2', false, 21), room('3', false, 15)];
    expect(ids(placeRoom(rooms, { ...rooms[0]!, pinned: false }, false))).toEqual([2, 3]);
    expect(ids(placeRoom(rooms, { ...rooms[0]!, pinned: false }, true))).toEqual([2, 3, 1]);
  });
});
