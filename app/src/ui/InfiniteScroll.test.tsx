import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Activity } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setIntersecting } from '../testing/intersectionObserver';
import { EmptyState } from './EmptyState';
import { InfiniteScroll, useInfiniteList, type PageRequest, type PageResult } from './InfiniteScroll';
import { actAndSettle } from '../testing/act';

interface Row {
  id: string;
}

function List({ fetchPage, resetKey }: { fetchPage: (request: PageRequest<Row>) => Promise<PageResult<Row>>; resetKey?: string }) {
  const list = useInfiniteList({ fetchPage, resetKey });
  return (
    <InfiniteScroll list={list} empty={<EmptyState message="주문 알림이 없어요" />}>
      <ul>
        {list.items.map((row) => (
          <li key={row.id}>{row.id}</li>
        ))}
      </ul>
      {list.done && <p>끝</p>}
    </InfiniteScroll>
  );
}

function sentinel(container: HTMLElement): Element {
  const element = container.querySelector('[data-sentinel]');
  if (!element) throw new Error('no sentinel');
  return element;
}

const rows = (...ids: string[]) => ids.map((id) => ({ id }));

describe('useInfiniteList', () => {
  it('keeps what it loaded when a kept-alive page is hidden and shown again', async () => {
    const pages = [rows('a', 'b'), rows('c'), []];
    const fetchPage = vi.fn(({ page }: PageRequest<Row>) => Promise.resolve(pages[page - 1] ?? []));
    const view = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <List fetchPage={fetchPage} />
      </Activity>
    );
    const { container, rerender } = render(view('visible'));
    await screen.findByText('b');
    act(() => setIntersecting(sentinel(container), true));
    await screen.findByText('c');
    act(() => setIntersecting(sentinel(container), false));
    const calls = fetchPage.mock.calls.length;

    rerender(view('hidden'));
    rerender(view('visible'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // No new page one: the rows loaded before the page was hidden are still there.
    expect(fetchPage.mock.calls.length).toBe(calls);
    expect(fetchPage.mock.calls.filter(([request]) => request.page === 1)).toHaveLength(1);
    expect(screen.getAllByRole('listitem', { hidden: true }).map((item) => item.textContent)).toEqual(['a', 'b', 'c']);
  });

  it('loads page one, then the next page when the last row is visible, and stops on an empty page', async () => {
    const pages = [rows('a', 'b'), rows('c'), []];
    const fetchPage = vi.fn(({ page }: PageRequest<Row>) => Promise.resolve(pages[page - 1] ?? rows('never')));
    const { container } = render(<List fetchPage={fetchPage} />);

    await screen.findByText('b');
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0]?.[0]).toMatchObject({ page: 1, last: undefined });

    act(() => setIntersecting(sentinel(container), true));
    await screen.findByText('끝');
    // Page 2 asked with the last row as offset; page 3 came back empty and ended the list.
    expect(fetchPage.mock.calls.map(([request]) => [request.page, request.last?.id])).toEqual([
      [1, undefined],
      [2, 'b'],
      [3, 'c'],
    ]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a', 'b', 'c']);

    act(() => setIntersecting(sentinel(container), false));
    act(() => setIntersecting(sentinel(container), true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('stops when fetchPage says the last page was reached (search: page = pageCnt)', async () => {
    const fetchPage = vi.fn(({ page }: PageRequest<Row>) => Promise.resolve({ items: rows(`p${page}`), done: page === 2 }));
    const { container } = render(<List fetchPage={fetchPage} />);
    await screen.findByText('p1');
    act(() => setIntersecting(sentinel(container), true));
    await screen.findByText('끝');
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('shows the empty state when the first page is empty', async () => {
    render(<List fetchPage={() => Promise.resolve([])} />);
    expect(await screen.findByText('주문 알림이 없어요')).toBeInTheDocument();
  });

  it('exposes a failed page and retries it', async () => {
    const user = userEvent.setup();
    let fail = true;
    const fetchPage = vi.fn(() => (fail ? Promise.reject(new Error('network-error')) : Promise.resolve(rows('a'))));
    render(<List fetchPage={fetchPage} />);
    await screen.findByRole('alert');
    fail = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    await screen.findByText('a');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts again from page one when the reset key changes, ignoring the old answer', async () => {
    let resolveOld: (rows: Row[]) => void = () => undefined;
    const fetchPage = vi.fn(
      ({ page }: PageRequest<Row>) =>
        new Promise<Row[]>((resolve) => {
          if (fetchPage.mock.calls.length === 1) resolveOld = resolve;
          else resolve(page === 1 ? rows('새 검색어') : []);
        }),
    );
    const view = render(<List fetchPage={fetchPage} resetKey="스티커" />);
    view.rerender(<List fetchPage={fetchPage} resetKey="키링" />);
    await screen.findByText('새 검색어');
    await actAndSettle(() => resolveOld(rows('옛 검색어')));
    expect(screen.queryByText('옛 검색어')).not.toBeInTheDocument();
    await waitFor(() => expect(fetchPage.mock.calls[1]?.[0].page).toBe(1));
  });
});
