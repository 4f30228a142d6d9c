import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useReloadMeProfile } from '../dashboard-frame/index.ts';
import { useTenantStore } from '../data/index.ts';

/**
 * The gym's status depends on its Default Schedule (rules/go-live.ts: a class members can book), and
 * the server derives it again on every schedule write it takes. The schedule page saves on the device
 * and its sender delivers later, so the profile on screen (go-live checklist, Gym Status) is fetched
 * again each time the device's waiting schedule edits have all been taken: the first class shows the
 * gym Active, deleting the last shows the step again, whichever dashboard page is open by then.
 */
function useStatusFollowsSchedule(): void {
  const store = useTenantStore();
  const reload = useReloadMeProfile('gym');
  useEffect(() => {
    if (!store) return;
    let waiting = false;
    const subscription = store.schedule.waiting$.subscribe((count) => {
      if (count > 0) waiting = true;
      else if (waiting) {
        waiting = false;
        void reload();
      }
    });
    return () => subscription.unsubscribe();
  }, [store, reload]);
}

/** A layout route around every gym dashboard page: follows the schedule, shows the page. */
export function StatusFollowsSchedule() {
  useStatusFollowsSchedule();
  return <Outlet />;
}
