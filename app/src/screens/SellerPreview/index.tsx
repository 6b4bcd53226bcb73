// The seller's upcoming-release news (/promo/preview, signed in, SPEC.md section 2): their own previews
// (published or not yet), '+ 새 소식' (the creation form on the seller center, the mock's '새 소식 쓰기' page), a delete mode with
// select-all and the number selected, and '출시 예정 소식이 없어요' when there is none.
import { RESULT_TOASTS, TIMING, USER_LEVEL } from '@creator-market/sdk/domain';
import { useRef, useState } from 'react';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import { openExternal } from '../../services/platform';
import { sellerNewPreviewUrl } from '../../services/sellerCenter';
import { useListErrors } from '../../components/data/useListErrors';
import { useNow } from '../../components/data/useNow';
import { SellerNewsRow, type Preview } from '../../features/seller-news/SellerNewsRow';
import { useSession } from '../../stores/session';
import { AppBar } from '../../ui/AppBar';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { confirm } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { InfiniteScroll, useInfiniteList } from '../../ui/InfiniteScroll';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/Toast';
import styles from './SellerPreview.module.css';

export const SELLER_PREVIEW_TEXT = {
  title: '출시 예정 소식',
  empty: '출시 예정 소식이 없어요',
  emptyHint: '곧 선보일 물품 소식을 구독자에게 먼저 알려보세요.',
  newNews: '+ 새 소식',
  edit: '편집',
  done: '완료',
  selectAll: '전체 선택',
  selected: (count: number) => `${count}개 선택`,
  delete: '삭제',
  deleteTitle: '소식 삭제',
  deleteMessage: (count: number) => `선택한 소식 ${count}개를 삭제할까요?\n삭제한 소식은 되돌릴 수 없어요.`,
  select: (contents: string) => `${contents} 선택`,
  sellersOnly: '작가 회원만 이용할 수 있어요',
} as const;

export default function SellerPreview() {
  const { me } = useSession();
  const sellerId = me?.user.level === USER_LEVEL.seller ? me.seller?.publicId : undefined;
  return sellerId && me ? <News uid={me.user.uid} sellerId={sellerId} /> : <NotASeller />;
}

function NotASeller() {
  return (
    <div className={styles.page}>
      <AppBar title={SELLER_PREVIEW_TEXT.title} />
      <EmptyState message={SELLER_PREVIEW_TEXT.sellersOnly} />
    </div>
  );
}

function News({ uid, sellerId }: { uid: string; sellerId: string }) {
  const now = useNow();
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState(false);
  const lastDelete = useRef(Number.NEGATIVE_INFINITY);

  const list = useInfiniteList<Preview>({
    fetchPage: ({ last, signal }) =>
      api.get('/common/preview/list', {
        params: { query: { sellerId, ...(last ? { offset: last.previewUID, flag: 'before' as const } : {}) } },
        signal,
      }),
  });
  useListErrors(list, 'listSellerPreviews');

  const allSelected = list.items.length > 0 && list.items.every((preview) => selected.has(preview.previewUID));

  function toggle(previewUID: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(previewUID);
      else next.delete(previewUID);
      return next;
    });
  }

  function finishEditing() {
    setEditing(false);
    setSelected(new Set());
  }

  async function deleteSelected() {
    // One bulk delete at a time, and not again within 2 s of the last one.
    if (deleting || selected.size === 0 || Date.now() - lastDelete.current < TIMING.bulkDeleteDebounceMs) return;
    const ids = list.items.map((preview) => preview.previewUID).filter((id) => selected.has(id));
    const agreed = await confirm({
      title: SELLER_PREVIEW_TEXT.deleteTitle,
      message: SELLER_PREVIEW_TEXT.deleteMessage(ids.length),
      confirmText: SELLER_PREVIEW_TEXT.delete,
      destructive: true,
    });
    if (!agreed) return;
    lastDelete.current = Date.now();
    setDeleting(true);
    const deleted = new Set<string>();
    try {
      for (const previewId of ids) {
        await api.post('/feed/delete/preview/{previewId}', { params: { path: { previewId } } });
        deleted.add(previewId);
      }
      toast(RESULT_TOASTS.deleted, { type: 'success' });
      finishEditing();
    } catch (error) {
      void presentError(error, { operation: 'deletePreview' });
      setSelected((current) => new Set([...current].filter((id) => !deleted.has(id))));
    } finally {
      list.setItems((items) => items.filter((preview) => !deleted.has(preview.previewUID)));
      setDeleting(false);
    }
  }

  const hasItems = list.items.length > 0;
  return (
    <div className={styles.page}>
      <AppBar
        title={SELLER_PREVIEW_TEXT.title}
        extra={
          hasItems || editing ? (
            <button type="button" className={styles.editButton} onClick={editing ? finishEditing : () => setEditing(true)}>
              {editing ? SELLER_PREVIEW_TEXT.done : SELLER_PREVIEW_TEXT.edit}
            </button>
          ) : undefined
        }
      />
      {editing ? (
        <div className={styles.selectBar}>
          <Checkbox
            checked={allSelected}
            indeterminate={!allSelected && selected.size > 0}
            onChange={(on) => setSelected(on ? new Set(list.items.map((preview) => preview.previewUID)) : new Set())}
            label={SELLER_PREVIEW_TEXT.selectAll}
          />
          <span className={styles.count} aria-live="polite">
            {SELLER_PREVIEW_TEXT.selected(selected.size)}
          </span>
        </div>
      ) : (
        <div className={styles.newRow}>
          <Button variant="secondary" block onClick={() => openExternal(sellerNewPreviewUrl(uid))}>
            {SELLER_PREVIEW_TEXT.newNews}
          </Button>
        </div>
      )}
      <InfiniteScroll
        list={list}
        placeholder={<Skeleton variant="rows" count={4} />}
        empty={<EmptyState message={SELLER_PREVIEW_TEXT.empty} description={SELLER_PREVIEW_TEXT.emptyHint} />}
      >
        <ul className={styles.list} aria-label={SELLER_PREVIEW_TEXT.title}>
          {list.items.map((preview) => (
            <li key={preview.previewUID}>
              <SellerNewsRow
                preview={preview}
                now={now}
                select={
                  editing ? (
                    <Checkbox
                      checked={selected.has(preview.previewUID)}
                      onChange={(on) => toggle(preview.previewUID, on)}
                      ariaLabel={SELLER_PREVIEW_TEXT.select(preview.previewContents)}
                    />
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      </InfiniteScroll>
      {editing && (
        <div className={`fixed-in-column ${styles.deleteBar}`}>
          <Button block size="lg" destructive disabled={selected.size === 0} loading={deleting} onClick={() => void deleteSelected()}>
            {SELLER_PREVIEW_TEXT.delete}
            {selected.size > 0 && ` ${selected.size}`}
          </Button>
        </div>
      )}
    </div>
  );
}
