import type { AvailabilityWeek, CoachAvailabilityDay } from '@mastr/rules/api/availability.ts';
import { claimedSlot, claimsByHour, type ClaimsByHour } from '@mastr/rules/coach-slots.ts';
import { coachWeekStart, isPastCoachDay } from '@mastr/rules/coach-week.ts';
import { availabilityDocId, slotClaimPrefix } from '@mastr/rules/doc-ids.ts';
import { COACH_WEEKDAYS } from '@mastr/rules/constants.ts';
import type { AvailabilityWeekDoc, SlotClaimDoc, TimeSlot } from '@mastr/rules/documents.ts';
import { formatTimeOfDay } from '@mastr/rules/time-of-day.ts';
import { ensureDatabase } from '../../couch/couch.ts';
import { tenantDbName } from '../../couch/databases.ts';
import type { Deps } from '../../deps.ts';
import { newId } from '../../couch/ids.ts';
import { docsWithPrefix, fetchDocs, tenantDb, updateDoc } from '../../couch/tenant-docs.ts';

export type EditOutcome = { outcome: 'saved' } | { outcome: 'refused'; message: string };

type Day = AvailabilityWeekDoc['days'][number];
/** The day's new slots, or why the edit is refused. */
type SlotEdit = (times: TimeSlot[], day: Day) => TimeSlot[] | string;

const byTime = (a: TimeSlot, b: TimeSlot) => a.time - b.time;

function weekStartOf(week: AvailabilityWeek, now: Date): string | null {
  return week === 'default' ? null : coachWeekStart(now, week === 'nextweek' ? 1 : 0);
}

/** Every coach weekday present, Sunday first (a day the document lacks has no slots). */
function withAllDays(days: readonly Day[]): Day[] {
  return COACH_WEEKDAYS.map(
    ({ weekday, abbreviation }) =>
      days.find((d) => d.weekday === weekday) ?? { _id: newId(), weekday, abbreviation, times: [] },
  );
}

/** A week's own document starts as a copy of the default (or empty): its hours, fresh ids, nothing booked. */
function newWeekDoc(
  coachId: string,
  weekStart: string | null,
  base: AvailabilityWeekDoc | null,
  now: Date,
): AvailabilityWeekDoc {
  return {
    _id: availabilityDocId(weekStart),
    type: 'availability-week',
    coachId,
    weekStart,
    updatedAt: now.toISOString(),
    days: withAllDays(base?.days ?? []).map((day) => ({
      ...day,
      _id: newId(),
      times: day.times.map((s) => ({ _id: newId(), time: s.time, booked: false, requested: false })),
    })),
  };
}

/**
 * Applies one slot edit to one day of a week with a revision-guarded write (creating the week's
 * document from the default when it has none), so it never overwrites a booking the server made
 * meanwhile: on a conflict the edit is judged again against the newer document.
 */
async function editWeek(
  deps: Deps,
  coachId: string,
  week: AvailabilityWeek,
  weekday: number,
  edit: SlotEdit,
): Promise<EditOutcome> {
  const now = deps.now();
  const weekStart = weekStartOf(week, now);
  if (weekStart && isPastCoachDay(weekStart, weekday, now))
    return { outcome: 'refused', message: 'That day has passed.' };
  return editWeekDoc(deps, coachId, weekStart, weekday, edit);
}

async function editWeekDoc(
  deps: Deps,
  coachId: string,
  weekStart: string | null,
  weekday: number,
  edit: SlotEdit,
): Promise<EditOutcome> {
  const now = deps.now();
  await ensureDatabase(deps.couch, tenantDbName('coach', coachId));
  const db = tenantDb<AvailabilityWeekDoc>(deps.couch, 'coach', coachId);
  // The default exists before any week is edited: weeks copy it, and the §3 days carry its day ids.
  const base = await updateDoc(db, availabilityDocId(null), (current) =>
    current ? null : newWeekDoc(coachId, null, null, now),
  );
  let refusal: string | null = null;
  await updateDoc(db, availabilityDocId(weekStart), (current) => {
    const doc = current ?? newWeekDoc(coachId, weekStart, base, now);
    const days = withAllDays(doc.days);
    const day = days.find((d) => d.weekday === weekday)!;
    const result = edit([...day.times], day);
    refusal = typeof result === 'string' ? result : null;
    if (typeof result === 'string' || (current && sameTimes(result, day.times))) return null;
    return {
      ...doc,
      days: days.map((d) => (d === day ? { ...d, times: result.sort(byTime) } : d)),
      updatedAt: now.toISOString(),
    };
  });
  return refusal ? { outcome: 'refused', message: refusal } : { outcome: 'saved' };
}

const sameTimes = (a: readonly TimeSlot[], b: readonly TimeSlot[]) =>
  a.length === b.length && a.every((s, i) => s === b[i]);

/** Adds a free hourly slot (adding one that is there already changes nothing). */
export function addAvailabilitySlot(
  deps: Deps,
  coachId: string,
  week: AvailabilityWeek,
  weekday: number,
  time: number,
): Promise<EditOutcome> {
  return editWeek(deps, coachId, week, weekday, (times) =>
    times.some((s) => s.time === time) ? times : [...times, { _id: newId(), time, booked: false, requested: false }],
  );
}

