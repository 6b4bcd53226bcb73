import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { observedMargins, setIntersecting } from '../testing/intersectionObserver';
import { LazyImage } from './LazyImage';

function box(container: HTMLElement): HTMLElement {
  const element = container.firstElementChild;
  if (!(element instanceof HTMLElement)) throw new Error('no image box');
  return element;
}

describe('LazyImage', () => {
  it('loads the image only once the box comes within 1000 px of the viewport', () => {
    const { container } = render(<LazyImage src="/covers/1.svg" alt="말랑 곰돌이 조각스티커" ratio={4 / 3} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(observedMargins(box(container))).toEqual(['1000px']);

    act(() => setIntersecting(box(container), false));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    act(() => setIntersecting(box(container), true));
    const image = screen.getByRole('img', { name: '말랑 곰돌이 조각스티커' });
    expect(image).toHaveAttribute('src', '/covers/1.svg');
    // Loaded for good: no longer observed.
    expect(observedMargins(box(container))).toEqual([]);
  });

  it('keeps a fixed aspect-ratio box and fades the image in when loaded', () => {
    const { container } = render(<LazyImage src="/covers/2.svg" alt="키링" ratio={4 / 3} />);
    expect(box(container).firstElementChild).toHaveStyle({ paddingTop: '75%' });
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

  it('asks for the lead image at high priority and every other image at low priority', () => {
    render(<LazyImage src="/banners/1.svg" alt="배너 1" priority />);
    const lead = screen.getByRole('img', { name: '배너 1' });
    expect(lead).toHaveAttribute('fetchpriority', 'high');
    expect(lead).toHaveAttribute('elementtiming', 'lead-image');

    const other = render(<LazyImage src="/banners/2.svg" alt="배너 2" />);
    act(() => setIntersecting(box(other.container), true));
    const image = screen.getByRole('img', { name: '배너 2' });
    expect(image).toHaveAttribute('fetchpriority', 'low');
    expect(image).not.toHaveAttribute('elementtiming');
  });

  describe('settling', () => {
    /** A PerformanceObserver of a browser that reports `entryTypes`; `report` delivers entries to it. */
    function stubObserver(entryTypes: string[]) {
      const observers: { callback: PerformanceObserverCallback; options?: PerformanceObserverInit; connected: boolean }[] = [];
      class FakeObserver {
        static supportedEntryTypes = entryTypes;
        private readonly record: (typeof observers)[number];
        constructor(callback: PerformanceObserverCallback) {
          this.record = { callback, connected: false };
          observers.push(this.record);
        }
        observe(options: PerformanceObserverInit) {
          this.record.options = options;
          this.record.connected = true;
        }
        disconnect() {
          this.record.connected = false;
        }
      }
      vi.stubGlobal('PerformanceObserver', FakeObserver);
      return {
        observers,
        report(element: Element) {
          for (const observer of observers.filter((entry) => entry.connected)) {
            const entries = [{ entryType: 'element', element }] as unknown as PerformanceEntry[];
            observer.callback({ getEntries: () => entries } as PerformanceObserverEntryList, observer as unknown as PerformanceObserver);
          }
        },
      };
    }
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('settles a lead image once the browser reports it painted, not at its load', () => {
      const paints = stubObserver(['element', 'largest-contentful-paint']);
      const onSettle = vi.fn();
      render(<LazyImage src="/banners/1.svg" alt="배너 1" priority onSettle={onSettle} />);
      const lead = screen.getByRole('img', { name: '배너 1' });
      fireEvent.load(lead);
      expect(onSettle).not.toHaveBeenCalled();
      expect(paints.observers.map((observer) => observer.options)).toEqual([{ type: 'element', buffered: true }]);

      act(() => paints.report(document.createElement('img')));
      expect(onSettle).not.toHaveBeenCalled();
      act(() => paints.report(lead));
      expect(onSettle).toHaveBeenCalledTimes(1);
      expect(paints.observers[0]?.connected).toBe(false);
    });

    it('settles a lead image at its load where the browser reports no paint times, and at once when it fails', () => {
      stubObserver(['largest-contentful-paint']);
      const onSettle = vi.fn();
      render(<LazyImage src="/banners/1.svg" alt="배너 1" priority onSettle={onSettle} />);
      fireEvent.load(screen.getByRole('img', { name: '배너 1' }));
      expect(onSettle).toHaveBeenCalledTimes(1);

      const paints = stubObserver(['element']);
      const onFailed = vi.fn();
      render(<LazyImage src="/banners/broken.svg" alt="배너 2" priority onSettle={onFailed} />);
      fireEvent.error(screen.getByRole('img', { name: '배너 2' }));
      expect(onFailed).toHaveBeenCalledTimes(1);
      expect(paints.observers).toEqual([]);
    });

    it('settles any other image at its load', () => {
      const paints = stubObserver(['element']);
      const onSettle = vi.fn();
      const { container } = render(<LazyImage src="/covers/3.svg" alt="스티커" onSettle={onSettle} />);
      act(() => setIntersecting(box(container), true));
      fireEvent.load(screen.getByRole('img', { name: '스티커' }));
      expect(onSettle).toHaveBeenCalledTimes(1);
      expect(paints.observers).toEqual([]);
    });
  });
});
