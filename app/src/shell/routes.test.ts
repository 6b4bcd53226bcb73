import { ROUTES } from '@creator-market/sdk/domain';
import { expect, test } from 'vitest';
import { APP_ROUTES } from './routes';

test('the app route table mirrors the sdk table line for line, paths and meta included', () => {
  expect(APP_ROUTES.map(({ name, path, meta }) => ({ name, path, meta }))).toEqual(
    ROUTES.map(({ name, path, meta }) => ({ name, path, meta })),
  );
});

test('every route has a lazily loaded screen (ui/lazyChunk.tsx: loaded again after a failed import)', () => {
  for (const route of APP_ROUTES) {
    expect(route.Component.name).toBe('LazyChunk');
    expect(typeof route.load).toBe('function');
  }
});
