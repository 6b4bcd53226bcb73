// address: the buyer's address book. One address is primary (status 1) whenever the book is not empty.
import type { components } from '@creator-market/sdk/generated/api';
import { ADDRESS_STATUS } from '@creator-market/sdk/domain';
import { notFound, permissionDenied } from '../http/failure';
import { checkDeliveryAddress } from '../world/input-rules';
import type { AddressRow, Store } from '../world/store';
import type { HandlerMap } from './types';
import { signedIn } from './types';

type Address = components['schemas']['Address'];
type AddressInput = components['schemas']['AddressInput'];

/** The AddressInput rules the schema cannot state (weighted name length, a real mobile number, blank lines). */
function checkAddressInput(input: AddressInput): void {
  checkDeliveryAddress(input, '/body');
}

/** The stored fields of an input; an absent memo is empty. */
function addressFields(input: AddressInput) {
  return { name: input.name, tel: input.tel, addr: input.addr, addr2: input.addr2, zip: input.zip, msg: input.msg ?? '' };
}

/** Most recently changed first; ids (which start with their creation time) break ties. */
function byRecency(a: Address, b: Address): number {
  if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? 1 : -1;
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}

function addressesOf(store: Store, uid: string): Address[] {
  return store.addresses.by('owner', uid).map((row) => row.address);
}

/** The caller's own address `id`: 404 when no address has it, 403 when it is another account's. */
function ownAddress(store: Store, uid: string, id: string): AddressRow {
  const row = store.addresses.get(id);
  if (!row) throw notFound('주소');
  if (row.ownerUid !== uid) throw permissionDenied();
  return row;
}

function setStatus(store: Store, row: AddressRow, status: Address['status']): void {
  if (row.address.status !== status) store.addresses.replace({ ...row, address: { ...row.address, status } });
}

export const addressHandlers = {
  getPrimaryAddress({ user }, { world }) {
    const primary = addressesOf(world.store, signedIn(user).uid).find((a) => a.status === ADDRESS_STATUS.primary);
    return { data: primary ?? null };
  },

  listAddresses({ user }, { world }) {
    const addresses = addressesOf(world.store, signedIn(user).uid).sort((a, b) => b.status - a.status || byRecency(a, b));
    return { data: addresses };
  },

  setPrimaryAddress({ user, body }, { world }) {
    const uid = signedIn(user).uid;
    const { store } = world;
    const chosen = ownAddress(store, uid, body._id);
    // Being primary is a choice of the book, not a change of the address: timestamps stay.
    for (const row of store.addresses.by('owner', uid)) {
      setStatus(store, row, row.address._id === chosen.address._id ? ADDRESS_STATUS.primary : ADDRESS_STATUS.other);
    }
    return { data: store.addresses.get(chosen.address._id)!.address };
  },

  addAddress({ user, body }, { world, now }) {
    const uid = signedIn(user).uid;
    const { store } = world;
    checkAddressInput(body);
    const isFirst = store.addresses.count('owner', uid) === 0;
    const address: Address = {
      _id: store.newId(now),
      ...addressFields(body),
      status: isFirst ? ADDRESS_STATUS.primary : ADDRESS_STATUS.other,
      timestamp: new Date(now).toISOString(),
    };
    store.addresses.insert({ ownerUid: uid, address });
    return { data: address };
  },

  updateAddress({ user, body }, { world, now }) {
    const uid = signedIn(user).uid;
    const { store } = world;
    const row = ownAddress(store, uid, body._id);
    checkAddressInput(body);
    const address: Address = { ...row.address, ...addressFields(body), timestamp: new Date(now).toISOString() };
    store.addresses.replace({ ...row, address });
    return { data: address };
  },

  deleteAddress({ user, body }, { world }) {
    const uid = signedIn(user).uid;
    const { store } = world;
    const row = ownAddress(store, uid, body._id);
    store.addresses.remove(row.address._id);
    if (row.address.status === ADDRESS_STATUS.primary) {
      // A non-empty book always has a primary address: the most recently changed one takes over.
      const [next] = addressesOf(store, uid).sort(byRecency);
      const nextRow = next && store.addresses.get(next._id);
      if (nextRow) setStatus(store, nextRow, ADDRESS_STATUS.primary);
    }
    return { data: true as const };
  },
} satisfies Partial<HandlerMap>;
