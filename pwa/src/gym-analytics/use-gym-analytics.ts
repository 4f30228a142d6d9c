import { useMemo } from 'react';
import { useNow } from '../lib/index.ts';
import { useGymActivity } from '../data/index.ts';
import { analyticsWindow, gymAnalytics, type GymAnalytics } from './analytics-model.ts';

/** The gym's last 28 UK days from its local copy; null until the device has answered. */
export function useGymAnalytics(): GymAnalytics | null {
  // A page left open overnight moves on to the new UK day.
  const now = useNow();
  const { since } = analyticsWindow(now);
  const docs = useGymActivity({ since });
  return useMemo(() => (docs ? gymAnalytics(docs, now) : null), [docs, now]);
}
