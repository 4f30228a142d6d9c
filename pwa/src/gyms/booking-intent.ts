/**
 * What a visitor was booking when a booking action sent them to sign in (issue 15): the dialog and
 * its choices, kept for the return to the same gym page so sign-in does not lose them. Pure parsing
 * plus a small sessionStorage wrapper (the tab's own, gone when it closes).
 */
import type { WeekKind } from '@mastr/rules/timetable.ts';

export type BookingIntent =
  | { dialog: 'day-pass'; date: string; kids: boolean }
  | { dialog: 'class'; date: string; classId: string; kids: boolean; weekKind: WeekKind }
  | { dialog: 'mastr-class' }
  | { dialog: 'pt-request' };

interface StoredIntent {
  path: string;
  savedAt: number;
  intent: BookingIntent;
}

const KEY = 'mastr-booking-intent';
/** A sign-in takes a minute or two; an intent older than this is a stale leftover. */
export const INTENT_LIFETIME_MS = 30 * 60 * 1000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isIntent(value: unknown): value is BookingIntent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  switch (v.dialog) {
    case 'day-pass':
      return typeof v.date === 'string' && DATE.test(v.date) && typeof v.kids === 'boolean';
    case 'class':
      return (
        typeof v.date === 'string' &&
        DATE.test(v.date) &&
        typeof v.classId === 'string' &&
        typeof v.kids === 'boolean' &&
        (v.weekKind === 'currentWeek' || v.weekKind === 'nextWeek')
      );
    case 'mastr-class':
    case 'pt-request':
      return true;
    default:
      return false;
  }
}

export function serializeIntent(path: string, intent: BookingIntent, now: number): string {
  return JSON.stringify({ path, savedAt: now, intent } satisfies StoredIntent);
}

/** The intent stored for `path`, if it is for that page, fresh and well-formed; null otherwise. */
export function intentFor(raw: string | null, path: string, now: number): BookingIntent | null {
  if (!raw) return null;
  let stored: Partial<StoredIntent>;
  try {
    stored = JSON.parse(raw) as Partial<StoredIntent>;
  } catch {
    return null;
  }
  if (stored.path !== path || typeof stored.savedAt !== 'number') return null;
  if (now - stored.savedAt > INTENT_LIFETIME_MS || now < stored.savedAt) return null;
  return isIntent(stored.intent) ? stored.intent : null;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveBookingIntent(path: string, intent: BookingIntent): void {
  try {
    storage()?.setItem(KEY, serializeIntent(path, intent, Date.now()));
  } catch {
    // Without storage the visitor only chooses again after signing in.
  }
}

/** Reads and forgets the intent: it reopens the dialog once. */
export function takeBookingIntent(path: string): BookingIntent | null {
  const store = storage();
  if (!store) return null;
  const intent = intentFor(store.getItem(KEY), path, Date.now());
  store.removeItem(KEY);
  return intent;
}
