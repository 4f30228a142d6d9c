import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { useRequireMember, useSession } from '../session/index.ts';
import { saveBookingIntent, type BookingIntent } from './booking-intent.ts';

/**
 * For booking actions: the signed-in member's profile id, or null after sending a visitor to
 * member sign-in (origin remembered, history replaced — §4). `intent` is what the visitor was
 * booking: kept so the same dialog, with the same choices, reopens after signing in (issue 15).
 */
export function useSignedInMember(): (intent?: BookingIntent) => string | null {
  const requireMember = useRequireMember();
  const { userInfo } = useSession();
  const { pathname } = useLocation();
  return useCallback(
    (intent?: BookingIntent) => {
      if (!userInfo && intent) saveBookingIntent(pathname, intent);
      return requireMember() && userInfo ? userInfo.profileId : null;
    },
    [requireMember, userInfo, pathname],
  );
}
