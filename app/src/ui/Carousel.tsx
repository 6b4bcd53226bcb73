// A swipeable carousel that pages one slide at a time (home banner, product photos), loops seamlessly, with
// optional autoplay and dots (SPEC.md section 9: drag speed 1.2, clicks suppressed 300 ms after a drag,
// banner autoplay 3 s). The free-scrolling row of product cards is HorizontalScroller.tsx.
import { DRAG_SPEED, TIMING } from '@creator-market/sdk/domain';
import { Children, useCallback, useEffect, useEffectEvent, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { DRAG_START_PX, useDragClickGuard } from './drag';
import styles from './Carousel.module.css';

/** Share of the slide width a drag must cover to turn the page. */
const PAGE_TURN_RATIO = 0.15;
/** A flick faster than this (px per ms) turns the page whatever the distance. */
const PAGE_TURN_VELOCITY = 0.35;
/** Matches the slide transition in Carousel.module.css. */
export const SLIDE_TRANSITION_MS = 350;

export interface CarouselProps {
  /** One child per slide. */
  children: ReactNode;
  /** Accessible name, e.g. '메인 배너'. */
  label: string;
  autoplay?: boolean;
  /** Autoplay interval; default 3000 ms. */
  interval?: number;
  indicator?: 'dots' | 'counter' | 'none';
  /** Corner radius of the viewport. */
  radius?: number | string;
  onIndexChange?: (index: number) => void;
  className?: string;
}

interface DragState {
  pointerId: number;
  startX: number;
  startY: number;
  startTime: number;
  dragging: boolean;
}

export function Carousel({
  children,
  label,
  autoplay = false,
  interval = TIMING.bannerAutoplayMs,
  indicator = 'dots',
  radius,
  onIndexChange,
  className,
}: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const looping = count > 1;
  const { position, index, animate, goTo } = useLoopingPosition(count);
  const [dragOffset, setDragOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const viewportRef = useRef<HTMLDivElement>(null);
  const drag = useRef<DragState | null>(null);
  const guard = useDragClickGuard();

  const indexChanged = useEffectEvent((shown: number) => onIndexChange?.(shown));
  useEffect(() => {
    indexChanged(index);
  }, [index]);

  useEffect(() => {
    if (!autoplay || !looping || paused) return;
    const timer = setTimeout(() => goTo(position + 1), interval);
    return () => clearTimeout(timer);
  }, [autoplay, looping, paused, position, interval, goTo]);

  useEffect(() => {
    if (!autoplay) return;
    const onVisibility = () => setPaused(document.hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [autoplay]);

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!looping || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      startTime: event.timeStamp,
      dragging: false,
    };
  }

  function handlePointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.dragging) {
      if (Math.abs(dx) < DRAG_START_PX) return;
      // Mostly vertical: the page is scrolling, not the carousel.
      if (Math.abs(dy) > Math.abs(dx)) {
        drag.current = null;
        return;
      }
      current.dragging = true;
      setPaused(true);
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    setDragOffset(dx * DRAG_SPEED);
  }

  function handlePointerUp(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    drag.current = null;
    if (!current?.dragging) return;
    guard.suppress();
    const width = viewportRef.current?.offsetWidth || 1;
    const distance = (event.clientX - current.startX) * DRAG_SPEED;
    const velocity = distance / Math.max(1, event.timeStamp - current.startTime);
    setDragOffset(0);
    setPaused(document.hidden);
    if (distance < -width * PAGE_TURN_RATIO || velocity < -PAGE_TURN_VELOCITY) goTo(position + 1);
    else if (distance > width * PAGE_TURN_RATIO || velocity > PAGE_TURN_VELOCITY) goTo(position - 1);
  }

  const track = looping ? [slides[count - 1], ...slides, slides[0]] : slides;
  const dragging = dragOffset !== 0;
  return (
    <section className={cx(styles.carousel, className)} aria-roledescription="carousel" aria-label={label} style={{ borderRadius: radius }}>
      <div
        ref={viewportRef}
        className={styles.viewport}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerUp}
        onPointerCancel={handlePointerUp}
        onClickCapture={guard.onClickCapture}
        onDragStart={(event) => event.preventDefault()}
      >
        <div
          className={cx(styles.track, animate && !dragging && styles.animated)}
          style={{ transform: `translate3d(calc(${-position * 100}% + ${dragOffset}px), 0, 0)` }}
          aria-live={autoplay ? 'off' : 'polite'}
        >
          {track.map((slide, trackIndex) => {
            const isCopy = looping && (trackIndex === 0 || trackIndex === count + 1);
            const realIndex = looping ? (trackIndex - 1 + count) % count : trackIndex;
            return (
              <div
                key={isCopy ? `copy-${trackIndex}` : `slide-${realIndex}`}
                className={styles.slide}
                role={isCopy ? undefined : 'group'}
                aria-roledescription={isCopy ? undefined : 'slide'}
                aria-label={isCopy ? undefined : `${realIndex + 1} / ${count}`}
                aria-hidden={isCopy || realIndex !== index || undefined}
                inert={isCopy || realIndex !== index ? true : undefined}
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      {looping && <Indicator kind={indicator} index={index} count={count} onPick={(dot) => goTo(dot + 1)} />}
    </section>
  );
}

/**
 * The track's position and its transition. With looping, a copy of the last slide sits before the first and
 * a copy of the first after the last; position 1 is the first real slide, and `index` the real slide shown.
 */
function useLoopingPosition(count: number) {
  const looping = count > 1;
  const [position, setPosition] = useState(looping ? 1 : 0);
  const [animate, setAnimate] = useState(true);

  const goTo = useCallback((next: number) => {
    setAnimate(true);
    setPosition(next);
  }, []);

  // Landed on a copy: jump, without animation, to the real slide it copies.
  useEffect(() => {
    if (!looping || (position !== 0 && position !== count + 1)) return;
    const timer = setTimeout(() => {
      setAnimate(false);
      setPosition(position === 0 ? count : 1);
    }, SLIDE_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [position, count, looping]);

  // Re-enable the transition on the frame after a jump.
  useEffect(() => {
    if (animate) return;
    const frame = requestAnimationFrame(() => setAnimate(true));
    return () => cancelAnimationFrame(frame);
  }, [animate]);

  return { position, index: looping ? (position - 1 + count) % count : 0, animate, goTo };
}

/** Which slide is shown: dots that also pick a slide, or a "2 / 5" counter. */
function Indicator({
  kind,
  index,
  count,
  onPick,
}: {
  kind: NonNullable<CarouselProps['indicator']>;
  index: number;
  count: number;
  onPick: (dot: number) => void;
}) {
  if (kind === 'dots') {
    return (
      <div className={styles.dots}>
        {Array.from({ length: count }, (_, dot) => (
          <button
            key={dot}
            type="button"
            className={cx(styles.dot, dot === index && styles.dotActive)}
            aria-label={`${dot + 1}번째 슬라이드`}
            aria-current={dot === index || undefined}
            onClick={() => onPick(dot)}
          />
        ))}
      </div>
    );
  }
  if (kind === 'counter') {
    return (
      <span className={styles.counter} aria-hidden="true">
        <strong>{index + 1}</strong> / {count}
      </span>
    );
  }
  return null;
}
