/** The gym's PT sessions (§2 gym Bookings), from the device's bookings: readable offline. */
import { useMemo } from 'react';
import { DashboardPage } from '../dashboard-frame/index.ts';
import { bookingSections, type BookingView, useBookings } from '../data/index.ts';
import { BOOKING_TEXTS } from './bookings-model.ts';
import { SessionCardText, SessionSection } from './session-list.tsx';
import { useNow } from '../lib/index.ts';

const card = (session: BookingView) => (
  <SessionCardText
    title={`${session.discipline}: ${session.clientName}`}
    when={session}
    details={[`Coach ${session.coachFullName}`, session.experienceLevel]}
  />
);

export function GymBookingsPage() {
  const { docs, ready } = useBookings();
  const now = useNow();
  const sections = useMemo(() => bookingSections(docs, now), [docs, now]);
  return (
    <DashboardPage title="Bookings">
      <SessionSection
        title="Today's Completed Sessions"
        empty={BOOKING_TEXTS.noneCompletedToday}
        ready={ready}
        items={sections.todaysCompleted}
      >
        {card}
      </SessionSection>
      <SessionSection title="Today's Sessions" empty={BOOKING_TEXTS.noneToday} ready={ready} items={sections.today}>
        {card}
      </SessionSection>
      <SessionSection
        title="Upcoming Sessions"
        empty={BOOKING_TEXTS.noUpcoming}
        ready={ready}
        items={sections.upcoming}
      >
        {card}
      </SessionSection>
    </DashboardPage>
  );
}
