import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './shell/layout.tsx';
import { Splash } from './shell/splash.tsx';
import { useSession } from './session/session-context.tsx';
import { RequireRole } from './session/require-role.tsx';
import { HomePage } from './home/home-page.tsx';

// Every page but the home page is code-split (issue 27, design/decisions.md 125): `/` downloads only
// what it renders, and each public page its own chunk when first visited. Dashboards likewise.
const AboutPage = lazy(() => import('./about/about-page.tsx').then((m) => ({ default: m.AboutPage })));
const PolicyPage = lazy(() => import('./policy/policy-page.tsx').then((m) => ({ default: m.PolicyPage })));
const RegisterChooserPage = lazy(() =>
  import('./register/register-chooser-page.tsx').then((m) => ({ default: m.RegisterChooserPage })),
);
const RegisterUserPage = lazy(() =>
  import('./register/register-user-page.tsx').then((m) => ({ default: m.RegisterUserPage })),
);
const RegisterCoachPage = lazy(() =>
  import('./register/register-coach-page.tsx').then((m) => ({ default: m.RegisterCoachPage })),
);
const RegisterGymPage = lazy(() =>
  import('./register/register-gym-page.tsx').then((m) => ({ default: m.RegisterGymPage })),
);
const SignInChooserPage = lazy(() =>
  import('./sign-in/sign-in-chooser-page.tsx').then((m) => ({ default: m.SignInChooserPage })),
);
const SignInPage = lazy(() => import('./sign-in/sign-in-page.tsx').then((m) => ({ default: m.SignInPage })));
const GoogleSignInPage = lazy(() =>
  import('./sign-in/google-sign-in-page.tsx').then((m) => ({ default: m.GoogleSignInPage })),
);
const GoogleSuccessPage = lazy(() =>
  import('./sign-in/google-success-page.tsx').then((m) => ({ default: m.GoogleSuccessPage })),
);
const VerifyEmailPage = lazy(() =>
  import('./verify/verify-email-page.tsx').then((m) => ({ default: m.VerifyEmailPage })),
);
const ForgottenPasswordPage = lazy(() =>
  import('./password/forgotten-password-page.tsx').then((m) => ({ default: m.ForgottenPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./password/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const DashboardsPage = lazy(() =>
  import('./dashboards/dashboards-page.tsx').then((m) => ({ default: m.DashboardsPage })),
);
const UnauthorizedPage = lazy(() =>
  import('./shell/unauthorized-page.tsx').then((m) => ({ default: m.UnauthorizedPage })),
);
const GymsPage = lazy(() => import('./gyms/gyms-page.tsx').then((m) => ({ default: m.GymsPage })));
const GymProfilePage = lazy(() => import('./gyms/gym-profile-page.tsx').then((m) => ({ default: m.GymProfilePage })));
const GymCoachesPage = lazy(() => import('./gyms/gym-coaches-page.tsx').then((m) => ({ default: m.GymCoachesPage })));
const CoachesListPage = lazy(() =>
  import('./coaches/coaches-list-page.tsx').then((m) => ({ default: m.CoachesListPage })),
);
const CoachProfilePage = lazy(() =>
  import('./coaches/coach-profile-page.tsx').then((m) => ({ default: m.CoachProfilePage })),
);
const UnsubscribePage = lazy(() =>
  import('./mail-settings/unsubscribe-page.tsx').then((m) => ({ default: m.UnsubscribePage })),
);

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
