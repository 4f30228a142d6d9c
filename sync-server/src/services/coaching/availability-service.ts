import type { AvailabilityWeek, CoachAvailabilityDay } from '@mastr/rules/api/availability.ts';
import { heldHourRefusal, withoutSlotFlags, type HeldHour } from '@mastr/rules/availability-merge.ts';
import { claimedSlot, claimsByHour, FREE, type ClaimsByHour, type ShownSlot } from '@mastr/rules/coach-slots.ts';
import { coachWeekStart, isPastCoachDay } from '@mastr/rules/coach-week.ts';
import { availabilityDocId } from '@mastr/rules/doc-ids.ts';
import { COACH_WEEKDAYS } from '@mastr/rules/constants.ts';
import type { AvailabilityWeekDoc, TimeSlot } from '@mastr/rules/documents.ts';
import type { Deps } from '../../deps.ts';
import { newId } from '../../couch/ids.ts';
import type { DocWrite } from '../../couch/doc-write.ts';
import { claimsOfWeek } from '../../couch/stores/slot-claims-store.ts';
import { ensureTenantDatabase } from '../../couch/stores/tenant-databases.ts';
import { availabilityWeeks, createWeekUnlessStored } from './stores/availability-weeks-store.ts';

export type EditOutcome = { outcome: 'saved' } | { outcome: 'refused'; message: string };

type Day = AvailabilityWeekDoc['days'][number];
/** The day's new slots. */
type SlotEdit = (times: TimeSlot[]) => TimeSlot[];
/**
 * The availability-week entry of the device-write registry (sync/device-writes.ts `onlineDocWriter`,
 * decision 186): an online edit's week meets a device's rules and is written by the same writer,
 * which also keeps the hours slot claims hold and says which it kept (decision 193).
 */
type WriteWeek = DocWrite<AvailabilityWeekDoc, { kept: readonly HeldHour[] }>;
/** A past day's refusal, or the week saved with the hours the writer kept although the edit removed them. */
type WeekEditOutcome = { outcome: 'refused'; message: string } | { outcome: 'saved'; kept: readonly HeldHour[] };

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

/** A week's own document starts as a copy of the default (or empty): its hours, with fresh ids. */
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
      times: day.times.map((s) => ({ _id: newId(), time: s.time })),
    })),
  };
}

/**
 * Applies one slot edit to one day of a week with a revision-guarded write (creating the week's
 * document from the default when it has none), so it never overwrites a concurrent edit (the
 * coach's device syncing): on a conflict the edit is judged again against the newer document.
 */
async function editWeek(
  deps: Deps,
  coachId: string,
  week: AvailabilityWeek,
  weekday: number,
  write: WriteWeek,
  edit: SlotEdit,
): Promise<WeekEditOutcome> {
  const now = deps.now();
  const weekStart = weekStartOf(week, now);
  if (weekStart && isPastCoachDay(weekStart, weekday, now))
    return { outcome: 'refused', message: 'That day has passed.' };
  return { outcome: 'saved', kept: await editWeekDoc(deps, coachId, weekStart, weekday, write, edit) };
}

/** The week's write, with a refusal by the week's rules taken as the fault it is (an hourly edit of a stored week cannot break them). */
async function writeWeek(write: WriteWeek, id: string, change: Parameters<WriteWeek>[1]) {
  const written = await write(id, change);
  if (written.outcome === 'refused') throw new Error(`The availability week ${id} broke the availability rules.`);
  return written;
}

