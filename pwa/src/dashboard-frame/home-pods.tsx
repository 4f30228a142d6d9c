/** Pod contents shared by the gym and coach homes (§2 "Home pods"). */
import type { ReactNode } from 'react';
import { Pod } from './dashboard-parts.tsx';
import type { MeState } from './me-profile-context.tsx';
import { todaysBookingsText } from './todays-bookings.ts';
import './dashboard-home.css';

/** A pod filled from the /api/me profile: its content once loaded; meanwhile (or on failure) a short line. */
export function ProfilePod<T>({
  me,
  title,
  to,
  children,
}: {
  me: MeState<T>;
  title: string;
  to?: string;
  children: (profile: T) => ReactNode;
}) {
  return (
    <Pod title={title} to={to}>
      {me.status === 'ready' ? (
        children(me.profile)
      ) : (
        <p className="pod__label">{me.status === 'loading' ? 'Loading…' : 'Not available'}</p>
      )}
    </Pod>
  );
}

/**
 * A count with its line of words; `count` null while the figure is not known (still opening, or not
 * part of the answer), which shows as an ellipsis or 'Not known', never as 0.
 */
export function PodCount({ count, text, opening = false }: { count: number | null; text?: string; opening?: boolean }) {
  return (
    <>
      <p className="pod__count">{count ?? (opening ? '…' : '—')}</p>
      {count === null && !opening ? (
        <p className="pod__label">Not known</p>
      ) : (
        text && <p className="pod__label">{text}</p>
      )}
    </>
  );
}

/** Today's Bookings: the number once bookings are in the answer and there are some, else §2's plain words. */
export function TodaysBookings({ count }: { count: number }) {
  return count ? (
    <PodCount count={count} text={todaysBookingsText(count)} />
  ) : (
    <p className="dash-empty">{todaysBookingsText(count)}</p>
  );
}
