// A controllable IntersectionObserver for jsdom: tests decide when an element enters the viewport.
//   setIntersecting(element, true)  → every observer watching it reports it as visible, and (as a browser's
//   does) an observer that starts watching it later reports it at once: a test need not race the effect
//   that starts observing.

interface MockObserver {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit | undefined;
  targets: Set<Element>;
  instance: IntersectionObserver;
}

const observers = new Set<MockObserver>();
/** What the tests last said of each element. */
const intersecting = new WeakMap<Element, boolean>();

function entryOf(element: Element, isIntersecting: boolean): IntersectionObserverEntry {
  const rect = element.getBoundingClientRect();
  return {
    target: element,
    isIntersecting,
    intersectionRatio: isIntersecting ? 1 : 0,
    boundingClientRect: rect,
    intersectionRect: rect,
    rootBounds: null,
    time: performance.now(),
  };
}

class MockIntersectionObserver implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin: string;
  // Newer DOM typings (TypeScript 7's lib) have it; the observers under test never read it.
  readonly scrollMargin = '0px';
  readonly thresholds = [0];
  private readonly record: MockObserver;

  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.rootMargin = options?.rootMargin ?? '0px';
    this.record = { callback, options, targets: new Set(), instance: this };
    observers.add(this.record);
  }

  observe(target: Element): void {
    this.record.targets.add(target);
    // A browser reports an observed element's state once it starts observing it, in a task of its own.
    if (intersecting.get(target)) {
      setTimeout(() => {
        if (this.record.targets.has(target) && intersecting.get(target)) this.record.callback([entryOf(target, true)], this);
      });
    }
  }

  unobserve(target: Element): void {
    this.record.targets.delete(target);
  }

  disconnect(): void {
    this.record.targets.clear();
    observers.delete(this.record);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}

export function installIntersectionObserverMock(): void {
  Object.defineProperty(window, 'IntersectionObserver', {
    value: MockIntersectionObserver,
    configurable: true,
    writable: true,
  });
}

/** Root margins of the observers currently watching `element`. */
export function observedMargins(element: Element): string[] {
  return [...observers].filter((o) => o.targets.has(element)).map((o) => o.instance.rootMargin);
}

/** Reports `element` as entering (true) or leaving (false) the viewport to every observer watching it. */
export function setIntersecting(element: Element, isIntersecting: boolean): void {
  intersecting.set(element, isIntersecting);
  for (const observer of [...observers]) {
    if (!observer.targets.has(element)) continue;
    observer.callback([entryOf(element, isIntersecting)], observer.instance);
  }
}
