// Work that can wait: run it when the browser has nothing else to do, so it never delays a paint or an input.

/**
 * Runs `task` once the main thread is idle (requestIdleCallback; a macrotask of its own where that is missing,
 * e.g. Safari). Returns what cancels it.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task());
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1);
  return () => clearTimeout(timer);
}
