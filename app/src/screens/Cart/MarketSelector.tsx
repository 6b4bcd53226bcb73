// The market selector: a bar naming the market on screen, and its drawer listing every cart entry with filter
// tags (all, upcoming, open, closing soon, closed: the sdk's cart and calendar filters), select-all and
// delete-selected (at most once every 2 s, one POST /cart/delete per entry, '삭제되었습니다').
import { CART_ENTRY_STATUS, matchesCalendarFilter, TIMING, type CalendarFilter } from '@creator-market/sdk/domain';
import { useRef, useState } from 'react';
import { OrderWindowBadge } from '../../components/market-card/MarketCard';
import { imageUrl } from '../../lib/media/imageUrl';
import { openDrawer } from '../../stores/drawers';
import { BottomSheet, useDrawer } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { FilterTags, type FilterOption } from '../../ui/Chip';
import { confirm } from '../../ui/Dialog';
import { IconChevron } from '../../ui/icons/actions';
import { LazyImage } from '../../ui/LazyImage';
import { toast } from '../../ui/Toast';
import { deleteEntries, entryStatus, useCart, type CartEntry } from './cartStore';
import { CART_TEXT } from './text';
import styles from './Cart.module.css';

export const MARKET_SELECTOR_DRAWER = 'cart-markets';

export type CartFilter = 'all' | CalendarFilter;

export const CART_FILTER_LABELS: Readonly<Record<CartFilter, string>> = {
  all: '전체',
  schedule: '오픈 예정',
  open: '주문 가능',
  deadline: '마감 임박',
  closed: '주문 종료',
};

const FILTERS: readonly CartFilter[] = ['all', 'schedule', 'open', 'deadline', 'closed'];

export function matchesCartFilter(entry: Pick<CartEntry, 'market'>, filter: CartFilter, now: number): boolean {
  return filter === 'all' || matchesCalendarFilter(entry.market, filter, now);
}

export function MarketSelectorBar({ focused, count }: { focused: CartEntry; count: number }) {
  return (
    <button type="button" className={styles.selector} onClick={() => openDrawer(MARKET_SELECTOR_DRAWER)} aria-haspopup="dialog">
      <span className={styles.selectorCover}>
        <LazyImage src={imageUrl(focused.market.cover[0])} alt="" ratio={1} radius={8} />
      </span>
      <span className={styles.selectorText}>
        <span className={styles.selectorTitle}>{focused.market.title}</span>
        <span className={styles.selectorCount}>{CART_TEXT.marketCount(count)}</span>
      </span>
      <IconChevron direction="down" size={20} className={styles.selectorChevron} />
    </button>
  );
}

export function MarketSelectorDrawer({
  focusedId,
  now,
  onSelect,
}: {
  focusedId: string;
  now: number;
  onSelect: (entry: CartEntry) => void;
}) {
  const drawer = useDrawer(MARKET_SELECTOR_DRAWER);
  return (
    <BottomSheet open={drawer.open} onClose={drawer.close} title={CART_TEXT.selectorTitle} showClose>
      {drawer.open && (
        <MarketList
          focusedId={focusedId}
          now={now}
          onSelect={(entry) => {
            drawer.close();
            onSelect(entry);
          }}
        />
      )}
    </BottomSheet>
  );
}

function MarketList({ focusedId, now, onSelect }: { focusedId: string; now: number; onSelect: (entry: CartEntry) => void }) {
  const state = useCart();
  const entries = state.entries as CartEntry[];
  const [filter, setFilter] = useState<CartFilter>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [deleting, setDeleting] = useState(false);
  const lastDeleteAt = useRef(Number.NEGATIVE_INFINITY);

  const shown = entries.filter((entry) => matchesCartFilter(entry, filter, now));
  // An entry being ordered cannot be deleted.
  const deletable = shown.filter((entry) => entryStatus(entry, state) !== CART_ENTRY_STATUS.ordering);
  const chosen = deletable.filter((entry) => selected.has(entry._id));
  const allChosen = deletable.length > 0 && chosen.length === deletable.length;

  const options: FilterOption<CartFilter>[] = FILTERS.map((value) => ({
    value,
    label: CART_FILTER_LABELS[value],
    count: entries.filter((entry) => matchesCartFilter(entry, value, now)).length,
  }));

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function deleteChosen() {
    // eslint-disable-next-line react-hooks/purity -- a click handler, not render: the compiler misreads async handlers
    const at = Date.now();
    if (chosen.length === 0 || at - lastDeleteAt.current < TIMING.bulkDeleteDebounceMs) return;
    lastDeleteAt.current = at;
    const ids = chosen.map((entry) => entry._id);
    const sure = await confirm({
      title: CART_TEXT.deleteConfirmTitle,
      message: CART_TEXT.deleteConfirmMessage(ids.length),
      confirmText: CART_TEXT.deleteConfirm,
      destructive: true,
    });
    if (!sure) return;
    setDeleting(true);
    const deleted = await deleteEntries(ids);
    setDeleting(false);
    setSelected(new Set());
    if (deleted > 0) toast(CART_TEXT.deleted, { type: 'success' });
  }

  return (
    <div className={styles.marketList}>
      <FilterTags label={CART_TEXT.selectorTitle} options={options} value={filter} onChange={setFilter} className={styles.filters} />
      <div className={styles.bulkBar}>
        <Checkbox
          label={CART_TEXT.selectAll}
          checked={allChosen}
          indeterminate={chosen.length > 0 && !allChosen}
          disabled={deletable.length === 0}
          onChange={(on) => setSelected(on ? new Set(deletable.map((entry) => entry._id)) : new Set())}
        />
        <Button variant="ghost" size="sm" disabled={chosen.length === 0} loading={deleting} onClick={() => void deleteChosen()}>
          {CART_TEXT.deleteSelected(chosen.length)}
        </Button>
      </div>
      {shown.length === 0 ? (
        <p className={styles.drawerText}>{CART_TEXT.noMarketsInFilter}</p>
      ) : (
        <ul className={styles.marketRows}>
          {shown.map((entry) => {
            const ordering = entryStatus(entry, state) === CART_ENTRY_STATUS.ordering;
            return (
              <li key={entry._id} className={styles.marketRow} data-current={entry._id === focusedId || undefined}>
                <Checkbox
                  ariaLabel={entry.market.title}
                  checked={selected.has(entry._id)}
                  disabled={ordering}
                  onChange={(on) => toggle(entry._id, on)}
                />
                <button type="button" className={styles.marketRowButton} onClick={() => onSelect(entry)}>
                  <span className={styles.marketRowCover}>
                    <LazyImage src={imageUrl(entry.market.cover[0])} alt="" ratio={1} radius={10} />
                  </span>
                  <span className={styles.marketRowText}>
                    <OrderWindowBadge timing={entry.market} now={now} />
                    <span className={styles.marketRowTitle}>{entry.market.title}</span>
                    <span className={styles.marketRowMeta}>
                      @{entry.seller.publicId} · {CART_TEXT.itemCount(entry.productList.length)}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
