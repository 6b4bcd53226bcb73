// One clock per page: a page whose parts change with time (the market page's badge, countdown, alarm button,
// bottom bar and open add drawer) reads the time from one tick, so they all flip together at the market's
// opening and closing instead of each on its own timer (a minute apart at worst). Only the parts that read
// usePageNow re-render on a tick: the provider's children are the same elements from one tick to the next.
// Shown or focused again, the page first asks the world its time, so a move of the mock's clock made meanwhile
// (QA's control plane) flips every part at once too, without a reload.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { now } from '../../api/clock';
import { syncWithWorldClock } from '../../api/clockSync';

const PageClockContext = createContext<number | null>(null);

/** Ticks every `intervalMs` (default a second) for the parts below that call usePageNow. */
export function PageClock({ children, intervalMs = 1000 }: { children: ReactNode; intervalMs?: number }) {
  const [time, setTime] = useState(now);
  useEffect(() => {
    // A page shown again (kept alive while hidden, when no timer runs) reads the time at once.
    const tick = () => setTime(now());
    const shown = setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    let live = true;
    const resync = () => {
      if (document.visibilityState !== 'visible') return;
      void syncWithWorldClock().then(() => {
        if (live) tick();
      });
    };
    document.addEventListener('visibilitychange', resync);
    window.addEventListener('focus', resync);
    return () => {
      live = false;
      clearTimeout(shown);
      clearInterval(timer);
      document.removeEventListener('visibilitychange', resync);
      window.removeEventListener('focus', resync);
    };
  }, [intervalMs]);
  return <PageClockContext.Provider value={time}>{children}</PageClockContext.Provider>;
}

/** The page's current tick (app clock, ms). Must be below a PageClock. */
export function usePageNow(): number {
  const time = useContext(PageClockContext);
  if (time === null) throw new Error('usePageNow outside a PageClock');
  return time;
}
