import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  appOpenWebPath,
  buildPath,
  goLink,
  guardNavigation,
  hostRedirect,
  legacyRedirect,
  matchRoute,
  navigationTarget,
  parseGoPath,
  routeRedirect,
  ROUTES,
  scrollPositionKey,
  searchPath,
  stripAppPrefix,
  userTypeRedirect,
  type GoLinkTarget,
  type RouteName,
} from '../../src/domain';

// Ids as the team decided them: seller publicId a lowercase slug, market publicId a positive integer,
// product _id 24 hex, receipt publicId 12 digits.
const sellerId = fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_]{0,19}$/), fc.constantFrom('r', 'go', 'app', 'https', 'ext', 'm'));
// Links must survive ids outside the decided form too (slashes, colons, Korean, ...).
const anyId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.constantFrom('https:', 'http:', 'creatormarket:', 'a/b', '%', '#', '?x'),
);
const marketId = fc.integer({ min: 1, max: 1_000_000 });
const productId = fc.stringMatching(/^[0-9a-f]{24}$/);
const receiptId = fc.stringMatching(/^\d{12}$/);
const linkTarget: fc.Arbitrary<GoLinkTarget> = fc.oneof(
  fc.record({ page: fc.constant('profile' as const), sellerId: fc.oneof(sellerId, anyId) }),
  fc.record({ page: fc.constant('market' as const), sellerId: fc.oneof(sellerId, anyId), marketId }),
  fc.record({
    page: fc.constant('product' as const),
    sellerId: fc.oneof(sellerId, anyId),
    marketId,
    productId: fc.oneof(productId, anyId),
  }),
  fc.record({ page: fc.constant('receipt' as const), publicId: fc.oneof(receiptId, anyId) }),
);

