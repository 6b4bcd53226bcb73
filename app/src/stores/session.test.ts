import { configStore, subscribeStore } from '@creator-market/sdk/domain';
import { beforeEach, describe, expect, test } from 'vitest';
import { rememberPersona, resetAppState } from '../testing/appHarness';
import { personaToken, setupMockApi } from '../testing/testServer';
import { initSession, isSignedIn, session, signIn, signOut, TOKEN_STORAGE_KEY } from './session';

setupMockApi();

beforeEach(() => {
  resetAppState();
});

describe('session', () => {
  test('app start without a stored token: ready, signed out', async () => {
    await initSession();
    expect(session).toMatchObject({ ready: true, token: null, me: null, subscribedSellerIds: [] });
    expect(isSignedIn()).toBe(false);
  });

  test('app start with a stored token: the account and its subscriptions are loaded before ready', async () => {
    await rememberPersona('buyer');
    const starting = initSession();
    expect(session.ready).toBe(false);
    await starting;
    expect(session.ready).toBe(true);
    expect(session.me?.auth.email).toBe('buyer@creator-market.test');
    expect(session.subscribedSellerIds.length).toBeGreaterThan(0);
    expect(subscribeStore.read(localStorage)).toEqual(session.subscribedSellerIds);
  });

  test('a stored token the server refuses is forgotten', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'cm.nobody.0');
    await initSession();
    expect(session.token).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  test('signIn stores the token; a refused token rejects and is not kept', async () => {
    const token = await personaToken('seller');
    const me = await signIn(token);
    expect(me.user.level).toBe(1);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);

    await expect(signIn('cm.nobody.0')).rejects.toMatchObject({ status: 401 });
    expect(session.token).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  test('signOut clears config, expire store, subscriptions and alarms, then goes home', async () => {
    await signIn(await personaToken('buyer'));
    window.history.replaceState(null, '', '/setting');
    configStore.write(localStorage, configStore.defaults());
    localStorage.setItem('expire', '{}');
    localStorage.setItem('alarm_market_st', '{}');
    signOut();
    expect(session.token).toBeNull();
    expect(session.me).toBeNull();
    for (const key of ['config', 'expire', 'subscribe', 'alarm_market_st', TOKEN_STORAGE_KEY]) expect(localStorage.getItem(key)).toBeNull();
    expect(window.location.pathname).toBe('/');
  });
});
