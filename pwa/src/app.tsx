import { lazy, Suspense, type ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, Route, useRoutes } from 'react-router-dom';
import { Layout, Splash } from './shell/index.ts';
import { RequireRole, useSession } from './session/index.ts';
import { HomePage } from './home/home-page.tsx';

/** A code-split page whose chunk the start-up may ask for before the first render (`preloadPageOf`). */
function lazyPage<T extends Parameters<typeof lazy>[0]>(load: T) {
  return Object.assign(lazy(load as T) as ReturnType<typeof lazy<Awaited<ReturnType<T>>['default']>>, {
    preload: () => void load(),
  });
}

// Every page but the home page is code-split (issue 27, design/decisions.md 125): `/` downloads only
// what it renders, and each public page its own chunk when first visited. Dashboards likewise.
const AboutPage = lazyPage(() => import('./about/about-page.tsx').then((m) => ({ default: m.AboutPage })));
const PolicyPage = lazyPage(() => import('./policy/policy-page.tsx').then((m) => ({ default: m.PolicyPage })));
const RegisterChooserPage = lazyPage(() =>
  import('./register/register-chooser-page.tsx').then((m) => ({ default: m.RegisterChooserPage })),
);
const RegisterUserPage = lazyPage(() =>
  import('./register/register-user-page.tsx').then((m) => ({ default: m.RegisterUserPage })),
);
const RegisterCoachPage = lazyPage(() =>
  import('./register/register-coach-page.tsx').then((m) => ({ default: m.RegisterCoachPage })),
);
const RegisterGymPage = lazyPage(() =>
  import('./register/register-gym-page.tsx').then((m) => ({ default: m.RegisterGymPage })),
);
const SignInChooserPage = lazyPage(() =>
  import('./sign-in/sign-in-chooser-page.tsx').then((m) => ({ default: m.SignInChooserPage })),
);
const SignInPage = lazyPage(() => import('./sign-in/sign-in-page.tsx').then((m) => ({ default: m.SignInPage })));
const GoogleSignInPage = lazyPage(() =>
  import('./sign-in/google-sign-in-page.tsx').then((m) => ({ default: m.GoogleSignInPage })),
);
const GoogleSuccessPage = lazyPage(() =>
  import('./sign-in/google-success-page.tsx').then((m) => ({ default: m.GoogleSuccessPage })),
);
const VerifyEmailPage = lazyPage(() =>
  import('./verify/verify-email-page.tsx').then((m) => ({ default: m.VerifyEmailPage })),
);
const ForgottenPasswordPage = lazyPage(() =>
  import('./password/forgotten-password-page.tsx').then((m) => ({ default: m.ForgottenPasswordPage })),
);
const ResetPasswordPage = lazyPage(() =>
  import('./password/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const DashboardsPage = lazyPage(() =>
  import('./dashboards/dashboards-page.tsx').then((m) => ({ default: m.DashboardsPage })),
);
const UnauthorizedPage = lazyPage(() =>
  import('./shell/unauthorized-page.tsx').then((m) => ({ default: m.UnauthorizedPage })),
);
const GymsPage = lazyPage(() => import('./gyms/gyms-page.tsx').then((m) => ({ default: m.GymsPage })));
const GymProfilePage = lazyPage(() =>
  import('./gyms/gym-profile-page.tsx').then((m) => ({ default: m.GymProfilePage })),
);
const GymCoachesPage = lazyPage(() =>
  import('./gyms/gym-coaches-page.tsx').then((m) => ({ default: m.GymCoachesPage })),
);
const CoachesListPage = lazyPage(() =>
  import('./coaches/coaches-list-page.tsx').then((m) => ({ default: m.CoachesListPage })),
);
const CoachProfilePage = lazyPage(() =>
  import('./coaches/coach-profile-page.tsx').then((m) => ({ default: m.CoachProfilePage })),
);
const UnsubscribePage = lazyPage(() =>
  import('./mail-settings/unsubscribe-page.tsx').then((m) => ({ default: m.UnsubscribePage })),
);

const UserDashboard = lazyPage(() => import('./user-dashboard/user-dashboard.tsx'));
const GymDashboard = lazyPage(() => import('./gym-dashboard/gym-dashboard.tsx'));
const CoachDashboard = lazyPage(() => import('./coach-dashboard/coach-dashboard.tsx'));

/**
 * The app's routes, built once: the first render and `preloadPageOf` read the same table.
 */
const APP_ROUTES = createRoutesFromElements(
  <>
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
  </>,
);

/**
 * Asks for the chunk of the page `pathname` shows, before the first render does (issue 27): the
 * page's files start downloading a task earlier, and the render task no longer adds their links.
 */
export function preloadPageOf(pathname: string): void {
  for (const { route } of matchRoutes(APP_ROUTES, pathname) ?? []) {
    const page = (route.element as ReactElement | undefined)?.type as { preload?: () => void } | undefined;
    page?.preload?.();
  }
}

export function App() {
  const { restoring } = useSession();
  const routes = useRoutes(APP_ROUTES);
  if (restoring) return <Splash />;
  return <Suspense fallback={<Splash />}>{routes}</Suspense>;
}
