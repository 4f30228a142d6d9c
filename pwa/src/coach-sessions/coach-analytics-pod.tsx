/**
 * The coach home's Analytics chart (issue 12): sessions per week over the last eight weeks, drawn
 * from the bookings on the device (offline too) as plain bars, so the home page does not load a
 * charting library. The weeks are also listed for screen readers.
 */
import { useMemo } from 'react';
import { formatPence } from '@mastr/rules/money.ts';
import { useBookings } from '../data/index.ts';
import { coachAnalyticsSummary, coachWeeklyFigures } from './coach-analytics-model.ts';
import { useNow } from '../lib/index.ts';
import './coach-sessions.css';

export function CoachWeeksChart() {
  const { docs, ready } = useBookings();
  const now = useNow();
  const weeks = useMemo(() => coachWeeklyFigures(docs, now), [docs, now]);
  if (!ready) return null;
  const most = Math.max(1, ...weeks.map((w) => w.sessions));
  return (
    <figure className="coach-weeks">
      <ol className="coach-weeks__bars" aria-hidden="true">
        {weeks.map((week) => (
          <li key={week.weekStart} className="coach-weeks__week" title={`${week.label}: ${week.sessions}`}>
            <span className="coach-weeks__bar" style={{ height: `${(week.sessions / most) * 100}%` }} />
          </li>
        ))}
      </ol>
      <figcaption className="pod__label">{coachAnalyticsSummary(weeks)}</figcaption>
      <ul className="sr-only">
        {weeks.map((week) => (
          <li key={week.weekStart}>
            Week of {week.label}: {week.sessions} {week.sessions === 1 ? 'session' : 'sessions'},{' '}
            {formatPence(week.earningsPence)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
