// device: push-notification devices of the native app.
import { pairKey, type Store } from '../world/store';
import type { HandlerMap } from './types';
import { signedIn } from './types';

/** The account's devices in registration order. */
function devicesOf(store: Store, uid: string) {
  return store.devices.by('owner', uid).map((r) => r.device);
}

export const deviceHandlers = {
  addDevice({ user, body }, { world }) {
    const uid = signedIn(user).uid;
    const { store } = world;
    // Registering a token already on the account is a no-op (the collection is keyed by owner and token),
    // so the device keeps its place and its first name.
    if (!store.devices.get(pairKey(uid, body.deviceToken))) store.devices.insert({ ownerUid: uid, device: body });
    return { data: devicesOf(store, uid) };
  },

  listDevices({ user }, { world }) {
    return { data: devicesOf(world.store, signedIn(user).uid) };
  },
} satisfies Partial<HandlerMap>;
