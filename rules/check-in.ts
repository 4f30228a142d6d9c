import { RECHECK_IN_MINUTES } from './constants.ts';
import type { PassDoc } from './doc-ids.ts';
import { passDay } from './pass-listing.ts';
import { REFUSALS } from './refusals.ts';

/** A day pass may be checked in again only 60 minutes after its latest counted check-in (§4, §9). */
const RECHECK_IN_MS = RECHECK_IN_MINUTES * 60 * 1000;

/**
 * The header a front desk sends with each check-in push: its own clock (an ISO instant) at the
 * moment of sending, so the server can put check-ins recorded offline on its own clock.
 */
export const DEVICE_CLOCK_HEADER = 'mastr-device-clock';

export type PassKind = 'day-pass' | 'mastr-pass';

export interface CountedCheckIn {
  checkInId: string;
  /** ISO instant the check-in happened on the device. */
  at: string;
}

export type CheckInDecision = { outcome: 'counted' } | { outcome: 'duplicate'; duplicateOf: string; reason: string };

/**
 * The 60-minute rule as the server applies it on arrival. A day pass check-in counts unless a
 * counted check-in lies within 60 minutes of it, either side (two offline tablets may deliver them
 * in any order; the one arriving second inside the window is the duplicate). A Mastr class pass
 * counts once: any later check-in is a duplicate of the first.
 */
export function decideCheckIn(kind: PassKind, counted: readonly CountedCheckIn[], at: string): CheckInDecision {
  const t = Date.parse(at);
  if (kind === 'mastr-pass') {
    const first = counted[0];
    return first
      ? { outcome: 'duplicate', duplicateOf: first.checkInId, reason: 'This Mastr class pass is already checked in.' }
      : { outcome: 'counted' };
  }
  const clash = counted.find((c) => Math.abs(Date.parse(c.at) - t) < RECHECK_IN_MS);
  return clash
    ? {
        outcome: 'duplicate',
        duplicateOf: clash.checkInId,
        reason: `Already checked in at ${clash.at}. A day pass can be checked in again 60 minutes after its latest check-in.`,
      }
    : { outcome: 'counted' };
}

/** Whether the check-in control is offered now, or a tick shows instead (§4). */
export function canCheckInAgain(kind: PassKind, latestCounted: string | null, now: Date): boolean {
  if (!latestCounted) return true;
  if (kind === 'mastr-pass') return false;
  return now.getTime() - Date.parse(latestCounted) >= RECHECK_IN_MS;
}

/**
 * Why a check-in at `at` (an instant) cannot count on this pass at all, before the 60-minute rule:
 * the pass must exist at the gym, not be cancelled or expired, and be for that UK day. Null: it may count.
 */
export function checkInRefusal(pass: PassDoc | null, at: string): string | null {
  if (!pass) return REFUSALS.unknown;
  if (pass.cancelled) return pass.type === 'day-pass' ? REFUSALS.cancelled : REFUSALS.mastrCancelled;
  if (pass.expired) return REFUSALS.expired;
  const start = pass.type === 'day-pass' ? pass.dayDateStart : pass.dateAndTimeStart;
  if (!start) return REFUSALS.unassigned;
  return passDay(start, false, new Date(at)) === 'today' ? null : REFUSALS.otherDay;
}
