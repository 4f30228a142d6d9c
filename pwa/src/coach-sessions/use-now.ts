import { useEffect, useState } from 'react';

const TICK_MS = 60_000;

/**
 * The current instant, renewed every minute and when the page becomes visible again, so sessions
 * move from upcoming to completed (and requests past their start leave) without a reload.
 */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const tick = () => setNow(new Date());
    const timer = setInterval(tick, TICK_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, []);
  return now;
}
