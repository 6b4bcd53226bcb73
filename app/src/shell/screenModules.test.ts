import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from './routes';
import { SCREEN_MODULES } from './screenModules';

describe('the route table of screen modules', () => {
  it('names, for every route, the module its lazy screen loads', async () => {
    expect(Object.keys(SCREEN_MODULES)).toEqual(APP_ROUTES.map((route) => route.name));
    for (const route of APP_ROUTES) {
      const loaded = await route.load();
      const named: unknown = await import(/* @vite-ignore */ `../${SCREEN_MODULES[route.name]}`);
      expect(named, route.name).toBe(loaded);
    }
  }, 120_000);
});
