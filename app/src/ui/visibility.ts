// Shared IntersectionObservers: one per root margin for the whole page, however many images or
// sentinels watch, and a hook over it.
import { useEffect, useEffectEvent, type RefObject } from 'react';

type Listener = (entry: IntersectionObserverEntry) => void;

interface SharedObserver {
  observer: IntersectionObserver;
  listeners: Map<Element, Listener>;
}

const shared = new Map<string, SharedObserver>();

export function canObserveIntersection(): boolean {
  return typeof window !== 'undefined' && 'IntersectionObserver' in window;
}

/** Calls `listener` whenever `element` enters or leaves the viewport grown by `rootMargin`. */
export function observeIntersection(element: Element, rootMargin: string, listener: Listener): () => void {
  let entry = shared.get(rootMargin);
  if (!entry) {
    const listeners = new Map<Element, Listener>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const item of entries) listeners.get(item.target)?.(item);
      },
      { rootMargin },
    );
    entry = { observer, listeners };
    shared.set(rootMargin, entry);
  }
  const current = entry;
  current.listeners.set(element, listener);
  current.observer.observe(element);
  return () => {
    current.observer.unobserve(element);
    current.listeners.delete(element);
    if (current.listeners.size === 0) {
      current.observer.disconnect();
      shared.delete(rootMargin);
    }
  };
}

/**
 * Runs `onChange(isIntersecting)` for the element in `ref`. Without IntersectionObserver support the
 * element counts as visible at once, so content is never withheld.
 */
export function useIntersection<T extends Element>(
  ref: RefObject<T | null>,
  rootMargin: string,
  onChange: (isIntersecting: boolean) => void,
  enabled = true,
): void {
  const changed = useEffectEvent(onChange);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    if (!canObserveIntersection()) {
      changed(true);
      return;
    }
    return observeIntersection(element, rootMargin, (entry) => changed(entry.isIntersecting));
  }, [ref, rootMargin, enabled]);
}
