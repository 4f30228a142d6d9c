import { useEffect, useState } from 'react';

/**
 * The current instant lists are judged by, renewed every `intervalMs` and when the page becomes
 * visible again (a phone asleep throttles timers), so a session moves from upcoming to completed, a
 * request past its start leaves and a front-desk tick turns back into 'Check In' without a reload.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const tick = () => setNow(new Date());
    const timer = setInterval(tick, intervalMs);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [intervalMs]);
  return now;
}
