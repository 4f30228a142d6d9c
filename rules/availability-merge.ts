import type { AvailabilityWeekDoc, TimeSlot } from './documents.ts';
import { formatTimeOfDay } from './time-of-day.ts';

type Day = AvailabilityWeekDoc['days'][number];

/** Why a slot the coach removed or changed was kept, for the availability page to show. */
export interface AvailabilityNotice {
  weekStart: string | null;
  weekday: number;
  abbreviation: string;
  time: number;
  reason: 'booked' | 'requested';
  message: string;
}

const locked = (slot: TimeSlot) => slot.booked || slot.requested;

function notice(week: AvailabilityWeekDoc, day: Day, slot: TimeSlot): AvailabilityNotice {
  const reason = slot.booked ? 'booked' : 'requested';
  const what = slot.booked ? 'a client has booked it' : 'a client has requested it';
  return {
    weekStart: week.weekStart,
    weekday: day.weekday,
    abbreviation: day.abbreviation,
    time: slot.time,
    reason,
    message: `${formatTimeOfDay(slot.time)} on ${day.abbreviation} was kept: ${what}.`,
  };
}

/**
 * Resolves a coach's offline edit against the server's newer availability (design/sync.md): the
 * coach's adds and removals stand, except that booked and requested slots are the server's to
 * decide — they are kept (with the server's flags) even if the coach removed them, and flags on the
 * device never override the server's.
 */
export function mergeAvailability(
  server: AvailabilityWeekDoc,
  device: AvailabilityWeekDoc,
): { merged: AvailabilityWeekDoc; notices: AvailabilityNotice[] } {
  const notices: AvailabilityNotice[] = [];
  const days = server.days.map((serverDay) => {
    const deviceDay = device.days.find((d) => d.weekday === serverDay.weekday);
    const serverSlots = new Map(serverDay.times.map((s) => [s.time, s]));
    const times: TimeSlot[] = (deviceDay?.times ?? []).map((slot) => {
      const onServer = serverSlots.get(slot.time);
      return onServer
        ? { ...slot, booked: onServer.booked, requested: onServer.requested }
        : { ...slot, booked: false, requested: false };
    });
    for (const slot of serverDay.times) {
      if (locked(slot) && !times.some((t) => t.time === slot.time)) {
        times.push({ ...slot });
        notices.push(notice(server, serverDay, slot));
      }
    }
    times.sort((a, b) => a.time - b.time);
    return { ...serverDay, times };
  });
  return {
    merged: { ...device, days, updatedAt: device.updatedAt > server.updatedAt ? device.updatedAt : server.updatedAt },
    notices,
  };
}

/**
 * Whether a device's write leaves every booked/requested slot of the current server state exactly
 * as it is (the gateway answers 'conflict' otherwise).
 */
export function keepsLockedSlots(server: AvailabilityWeekDoc, device: AvailabilityWeekDoc): boolean {
  return server.days.every((serverDay) => {
    const deviceDay = device.days.find((d) => d.weekday === serverDay.weekday);
    const deviceSlots = new Map((deviceDay?.times ?? []).map((s) => [s.time, s]));
    const serverSlots = new Map(serverDay.times.map((s) => [s.time, s]));
    const lockedKept = serverDay.times
      .filter(locked)
      .every((s) => deviceSlots.get(s.time)?.booked === s.booked && deviceSlots.get(s.time)?.requested === s.requested);
    // The device may not lock a slot itself either.
    const noNewLocks = [...deviceSlots.values()].every(
      (s) => !locked(s) || (serverSlots.get(s.time) && locked(serverSlots.get(s.time)!)),
    );
    return lockedKept && noNewLocks;
  });
}
