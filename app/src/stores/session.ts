// Who is signed in (SPEC.md section 4, "App start" and "Login flow"): the identity token, the account
// (`GET /user/me`) and the ids of the sellers it subscribes to. The token survives reloads in localStorage.
import type { Schemas } from '@creator-market/sdk';
import type { ApiClient } from '@creator-market/sdk/client';
import { clearUserStorage, subscribeStore } from '@creator-market/sdk/domain';
import { proxy, useSnapshot } from 'valtio';
import { loadApiClient } from '../api/loadClient';
import { setTokenReader } from '../api/token';
import { navigate } from '../lib/navigation';

export type Me = Schemas['Me'];

export interface SessionState {
  /** False until the sign-in state is known at app start. */
  ready: boolean;
  token: string | null;
  me: Me | null;
  /** Seller ids the user subscribes to (mirrored in the versioned 'subscribe' local store). */
  subscribedSellerIds: string[];
}

/** localStorage key of the identity token. */
export const TOKEN_STORAGE_KEY = 'cm.token';

export const session = proxy<SessionState>({ ready: false, token: null, me: null, subscribedSellerIds: [] });

// Every API call carries the token of the current session.
setTokenReader(() => session.token);

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null; // storage denied (privacy mode): nobody is remembered
  }
}

function storeToken(token: string | null): void {
  try {
    if (token === null) localStorage.removeItem(TOKEN_STORAGE_KEY);
    else localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // the session still works for this page without storage
  }
}

export function setSubscribedSellerIds(ids: string[]): void {
  session.subscribedSellerIds = ids;
  subscribeStore.write(localStorage, ids);
}

/** Loads the account and its subscriptions for the current token. */
async function loadAccount(api: ApiClient): Promise<void> {
  const [me, subscribed] = await Promise.all([api.get('/user/me'), api.get('/subscribe/getsubscriberlist')]);
  session.me = me;
  setSubscribedSellerIds(subscribed);
}

/** Forgets the token and the account (no navigation, user storage kept): sign-out and re-login use it. */
export function forgetAccount(): void {
  storeToken(null);
  session.token = null;
  session.me = null;
  session.subscribedSellerIds = [];
}

/**
 * Signs in with an identity token: remembers it and loads the account. Rejects (and forgets the token)
 * when the account cannot be loaded, with the ApiError of the failed call.
 */
export async function signIn(token: string): Promise<Me> {
  session.token = token;
  storeToken(token);
  try {
    await loadAccount((await loadApiClient()).api);
  } catch (error) {
    forgetAccount();
    throw error;
  }
  return session.me as Me;
}

/** Logout: forgets the account, clears config, expire store, subscriptions and alarms, then goes home. */
export function signOut(): void {
  forgetAccount();
  clearUserStorage(localStorage);
  navigate('/');
}

let starting: Promise<void> | null = null;

/**
 * Finds out once, at app start, who is signed in (the app mounts after this settles). A token the server
 * rejects (401) is forgotten; any other failure keeps it (offline start, the client's chunk not loaded) with
 * the account unknown.
 */
export function initSession(): Promise<void> {
  starting ??= (async () => {
    const token = readStoredToken();
    if (token) {
      session.token = token;
      session.subscribedSellerIds = subscribeStore.read(localStorage);
      // With the API client, a chunk of its own (a guest's home shows its first view without it: api/loadClient.ts).
      // Should it not load (offline), the token is kept as for any failure but a refusal.
      const client = await loadApiClient().catch(() => null);
      if (client) {
        try {
          await loadAccount(client.api);
        } catch (error) {
          if (client.isApiError(error) && error.status === 401) forgetAccount();
        }
      }
    }
    session.ready = true;
  })();
  return starting;
}

export function isSignedIn(): boolean {
  return session.token !== null;
}

export function useSession() {
  return useSnapshot(session);
}

/** Back to the state before app start (tests). */
export function resetSession(): void {
  starting = null;
  Object.assign(session, { ready: false, token: null, me: null, subscribedSellerIds: [] });
}