async function editWeekDoc(
  deps: Deps,
  coachId: string,
  weekStart: string | null,
  weekday: number,
  write: WriteWeek,
  edit: SlotEdit,
): Promise<readonly HeldHour[]> {
  const now = deps.now();
  await ensureTenantDatabase(deps.couch, 'coach', coachId);
  // The default exists before any week is edited: weeks copy it, and the §3 days carry its day ids.
  const created = await writeWeek(write, availabilityDocId(null), (current) =>
    current ? null : newWeekDoc(coachId, null, null, now),
  );
  const base = 'doc' in created ? created.doc : null;
  const written = await writeWeek(write, availabilityDocId(weekStart), (current) => {
    const doc = current ?? newWeekDoc(coachId, weekStart, base, now);
    const days = withAllDays(doc.days);
    const day = days.find((d) => d.weekday === weekday)!;
    const result = edit([...day.times]);
    if (current && sameTimes(result, day.times)) return null;
    // Written without the flags an old document may still carry (decision 120).
    return withoutSlotFlags({
      ...doc,
      days: days.map((d) => (d === day ? { ...d, times: result.sort(byTime) } : d)),
      updatedAt: now.toISOString(),
    });
  });
  // The writer kept the hours a slot claim holds that this edit removed: refused on the stored
  // revision (`conflict`), or put back after the write (claimed meanwhile).
  return 'result' in written ? written.result.kept : [];
}

const sameTimes = (a: readonly TimeSlot[], b: readonly TimeSlot[]) =>
  a.length === b.length && a.every((s, i) => s === b[i]);

/** Adds a free hourly slot (adding one that is there already changes nothing). */
export async function addAvailabilitySlot(
  deps: Deps,
  coachId: string,
  week: AvailabilityWeek,
  weekday: number,
  time: number,
  write: WriteWeek,
): Promise<EditOutcome> {
  const outcome = await editWeek(deps, coachId, week, weekday, write, (times) =>
    times.some((s) => s.time === time) ? times : [...times, { _id: newId(), time }],
  );
  if (outcome.outcome === 'refused') return outcome;
  // Adding an hour removes none, so the writer never holds one back here.
  if (outcome.kept.length) throw new Error(`Adding ${time} on ${weekday} was answered as removing a held hour.`);
  return { outcome: 'saved' };
}

/** A concrete week's slot claims by hour: who holds which hour (the only record of it, decision 120). */
export async function claimsOf(deps: Deps, coachId: string, weekStart: string): Promise<ClaimsByHour> {
  return claimsByHour(await claimsOfWeek(deps.couch, coachId, weekStart), weekStart);
}

const heldReason = (claims: ClaimsByHour, weekday: number, time: number) => {
  const held = claimedSlot(weekday, time, claims);
  return held.booked ? 'booked' : held.requested ? 'requested' : null;
};

/**
 * Removes a slot unless a client has booked or requested it (removing an absent one changes nothing).
 * The hour's slot claim says so, which the writer (`writeAvailability`) reads: it refuses a week
 * that removes a held hour, or, when a request claimed the hour while this ran, puts it back after
 * the write (a request reads the week after claiming, `offeredHour`, the writer reads the claims
 * after writing, so at least one of the two sees the other), and answers the hours it kept either
 * way, so the refusal names the hour and whether it is booked or requested without this reading
 * the claims itself (decision 193). The writer alone keeps a changed default's held hours in the
 * weeks that follow it.
 */
export async function removeAvailabilitySlot(
  deps: Deps,
  coachId: string,
  week: AvailabilityWeek,
  weekday: number,
  time: number,
  write: WriteWeek,
): Promise<EditOutcome> {
  const outcome = await editWeek(deps, coachId, week, weekday, write, (times) => times.filter((s) => s.time !== time));
  if (outcome.outcome === 'refused') return outcome;
  const held = outcome.kept.find((h) => h.day.weekday === weekday && h.slot.time === time);
  return held
    ? { outcome: 'refused', message: heldHourRefusal(held.day.abbreviation, time, held.reason) }
    : { outcome: 'saved' };
}

/**
 * A week without its own document shows the default's hours, so removing an hour from the default
 * would take it out of such a week too, even where a client holds it there. Such a week gets its own
 * document first, the default as it was with the hour still in it (a coach's edit writing the coach's
 * week; a request or booking never does). Runs after the default's write, for the same reason as the
 * re-read in `removeAvailabilitySlot`; the gateway calls it for a device's write of the default.
 */