describe('route table', () => {
  it('lists every route of the spec with its meta', () => {
    const table = Object.fromEntries(ROUTES.map((route) => [route.name, route.path]));
    expect(table).toEqual({
      home: '/',
      auth: '/auth/:provider?',
      profile: '/profile/:sellerId',
      market: '/m/:sellerId/:marketId',
      product: '/p/:sellerId/:marketId',
      list: '/list/:category/:typeId?',
      search: '/search',
      'search-result': '/search/result',
      my: '/my/:type?',
      editMyInfo: '/edit/myinfo',
      editAddr: '/edit/address',
      cart: '/cart/:marketId?',
      receipt: '/r/:publicId',
      pay: '/r/:publicId/pay',
      editOrderInfo: '/r/:publicId/info',
      editOrderAddr: '/r/:publicId/addr',
      message: '/message/:type?',
      sellerPreview: '/promo/preview',
      calendar: '/calendar',
      subscribe: '/subscribe',
      order: '/order',
      orderDetail: '/order/:roomId',
      setting: '/setting',
      download: '/download',
      redirect: '/go/*',
      notFound: null,
    });
    const flagged = (flag: 'requiresAuth' | 'gradientBg' | 'keepAlive' | 'goToTop') =>
      ROUTES.filter((route) => route.meta[flag]).map((route) => route.name);
    expect(flagged('requiresAuth')).toEqual([
      'my',
      'editMyInfo',
      'editAddr',
      'cart',
      'receipt',
      'pay',
      'editOrderInfo',
      'editOrderAddr',
      'message',
      'sellerPreview',
      'calendar',
      'subscribe',
      'order',
      'orderDetail',
    ]);
    expect(flagged('gradientBg')).toEqual(['home']);
    expect(flagged('keepAlive')).toEqual(['home', 'market', 'list']);
    expect(flagged('goToTop')).toEqual(['home']);
    expect(ROUTES.filter((route) => route.meta.bottomTab).map((route) => [route.name, route.meta.bottomTab])).toEqual([
      ['home', 'home'],
      ['my', 'my'],
      ['cart', 'cart'],
    ]);
  });

  it('matches paths to routes with their params', () => {
    const match = (path: string) => {
      const { route, params } = matchRoute(path);
      return [route.name, params];
    };
    expect(match('/')).toEqual(['home', {}]);
    expect(match('/auth')).toEqual(['auth', {}]);
    expect(match('/auth/kakao')).toEqual(['auth', { provider: 'kakao' }]);
    expect(match('/m/mallang_studio/3')).toEqual(['market', { sellerId: 'mallang_studio', marketId: '3' }]);
    expect(match('/m/mallang_studio/3/')).toEqual(['market', { sellerId: 'mallang_studio', marketId: '3' }]);
    expect(match('/list/topSeller')).toEqual(['list', { category: 'topSeller' }]);
    expect(match('/search/result')).toEqual(['search-result', {}]);
    expect(match('/r/261121000123/pay')).toEqual(['pay', { publicId: '261121000123' }]);
    expect(match('/order')).toEqual(['order', {}]);
    expect(match('/order/65f0c0ffee0000000000abcd')).toEqual(['orderDetail', { roomId: '65f0c0ffee0000000000abcd' }]);
    expect(match('/go')).toEqual(['redirect', { '*': '' }]);
    expect(match('/go/https://example.com/a')).toEqual(['redirect', { '*': 'https://example.com/a' }]);
    expect(match('/profile/%ED%95%9C')).toEqual(['profile', { sellerId: '한' }]);
    expect(match('/profile/%E0%A4%A')).toEqual(['notFound', {}]);
    expect(match('/m//3')).toEqual(['notFound', {}]);
    expect(match('/my//')).toEqual(['my', {}]);
    expect(match('/auth/kakao/extra')).toEqual(['notFound', {}]);
    expect(match('/nothing/here')).toEqual(['notFound', {}]);
  });

  it('builds paths', () => {
    expect(buildPath('home')).toBe('/');
    expect(buildPath('product', { sellerId: 'mallang_studio', marketId: 3 }, { hash: '65f0c0ffee0000000000abcd' })).toBe(
      '/p/mallang_studio/3#65f0c0ffee0000000000abcd',
    );
    expect(buildPath('search-result', {}, { query: { term: '스티커 팩', page: undefined } })).toBe(
      '/search/result?term=%EC%8A%A4%ED%8B%B0%EC%BB%A4+%ED%8C%A9',
    );
    expect(buildPath('editAddr', {}, { query: { _id: null } })).toBe('/edit/address');
    expect(buildPath('cart')).toBe('/cart');
    expect(buildPath('redirect', { '*': '/a/b' })).toBe('/go/a/b');
    expect(buildPath('redirect')).toBe('/go');
    expect(() => buildPath('market', { sellerId: 'a' })).toThrow(/marketId/);
    expect(() => buildPath('notFound')).toThrow();
  });

  const paramValue = fc.string({ minLength: 1, maxLength: 12, unit: 'binary' });
  test.prop([
    fc.constantFrom(...ROUTES.filter((route) => route.path !== null && route.name !== 'redirect').map((route) => route.name as RouteName)),
    paramValue,
    paramValue,
    paramValue,
  ])('matchRoute reads back every path buildPath writes', (name, first, second, third) => {
    const route = ROUTES.find((candidate) => candidate.name === name)!;
    const keys = [...(route.path ?? '').matchAll(/:(\w+)/g)].map((found) => found[1] as string);
    const params = Object.fromEntries(keys.map((key, index) => [key, [first, second, third][index] as string]));
    const built = matchRoute(buildPath(name, params));
    expect(built.route.name).toBe(name);
    expect(built.params).toEqual(params);
  });

  it('sends a search to its results, a blank one back to the search', () => {
    expect(searchPath('  말랑 ')).toBe('/search/result?term=%EB%A7%90%EB%9E%91');
    expect(searchPath(' ')).toBe('/search');
    expect(searchPath(undefined)).toBe('/search');
  });

  it('keys scroll positions by path without hash', () => {
    expect(scrollPositionKey('/p/a/1?x=1#abc')).toBe('/p/a/1?x=1');
    expect(scrollPositionKey('/p/a/1')).toBe('/p/a/1');
  });
});

