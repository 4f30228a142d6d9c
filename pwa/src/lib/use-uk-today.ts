import { useEffect, useState } from 'react';
import { ukDateKey } from '@mastr/rules/dates.ts';

const CHECK_EVERY_MS = 60_000;

/**
 * Today's UK date ('YYYY-MM-DD'), updated when it changes, so lists that depend on the day
 * (today's passes, past days of a week) move on at midnight without a reload. It re-renders only
 * when the date changes; it also checks when the page becomes visible again, because a phone
 * asleep overnight throttles timers.
 */
export function useUkToday(): string {
  const [today, setToday] = useState(() => ukDateKey());
  useEffect(() => {
    const check = () => setToday(ukDateKey());
    const timer = setInterval(check, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
  return today;
}
