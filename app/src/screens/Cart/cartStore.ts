// The buyer's cart while the app runs (SPEC.md section 4, "Cart sync"): the entries of GET /cart/v2/get,
// newest first, kept between visits of the cart screen. Coming back, only the entries marked stale (the
// add-to-cart flow marks its entry in the expire store) are fetched again (GET /cart/v2/get/single) and merged
// with the sdk's syncCart. Quantity changes wait 1 s (cart update debounce) and go out together per entry.
import type { Schemas } from '@creator-market/sdk';
import { isApiError } from '@creator-market/sdk/client';
import { CART_ENTRY_STATUS, expireStore, syncCart, TIMING, type CartEntryStatusCode } from '@creator-market/sdk/domain';
import { proxy, useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { now } from '../../api/clock';
import { presentError } from '../../services/errors';

export type CartEntry = Schemas['CartEntry'];
export type CartProduct = Schemas['CartProduct'];

export interface CartState {
  /** Whose cart this is: another account (or none) means nothing here is theirs. */
  ownerUid: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  entries: CartEntry[];
  /** Quantities changed on the steppers and not saved yet: cart id → line key → amount (0 = remove). */
  pending: Record<string, Record<string, number>>;
  /** Cart ids with a change or delivery request in flight. */
  saving: Record<string, boolean>;
  /** When an order from the entry started (app clock, ms); the entry is "ordering" (status 1) meanwhile. */
  orderingSince: Record<string, number>;
  /** The order memo typed per cart id (a draft kept in localStorage, so a reload does not lose it). */
  memos: Record<string, string>;
}

/** The memo drafts of one account: `{uid, memos}` (only the last signed-in account's are kept). */
export const MEMO_DRAFTS_STORAGE_KEY = 'cm.cartMemos';

function readMemoDrafts(uid: string | null): Record<string, string> {
  if (!uid) return {};
  try {
    const saved = JSON.parse(localStorage.getItem(MEMO_DRAFTS_STORAGE_KEY) ?? 'null') as { uid?: unknown; memos?: unknown } | null;
    if (!saved || saved.uid !== uid || typeof saved.memos !== 'object' || saved.memos === null) return {};
    return Object.fromEntries(Object.entries(saved.memos).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
  } catch {
    return {};
  }
}

function saveMemoDrafts(): void {
  if (!cart.ownerUid) return;
  try {
    localStorage.setItem(MEMO_DRAFTS_STORAGE_KEY, JSON.stringify({ uid: cart.ownerUid, memos: cart.memos }));
  } catch {
    // without storage the draft lives until the page goes
  }
}

/** The buyer typed in an entry's order memo. */
export function setMemo(cartId: string, memo: string): void {
  cart.memos[cartId] = memo;
  saveMemoDrafts();
}

export const cart = proxy<CartState>(initialState());

function initialState(): CartState {
  return { ownerUid: null, status: 'idle', entries: [], pending: {}, saving: {}, orderingSince: {}, memos: {} };
}

export function useCart() {
  return useSnapshot(cart);
}

/** Forgets the cart (sign-out, tests). */
export function resetCart(): void {
  for (const timer of updateTimers.values()) clearTimeout(timer);
  updateTimers.clear();
  ordersInFlight.clear();
  Object.assign(cart, initialState());
}

export const lineKey = (line: Pick<CartProduct, '_id' | 'option'>) => `${line._id}\u0000${line.option}`;

/** The entry's status as the screen treats it: 1 while this app is placing an order from it. */
export function entryStatus(entry: Pick<CartEntry, '_id' | 'status'>, state: Pick<CartState, 'orderingSince'> = cart): CartEntryStatusCode {
  return state.orderingSince[entry._id] !== undefined ? CART_ENTRY_STATUS.ordering : entry.status;
}

/** The entry's lines with the quantities the buyer set and has not saved yet; lines set to 0 are gone. */
export function shownLines(entry: CartEntry, state: Pick<CartState, 'pending'> = cart): CartProduct[] {
  const pending = state.pending[entry._id];
  if (!pending) return entry.productList;
  return entry.productList
    .map((line) => {
      const amount = pending[lineKey(line)];
      return amount === undefined ? line : { ...line, amount };
    })
    .filter((line) => line.amount > 0);
}

/** Entries in status 1 (ordering) rotate their waiting message from when this app first saw them so. */
function noteOrderingEntries(entries: readonly CartEntry[]): void {
  for (const entry of entries) {
    if (entry.status === CART_ENTRY_STATUS.ordering && cart.orderingSince[entry._id] === undefined) cart.orderingSince[entry._id] = now();
  }
}

function replaceEntries(entries: CartEntry[]): void {
  cart.entries = entries;
  const ids = new Set(entries.map((entry) => entry._id));
  for (const id of Object.keys(cart.orderingSince)) {
    const entry = entries.find((candidate) => candidate._id === id);
    // Keep the mark of an order this app is placing; drop marks of entries the server no longer locks.
    if (!ids.has(id) || (entry && entry.status !== CART_ENTRY_STATUS.ordering && !ordersInFlight.has(id))) delete cart.orderingSince[id];
  }
  noteOrderingEntries(entries);
}

/** Merges one entry as the server returned it (status 2, or no lines left, removes it). */
export function applyEntry(entry: CartEntry): void {
  replaceEntries(syncCart(cart.entries, entry));
}

/** Removes an entry locally (deleted, or ordered). */
export function dropEntry(cartId: string): void {
  replaceEntries(cart.entries.filter((entry) => entry._id !== cartId));
  delete cart.pending[cartId];
  delete cart.memos[cartId];
  saveMemoDrafts();
  clearTimeout(updateTimers.get(cartId));
  updateTimers.delete(cartId);
}

// ---------------------------------------------------------------- loading

/**
 * Makes the cart ready for the signed-in account: the first time (or for another account) the whole cart
 * loads; afterwards only the entries marked stale are fetched again and merged.
 */
export async function prepareCart(uid: string | null): Promise<void> {
  if (cart.ownerUid !== uid || cart.status === 'idle' || cart.status === 'error') {
    resetCart();
    cart.ownerUid = uid;
    cart.memos = readMemoDrafts(uid);
    await loadCart();
    return;
  }
  await syncStaleEntries();
}

/** Loads the whole cart. Keeps the entries on screen while it reloads (after an error's 'reload-cart'). */
export async function loadCart(): Promise<void> {
  const uid = cart.ownerUid;
  if (cart.status !== 'ready') cart.status = 'loading';
  try {
    const entries = await api.get('/cart/v2/get');
    if (cart.ownerUid !== uid) return;
    // Whatever was marked stale has just been read.
    expireStore.update(localStorage, (ids) => ({ ...ids, cart: [] }));
    cart.pending = {};
    replaceEntries(entries);
    cart.status = 'ready';
  } catch (error) {
    if (cart.ownerUid !== uid) return;
    if (cart.status !== 'ready') cart.status = 'error';
    void presentError(error, { operation: 'listCarts' });
  }
}

/** Fetches the entries marked stale one by one and merges them (an entry that is gone, 404, is dropped). */
export async function syncStaleEntries(): Promise<void> {
  const stale = expireStore.read(localStorage).cart;
  if (stale.length === 0) return;
  expireStore.update(localStorage, (ids) => ({ ...ids, cart: ids.cart.filter((id) => !stale.includes(id)) }));
  for (const id of stale) await syncEntry(id);
}

export async function syncEntry(cartId: string): Promise<void> {
  try {
    applyEntry(await api.get('/cart/v2/get/single', { params: { query: { id: cartId } } }));
  } catch (error) {
    // The operation says so: an entry that no longer exists (deleted, emptied or ordered) is dropped.
    if (isApiError(error) && error.status === 404) dropEntry(cartId);
    else void presentError(error, { operation: 'getCart' });
  }
}

// ---------------------------------------------------------------- quantities

const updateTimers = new Map<string, ReturnType<typeof setTimeout>>();
const updatesInFlight = new Map<string, Promise<boolean>>();

/** A stepper moved: the amount shows at once and is saved 1 s after the last change of the entry. */
export function setLineAmount(cartId: string, line: Pick<CartProduct, '_id' | 'option'>, amount: number): void {
  cart.pending[cartId] = { ...cart.pending[cartId], [lineKey(line)]: amount };
  clearTimeout(updateTimers.get(cartId));
  updateTimers.set(
    cartId,
    setTimeout(() => void saveLineChanges(cartId), TIMING.cartUpdateDebounceMs),
  );
}

/** Removes a line now (amount 0), with any other change of the entry still waiting. */
export function removeLine(cartId: string, line: Pick<CartProduct, '_id' | 'option'>): Promise<boolean> {
  cart.pending[cartId] = { ...cart.pending[cartId], [lineKey(line)]: 0 };
  return saveLineChanges(cartId);
}

/**
 * Sends the entry's waiting changes now (POST /cart/update). Resolves true when nothing failed. On a failure
 * the catalogue's message shows and, when it says so ('reload-cart': sold out, over the limit ...), the
 * whole cart reloads.
 */
export async function saveLineChanges(cartId: string): Promise<boolean> {
  clearTimeout(updateTimers.get(cartId));
  updateTimers.delete(cartId);
  // One request per entry at a time: changes made meanwhile go in the next one.
  const previous = updatesInFlight.get(cartId);
  if (previous) await previous;
  const changes = cart.pending[cartId];
  if (!changes || Object.keys(changes).length === 0) return true;
  const entry = cart.entries.find((candidate) => candidate._id === cartId);
  if (!entry) return true;
  const productList = entry.productList
    .filter((line) => changes[lineKey(line)] !== undefined)
    .map((line) => ({ _id: line._id, option: line.option, amount: changes[lineKey(line)] as number }));

  const request = (async () => {
    cart.saving[cartId] = true;
    try {
      const updated = await api.post('/cart/update', { body: { cartId, productList } });
      forgetSent(cartId, changes);
      applyEntry(updated);
      return true;
    } catch (error) {
      forgetSent(cartId, changes);
      const shown = await presentError(error, { operation: 'updateCart' });
      if (shown.followUp === 'reload-cart') await loadCart();
      return false;
    } finally {
      delete cart.saving[cartId];
      updatesInFlight.delete(cartId);
    }
  })();
  updatesInFlight.set(cartId, request);
  return request;
}

/** Drops the sent changes, keeping any made while the request was out. */
function forgetSent(cartId: string, sent: Readonly<Record<string, number>>): void {
  const pending = cart.pending[cartId];
  if (!pending) return;
  for (const [key, amount] of Object.entries(sent)) if (pending[key] === amount) delete pending[key];
  if (Object.keys(pending).length === 0) delete cart.pending[cartId];
}

// ---------------------------------------------------------------- delivery option, deleting

/** Chooses the entry's delivery option (POST /cart/update/delivery-option/{cartId}). */
export async function chooseDelivery(cartId: string, title: string): Promise<boolean> {
  cart.saving[cartId] = true;
  try {
    applyEntry(await api.post('/cart/update/delivery-option/{cartId}', { params: { path: { cartId } }, body: { title } }));
    return true;
  } catch (error) {
    const shown = await presentError(error, { operation: 'updateCartDeliveryOption' });
    if (shown.followUp === 'reload-cart') await loadCart();
    return false;
  } finally {
    delete cart.saving[cartId];
  }
}

/** Deletes entries (POST /cart/delete, one call per entry); resolves with how many went. */
export async function deleteEntries(cartIds: readonly string[]): Promise<number> {
  const results = await Promise.allSettled(cartIds.map((cartId) => api.post('/cart/delete', { body: { cartId } })));
  let deleted = 0;
  let firstError: unknown = null;
  results.forEach((result, index) => {
    const cartId = cartIds[index] as string;
    // Already gone (404) is as good as deleted.
    if (result.status === 'fulfilled' || (isApiError(result.reason) && result.reason.status === 404)) {
      dropEntry(cartId);
      deleted += 1;
    } else firstError ??= result.reason;
  });
  if (firstError !== null) {
    const shown = await presentError(firstError, { operation: 'deleteCart' });
    if (shown.followUp === 'reload-cart') await loadCart();
  }
  return deleted;
}

// ---------------------------------------------------------------- ordering marks

/** Cart ids this app is placing an order from right now. */
const ordersInFlight = new Set<string>();

export function markOrdering(cartId: string): void {
  ordersInFlight.add(cartId);
  cart.orderingSince[cartId] = now();
}

export function unmarkOrdering(cartId: string): void {
  ordersInFlight.delete(cartId);
  delete cart.orderingSince[cartId];
}
