import { beforeEach, expect, test, vi } from 'vitest';
import { go } from './navigation';
import { pageNavigation } from './pageNavigation';

beforeEach(() => window.history.replaceState(null, '', '/'));

test('an ext/ link opens the https page in a new tab and stays', () => {
  const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
  go('ext/example.com/event?id=3');
  expect(open).toHaveBeenCalledWith('https://example.com/event?id=3');
  expect(window.location.pathname).toBe('/');
});

test('a leading /app is dropped from in-app links', () => {
  go('/app/m/mallang_studio/3?from=push');
  expect(window.location.pathname).toBe('/m/mallang_studio/3');
  expect(window.location.search).toBe('?from=push');
  go('/apple', { replace: true });
  expect(window.location.pathname).toBe('/apple');
});
