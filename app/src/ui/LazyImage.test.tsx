import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { observedMargins, setIntersecting } from '../test/intersectionObserver';
import { LazyImage } from './LazyImage';

function box(container: HTMLElement): HTMLElement {
  const element = container.firstElementChild;
  if (!(element instanceof HTMLElement)) throw new Error('no image box');
  return element;
}

describe('LazyImage', () => {
  it('loads the image only once the box comes within 1000 px of the viewport', () => {
    const { container } = render(<LazyImage src="/covers/1.svg" alt="말랑 곰돌이 조각스티커" ratio={4 / 3} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(observedMargins(box(container))).toEqual(['1000px']);

    act(() => setIntersecting(box(container), false));
    expect(screen.queryByRole('img')).toBeNull();

    act(() => setIntersecting(box(container), true));
    const image = screen.getByRole('img', { name: '말랑 곰돌이 조각스티커' });
    expect(image.getAttribute('src')).toBe('/covers/1.svg');
    // Loaded for good: no longer observed.
    expect(observedMargins(box(container))).toEqual([]);
  });

  it('keeps a fixed aspect-ratio box and fades the image in when loaded', () => {
    const { container } = render(<LazyImage src="/covers/2.svg" alt="키링" ratio={4 / 3} />);
    expect((box(container).firstElementChild as HTMLElement).style.paddingTop).toBe('75%');
    act(() => setIntersecting(box(container), true));
    expect(box(container).dataset.state).toBe('waiting');
    fireEvent.load(screen.getByRole('img'));
    expect(box(container).dataset.state).toBe('loaded');
  });

  it('shows the fallback when the image fails or there is no source', () => {
    const { container } = render(<LazyImage src="/covers/broken.svg" alt="폰케이스" />);
    act(() => setIntersecting(box(container), true));
    fireEvent.error(screen.getByRole('img'));
    expect(box(container).dataset.state).toBe('failed');
    expect(screen.getByRole('img', { name: '폰케이스' }).tagName).toBe('SPAN');

    const empty = render(<LazyImage src={null} alt="표지 없음" />);
    expect(box(empty.container).dataset.state).toBe('failed');
  });
});
