import { Route, Routes } from 'react-router-dom';
import { CoachAvailabilityPage } from '../coach-availability/index.ts';
import { NotificationsPage, DashboardFrame, COACH_NAV, MeProfileProvider } from '../dashboard-frame/index.ts';
import { SettingsPage } from '../account-editing/index.ts';
import { CoachStripePage } from '../payments/index.ts';
import { GoogleSignInPage } from '../sign-in/google-sign-in-page.tsx';
import { CoachAccountPage } from './coach-account-pages.tsx';
import { CoachHomePage } from './coach-home-page.tsx';
import { CoachManagementPage } from './coach-management-page.tsx';
import {
  CoachAuctionGymPage,
  CoachAuctionPage,
  CoachBookingsPage,
  CoachSessionRequestsPage,
} from '../coach-sessions/index.ts';

/** /coachdashboard/* (§2 "Coach dashboard"); a lazy chunk behind the coach role guard. */
export default function CoachDashboard() {
  return (
    <MeProfileProvider kind="coach">
      <Routes>
        <Route element={<DashboardFrame kind="coach" label="Coach dashboard" nav={COACH_NAV} />}>
          <Route index element={<CoachHomePage />} />
          <Route path="stripe" element={<CoachStripePage />} />
          <Route path="account" element={<CoachAccountPage />} />
          <Route path="management" element={<CoachManagementPage />} />
          <Route path="availability" element={<CoachAvailabilityPage />} />
          <Route path="bookings" element={<CoachBookingsPage />} />
          <Route path="auction" element={<CoachAuctionPage />} />
          <Route path="auction/:id" element={<CoachAuctionGymPage />} />
          <Route path="sessionrequests" element={<CoachSessionRequestsPage />} />
          <Route path="notifications" element={<NotificationsPage />} />
          <Route path="settings" element={<SettingsPage deleteTitle="Delete My Account" />} />
        </Route>
        {/* §2: any unknown path shows the Google sign-in screen. */}
        <Route path="*" element={<GoogleSignInPage />} />
      </Routes>
    </MeProfileProvider>
  );
}
