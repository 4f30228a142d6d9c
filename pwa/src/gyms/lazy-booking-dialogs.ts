import { lazy } from 'react';
import type * as BookingDialogs from './booking-dialogs.ts';

/** One import for all five: one request, and the first tap's wait is the only one. */
let dialogs: Promise<typeof BookingDialogs> | null = null;
const loadDialogs = () => (dialogs ??= import('./booking-dialogs.ts'));

/**
 * Fetches the dialogs' code once the page has rendered, so a tap opens one at once (decision 167).
 * Offline, the service worker's precache answers it as it answers the page's own chunk. It waits for
 * an idle moment, in a task of its own: adding the dialogs' links in the task that renders the grid
 * made that task a long one on a phone (issue 27). Safari, without `requestIdleCallback`, takes the
 * next task. Returns a cancel, for the effect's cleanup.
 */
export function preloadBookingDialogsWhenIdle(): () => void {
  const preload = () =>
    void loadDialogs().catch(() => {
      // A failed preload is retried by the tap that needs the dialog.
      dialogs = null;
    });
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(preload, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(preload, 1);
  return () => clearTimeout(handle);
}

export const ClassBookingModal = lazy(() => loadDialogs().then((m) => ({ default: m.ClassBookingModal })));
export const DayPassModal = lazy(() => loadDialogs().then((m) => ({ default: m.DayPassModal })));
export const MastrClassModal = lazy(() => loadDialogs().then((m) => ({ default: m.MastrClassModal })));
export const PtRequestModal = lazy(() => loadDialogs().then((m) => ({ default: m.PtRequestModal })));
export const RequestSentModal = lazy(() => loadDialogs().then((m) => ({ default: m.RequestSentModal })));
