// Test stand-in for src/shell/routes.tsx whose screens are real lazy chunks (ui/lazyChunk.tsx) over imports a
// test can make fail: each stand-in shows its route name in a region 'page <name>'.
import { matchRoute, ROUTES } from '@creator-market/sdk/domain';
import { Route } from 'wouter';
import { lazyChunk } from '../ui/lazyChunk';

export const screenImports = {
  /** Route names whose next imports fail, with the error they fail with. */
  failing: new Map<string, () => Error>(),
  /** Imports tried so far, by route name. */
  attempts: new Map<string, number>(),
};

const screens = new Map(
  ROUTES.map((route) => {
    const StandIn = () => <section aria-label={`page ${route.name}`}>{route.name} screen</section>;
    const screen = lazyChunk<object>(() => {
      screenImports.attempts.set(route.name, (screenImports.attempts.get(route.name) ?? 0) + 1);
      const fail = screenImports.failing.get(route.name);
      return fail ? Promise.reject(fail()) : Promise.resolve({ default: StandIn });
    });
    return [route.name, screen] as const;
  }),
);

export const NotFoundScreen = screens.get('notFound')!.Component;

/** As routes.tsx's: whether the screen of `pathname` renders at once. */
export function screenLoaded(pathname: string): boolean {
  return screens.get(matchRoute(pathname).route.name)?.loaded() ?? false;
}

/** As routes.tsx's: loads the screen of `pathname`; settles either way. */
export async function loadScreen(pathname: string): Promise<void> {
  await screens
    .get(matchRoute(pathname).route.name)
    ?.load()
    .catch(() => undefined);
}

export const ROUTE_ELEMENTS = ROUTES.map((route) =>
  route.path === null ? (
    <Route key={route.name} component={NotFoundScreen} />
  ) : (
    <Route key={route.name} path={route.path} component={screens.get(route.name)?.Component} />
  ),
);