export async function keepHeldHoursOfFollowingWeeks(
  deps: Deps,
  coachId: string,
  dropped: readonly { weekday: number; time: number }[],
): Promise<void> {
  if (dropped.length === 0) return;
  const now = deps.now();
  const weekStarts = [coachWeekStart(now), coachWeekStart(now, 1)];
  const docs = await availabilityWeeks(deps.couch, coachId, [null, ...weekStarts]);
  for (const weekStart of weekStarts) {
    if (docs.get(availabilityDocId(weekStart))) continue;
    const claims = await claimsOf(deps, coachId, weekStart);
    const held = dropped.filter((h) => heldReason(claims, h.weekday, h.time));
    if (held.length === 0) continue;
    const week = newWeekDoc(coachId, weekStart, docs.get(availabilityDocId(null)) ?? null, now);
    const pinned: AvailabilityWeekDoc = {
      ...week,
      days: week.days.map((day) => {
        const back = held.filter((h) => h.weekday === day.weekday && !day.times.some((s) => s.time === h.time));
        return { ...day, times: [...day.times, ...back.map((h) => ({ _id: newId(), time: h.time }))].sort(byTime) };
      }),
    };
    // A week the device created meanwhile is the coach's own: it is left as it is.
    await createWeekUnlessStored(deps.couch, coachId, pinned);
  }
}

/**
 * The hour of a concrete week as the coach offers it (the week's own document, or the default it
 * follows), or null when it is not offered. A request reads this after claiming the hour.
 */
export async function offeredHour(
  deps: Deps,
  coachId: string,
  weekStart: string,
  weekday: number,
  time: number,
): Promise<{ dayId: string; slotId: string } | null> {
  const docs = await availabilityWeeks(deps.couch, coachId, [weekStart, null]);
  const week = docs.get(availabilityDocId(weekStart)) ?? docs.get(availabilityDocId(null));
  const day = week?.days.find((d) => d.weekday === weekday);
  const slot = day?.times.find((s) => s.time === time);
  return day && slot ? { dayId: day._id, slotId: slot._id } : null;
}

/**
 * The coach's availability in the §3 shape (rules/api/availability.ts): one entry per weekday (Sunday
 * first) with the default, current-week and next-week slots. A week without its own document shows
 * the default's hours; a dated hour's state is its slot claim's (`claimedSlot`), so a member is never
 * offered an hour the coach cannot be sold.
 */
export async function availabilityView(deps: Deps, coachId: string): Promise<CoachAvailabilityDay[]> {
  const now = deps.now();
  const weekStarts = [coachWeekStart(now), coachWeekStart(now, 1)];
  const ids = [null, ...weekStarts].map(availabilityDocId);
  const [docs, currentClaims, nextClaims] = await Promise.all([
    availabilityWeeks(deps.couch, coachId, [null, ...weekStarts]),
    ...weekStarts.map((start) => claimsOf(deps, coachId, start)),
  ]);
  const [defaultDoc, currentDoc, nextDoc] = ids.map((id) => docs.get(id));
  const slotsOf = (doc: AvailabilityWeekDoc | undefined, weekday: number, claims?: ClaimsByHour): ShownSlot[] =>
    [...(doc?.days.find((d) => d.weekday === weekday)?.times ?? [])]
      .sort(byTime)
      .map((s) => ({ _id: s._id, time: s.time, ...(claims ? claimedSlot(weekday, s.time, claims) : FREE) }));
  return COACH_WEEKDAYS.map(({ weekday, abbreviation }) => ({
    // Days are known by the default week's day ids (every edit creates the default first); a coach
    // who never set any availability gets ids derived from the weekday.
    _id: defaultDoc?.days.find((d) => d.weekday === weekday)?._id ?? `${coachId}-${weekday}`,
    weekday,
    abbreviation,
    defaultTimes: slotsOf(defaultDoc, weekday),
    currentWeekTimes: slotsOf(currentDoc ?? defaultDoc, weekday, currentClaims),
    nextWeekTimes: slotsOf(nextDoc ?? defaultDoc, weekday, nextClaims),
  }));
}
