// What the router does with a location before showing a page (SPEC.md section 2), as one pure decision:
// ext/ opens outside, legacy addresses and the /my and /message type guard redirect, a signed-in-only
// route without a user is cancelled into the login flow, anything else is shown.
import { guardNavigation, matchRoute, navigationTarget, routeRedirect, type RouteMatch } from '@creator-market/sdk/domain';

export type RouteDecision =
  | { kind: 'external'; url: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'login'; redirectPath: string; direct: boolean }
  | { kind: 'show'; match: RouteMatch };

export interface LocationInput {
  pathname: string;
  /** With its leading '?', or ''. */
  search: string;
  /** With its leading '#', or ''. */
  hash: string;
  signedIn: boolean;
  /** The first location the app shows (opened directly rather than from inside the app). */
  firstNavigation: boolean;
}

export function decideRoute(input: LocationInput): RouteDecision {
  const { pathname, search, hash } = input;
  if (/^\/ext\//.test(pathname)) {
    const target = navigationTarget(`${pathname}${search}${hash}`);
    if (target.kind === 'external') return { kind: 'external', url: target.url };
  }
  const redirect = routeRedirect(pathname, search);
  if (redirect !== null) return { kind: 'redirect', to: redirect };
  const match = matchRoute(pathname);
  const decision = guardNavigation({
    match,
    signedIn: input.signedIn,
    fullPath: `${pathname}${search}${hash}`,
    firstNavigation: input.firstNavigation,
  });
  if (!decision.allowed) return { kind: 'login', ...decision.login };
  return { kind: 'show', match };
}
