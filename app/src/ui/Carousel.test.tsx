import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel, SLIDE_TRANSITION_MS } from './Carousel';

function currentDot(): string | null {
  const dots = screen.getAllByRole('button', { name: /번째 슬라이드/ });
  return dots.find((dot) => dot.getAttribute('aria-current') === 'true')?.getAttribute('aria-label') ?? null;
}

function banner(onSlideClick = () => undefined) {
  return (
    <Carousel label="메인 배너" autoplay>
      {['첫 번째', '두 번째', '세 번째'].map((title) => (
        <button key={title} type="button" onClick={onSlideClick}>
          {title}
        </button>
      ))}
    </Carousel>
  );
}

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('autoplays every 3 s and loops from the last slide back to the first', async () => {
    render(banner());
    expect(currentDot()).toBe('1번째 슬라이드');
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(currentDot()).toBe('1번째 슬라이드');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(currentDot()).toBe('2번째 슬라이드');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(currentDot()).toBe('3번째 슬라이드');
    await act(() => vi.advanceTimersByTimeAsync(3000 + SLIDE_TRANSITION_MS));
    expect(currentDot()).toBe('1번째 슬라이드');
  });

  it('turns the page on a drag and swallows the click that ends it for 300 ms', async () => {
    const onSlideClick = vi.fn();
    render(banner(onSlideClick));
    const slide = screen.getByRole('button', { name: '첫 번째' });
    const viewport = slide.closest('[aria-roledescription="carousel"]')?.firstElementChild as HTMLElement;
    Object.defineProperty(viewport, 'offsetWidth', { value: 350, configurable: true });

    fireEvent.pointerDown(viewport, { pointerId: 1, clientX: 300, clientY: 100 });
    fireEvent.pointerMove(viewport, { pointerId: 1, clientX: 200, clientY: 102 });
    fireEvent.pointerUp(viewport, { pointerId: 1, clientX: 200, clientY: 102 });
    fireEvent.click(slide);
    expect(onSlideClick).not.toHaveBeenCalled();
    expect(currentDot()).toBe('2번째 슬라이드');

    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.click(screen.getByRole('button', { name: '두 번째' }));
    expect(onSlideClick).toHaveBeenCalledTimes(1);
  });
});
