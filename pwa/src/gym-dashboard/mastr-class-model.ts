/**
 * The Mastr Class section of the gym's Account page (§2 "Account"): the set-up choices, the two
 * listed classes and what each control may do, the confirmations and the §8 texts. Pure.
 */
import { CANCEL_BOOKING_FAILED } from '@mastr/rules/texts.ts';
import type { MastrClassAvailabilityEntry } from '@mastr/rules/api/me.ts';
import { DATE_FORMATS, formatWallClock, ukWallClock } from '@mastr/rules/dates.ts';
import { formatTimeOfDay, HOURLY_SLOTS } from '@mastr/rules/time-of-day.ts';
import { ApiError, statusOf } from '../api/index.ts';

/** Gym weekdays 1 (Monday) to 7 (Sunday). */
export const MASTR_WEEKDAYS = [
  { value: 1, label: 'Monday' },
  { value: 2, label: 'Tuesday' },
  { value: 3, label: 'Wednesday' },
  { value: 4, label: 'Thursday' },
  { value: 5, label: 'Friday' },
  { value: 6, label: 'Saturday' },
  { value: 7, label: 'Sunday' },
] as const;

/** §9: hourly 04:00 to 22:00. */
export const MASTR_TIMES = HOURLY_SLOTS.map((value) => ({ value, label: formatTimeOfDay(value) }));

export interface MastrSlotChoice {
  day: number | null;
  time: number | null;
}

/** §5: activation needs both a day and a time. */
export const canSetMastrClasses = (choice: MastrSlotChoice) => choice.day !== null && choice.time !== null;

export function defaultSlotText(slot: { weekday: number; time: number } | null): string {
  const day = MASTR_WEEKDAYS.find((d) => d.value === slot?.weekday);
  return slot && day ? `${day.label}s at ${formatTimeOfDay(slot.time)}` : 'Not set up';
}

export interface ListedClass {
  id: string;
  week: string;
  when: string;
  status: 'Cancelled' | 'Started' | 'Scheduled';
  passes: number;
  canCancel: boolean;
}

/** 'Next Class' and 'Following Class', each cancellable when not cancelled and not started. */
export function listedClasses(entries: readonly MastrClassAvailabilityEntry[], now: Date): ListedClass[] {
  const wallNow = ukWallClock(now);
  return entries.map((e) => {
    const status = e.cancelled ? 'Cancelled' : e.classDateAndTime <= wallNow ? 'Started' : 'Scheduled';
    return {
      id: e._id,
      week: e.week,
      when: `${formatWallClock(e.classDateAndTime, DATE_FORMATS.long)} at ${formatWallClock(e.classDateAndTime, DATE_FORMATS.time)}`,
      status,
      passes: e.assignedPasses.length,
      canCancel: status === 'Scheduled',
    };
  });
}

/**
 * Members a new default day or time moves out of their class (decision 108): a change of either
 * drops both listed classes, so every pass booked into one still to run is told it moved.
 */
export function membersMovedBy(
  classes: readonly ListedClass[],
  slot: { weekday: number; time: number },
  day: number,
  time: number,
): number {
  if (slot.weekday === day && slot.time === time) return 0;
  return classes.reduce((sum, c) => sum + (c.status === 'Scheduled' ? c.passes : 0), 0);
}

export const MASTR_CONFIRMATIONS = {
  hide: 'Hide your Mastr Class from members? It will show as Inactive.',
  activate: 'Make your Mastr Class Live for members?',
  reactivateNext: 'Re-activate the next default class?',
  cancelClass: (c: ListedClass) =>
    `Cancel the ${c.week} on ${c.when}?${c.passes ? ` ${c.passes} booked member${c.passes === 1 ? '' : 's'} will be asked to choose again.` : ''}`,
  moveDefault: (slotText: string, members: number) =>
    `Move your Mastr Class to ${slotText}? ${members} booked member${members === 1 ? '' : 's'} will be told by email that the class has moved, and can book the new class or cancel for a full refund.`,
} as const;

function errorText(err: unknown, missing: string, failed: string): string {
  const status = statusOf(err);
  if (status === 401) return 'Unauthorized';
  if (status !== 400) return status === 0 ? 'No Server Response' : failed;
  const reason = err instanceof ApiError ? err.message.trim() : '';
  return reason && !reason.startsWith(missing) ? `${missing}: ${reason}` : reason || missing;
}

/** §8 "{product} activation or default update" (also public visibility). */
export const activationErrorText = (err: unknown) => errorText(err, 'Missing data', 'Activation Failed');
/** §8 "{product} cancel": one listed class, or the next default class. */
export const cancelClassErrorText = (err: unknown) => errorText(err, "Missing ID's", CANCEL_BOOKING_FAILED);
export const cancelDefaultErrorText = (err: unknown) => errorText(err, "Missing ID's", 'Cancel Default Class Failed');
