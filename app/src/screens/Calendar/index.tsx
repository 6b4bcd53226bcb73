// Calendar (/calendar, signed in, SPEC.md section 2): a Sunday-first month grid with dots on the days a
// market opens or closes, the selected day's '오픈 예정' and '종료 예정' markets ('마켓 일정이 없어요' when
// none; each section 10 first, then 10 more with '더보기', as the market list of section 9) and a banner. Markets come from the opened-market list; filters narrow it to subscribed sellers'
// markets or markets with an alarm.
import type { Schemas } from '@creator-market/sdk';
import { MARKET_LIST_FIRST_PAGE, MARKET_LIST_NEXT_PAGE, seoulDayKey } from '@creator-market/sdk/domain';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { AdSlot, AD_UNITS } from '../../features/ads/AdSlot';
import { alarmState, ensureAlarms } from '../../components/alarm/alarms';
import { useLoad } from '../../components/data/useLoad';
import { useNow } from '../../components/data/useNow';
import { MarketCard } from '../../components/market-card/MarketCard';
import { loadOpenedMarkets, type MarketEvent } from '../../components/market-card/openedMarkets';
import { useSession } from '../../stores/session';
import { AppBar } from '../../ui/AppBar';
import { Button } from '../../ui/Button';
import { FilterTags } from '../../ui/Chip';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { IconBell } from '../../ui/icons/actions';
import { Skeleton } from '../../ui/Skeleton';
import { MonthGrid } from './MonthGrid';
import { monthOfKey, schedulesByDay, type Month } from './month';
import styles from './Calendar.module.css';

export const CALENDAR_TEXT = {
  title: '달력',
  opens: '오픈 예정',
  closes: '종료 예정',
  empty: '마켓 일정이 없어요',
  filterAll: '전체',
  filterSubscribed: '구독 작가',
  filterAlarm: '알림 설정',
  more: '더보기',
} as const;

type Filter = 'all' | 'subscribed' | 'alarm';

/** Every subscription's seller public id (the list is paged by the last subscription id). */
async function subscribedPublicIds(signal: AbortSignal): Promise<Set<string>> {
  const ids = new Set<string>();
  let offset: string | undefined;
  for (;;) {
    const query = offset ? { offset, flag: 'before' as const } : {};
    const page: Schemas['Subscription'][] = await api.get('/subscribe/list', { params: { query }, signal });
    if (page.length === 0) return ids;
    for (const subscription of page) ids.add(subscription.sellerPublicId);
    offset = page[page.length - 1]?._id;
  }
}

export default function Calendar() {
  const now = useNow();
  const todayKey = seoulDayKey(now);
  const [selected, setSelected] = useState(todayKey);
  const [month, setMonth] = useState<Month>(() => monthOfKey(todayKey));
  const [filter, setFilter] = useState<Filter>('all');
  const { token } = useSession();
  const { byMarket } = useSnapshot(alarmState);

  const markets = useLoad(() => loadOpenedMarkets(), [], { operation: 'listOpenedMarkets' });
  const subscribed = useLoad((signal) => subscribedPublicIds(signal), [token], { operation: 'listSubscriptions', enabled: token !== null });
  useEffect(() => {
    void ensureAlarms();
  }, [token]);

  const events = useMemo(() => {
    const all = markets.data ?? [];
    if (filter === 'subscribed') return all.filter((event) => subscribed.data?.has(event.sellerPublicId));
    if (filter === 'alarm') return all.filter((event) => (byMarket[event.marketUID]?.length ?? 0) > 0);
    return all;
  }, [markets.data, subscribed.data, byMarket, filter]);
  const days = useMemo(() => schedulesByDay(events, now), [events, now]);
  const day = days.get(selected) ?? { opens: [], closes: [] };

  const alarmMark = (event: MarketEvent) =>
    (byMarket[event.marketUID]?.length ?? 0) > 0 ? (
      <span className={styles.alarmMark} aria-label="알림 설정됨">
        <IconBell size={16} filled />
      </span>
    ) : undefined;

  return (
    <div className={styles.page}>
      <AppBar title={CALENDAR_TEXT.title} right={['cart']} />
      <FilterTags
        label="마켓 범위"
        className={styles.filters}
        value={filter}
        onChange={setFilter}
        options={[
          { value: 'all', label: CALENDAR_TEXT.filterAll },
          { value: 'subscribed', label: CALENDAR_TEXT.filterSubscribed },
          { value: 'alarm', label: CALENDAR_TEXT.filterAlarm },
        ]}
      />
      <MonthGrid month={month} onMonthChange={setMonth} selected={selected} onSelect={setSelected} todayKey={todayKey} days={days} />

      <AdSlot unit={AD_UNITS.calendarMiddleBanner} className={styles.ad} />

      <div className={styles.schedule}>
        {markets.loading && !markets.data ? (
          <Skeleton variant="cards" count={3} />
        ) : markets.error ? (
          <ErrorState onRetry={markets.reload} />
        ) : day.opens.length === 0 && day.closes.length === 0 ? (
          <EmptyState message={CALENDAR_TEXT.empty} />
        ) : (
          <>
            {[
              { title: CALENDAR_TEXT.opens, list: day.opens },
              { title: CALENDAR_TEXT.closes, list: day.closes },
            ].map(({ title, list }) => (
              <DaySection key={`${selected}:${title}`} title={title} list={list} now={now} aside={alarmMark} />
            ))}
          </>
        )}
      </div>
    </div>
  );
}

/** One of the day's sections: its count, then the first 10 markets and 10 more on each '더보기'. */
function DaySection({
  title,
  list,
  now,
  aside,
}: {
  title: string;
  list: readonly MarketEvent[];
  now: number;
  aside: (event: MarketEvent) => ReactNode;
}) {
  const [shown, setShown] = useState(MARKET_LIST_FIRST_PAGE);
  return (
    <section className={styles.daySection}>
      <h2 className={styles.dayTitle}>
        {title} <span className={styles.dayCount}>{list.length}</span>
      </h2>
      {list.length === 0 ? (
        <p className={styles.dayEmpty}>{CALENDAR_TEXT.empty}</p>
      ) : (
        list.slice(0, shown).map((event) => <MarketCard key={event.marketUID} event={event} now={now} variant="row" aside={aside(event)} />)
      )}
      {list.length > shown && (
        <div className={styles.dayMore}>
          <Button variant="secondary" block onClick={() => setShown((count) => count + MARKET_LIST_NEXT_PAGE)}>
            {CALENDAR_TEXT.more}
          </Button>
        </div>
      )}
    </section>
  );
}
