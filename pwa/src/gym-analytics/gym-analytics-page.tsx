/**
 * /gymdashboard/analytics: check-ins and day-pass sales per day over the last 28 UK days, drawn from
 * the gym's local copy (works offline). Loaded lazily (gym-dashboard.tsx) so chart.js is fetched only
 * here; the table below the chart lists the same figures for screen readers and without canvas.
 */
import { DashboardPage, Panel } from '../dashboard-frame/index.ts';
import { useSyncStatus } from '../data/index.ts';
import { AnalyticsChart } from './analytics-chart.tsx';
import { ANALYTICS_DAYS, analyticsSummary, dayLabel, type GymAnalytics } from './analytics-model.ts';
import { useGymAnalytics } from './use-gym-analytics.ts';
import './analytics.css';

function FiguresTable({ analytics }: { analytics: GymAnalytics }) {
  // Newest first: today's figures are what staff look for.
  const days = [...analytics.days].reverse();
  return (
    <div className="analytics-table__scroll">
      <table className="analytics-table">
        <caption className="sr-only">Check-ins and day passes sold per day, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Check-ins</th>
            <th scope="col">Day passes sold</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date} data-date={day.date}>
              <th scope="row">
                <time dateTime={day.date}>{dayLabel(day.date)}</time>
              </th>
              <td>{day.checkIns}</td>
              <td>{day.dayPassSales}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{analytics.totals.checkIns}</td>
            <td>{analytics.totals.dayPassSales}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function pendingNote(pending: number): string {
  return pending === 1
    ? '1 check-in recorded on this device is waiting for the server and is not counted yet.'
    : `${pending} check-ins recorded on this device are waiting for the server and are not counted yet.`;
}

export default function GymAnalyticsPage() {
  const analytics = useGymAnalytics();
  const { failure } = useSyncStatus();
  return (
    <DashboardPage title="Analytics">
      {analytics ? (
        <>
          <p className="analytics-summary">{analyticsSummary(analytics)}</p>
          {analytics.pendingCheckIns > 0 && <p className="dash-note">{pendingNote(analytics.pendingCheckIns)}</p>}
          <Panel title={`Last ${ANALYTICS_DAYS} days`}>
            <AnalyticsChart analytics={analytics} summary={analyticsSummary(analytics)} />
            <p className="analytics-key">
              Check-ins the server counted (duplicates and refusals left out); day passes by the day they were sold,
              cancelled ones left out.
            </p>
          </Panel>
          <Panel title="Figures by day">
            <FiguresTable analytics={analytics} />
          </Panel>
        </>
      ) : (
        <p className="dash-note" role="status">
          {failure ?? "Reading your gym's data on this device…"}
        </p>
      )}
    </DashboardPage>
  );
}
