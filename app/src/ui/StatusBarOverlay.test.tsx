import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setPageColor, setTransparentStatusBar } from '../stores/ui';
import { statusBarFades, statusBarOpacity, StatusBarOverlay } from './StatusBarOverlay';
import { actAndSettle } from '../testing/act';

describe('statusBarOpacity', () => {
  it('is 0 up to 320 minus the inset, 1 from 320 plus the inset', () => {
    const inset = 44;
    expect(statusBarOpacity(0, inset)).toBe(0);
    expect(statusBarOpacity(276, inset)).toBe(0);
    expect(statusBarOpacity(364, inset)).toBe(1);
    expect(statusBarOpacity(2000, inset)).toBe(1);
  });

  it('follows a square-root curve in between', () => {
    // Fade window 276..364 (88 px): a quarter of the way is already half opaque.
    expect(statusBarOpacity(298, 44)).toBeCloseTo(0.5, 10);
    expect(statusBarOpacity(320, 44)).toBeCloseTo(Math.SQRT1_2, 10);
    expect(statusBarOpacity(287, 44)).toBeCloseTo(Math.sqrt(11 / 88), 10);
  });

  it('never decreases as the page scrolls down', () => {
    for (const inset of [0, 20, 47]) {
      let previous = 0;
      for (let y = 0; y <= 500; y += 1) {
        const value = statusBarOpacity(y, inset);
        expect(value).toBeGreaterThanOrEqual(previous);
        expect(value).toBeLessThanOrEqual(1);
        previous = value;
      }
    }
  });

  it('switches at 320 px when there is no inset', () => {
    expect(statusBarOpacity(320, 0)).toBe(0);
    expect(statusBarOpacity(321, 0)).toBe(1);
  });
});

describe('statusBarFades', () => {
  it('fades only on a coloured page with the transparent status bar on', () => {
    expect(statusBarFades('#07D1AE', true)).toBe(true);
    expect(statusBarFades('#07D1AE', false)).toBe(false);
    expect(statusBarFades('white', true)).toBe(false);
    expect(statusBarFades('#FFFFFF', true)).toBe(false);
    expect(statusBarFades('none', true)).toBe(false);
  });
});

describe('StatusBarOverlay', () => {
  it('is opaque white by default', () => {
    render(<StatusBarOverlay />);
    expect(screen.getByTestId('status-bar-overlay')).toHaveStyle({ opacity: '1' });
  });

  it('starts transparent on a coloured page and becomes opaque after scrolling', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    await actAndSettle(() => {
      setPageColor('#07D1AE');
      setTransparentStatusBar(true);
    });
    render(<StatusBarOverlay />);
    const overlay = screen.getByTestId('status-bar-overlay');
    expect(overlay).toHaveStyle({ opacity: '0' });

    await actAndSettle(() => {
      window.scrollTo(0, 400);
      window.dispatchEvent(new Event('scroll'));
    });
    expect(overlay).toHaveStyle({ opacity: '1' });
  });
});
