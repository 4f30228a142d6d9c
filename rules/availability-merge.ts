import { claimedSlot, type ClaimsByHour } from './coach-slots.ts';
import type { AvailabilityWeekDoc, TimeSlot } from './documents.ts';
import { formatTimeOfDay } from './time-of-day.ts';

type Day = AvailabilityWeekDoc['days'][number];

/** Why a slot the coach removed was kept, for the availability page to show. */
export interface AvailabilityNotice {
  weekStart: string | null;
  weekday: number;
  abbreviation: string;
  time: number;
  reason: 'booked' | 'requested';
  message: string;
}

/** A held hour of one week: the day it is on and the slot as the week held it. */
export interface HeldHour {
  day: Day;
  slot: TimeSlot;
  reason: 'booked' | 'requested';
}

/** The coach's own refusal when removing an hour a claim holds (online edit and offline merge alike). */
export function heldHourRefusal(abbreviation: string, time: number, reason: 'booked' | 'requested'): string {
  return `${formatTimeOfDay(time)} on ${abbreviation} cannot be removed: a client has ${reason} it.`;
}

/**
 * A week's slots without the `booked`/`requested` flags documents written before decision 120 may
 * carry: nothing reads them, and a write drops them so they fade out of the data.
 */
export function withoutSlotFlags<T extends AvailabilityWeekDoc>(week: T): T {
  return {
    ...week,
    days: week.days.map((day) => ({ ...day, times: day.times.map(({ _id, time }) => ({ _id, time })) })),
  };
}

/**
 * The hours of `before` that a slot claim holds and `after` no longer has. Only dated weeks hold
 * hours (claims name a Sunday); the default week never does.
 */
export function droppedHeldHours(
  before: AvailabilityWeekDoc,
  after: AvailabilityWeekDoc,
  claims: ClaimsByHour,
): HeldHour[] {
  if (before.weekStart === null) return [];
  return before.days.flatMap((day) => {
    const kept = new Set(after.days.find((d) => d.weekday === day.weekday)?.times.map((s) => s.time) ?? []);
    return day.times.flatMap((slot) => {
      const held = claimedSlot(day.weekday, slot.time, claims);
      if (kept.has(slot.time) || (!held.booked && !held.requested)) return [];
      return [{ day, slot: { _id: slot._id, time: slot.time }, reason: held.booked ? 'booked' : 'requested' } as const];
    });
  });
}

function notice(week: AvailabilityWeekDoc, { day, slot, reason }: HeldHour): AvailabilityNotice {
  const what = reason === 'booked' ? 'a client has booked it' : 'a client has requested it';
  return {
    weekStart: week.weekStart,
    weekday: day.weekday,
    abbreviation: day.abbreviation,
    time: slot.time,
    reason,
    message: `${formatTimeOfDay(slot.time)} on ${day.abbreviation} was kept: ${what}.`,
  };
}

/** `week` with the held hours put back on their days. */
export function withHeldHours(week: AvailabilityWeekDoc, held: readonly HeldHour[]): AvailabilityWeekDoc {
  if (held.length === 0) return week;
  return {
    ...week,
    days: week.days.map((day) => {
      const back = held.filter((h) => h.day.weekday === day.weekday).map((h) => h.slot);
      return back.length ? { ...day, times: [...day.times, ...back].sort((a, b) => a.time - b.time) } : day;
    }),
  };
}

/**
 * Resolves a coach's offline edit against the server's newer availability (design/sync.md): the
 * coach's adds and removals stand, except that an hour a slot claim holds (a client requested or
 * booked it) is kept even if the coach removed it, and the coach is told. The claims are the
 * device's replicated `slot-claim` documents of the week (the only record of who holds an hour).
 */
export function mergeAvailability(
  server: AvailabilityWeekDoc,
  device: AvailabilityWeekDoc,
  claims: ClaimsByHour,
): { merged: AvailabilityWeekDoc; notices: AvailabilityNotice[] } {
  const fromDevice = withoutSlotFlags({
    ...device,
    // The server's days (with their ids) hold the device's slots; a day only the device has is dropped.
    days: server.days.map((serverDay) => ({
      ...serverDay,
      times: [...(device.days.find((d) => d.weekday === serverDay.weekday)?.times ?? [])],
    })),
  });
  const held = droppedHeldHours(server, fromDevice, claims);
  const merged = withHeldHours(fromDevice, held);
  return {
    merged: {
      ...merged,
      days: merged.days.map((d) => ({ ...d, times: [...d.times].sort((a, b) => a.time - b.time) })),
      updatedAt: device.updatedAt > server.updatedAt ? device.updatedAt : server.updatedAt,
    },
    notices: held.map((h) => notice(server, h)),
  };
}

/** Whether a device's write keeps every hour of the stored week that a slot claim holds (the gateway answers 'conflict' otherwise). */
export function keepsHeldHours(
  stored: AvailabilityWeekDoc,
  device: AvailabilityWeekDoc,
  claims: ClaimsByHour,
): boolean {
  return droppedHeldHours(stored, device, claims).length === 0;
}
