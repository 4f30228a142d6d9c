import { useEffect, useMemo, useState } from 'react';
import { useGymActivity } from '../data/use-tenant-queries.ts';
import { analyticsWindow, gymAnalytics, type GymAnalytics } from './analytics-model.ts';

/** The clock the window is judged by: a page left open overnight moves on to the new UK day. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The gym's last 28 UK days from its local copy; null until the device has answered. */
export function useGymAnalytics(): GymAnalytics | null {
  const now = useMinuteClock();
  const { since } = analyticsWindow(now);
  const docs = useGymActivity({ since });
  return useMemo(() => (docs ? gymAnalytics(docs, now) : null), [docs, now]);
}