describe('redirects', () => {
  it('sends /my and /message to user unless the type is user or seller', () => {
    expect(userTypeRedirect(matchRoute('/my'))).toBe('/my/user');
    expect(userTypeRedirect(matchRoute('/my/admin'))).toBe('/my/user');
    expect(userTypeRedirect(matchRoute('/my/seller'))).toBeNull();
    expect(userTypeRedirect(matchRoute('/message/user'))).toBeNull();
    expect(userTypeRedirect(matchRoute('/message/buyer'))).toBe('/message/user');
    expect(userTypeRedirect(matchRoute('/cart'))).toBeNull();
  });

  it('redirects the legacy addresses', () => {
    expect(legacyRedirect('/market', '?sellerId=mallang_studio&marketId=3')).toBe('/m/mallang_studio/3');
    expect(legacyRedirect('/market/', new URLSearchParams({ sellerId: 'a', marketId: '1' }))).toBe('/m/a/1');
    expect(legacyRedirect('/market', '?sellerId=a')).toBeNull();
    expect(legacyRedirect('/my/message', '?type=seller')).toBe('/message/seller');
    expect(legacyRedirect('/my/message', '?type=other')).toBe('/message/user');
    expect(legacyRedirect('/my/message')).toBe('/message/user');
    expect(legacyRedirect('/my/user')).toBeNull();
    expect(routeRedirect('/my/message', '?type=seller')).toBe('/message/seller');
    expect(routeRedirect('/my/other')).toBe('/my/user');
    expect(routeRedirect('/my/user')).toBeNull();
  });

  const hosts = { stagingHost: 'staging.creator-market.test', productionHost: 'creator-market.test' };
  it('strips www and sends staging to production', () => {
    expect(hostRedirect('https://www.creator-market.test/m/a/1?x=1#h', hosts)).toBe('https://creator-market.test/m/a/1?x=1#h');
    expect(hostRedirect('https://staging.creator-market.test/cart', hosts)).toBe('https://creator-market.test/cart');
    expect(hostRedirect('https://www.staging.creator-market.test/', hosts)).toBe('https://creator-market.test/');
    expect(hostRedirect('https://creator-market.test/', hosts)).toBeNull();
    expect(hostRedirect('http://localhost:5173/', hosts)).toBeNull();
  });

  it('opens ext/ links as https in a new tab and strips /app', () => {
    expect(navigationTarget('ext/notion.so/guide')).toEqual({ kind: 'external', url: 'https://notion.so/guide', newTab: true });
    expect(navigationTarget('/ext/https://notion.so/guide')).toEqual({ kind: 'external', url: 'https://notion.so/guide', newTab: true });
    expect(navigationTarget('/app/m/a/1')).toEqual({ kind: 'internal', path: '/m/a/1' });
    expect(navigationTarget('/apple')).toEqual({ kind: 'internal', path: '/apple' });
    expect(stripAppPrefix('/app')).toBe('/');
    expect(stripAppPrefix('/app?x=1')).toBe('/?x=1');
  });

  it('offers to open the app on notFound when the first part is app', () => {
    expect(appOpenWebPath('/app/m/a/1')).toBe('/m/a/1');
    expect(appOpenWebPath('/app')).toBe('/');
    expect(appOpenWebPath('/apps/x')).toBeNull();
    expect(appOpenWebPath('/nothing')).toBeNull();
  });

  it('guards signed-in routes, remembering the path and whether it was direct', () => {
    const cart = matchRoute('/cart/3');
    expect(guardNavigation({ match: cart, signedIn: true, fullPath: '/cart/3', firstNavigation: true })).toEqual({ allowed: true });
    expect(guardNavigation({ match: matchRoute('/'), signedIn: false, fullPath: '/', firstNavigation: true })).toEqual({ allowed: true });
    expect(guardNavigation({ match: cart, signedIn: false, fullPath: '/cart/3?x=1#y', firstNavigation: true })).toEqual({
      allowed: false,
      login: { redirectPath: '/cart/3?x=1#y', direct: true },
    });
  });
});

