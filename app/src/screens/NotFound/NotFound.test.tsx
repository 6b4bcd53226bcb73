import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { pageNavigation } from '../../services/pageNavigation';
import { INQUIRY_URL } from '../../config/support';
import { renderAt, resetAppState } from '../../testing/appHarness';
import { setupMockApi } from '../../testing/testServer';
import NotFound from './index';

setupMockApi();

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const realUserAgent = navigator.userAgent;

function setUserAgent(value: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true });
}

beforeEach(() => {
  resetAppState();
});

afterEach(() => {
  setUserAgent(realUserAgent);
});

describe('Not found', () => {
  test('shows the logo, the lost-way message, a go-home button and the best-selling products', async () => {
    renderAt('/nowhere', <NotFound />);
    expect(screen.getByRole('heading', { name: '길을 잃으셨나요?' })).toBeInTheDocument();
    expect(screen.getByText('creator market')).toBeInTheDocument();

    const best = await screen.findByRole('region', { name: '많이 팔린 물품' });
    const links = await waitFor(() => {
      const found = best.querySelectorAll('a[href^="/p/"]');
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    // Ranked, each opening its product page with the product id as the hash.
    expect(links[0]?.getAttribute('href')).toMatch(/^\/p\/[^/]+\/\d+#[0-9a-f]{24}$/);

    fireEvent.click(screen.getByRole('button', { name: '홈으로 가기' }));
    expect(window.location.pathname).toBe('/');
  });

  describe('an /app address', () => {
    test('on a phone offers to open the app, to view it on the web, and help', () => {
      setUserAgent(IPHONE);
      const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
      const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
      renderAt('/app/m/mallang_studio/3?from=sns', <NotFound />);

      fireEvent.click(screen.getByRole('button', { name: '앱에서 열기' }));
      expect(assign).toHaveBeenCalledWith('creatormarket://m/mallang_studio/3?from=sns');

      fireEvent.click(screen.getByRole('button', { name: '앱 이용에 문제가 있나요?' }));
      expect(open.mock.calls[0]?.[0]).toContain(INQUIRY_URL);

      fireEvent.click(screen.getByRole('button', { name: '웹으로 볼게요' }));
      expect(window.location.pathname).toBe('/m/mallang_studio/3');
      expect(window.location.search).toBe('?from=sns');
    });

    test('on a phone the store opens when the app did not take over', () => {
      vi.useFakeTimers();
      try {
        setUserAgent(IPHONE);
        const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
        renderAt('/app/m/mallang_studio/3', <NotFound />);
        fireEvent.click(screen.getByRole('button', { name: '앱에서 열기' }));
        vi.advanceTimersByTime(2500);
        expect(assign).toHaveBeenLastCalledWith(expect.stringContaining('apps.apple.com'));
      } finally {
        vi.useRealTimers();
      }
    });

    test('on a computer goes straight to the web page', async () => {
      setUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36');
      renderAt('/app/profile/mallang_studio', <NotFound />);
      await waitFor(() => expect(window.location.pathname).toBe('/profile/mallang_studio'));
      expect(screen.queryByRole('button', { name: '앱에서 열기' })).not.toBeInTheDocument();
    });
  });
});
