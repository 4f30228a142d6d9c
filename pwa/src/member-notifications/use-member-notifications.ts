import { useEffect, useMemo } from 'react';
import { useNotifications, useNotificationsSeenUpTo, useTenantStore } from '../data/index.ts';
import { memberNotificationItems, newestAt, unseenCount } from './member-notifications-model.ts';

/**
 * The member's Notifications page over the device's copy (offline too). Once shown, everything
 * listed counts as seen on this device, so the bell's count goes back to none.
 */
export function useMemberNotifications() {
  const store = useTenantStore();
  const { docs, ready } = useNotifications();
  const items = useMemo(() => memberNotificationItems(docs), [docs]);
  const newest = newestAt(docs);
  useEffect(() => {
    // A failed local write only leaves the bell's count up; the list is shown all the same.
    if (store && newest) store.notifications.markSeen(newest).catch(() => undefined);
  }, [store, newest]);
  return { items, ready };
}

/** How many events arrived since the Notifications page was last shown on this device (0 until both answered). */
export function useUnseenNotifications(): number {
  const { docs, ready } = useNotifications();
  const seen = useNotificationsSeenUpTo();
  return ready && seen.ready ? unseenCount(docs, seen.seenUpTo) : 0;
}