/** Removes a slot unless a client has booked or requested it (removing an absent one changes nothing). */
export function removeAvailabilitySlot(
  deps: Deps,
  coachId: string,
  week: AvailabilityWeek,
  weekday: number,
  time: number,
): Promise<EditOutcome> {
  return editWeek(deps, coachId, week, weekday, (times, day) => {
    const slot = times.find((s) => s.time === time);
    if (!slot) return times;
    if (slot.booked || slot.requested) {
      return `${formatTimeOfDay(time)} on ${day.abbreviation} cannot be removed: a client has ${slot.booked ? 'booked' : 'requested'} it.`;
    }
    return times.filter((s) => s !== slot);
  });
}

/** Why the server could not lock a slot for a request: the coach removed it, or it is locked already. */
const SLOT_GONE = 'That time is no longer offered.';
const SLOT_TAKEN = 'That time has just been taken.';

/**
 * Sets or clears the server's `requested` lock on a slot of a concrete week (§4 "Coach slot"),
 * creating the week's document from the default when it has none. Locking refuses a slot that is
 * missing, booked or requested already; unlocking a slot that is not requested changes nothing.
 * Revision-guarded like every edit, so a coach's concurrent write (online or synced) is never lost.
 */
export function setSlotRequested(
  deps: Deps,
  coachId: string,
  weekStart: string,
  weekday: number,
  time: number,
  requested: boolean,
): Promise<EditOutcome> {
  return editWeekDoc(deps, coachId, weekStart, weekday, (times) => {
    const slot = times.find((s) => s.time === time);
    if (!requested) return slot?.requested ? times.map((s) => (s === slot ? { ...s, requested: false } : s)) : times;
    if (!slot) return SLOT_GONE;
    if (slot.booked || slot.requested) return SLOT_TAKEN;
    return times.map((s) => (s === slot ? { ...s, requested: true } : s));
  });
}

/**
 * Marks the slot at that time of a concrete week booked (a paid session holds it) or free again (the
 * session was cancelled); booking clears the request lock it replaces. A week or slot the coach never offered (a gym
 * request's hour) is left as it is: the slot claim holds that hour (decision 37).
 */
export function setSlotBooked(
  deps: Deps,
  coachId: string,
  weekStart: string,
  weekday: number,
  time: number,
  booked: boolean,
): Promise<EditOutcome> {
  return editWeekDoc(deps, coachId, weekStart, weekday, (times) => {
    const slot = times.find((s) => s.time === time);
    if (!slot || (slot.booked === booked && !(booked && slot.requested))) return times;
    // Booking takes over the request's lock; freeing leaves a later request's lock alone.
    return times.map((s) => (s === slot ? { ...s, booked, requested: booked ? false : s.requested } : s));
  });
}

/**
 * The coach's availability in the §3 shape (rules/api/availability.ts): one entry per weekday (Sunday
 * first) with the default, current-week and next-week slots. A week without its own document shows
 * the default's hours, free; the hours' slot claims decide over a concrete week's flags
 * (`claimedSlot`), so a member is never offered an hour the coach cannot be sold.
 */
export async function availabilityView(deps: Deps, coachId: string): Promise<CoachAvailabilityDay[]> {
  const now = deps.now();
  const weekStarts = [coachWeekStart(now), coachWeekStart(now, 1)];
  const ids = [null, ...weekStarts].map(availabilityDocId);
  const [docs, currentClaims, nextClaims] = await Promise.all([
    fetchDocs(tenantDb<AvailabilityWeekDoc>(deps.couch, 'coach', coachId), ids),
    ...weekStarts.map(async (start) =>
      claimsByHour(
        await docsWithPrefix(tenantDb<SlotClaimDoc>(deps.couch, 'coach', coachId), slotClaimPrefix(start)),
        start,
      ),
    ),
  ]);
  const [defaultDoc, currentDoc, nextDoc] = ids.map((id) => docs.get(id));
  const slotsOf = (doc: AvailabilityWeekDoc | undefined, weekday: number, claims?: ClaimsByHour, free = false) =>
    [...(doc?.days.find((d) => d.weekday === weekday)?.times ?? [])].sort(byTime).map((s) => {
      const flags = free ? { booked: false, requested: false } : { booked: s.booked, requested: s.requested };
      return { _id: s._id, time: s.time, ...(claims ? claimedSlot(flags, weekday, s.time, claims) : flags) };
    });
  return COACH_WEEKDAYS.map(({ weekday, abbreviation }) => ({
    // Days are known by the default week's day ids (every edit creates the default first); a coach
    // who never set any availability gets ids derived from the weekday.
    _id: defaultDoc?.days.find((d) => d.weekday === weekday)?._id ?? `${coachId}-${weekday}`,
    weekday,
    abbreviation,
    defaultTimes: slotsOf(defaultDoc, weekday),
    currentWeekTimes: slotsOf(currentDoc ?? defaultDoc, weekday, currentClaims, !currentDoc),
    nextWeekTimes: slotsOf(nextDoc ?? defaultDoc, weekday, nextClaims, !nextDoc),
  }));
}
