/** /coachdashboard/bookings: the coach's paid sessions from the device, readable offline (§2). */
import { useState } from 'react';
import { useOnline } from '../account-editing/index.ts';
import { DashboardPage, Panel } from '../dashboard-frame/index.ts';
import { bookingSections, type BookingView, useBookings } from '../data/index.ts';
import { ConfirmModal } from '../ui/index.ts';
import { BOOKINGS_TEXTS as TEXTS, cancelQuestion, errorLine, sessionCount } from './coach-bookings-model.ts';
import { useBookingCancel } from './use-booking-cancel.ts';
import { useNow } from '../lib/index.ts';
import './coach-sessions.css';

interface SessionListProps {
  title: string;
  rows: BookingView[] | null;
  loading: string;
  empty: string;
  /** Given for the upcoming list only: the one whose sessions can be cancelled. */
  onCancel?: (row: BookingView) => void;
  busy?: boolean;
}

function SessionList({ title, rows, loading, empty, onCancel, busy = false }: SessionListProps) {
  return (
    <Panel title={rows ? `${title} (${sessionCount(rows.length)})` : title}>
      {!rows && <p className="dash-empty">{loading}</p>}
      {rows?.length === 0 && <p className="dash-empty">{empty}</p>}
      <ul className="session-list">
        {rows?.map((row) => (
          <li key={row.bookingId} className="session-row">
            <span className="session-row__details">
              <span className="session-row__name">{row.clientName}</span>
              <span>
                {row.discipline} · {row.experienceLevel} · {row.gymName}
              </span>
              <span>
                {row.start} - {row.end} · {row.date}
              </span>
            </span>
            {onCancel && (
              <button type="button" className="button button--ghost" disabled={busy} onClick={() => onCancel(row)}>
                Cancel PT
              </button>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function CoachBookingsPage() {
  const { docs, ready } = useBookings();
  const online = useOnline();
  const now = useNow();
  const { busy, error, done, cancelledHere, cancel } = useBookingCancel();
  const [confirming, setConfirming] = useState<BookingView | null>(null);
  const lists = ready ? bookingSections(docs, now, cancelledHere) : null;

  const confirm = async () => {
    if (!confirming) return;
    await cancel(confirming.bookingId);
    setConfirming(null);
  };

  return (
    <DashboardPage title={TEXTS.title}>
      {!online && <p className="dash-note dash-note--offline">{TEXTS.offline}</p>}
      {error && (
        <p className="form-status form-status--error" role="alert">
          {errorLine(error)}
        </p>
      )}
      {done && (
        <p className="form-status form-status--success" role="status">
          {done}
        </p>
      )}
      <SessionList
        title={TEXTS.completedToday}
        rows={lists?.todaysCompleted ?? null}
        loading={TEXTS.loadingCompleted}
        empty={TEXTS.noneCompleted}
      />
      <SessionList
        title={TEXTS.today}
        rows={lists?.today ?? null}
        loading={TEXTS.loadingToday}
        empty={TEXTS.noneToday}
      />
      <SessionList
        title={TEXTS.upcoming}
        rows={lists?.upcoming ?? null}
        loading={TEXTS.loadingUpcoming}
        empty={TEXTS.noneUpcoming}
        onCancel={setConfirming}
        busy={busy || !online}
      />
      {confirming && (
        <ConfirmModal
          title={TEXTS.cancelTitle}
          confirmLabel={TEXTS.cancelLabel}
          dismissLabel={TEXTS.keepLabel}
          busy={busy}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(null)}
        >
          {confirming.date} {confirming.start}
          <br />
          {cancelQuestion(confirming.clientName)}
        </ConfirmModal>
      )}
    </DashboardPage>
  );
}
