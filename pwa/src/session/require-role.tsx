import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { SIGN_IN_PATH, hasRole, type AccountKind } from '@mastr/rules/roles.ts';
import { useSession } from './session-context.tsx';

/**
 * Route guard (§6): not signed in → the matching sign-in screen with the origin remembered;
 * signed in with another role → /unauthorized, origin remembered.
 */
export function RequireRole({ kind }: { kind: AccountKind }) {
  const { userInfo } = useSession();
  const location = useLocation();
  if (hasRole(userInfo?.roles, kind)) return <Outlet />;
  if (userInfo?.email) return <Navigate to="/unauthorized" state={{ from: location }} replace />;
  return <Navigate to={SIGN_IN_PATH[kind]} state={{ from: location }} replace />;
}
