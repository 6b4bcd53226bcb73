// Image that loads once it comes within 1000 px of the viewport (SPEC.md section 9), inside a box of
// fixed aspect ratio so nothing shifts when it arrives; fades in, and shows a fallback if it fails.
import { LAZY_IMAGE_MARGIN_PX } from '@creator-market/sdk/domain';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { cx } from './cx';
import { IconImage } from './icons/status';
import styles from './LazyImage.module.css';
import { useIntersection } from './visibility';

export const LAZY_IMAGE_ROOT_MARGIN = `${LAZY_IMAGE_MARGIN_PX}px`;

export interface LazyImageProps {
  src: string | null | undefined;
  /** '' where the text beside it already names it (a card's title in the same link): a screen reader then reads the name once. */
  alt: string;
  /** Width divided by height of the box (1 = square, 16 / 9 = wide). */
  ratio?: number;
  /** Corner radius in px or any CSS length. */
  radius?: number | string;
  /** 'cover' crops to fill the box (default), 'contain' shows the whole image. */
  fit?: 'cover' | 'contain';
  /** Shown instead of the image when it fails or there is no src. */
  fallback?: ReactNode;
  className?: string;
  /**
   * The main image of the first screen (its largest paint): requested at once at high priority, without
   * waiting for the viewport check, and shown without the fade so it paints as soon as it arrives. Every
   * other image is requested at low priority, behind the first screen's scripts, data and lead image.
   */
  priority?: boolean;
  /** Called once the image has failed, turned out to have no src, or loaded (a priority image: and been painted). */
  onSettle?: () => void;
  /**
   * Not requested yet, even when near the viewport: a carousel's other slides wait while the first screen's
   * lead image loads and paints (the home banner), so they do not share the slow link with it.
   */
  held?: boolean;
}

type LoadState = 'waiting' | 'loaded' | 'failed';

export function LazyImage({
  src,
  alt,
  ratio = 1,
  radius,
  fit = 'cover',
  fallback,
  className,
  priority = false,
  onSettle,
  held = false,
}: LazyImageProps) {
  const boxRef = useRef<HTMLSpanElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(priority);
  const [state, setState] = useState<LoadState>('waiting');
  const [shownSrc, setShownSrc] = useState(src);

  // A new src starts over (lists reuse rows).
  if (shownSrc !== src) {
    setShownSrc(src);
    setState('waiting');
  }

  useIntersection(boxRef, LAZY_IMAGE_ROOT_MARGIN, (visible) => visible && setNear(true), !near);

  const failed = !src || state === 'failed';
  const settled = failed || state === 'loaded';
  const settle = useEffectEvent(() => onSettle?.());
  const waitsForPaint = priority && onSettle !== undefined;
  useEffect(() => {
    if (!settled) return;
    const image = imageRef.current;
    // A lead image settles once painted, not only loaded: what waits for the first screen (useFirstScreen: the
    // parts below it, the overlays' chunk) must not start between its load and its frame, the page's largest
    // paint. The browser's Element Timing entry for it comes once that frame is on screen (Chromium; elsewhere,
    // e.g. Safari, it settles on load). buffered: it may have been painted before this runs. No one waiting
    // (no onSettle), nothing is observed.
    if (failed || !waitsForPaint || !image || !globalThis.PerformanceObserver?.supportedEntryTypes.includes('element')) {
      settle();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => (entry as PerformanceEntry & { element: Element | null }).element === image)) {
        observer.disconnect();
        settle();
      }
    });
    observer.observe({ type: 'element', buffered: true });
    return () => observer.disconnect();
  }, [settled, failed, waitsForPaint]);
  return (
    <span ref={boxRef} className={cx(styles.box, className)} style={{ borderRadius: radius }} data-state={failed ? 'failed' : state}>
      {/* Padding in % is relative to the width of the parent, here the box: height = width / ratio. */}
      <span className={styles.sizer} style={{ paddingTop: `${100 / ratio}%` }} />
      {failed ? (
        <span className={styles.fallback} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
          {fallback ?? <IconImage size={28} />}
        </span>
      ) : (
        near &&
        !held && (
          <img
            ref={imageRef}
            className={cx(styles.image, (priority || state === 'loaded') && styles.loaded)}
            style={{ objectFit: fit }}
            src={src}
            alt={alt}
            {...(priority
              ? { fetchPriority: 'high' as const, elementtiming: 'lead-image' }
              : { decoding: 'async' as const, fetchPriority: 'low' as const })}
            onLoad={() => setState('loaded')}
            onError={() => setState('failed')}
          />
        )
      )}
    </span>
  );
}