describe('/go links', () => {
  it('follows the part-count rules', () => {
    expect(parseGoPath('mallang_studio')).toMatchObject({
      kind: 'route',
      name: 'profile',
      params: { sellerId: 'mallang_studio' },
      path: '/profile/mallang_studio',
    });
    expect(parseGoPath('r/261121000123')).toMatchObject({ kind: 'route', name: 'receipt', path: '/r/261121000123' });
    expect(parseGoPath('mallang_studio/3')).toMatchObject({ kind: 'route', name: 'market', path: '/m/mallang_studio/3' });
    expect(parseGoPath('mallang_studio/3/65f0c0ffee0000000000abcd/')).toMatchObject({
      kind: 'route',
      name: 'product',
      hash: '65f0c0ffee0000000000abcd',
      path: '/p/mallang_studio/3#65f0c0ffee0000000000abcd',
    });
    expect(parseGoPath('a/b/c/d')).toMatchObject({ kind: 'route', name: 'home', path: '/' });
    expect(parseGoPath('')).toMatchObject({ kind: 'route', name: 'home', path: '/' });
    expect(parseGoPath('seller?utm=x')).toMatchObject({ name: 'profile', params: { sellerId: 'seller' } });
    expect(parseGoPath('%E0%A4%A')).toMatchObject({ name: 'home' });
  });

  it('sends https:, http: and the app scheme outside', () => {
    expect(parseGoPath('https://example.com/a?b=1')).toEqual({ kind: 'external', url: 'https://example.com/a?b=1' });
    expect(parseGoPath('/http://example.com')).toEqual({ kind: 'external', url: 'http://example.com' });
    expect(parseGoPath('creatormarket://m/a/1')).toEqual({
      kind: 'app-scheme',
      url: 'creatormarket://m/a/1',
      fallbackPath: '/m/a/1',
      delayMs: 1000,
    });
    expect(parseGoPath('creatormarket://ext/notion.so')).toMatchObject({ fallbackPath: '/' });
    expect(parseGoPath('creatormarket:')).toMatchObject({ fallbackPath: '/' });
    expect(parseGoPath('myapp://r/1', 'myapp')).toMatchObject({ kind: 'app-scheme', fallbackPath: '/r/1' });
  });

  it('makes the links the app shares', () => {
    expect(goLink({ page: 'profile', sellerId: 'mallang_studio' }, 'https://creator-market.test')).toBe(
      'https://creator-market.test/go/mallang_studio',
    );
    expect(goLink({ page: 'market', sellerId: 'mallang_studio', marketId: 3 })).toBe('/go/mallang_studio/3');
    expect(goLink({ page: 'product', sellerId: 'a', marketId: 3, productId: '65f0c0ffee0000000000abcd' })).toBe(
      '/go/a/3/65f0c0ffee0000000000abcd',
    );
    expect(goLink({ page: 'receipt', publicId: '261121000123' })).toBe('/go/r/261121000123');
    // A seller called r would read back as a receipt: the market's own path is shared instead.
    expect(goLink({ page: 'market', sellerId: 'r', marketId: 3 })).toBe('/m/r/3');
    // Ids are escaped, so an id that looks like a scheme stays an id.
    expect(goLink({ page: 'profile', sellerId: 'https:' })).toBe('/go/https%3A');
    expect(parseGoPath('https%3A')).toMatchObject({ name: 'profile', params: { sellerId: 'https:' } });
  });

  const expected = (target: GoLinkTarget) => {
    switch (target.page) {
      case 'profile':
        return { name: 'profile', params: { sellerId: target.sellerId } };
      case 'market':
        return { name: 'market', params: { sellerId: target.sellerId, marketId: String(target.marketId) } };
      case 'product':
        return { name: 'product', params: { sellerId: target.sellerId, marketId: String(target.marketId) }, hash: target.productId };
      case 'receipt':
        return { name: 'receipt', params: { publicId: target.publicId } };
    }
  };

  test.prop([linkTarget, fc.constantFrom('', 'https://creator-market.test')])(
    'every link the app makes leads back to its page',
    (target, origin) => {
      const link = goLink(target, origin);
      expect(link.startsWith(origin)).toBe(true);
      const path = link.slice(origin.length);
      const [pathname = '', hash] = path.split('#');
      if (pathname.startsWith('/go/')) {
        expect(parseGoPath(pathname.slice('/go/'.length))).toMatchObject({ kind: 'route', ...expected(target) });
      } else {
        const { route, params } = matchRoute(pathname);
        const { hash: expectedHash, ...rest } = expected(target) as { name: string; params: object; hash?: string };
        expect({ name: route.name, params }).toEqual(rest);
        expect(hash === undefined ? undefined : decodeURIComponent(hash)).toBe(expectedHash);
      }
    },
  );

  test.prop([sellerId.filter((id) => id !== 'r'), marketId, productId])(
    'only a seller called r loses the short market link',
    (seller, market, product) => {
      expect(goLink({ page: 'market', sellerId: seller, marketId: market })).toBe(`/go/${seller}/${market}`);
      expect(goLink({ page: 'product', sellerId: seller, marketId: market, productId: product })).toBe(
        `/go/${seller}/${market}/${product}`,
      );
    },
  );

  test.prop([fc.string({ unit: 'binary', maxLength: 40 })])('any /go path leads somewhere', (rest) => {
    const destination = parseGoPath(rest);
    expect(['route', 'external', 'app-scheme']).toContain(destination.kind);
    if (destination.kind === 'route') expect(matchRoute(destination.path.split('#')[0] as string).route.name).toBe(destination.name);
  });
});
