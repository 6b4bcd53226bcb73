// Where a room goes in the loaded part of the order history after its pin changed, by the sdk's order
// (pinned first, then newest activity). The loaded rooms must stay the first rooms of the server's list, as
// the next page starts after the last one: a room that now sorts after every loaded room leaves the list
// until its page comes (unless every page is loaded).
import { compareOrderRooms } from '@creator-market/sdk/domain';
import type { OrderRoom } from '../../features/order-room/RoomRow';

export function placeRoom(rooms: readonly OrderRoom[], changed: OrderRoom, allLoaded: boolean): OrderRoom[] {
  const others = rooms.filter((room) => room._id !== changed._id);
  const index = others.findIndex((room) => compareOrderRooms(changed, room) < 0);
  if (index === -1) return allLoaded ? [...others, changed] : others;
  return [...others.slice(0, index), changed, ...others.slice(index)];
}
