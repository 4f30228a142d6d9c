import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SIGN_IN_PATH } from '@mastr/rules/roles.ts';
import { useSession } from './session-context.tsx';

/**
 * Booking actions need a signed-in member (§4 "Not logged in actions"): otherwise they go to
 * /auth/user, replacing history, with the current location remembered so sign-in returns here.
 * Returns a function that answers true when the member may go on, after redirecting if not.
 */
export function useRequireMember(): () => boolean {
  const { userInfo, kind } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (userInfo && kind === 'user') return true;
    navigate(SIGN_IN_PATH.user, { replace: true, state: { from: location } });
    return false;
  }, [userInfo, kind, navigate, location]);
}
