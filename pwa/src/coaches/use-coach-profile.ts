import { useCallback, useEffect, useState } from 'react';
import { addDaysToKey, coachWeekdayOf } from '@mastr/rules/coach-week.ts';
import { statusOf } from '../api/index.ts';
import type { CoachDetail } from '@mastr/rules/api/directory.ts';
import type { CoachAvailabilityDay } from '@mastr/rules/api/availability.ts';
import { fetchCoach } from '../directory/index.ts';

export type CoachProfileState =
  | { phase: 'loading' }
  | { phase: 'loaded'; coach: CoachDetail }
  | { phase: 'not-found' }
  | { phase: 'failed'; message: string };

interface Loaded {
  coachId: string;
  state: CoachProfileState;
}

/**
 * GET /api/coaches/{id}, fetched again when the UK week turns over (a page left open from Saturday
 * night would otherwise offer last week as the current one). Until the first answer for this coach
 * it is loading; a later refetch keeps showing the page it replaces.
 */
export function useCoachProfile(
  id: string,
  todayUk: string,
): { state: CoachProfileState; replaceAvailability(days: CoachAvailabilityDay[]): void } {
  const weekStart = addDaysToKey(todayUk, -coachWeekdayOf(todayUk));
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchCoach(id, controller.signal).then(
      (coach) => setLoaded({ coachId: id, state: { phase: 'loaded', coach } }),
      (err: Error) => {
        if (controller.signal.aborted) return;
        setLoaded({
          coachId: id,
          state: statusOf(err) === 404 ? { phase: 'not-found' } : { phase: 'failed', message: err.message },
        });
      },
    );
    return () => controller.abort();
  }, [id, weekStart]);

  const replaceAvailability = useCallback((availability: CoachAvailabilityDay[]) => {
    setLoaded((current) =>
      current?.state.phase === 'loaded'
        ? { ...current, state: { phase: 'loaded', coach: { ...current.state.coach, availability } } }
        : current,
    );
  }, []);

  return { state: loaded?.coachId === id ? loaded.state : { phase: 'loading' }, replaceAvailability };
}
