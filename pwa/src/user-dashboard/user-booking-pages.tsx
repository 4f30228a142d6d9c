/** The member's private sessions and bookings; their lists come in later issues, so each says what it will hold. */
import { Outlet } from 'react-router-dom';
import { USER_PRIVATE_SESSION_TABS } from '../dashboard-frame/dashboard-navs.ts';
import { ComingNote, DashboardPage, SubNav } from '../dashboard-frame/dashboard-parts.tsx';

export function UserPrivateSessionsLayout() {
  return (
    <>
      <SubNav label="Private sessions" items={USER_PRIVATE_SESSION_TABS} />
      <Outlet />
    </>
  );
}

const PRIVATE_LISTS = {
  bookings: { title: 'Private Sessions', note: 'Your booked PT sessions arrive with private sessions.' },
  coachrequests: {
    title: 'Coach Requests',
    note: 'Your requests to coaches, and paying for accepted ones, arrive with private sessions.',
  },
  gymrequests: {
    title: 'Gym Requests',
    note: 'Your PT requests to gyms, and choosing a coach who applied, arrive with private sessions.',
  },
} as const;

export function UserPrivateSessionsPage({ list }: { list: keyof typeof PRIVATE_LISTS }) {
  const { title, note } = PRIVATE_LISTS[list];
  return (
    <DashboardPage title={title}>
      <ComingNote>{note}</ComingNote>
    </DashboardPage>
  );
}

export function UserBookingsPage() {
  return (
    <DashboardPage title="Bookings">
      <ComingNote>Your upcoming and completed sessions, and cancelling them, arrive with bookings.</ComingNote>
    </DashboardPage>
  );
}

export function UserSessionRequestsPage() {
  return (
    <DashboardPage title="Session Requests">
      <ComingNote>Your private session requests, Accepted and Requested, arrive with private sessions.</ComingNote>
    </DashboardPage>
  );
}
