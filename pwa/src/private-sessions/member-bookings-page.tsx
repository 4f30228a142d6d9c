/** The member's sessions (§2 /userdashboard/bookings and privatesessions' Bookings tab), from the device's bookings. */
import { useCallback, useMemo, useState } from 'react';
import { DashboardPage } from '../dashboard-frame/index.ts';
import { bookingSections, type BookingView, useBookings } from '../data/index.ts';
import { FormMessage, successMessage, type Message } from '../forms/index.ts';
import { BOOKING_TEXTS } from './bookings-model.ts';
import { CancelSessionControl } from './cancel-session-control.tsx';
import { SessionCardText, SessionSection } from './session-list.tsx';
import { useNow } from '../lib/index.ts';

export function MemberBookingsPage({ title }: { title: string }) {
  const { docs, ready } = useBookings();
  const now = useNow();
  // Sessions cancelled here leave the lists at once, before sync brings the cancelled copy (§4).
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<Message | null>(null);
  const sections = useMemo(() => bookingSections(docs, now, hidden), [docs, now, hidden]);
  const cancelled = useCallback((session: BookingView, text: string) => {
    setHidden((ids) => new Set(ids).add(session.bookingId));
    setMessage(successMessage(text));
  }, []);

  const card = (session: BookingView, cancellable: boolean) => (
    <>
      <SessionCardText
        title={`${session.discipline} with ${session.coachFullName}`}
        when={session}
        details={[session.gymName]}
      />
      {cancellable && (
        <div className="session-card__actions">
          <CancelSessionControl session={session} onCancelled={cancelled} />
        </div>
      )}
    </>
  );

  return (
    <DashboardPage title={title}>
      <FormMessage message={message} />
      <SessionSection
        title="Completed Today"
        empty={BOOKING_TEXTS.noneCompletedToday}
        ready={ready}
        items={sections.todaysCompleted}
      >
        {(session) => card(session, false)}
      </SessionSection>
      <SessionSection title="Today's Sessions" empty={BOOKING_TEXTS.noneToday} ready={ready} items={sections.today}>
        {(session) => card(session, true)}
      </SessionSection>
      <SessionSection
        title="Upcoming Sessions"
        empty={BOOKING_TEXTS.noUpcoming}
        ready={ready}
        items={sections.upcoming}
      >
        {(session) => card(session, true)}
      </SessionSection>
    </DashboardPage>
  );
}
