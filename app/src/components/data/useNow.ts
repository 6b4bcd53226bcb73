// The app clock (server-following `now()`) as React state, refreshed every `intervalMs`: countdowns tick
// every second, order-window labels every minute.
import { useEffect, useState } from 'react';
import { now } from '../../api/clock';

export function useNow(intervalMs = 60_000): number {
  const [time, setTime] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setTime(now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return time;
}
