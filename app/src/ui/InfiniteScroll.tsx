// Frame for a list driven by useInfiniteList: rows, then the first-load placeholder, the empty state,
// the error with retry, the "loading more" spinner and the sentinel that asks for the next page.
import type { ReactNode } from 'react';
import { ErrorState } from './EmptyState';
import styles from './InfiniteScroll.module.css';
import { Spinner } from './Spinner';
import type { InfiniteList } from './useInfiniteList';

export { useInfiniteList } from './useInfiniteList';
export type { InfiniteList, InfiniteListOptions, PageRequest, PageResult } from './useInfiniteList';

export interface InfiniteScrollProps<T> {
  list: InfiniteList<T>;
  /** The rows (render list.items). */
  children: ReactNode;
  /** Shown while the first page loads (e.g. <Skeleton variant="rows" count={4} />). */
  placeholder?: ReactNode;
  /** Shown when the list finished with no items (e.g. <EmptyState message="주문 알림이 없어요" />). */
  empty?: ReactNode;
  className?: string;
}

export function InfiniteScroll<T>({ list, children, placeholder, empty, className }: InfiniteScrollProps<T>) {
  const { sentinelRef } = list;
  return (
    <div className={className} aria-busy={list.loading}>
      {children}
      {list.initialLoading &&
        (placeholder ?? (
          <div className={styles.more}>
            <Spinner />
          </div>
        ))}
      {list.empty && empty}
      {list.error !== null && <ErrorState compact onRetry={list.retry} />}
      {list.loading && !list.initialLoading && (
        <div className={styles.more}>
          <Spinner size={22} />
        </div>
      )}
      <div ref={sentinelRef} className={styles.sentinel} aria-hidden="true" data-sentinel="" />
    </div>
  );
}
