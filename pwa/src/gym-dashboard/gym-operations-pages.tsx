/** The gym's day-to-day sections whose features come in later issues: each says what it will hold. */
import { ComingNote, DashboardPage } from '../dashboard-frame/dashboard-parts.tsx';

export function GymBookingsPage() {
  return (
    <DashboardPage title="Bookings">
      <ComingNote>Today's completed, today's and upcoming PT sessions at your gym arrive with bookings.</ComingNote>
    </DashboardPage>
  );
}
