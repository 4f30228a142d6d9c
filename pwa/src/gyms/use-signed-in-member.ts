import { useCallback } from 'react';
import { useRequireMember } from '../session/require-sign-in.ts';
import { useSession } from '../session/session-context.tsx';

/**
 * For booking actions: the signed-in member's profile id, or null after sending a visitor to
 * member sign-in (origin remembered, history replaced — §4).
 */
export function useSignedInMember(): () => string | null {
  const requireMember = useRequireMember();
  const { userInfo } = useSession();
  return useCallback(() => (requireMember() && userInfo ? userInfo.profileId : null), [requireMember, userInfo]);
}
