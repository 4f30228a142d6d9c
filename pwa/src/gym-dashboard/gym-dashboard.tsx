import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotificationsPage, DashboardFrame, GYM_NAV, MeProfileProvider } from '../dashboard-frame/index.ts';
import { SettingsPage } from '../account-editing/index.ts';
import { GoogleSignInPage } from '../sign-in/google-sign-in-page.tsx';
import { GymStripePage } from '../payments/index.ts';
import { GymAccountPage } from './gym-account-pages.tsx';
import {
  DayPassesHomePage,
  MastrPassesPage,
  TodayPassesPage,
  UpcomingPassesPage,
  VisitorsPage,
} from '../front-desk/index.ts';
import { GymDayPassesLayout } from './gym-day-passes-pages.tsx';
import { GymHomePage } from './gym-home-page.tsx';
import { GymSchedulePage } from '../gym-schedule/index.ts';
import { GymBookingsPage } from '../private-sessions/index.ts';
import { GymManagementPage } from './gym-management-page.tsx';
import { StatusFollowsSchedule } from './status-follows-schedule.tsx';

// Analytics is the only page that draws a chart: chart.js is fetched with it, not with the dashboard.
const GymAnalyticsPage = lazy(() => import('../gym-analytics/gym-analytics-page.tsx'));

/** /gymdashboard/* (§2 "Gym dashboard"); a lazy chunk behind the gym role guard. */
export default function GymDashboard() {
  return (
    <MeProfileProvider kind="gym">
      <Routes>
        <Route element={<DashboardFrame kind="gym" label="Gym dashboard" nav={GYM_NAV} />}>
          {/* The go-live status follows the timetable the device delivers (status-follows-schedule.tsx). */}
          <Route element={<StatusFollowsSchedule />}>
            <Route index element={<GymHomePage />} />
            <Route path="stripe" element={<GymStripePage />} />
            <Route path="account" element={<GymAccountPage />} />
            <Route path="schedule" element={<GymSchedulePage />} />
            <Route path="management" element={<GymManagementPage />} />
            <Route path="bookings" element={<GymBookingsPage />} />
            <Route path="daypasses" element={<GymDayPassesLayout />}>
              <Route index element={<DayPassesHomePage />} />
              <Route path="today" element={<TodayPassesPage />} />
              <Route path="upcoming" element={<UpcomingPassesPage />} />
              <Route path="mastr" element={<MastrPassesPage />} />
            </Route>
            <Route
              path="analytics"
              element={
                <Suspense fallback={<p className="dash-note">Opening analytics…</p>}>
                  <GymAnalyticsPage />
                </Suspense>
              }
            />
            <Route path="notifications" element={<NotificationsPage />} />
            <Route path="visitors" element={<VisitorsPage />} />
            <Route path="settings" element={<SettingsPage deleteTitle="Delete My Account" />} />
          </Route>
        </Route>
        {/* §2: any unknown path shows the Google sign-in screen. */}
        <Route path="*" element={<GoogleSignInPage />} />
      </Routes>
    </MeProfileProvider>
  );
}
