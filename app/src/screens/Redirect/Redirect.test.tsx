import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { pageNavigation } from '../../services/pageNavigation';
import { resetAppState } from '../../testing/appHarness';
import Redirect from './index';

beforeEach(() => {
  resetAppState();
});

function openAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<Redirect />);
}

describe('Redirect (/go)', () => {
  test('shows a spinner while it decides', () => {
    vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    openAt('/go/creatormarket://m/mallang_studio/3');
    expect(screen.getByRole('status', { name: '이동하는 중' })).toBeInTheDocument();
  });

  test.each([
    ['/go/mallang_studio', '/profile/mallang_studio', ''],
    ['/go/r/261121000123', '/r/261121000123', ''],
    ['/go/mallang_studio/3', '/m/mallang_studio/3', ''],
    ['/go/mallang_studio/3/6650f1c2a9d3e4b5c6d7e801', '/p/mallang_studio/3', '#6650f1c2a9d3e4b5c6d7e801'],
    ['/go/a/b/c/d', '/', ''],
  ])('%s goes to %s', async (from, pathname, hash) => {
    openAt(from);
    await waitFor(() => expect(window.location.pathname).toBe(pathname));
    expect(window.location.hash).toBe(hash);
  });

  test('an https: link leaves the app in place', async () => {
    const replace = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
    openAt('/go/https://example.com/notice?a=1');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://example.com/notice?a=1'));
  });

  test('the app scheme opens the app, then after 1 s goes to the rest of the path (never ext/)', () => {
    vi.useFakeTimers();
    try {
      const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
      openAt('/go/creatormarket://m/mallang_studio/3');
      expect(assign).toHaveBeenCalledWith('creatormarket://m/mallang_studio/3');
      act(() => void vi.advanceTimersByTime(999));
      expect(window.location.pathname).toBe('/go/creatormarket://m/mallang_studio/3');
      act(() => void vi.advanceTimersByTime(1));
      expect(window.location.pathname).toBe('/m/mallang_studio/3');

      openAt('/go/creatormarket://ext/example.com');
      act(() => void vi.advanceTimersByTime(1000));
      expect(window.location.pathname).toBe('/');
    } finally {
      vi.useRealTimers();
    }
  });
});
