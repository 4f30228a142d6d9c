import { Route, Routes } from 'react-router-dom';
import { MeProfileProvider } from '../dashboard-frame/index.ts';
import { SettingsPage } from '../account-editing/index.ts';
import { MemberPassesLayout, MemberDayPassesPage, MemberMastrPassesPage } from '../member-passes/index.ts';
import { MemberNotificationsPage } from '../member-notifications/index.ts';
import { GoogleSignInPage } from '../sign-in/google-sign-in-page.tsx';
import { UserAccountPage, UserHomePage } from './user-account-pages.tsx';
import {
  UserBookingsPage,
  UserPrivateSessionsLayout,
  UserPrivateSessionsPage,
  UserSessionRequestsPage,
} from './user-booking-pages.tsx';
import { UserDashboardFrame } from './user-dashboard-frame.tsx';

/** /userdashboard/* (§2 "User dashboard"); a lazy chunk behind the member role guard, inside the site layout. */
export default function UserDashboard() {
  return (
    <MeProfileProvider kind="user">
      <Routes>
        <Route element={<UserDashboardFrame />}>
          <Route index element={<UserHomePage />} />
          <Route path="account" element={<UserAccountPage />} />
          <Route path="daypasses" element={<MemberPassesLayout />}>
            <Route index element={<MemberDayPassesPage />} />
            <Route path="mastr" element={<MemberMastrPassesPage />} />
          </Route>
          <Route path="privatesessions" element={<UserPrivateSessionsLayout />}>
            <Route index element={<UserPrivateSessionsPage list="bookings" />} />
            <Route path="coachrequests" element={<UserPrivateSessionsPage list="coachrequests" />} />
            <Route path="gymrequests" element={<UserPrivateSessionsPage list="gymrequests" />} />
          </Route>
          <Route path="bookings" element={<UserBookingsPage />} />
          <Route path="sessionrequests" element={<UserSessionRequestsPage />} />
          <Route path="notifications" element={<MemberNotificationsPage />} />
          <Route path="settings" element={<SettingsPage deleteTitle="Delete User Profile" />} />
        </Route>
        {/* §2: any unknown path shows the Google sign-in screen. */}
        <Route path="*" element={<GoogleSignInPage />} />
      </Routes>
    </MeProfileProvider>
  );
}
