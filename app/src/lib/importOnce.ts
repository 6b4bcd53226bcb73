/**
 * A lazy module import made once and shared by every caller, and asked for again after a failure (offline
 * for a moment, or a chunk gone after a deploy), so that the next call can still load it.
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
