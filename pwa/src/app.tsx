import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './shell/layout.tsx';
import { Splash } from './shell/splash.tsx';
import { useSession } from './session/session-context.tsx';
import { RequireRole } from './session/require-role.tsx';
import { HomePage } from './home/home-page.tsx';
import { AboutPage } from './about/about-page.tsx';
import { PolicyPage } from './policy/policy-page.tsx';
import { RegisterChooserPage } from './register/register-chooser-page.tsx';
import { RegisterUserPage } from './register/register-user-page.tsx';
import { RegisterCoachPage } from './register/register-coach-page.tsx';
import { RegisterGymPage } from './register/register-gym-page.tsx';
import { SignInChooserPage } from './sign-in/sign-in-chooser-page.tsx';
import { SignInPage } from './sign-in/sign-in-page.tsx';
import { GoogleSignInPage } from './sign-in/google-sign-in-page.tsx';
import { GoogleSuccessPage } from './sign-in/google-success-page.tsx';
import { VerifyEmailPage } from './verify/verify-email-page.tsx';
import { ForgottenPasswordPage } from './password/forgotten-password-page.tsx';
import { ResetPasswordPage } from './password/reset-password-page.tsx';
import { DashboardsPage } from './dashboards/dashboards-page.tsx';
import { UnauthorizedPage } from './shell/unauthorized-page.tsx';
import { GymsPage } from './gyms/gyms-page.tsx';
import { GymProfilePage } from './gyms/gym-profile-page.tsx';
import { GymCoachesPage } from './gyms/gym-coaches-page.tsx';
import { CoachesListPage } from './coaches/coaches-list-page.tsx';
import { CoachProfilePage } from './coaches/coach-profile-page.tsx';
import { UnsubscribePage } from './mail-settings/unsubscribe-page.tsx';

// Dashboards are code-split: public routes never download them.
const UserDashboard = lazy(() => import('./user-dashboard/user-dashboard.tsx'));
const GymDashboard = lazy(() => import('./gym-dashboard/gym-dashboard.tsx'));
const CoachDashboard = lazy(() => import('./coach-dashboard/coach-dashboard.tsx'));

export function App() {
  const { restoring } = useSession();
  if (restoring) return <Splash />;
  return (
    <Suspense fallback={<Splash />}>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="policy/*" element={<PolicyPage />} />
          <Route path="register" element={<RegisterChooserPage />} />
          <Route path="register/user" element={<RegisterUserPage />} />
          <Route path="register/coach" element={<RegisterCoachPage />} />
          <Route path="register/gym" element={<RegisterGymPage />} />
          <Route path="auth" element={<SignInChooserPage />} />
          <Route path="auth/user" element={<SignInPage kind="user" />} />
          <Route path="auth/coach" element={<SignInPage kind="coach" />} />
          <Route path="auth/gym" element={<SignInPage kind="gym" />} />
          <Route path="auth/google" element={<GoogleSignInPage />} />
          <Route path="googlesuccess" element={<GoogleSuccessPage />} />
          <Route path="users/:id/verify/:token" element={<VerifyEmailPage kind="user" />} />
          <Route path="coaches/:id/verify/:token" element={<VerifyEmailPage kind="coach" />} />
          <Route path="gyms/:id/verify/:token" element={<VerifyEmailPage kind="gym" />} />
          <Route path="mail/unsubscribe/:token" element={<UnsubscribePage />} />
          <Route path="users/forgotten-password" element={<ForgottenPasswordPage kind="user" />} />
          <Route path="coaches/forgotten-password" element={<ForgottenPasswordPage kind="coach" />} />
          <Route path="gyms/forgotten-password" element={<ForgottenPasswordPage kind="gym" />} />
          <Route path="users/password-reset/:id/:token" element={<ResetPasswordPage kind="user" />} />
          <Route path="coaches/password-reset/:id/:token" element={<ResetPasswordPage kind="coach" />} />
          <Route path="gyms/password-reset/:id/:token" element={<ResetPasswordPage kind="gym" />} />
          <Route path="coaches" element={<CoachesListPage />} />
          <Route path="coaches/:id" element={<CoachProfilePage />} />
          <Route path="gyms" element={<GymsPage />} />
          <Route path="gyms/:id" element={<GymProfilePage />} />
          <Route path="gyms/:id/coaches" element={<GymCoachesPage />} />
          <Route path="dashboards" element={<DashboardsPage />} />
          <Route path="unauthorized" element={<UnauthorizedPage />} />
          <Route element={<RequireRole kind="user" />}>
            <Route path="userdashboard/*" element={<UserDashboard />} />
          </Route>
          {/* Any unknown path shows the same screen as /auth/google (§2; preserved odd behaviour). */}
          <Route path="*" element={<GoogleSignInPage />} />
        </Route>
        <Route element={<RequireRole kind="gym" />}>
          <Route path="gymdashboard/*" element={<GymDashboard />} />
        </Route>
        <Route element={<RequireRole kind="coach" />}>
          <Route path="coachdashboard/*" element={<CoachDashboard />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
