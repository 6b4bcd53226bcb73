// One route matcher: whatever path a visitor opens, the renderer (wouter's <Switch> with the app's parser)
// shows the route the login guard decided on (the sdk's matchRoute), so a sign-in-only screen can never be
// rendered past the guard (before, wouter matched /CART as the cart while the guard saw no route).
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { guardNavigation, matchRoute, ROUTES } from '@creator-market/sdk/domain';
import { routeParser } from './routeParser';

/** The route wouter renders for `path`: each route's element prints its name. */
function renderedRoute(path: string): string {
  const routes = ROUTES.map((route) => {
    const Named = () => <>{route.name}</>;
    return route.path === null ? (
      <Route key={route.name} component={Named} />
    ) : (
      <Route key={route.name} path={route.path} component={Named} />
    );
  });
  return renderToString(
    <Router parser={routeParser}>
      <Switch location={path}>{routes}</Switch>
    </Router>,
  );
}

const guardAllows = (path: string) =>
  guardNavigation({ match: matchRoute(path), signedIn: false, fullPath: path, firstNavigation: true }).allowed;

/** Paths made of the route table's own segments, bent the ways visitors and links bend them. */
const segment = fc.oneof(
  fc.constantFrom(
    ...new Set(ROUTES.flatMap((route) => (route.path ?? '').split('/').filter((part) => part && !part.startsWith(':') && part !== '*'))),
  ),
  fc.constantFrom('mallang_studio', '4', '202611240001', 'user', 'seller', 'kakao', 'market', 'app', 'ext'),
  fc.string({ minLength: 1, maxLength: 6 }).map(encodeURIComponent),
  fc.constantFrom('%EC%BA%90', '%2F', '%ZZ', '%', '.', '..'),
);
const bend = fc.constantFrom(
  (s: string) => s,
  (s: string) => s.toUpperCase(),
  (s: string) => s.charAt(0).toUpperCase() + s.slice(1),
);
const path = fc
  .tuple(fc.array(fc.tuple(segment, bend), { maxLength: 4 }), fc.constantFrom('', '/', '//'))
  .map(([parts, trailing]) => `/${parts.map(([part, how]) => how(part)).join('/')}${trailing}`);

describe('one route matcher for the guard and the renderer', () => {
  it('renders the route the guard decided on, for any path (case, trailing slashes, encodings, legacy paths)', () => {
    fc.assert(
      fc.property(path, (p) => {
        expect(renderedRoute(p)).toBe(matchRoute(p).route.name);
      }),
      { seed: 20261124, numRuns: 600 },
    );
  });

  it('a signed-out visitor opening /CART or /My/user gets Not found, never a sign-in-only screen', () => {
    for (const p of ['/CART', '/My/user', '/Cart/', '/MESSAGE/user', '/R/202611240001/pay']) {
      expect(renderedRoute(p), p).toBe('notFound');
      expect(guardAllows(p), p).toBe(true);
    }
    for (const p of ['/cart', '/my/user', '/cart/', '/r/202611240001/pay']) {
      expect(renderedRoute(p), p).toBe(matchRoute(p).route.name);
      expect(guardAllows(p), p).toBe(false);
    }
  });
});
