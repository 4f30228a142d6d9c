/** The member's private sessions and bookings (§2): lists from the device's copy, so they read offline too. */
import { Outlet } from 'react-router-dom';
import { USER_PRIVATE_SESSION_TABS, SubNav } from '../dashboard-frame/index.ts';
import { SessionCheckoutNotice } from '../payments/index.ts';
import { CoachRequestsPage, GymRequestsPage, MemberBookingsPage } from '../private-sessions/index.ts';

export function UserPrivateSessionsLayout() {
  return (
    <>
      <SubNav label="Private sessions" items={USER_PRIVATE_SESSION_TABS} />
      <SessionCheckoutNotice />
      <Outlet />
    </>
  );
}

export function UserPrivateSessionsPage({ list }: { list: 'bookings' | 'coachrequests' | 'gymrequests' }) {
  if (list === 'coachrequests') return <CoachRequestsPage title="Coach Requests" />;
  if (list === 'gymrequests') return <GymRequestsPage />;
  return <MemberBookingsPage title="Private Sessions" />;
}

export const UserBookingsPage = () => <MemberBookingsPage title="Bookings" />;

export const UserSessionRequestsPage = () => <CoachRequestsPage title="Session Requests" />;
