/**
 * /gymdashboard/visitors (§2 "Visitors"): from the gym's local day passes and private-session
 * bookings, so it works offline.
 */
import { OPENING_FRONT_DESK } from '@mastr/rules/texts.ts';
import { useMemo, useState } from 'react';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import { DashboardPage } from '../dashboard-frame/index.ts';
import { useBookings, useDayPasses } from '../data/index.ts';
import { visitorsOf } from '@mastr/rules/visitors.ts';
import { searchVisitors } from './visitors-model.ts';
import './front-desk.css';

export function VisitorsPage() {
  const { docs, ready } = useDayPasses();
  const bookings = useBookings();
  const [query, setQuery] = useState('');
  const visitors = useMemo(() => visitorsOf(docs, Infinity, bookings.docs), [docs, bookings.docs]);
  const shown = searchVisitors(visitors, query);
  return (
    <DashboardPage title="Visitors">
      <div className="form-field visitors__search">
        <label className="form-field__label" htmlFor="visitor-search">
          Search visitors
        </label>
        <input
          id="visitor-search"
          className="form-field__input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Name or email"
          autoComplete="off"
        />
      </div>
      {!ready || !bookings.ready ? (
        <p className="dash-note">{OPENING_FRONT_DESK}</p>
      ) : !shown.length ? (
        <p className="dash-note">No Visitors</p>
      ) : (
        <ul className="visitors">
          {shown.map((visitor) => (
            <li key={visitor._id} className="visitors__item">
              <h2 className="visitors__name">{visitor.userName}</h2>
              {visitor.email && <p className="visitors__email">{visitor.email}</p>}
              <h3 className="visitors__heading">Day Passes</h3>
              <ul className="visitors__dates">
                {visitor.dayPasses.map((pass) => (
                  <li key={pass._id}>{formatWallClock(pass.date, DATE_FORMATS.medium)}</li>
                ))}
              </ul>
              {visitor.dayPasses.length === 0 && <p className="dash-note">None</p>}
              <h3 className="visitors__heading">Private Sessions</h3>
              {visitor.privateSessions.length ? (
                <ul className="visitors__dates">
                  {visitor.privateSessions.map((session) => (
                    <li key={session._id}>
                      {formatWallClock(session.date, DATE_FORMATS.medium)} at{' '}
                      {formatWallClock(session.date, DATE_FORMATS.time)}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="dash-note">None</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}
