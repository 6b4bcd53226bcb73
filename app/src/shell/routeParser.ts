// wouter's pattern parser, answered by the sdk's route matcher: the login guard (sdk matchRoute) and the
// renderer (wouter's <Switch>) decide with one function, so they can never disagree on a path (wouter's own
// parser ignored case, and a signed-out visitor who opened /CART saw the sign-in-only cart).
import { matchPattern, patternParams } from '@creator-market/sdk/domain';

/** What wouter's matchRoute asks of a parser: an `exec` whose result is [path, ...params in `keys` order]. */
export function routeParser(route: string): { pattern: RegExp; keys: string[] } {
  const keys = patternParams(route);
  const pattern = {
    exec(path: string) {
      const params = matchPattern(route, path);
      return params ? [path, ...keys.map((key) => params[key])] : null;
    },
  };
  // wouter only ever calls exec() on it.
  return { pattern: pattern as unknown as RegExp, keys };
}

/**
 * wouter's default parser too: vite.config.ts points wouter's `regexparam` import here, as the app renders
 * every route under a `<Router parser={routeParser}>` (App.tsx) and would otherwise carry a second matcher
 * in its start scripts that never runs.
 */
export { routeParser as parse };
