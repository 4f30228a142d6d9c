import { coachWeekDate, coachWeekStart, coachWeekdayOf } from './coach-week.ts';
import type { SlotClaimDoc, TimeSlot } from './documents.ts';
import { privateSessionTimes } from './pt-requests.ts';

/**
 * Coach slots on the public coach profile (§4 "Coach slot"): a slot is booked, requested or free;
 * booked and requested slots, and every slot on a day that is today or earlier in the current week,
 * cannot be selected. Next week's free slots always can. Weeks run Sunday (0) to Saturday (6) on UK
 * dates (coach-week.ts).
 */

export type SlotState = 'booked' | 'requested' | 'free';
/** Whether a client holds an hour: read from its slot claim (`claimedSlot`), never stored on the hour. */
export interface SlotFlags {
  booked: boolean;
  requested: boolean;
}
/** An hour as the §3 availability shows it: the coach's offered hour with its claim's state. */
export type ShownSlot = TimeSlot & SlotFlags;
/** An hour no claim holds. */
export const FREE: SlotFlags = Object.freeze({ booked: false, requested: false });
/** The two weeks a member can book in, as the request body names them. */
export type CoachWeekKind = 'currentWeek' | 'nextWeek';
export const COACH_WEEK_KINDS: readonly CoachWeekKind[] = ['currentWeek', 'nextWeek'];

export function slotState(slot: SlotFlags): SlotState {
  if (slot.booked) return 'booked';
  return slot.requested ? 'requested' : 'free';
}

/** Whether the day may take a request: next week always; the current week only after today. */
export function isDaySelectable(weekKind: CoachWeekKind, weekday: number, todayUk: string): boolean {
  return weekKind === 'nextWeek' || weekday > coachWeekdayOf(todayUk);
}

/** Whether the slot may be selected: free, on a selectable day. */
export function isSlotSelectable(weekKind: CoachWeekKind, weekday: number, todayUk: string, slot: SlotFlags): boolean {
  return slotState(slot) === 'free' && isDaySelectable(weekKind, weekday, todayUk);
}

/** The Sunday ('YYYY-MM-DD') starting the current or next UK coach week. */
export function coachWeekStartOf(weekKind: CoachWeekKind, now: Date = new Date()): string {
  return coachWeekStart(now, weekKind === 'nextWeek' ? 1 : 0);
}

/** The date ('YYYY-MM-DD') of a weekday in the week starting `weekStart` (the request's bookingDate). */
export function coachSlotDate(weekStart: string, weekday: number): string {
  return coachWeekDate(weekStart, weekday);
}

/** Start and end (one hour later) of the session a slot stands for, UK wall clock. */
export function coachSlotTimes(
  weekStart: string,
  weekday: number,
  time: number,
): { startTime: string; endTime: string } {
  return privateSessionTimes(coachSlotDate(weekStart, weekday), time);
}

/** A concrete week's slot claims by hour (`weekday:time`), as `claimedSlot` reads them. */
export type ClaimsByHour = ReadonlyMap<string, Pick<SlotClaimDoc, 'booking'>>;

export function claimsByHour(
  claims: readonly Pick<SlotClaimDoc, 'type' | 'weekStart' | 'weekday' | 'time' | 'booking'>[],
  weekStart: string,
): ClaimsByHour {
  return new Map(
    claims
      .filter((c) => c.type === 'slot-claim' && c.weekStart === weekStart)
      .map((c) => [`${c.weekday}:${c.time}`, c] as const),
  );
}

/**
 * Whether a client holds an hour of a concrete week, from its slot claim alone (decisions 17, 37,
 * 120): a claim with a booking is a paid session (booked), one without a request waiting
 * (requested), no claim is free. The claim is the only home of this fact: the week documents carry
 * no flags, so the coach's edit lock, the gateway and the public profile all read it here. An hour a
 * gym request booked outside the coach's availability reads booked once the coach offers it, and is
 * never offered to a member who would be refused it.
 */
export function claimedSlot(weekday: number, time: number, claims: ClaimsByHour): SlotFlags {
  const claim = claims.get(`${weekday}:${time}`);
  return claim ? { booked: Boolean(claim.booking), requested: !claim.booking } : FREE;
}
