import { describe, expect, test } from 'vitest';
import { decideRoute, type LocationInput } from './routing';

const at = (path: string, extra: Partial<LocationInput> = {}): LocationInput => {
  const url = new URL(path, 'https://creatormarket.kr');
  return { pathname: url.pathname, search: url.search, hash: url.hash, signedIn: false, firstNavigation: false, ...extra };
};

describe('decideRoute', () => {
  test('legacy /market with sellerId and marketId goes to the market page', () => {
    expect(decideRoute(at('/market?sellerId=mallang_studio&marketId=3'))).toEqual({ kind: 'redirect', to: '/m/mallang_studio/3' });
  });

  test('legacy /my/message goes to message of the seller type only when type is seller', () => {
    expect(decideRoute(at('/my/message?type=seller'))).toEqual({ kind: 'redirect', to: '/message/seller' });
    expect(decideRoute(at('/my/message?type=other'))).toEqual({ kind: 'redirect', to: '/message/user' });
    expect(decideRoute(at('/my/message'))).toEqual({ kind: 'redirect', to: '/message/user' });
  });

  test('/my and /message take only user or seller', () => {
    expect(decideRoute(at('/my', { signedIn: true }))).toEqual({ kind: 'redirect', to: '/my/user' });
    expect(decideRoute(at('/my/admin', { signedIn: true }))).toEqual({ kind: 'redirect', to: '/my/user' });
    expect(decideRoute(at('/message/buyer', { signedIn: true }))).toEqual({ kind: 'redirect', to: '/message/user' });
    expect(decideRoute(at('/my/seller', { signedIn: true }))).toMatchObject({ kind: 'show', match: { route: { name: 'my' } } });
  });

  test('ext/ opens an external https page', () => {
    expect(decideRoute(at('/ext/example.com/guide?a=1'))).toEqual({ kind: 'external', url: 'https://example.com/guide?a=1' });
  });

  test('a signed-in-only route without a user is cancelled into login, remembering the full path', () => {
    expect(decideRoute(at('/cart/3?from=market#top', { firstNavigation: true }))).toEqual({
      kind: 'login',
      redirectPath: '/cart/3?from=market#top',
      direct: true,
    });
    expect(decideRoute(at('/subscribe'))).toEqual({ kind: 'login', redirectPath: '/subscribe', direct: false });
    expect(decideRoute(at('/subscribe', { signedIn: true }))).toMatchObject({ kind: 'show' });
  });

  test('guest routes show, unknown paths show notFound', () => {
    expect(decideRoute(at('/'))).toMatchObject({ kind: 'show', match: { route: { name: 'home' } } });
    expect(decideRoute(at('/go/mallang_studio'))).toMatchObject({ kind: 'show', match: { route: { name: 'redirect' } } });
    expect(decideRoute(at('/app/m/a/1'))).toMatchObject({ kind: 'show', match: { route: { name: 'notFound' } } });
  });
});
