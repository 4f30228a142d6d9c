/**
 * The coach home's Today's Bookings pod body (§2), from the bookings on the device like the Bookings
 * page it links to: the same sessions, live, and offline too (the /api/me answer it used to read
 * lagged the device and is not there offline).
 */
import { useMemo } from 'react';
import { TodaysBookings } from '../dashboard-frame/index.ts';
import { useBookings } from '../data/index.ts';
import { todaysSessionCount } from './coach-bookings-model.ts';
import { useNow } from '../lib/index.ts';

export function CoachTodaysBookings() {
  const { docs, ready } = useBookings();
  const now = useNow();
  const count = useMemo(() => todaysSessionCount(docs, now), [docs, now]);
  return ready ? <TodaysBookings count={count} /> : <p className="pod__label">Loading…</p>;
}
