import { droppedHeldHours, withHeldHours, withoutSlotFlags, type HeldHour } from '@mastr/rules/availability-merge.ts';
import type { ClaimsByHour } from '@mastr/rules/coach-slots.ts';
import { availabilityDocId } from '@mastr/rules/doc-ids.ts';
import type { AvailabilityWeekDoc, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import type { Deps } from '../deps.ts';
import { applyGoLive } from '../services/accounts/index.ts';
import { claimsOf, keepHeldHoursOfFollowingWeeks } from '../services/coaching/index.ts';
import { fetchDocs, tenantDb, updateDoc } from '../couch/tenant-docs.ts';
import type { WritePath } from './write-rules.ts';

/** One row of a CouchDB `_bulk_docs` answer, as RxDB's replication reads it. */
export type BulkRow = { ok: true; id: string; rev: string } | { id: string; error: string; reason: string };

/**
 * What a writer is told besides the documents: the path they came by, and on the online path the
 * stored copies the caller has just read (`onlineDocWriter`, in the same request as the document it
 * builds on), so the writer does not read them again. `stored` holds every id the writer reads.
 */
export interface WriterContext<D> {
  via: WritePath;
  stored?: ReadonlyMap<string, D & { _rev: string }>;
}

/**
 * One availability week's result: its `_bulk_docs` row, and the hours the writer kept because a slot
 * claim holds them (booked or requested) although the week removed them: refused before the write
 * (`conflict`), or put back after it. The online removal words its answer from them (decision 186).
 */
export interface WrittenWeek {
  row: BulkRow;
  kept: HeldHour[];
}

const HELD_HOUR_REASON = 'An hour a client has booked or requested cannot be removed: its slot claim holds it.';

/** The documents the availability writer reads for these weeks: theirs, and the default they start from. */
export const availabilityReadIds = (weekIds: readonly string[]) => [...new Set([availabilityDocId(null), ...weekIds])];

/**
 * Availability documents are written as sent, without the `booked`/`requested` flags an old device
 * may still carry (decision 120), except that one which would remove an hour of the stored revision
 * a slot claim holds is answered `conflict` (RxDB then fetches the server's state and merges against
 * the claims it holds, keeping the hour). On the online path a week new to the server is judged the
 * same way against the default it followed; a device's is written and its held hours put back after
 * (its outbox merges a conflict against the server's copy, and there is none). CouchDB's revision
 * check covers a concurrent write of the week; a request claiming an hour at the same moment is seen
 * after the write: the claims are read again, and an hour the write dropped that a claim now holds
 * is put back (the request read the week before this write, so it was sent). A default the device
 * changed keeps the held hours of weeks that follow it (`keepHeldHoursOfFollowingWeeks`). Each
 * week's result names the hours kept either way.
 */
export async function writeAvailability(
  deps: Deps,
  coachId: string,
  sent: readonly AvailabilityWeekDoc[],
  { via, stored: read }: WriterContext<AvailabilityWeekDoc> = { via: 'device' },
): Promise<WrittenWeek[]> {
  const db = tenantDb<AvailabilityWeekDoc>(deps.couch, 'coach', coachId);
  const weeks = sent.map(withoutSlotFlags);
  // The default too: a new dated week starts from it, so it says which held hours the week must keep.
  const [current, claims] = await Promise.all([
    read ?? fetchDocs(db, availabilityReadIds(weeks.map((w) => w._id))),
    claimsOfWeeks(deps, coachId, weeks),
  ]);
  const results = new Map<string, WrittenWeek>();
  const toWrite: AvailabilityWeekDoc[] = [];
  for (const week of weeks) {
    const stored = current.get(week._id);
    const judged = stored
      ? week._rev === stored._rev && stored
      : via === 'online' && week.weekStart !== null && current.get(availabilityDocId(null));
    const held = judged ? droppedHeldHours({ ...judged, weekStart: week.weekStart }, week, claims(week)) : [];
    if (held.length) {
      results.set(week._id, { row: { id: week._id, error: 'conflict', reason: HELD_HOUR_REASON }, kept: held });
    } else {
      toWrite.push(week); // a stale or missing _rev is CouchDB's conflict to report
    }
  }
  const written = toWrite.length ? await db.bulk({ docs: toWrite }) : [];
  for (const result of written) {
    const row: BulkRow = result.rev
      ? { ok: true, id: result.id, rev: result.rev }
      : { id: result.id, error: result.error ?? 'unknown_error', reason: result.reason ?? '' };
    results.set(result.id, { row, kept: [] });
  }
  // Only a write that dropped an hour can have dropped one a request claimed meanwhile.
  const accepted = toWrite.filter((w) => 'ok' in results.get(w._id)!.row && dropsHours(w, current));
  if (accepted.length) {
    for (const [id, kept] of await keepClaimedHours(deps, coachId, accepted, current))
      results.set(id, { ...results.get(id)!, kept });
  }
  return weeks.map((w) => results.get(w._id)!);
}

async function claimsOfWeeks(deps: Deps, coachId: string, weeks: readonly AvailabilityWeekDoc[]) {
  const starts = [...new Set(weeks.flatMap((w) => (w.weekStart ? [w.weekStart] : [])))];
  const byStart = new Map(await Promise.all(starts.map(async (s) => [s, await claimsOf(deps, coachId, s)] as const)));
  return (week: AvailabilityWeekDoc): ClaimsByHour => (week.weekStart && byStart.get(week.weekStart)) || new Map();
}

/**
 * After the write: held hours a concurrent request claimed are put back (and answered, by week id);
 * a changed default keeps following weeks' held hours.
 */
async function keepClaimedHours(
  deps: Deps,
  coachId: string,
  written: readonly AvailabilityWeekDoc[],
  before: ReadonlyMap<string, AvailabilityWeekDoc>,
): Promise<Map<string, HeldHour[]>> {
  const claims = await claimsOfWeeks(deps, coachId, written);
  const kept = new Map<string, HeldHour[]>();
  for (const week of written) {
    // A week new to the server followed the default until now: its held hours are the default's.
    const stored = before.get(week._id) ?? (week.weekStart ? before.get(availabilityDocId(null)) : undefined);
    if (!stored) continue;
    if (week.weekStart === null) {
      const dropped = droppedHours(stored, week);
      await keepHeldHoursOfFollowingWeeks(deps, coachId, dropped);
      continue;
    }
    const held = droppedHeldHours({ ...stored, weekStart: week.weekStart }, week, claims(week));
    if (held.length === 0) continue;
    kept.set(week._id, held);
    await updateDoc(tenantDb<AvailabilityWeekDoc>(deps.couch, 'coach', coachId), week._id, (now) => {
      const back = now ? droppedHeldHours({ ...stored, weekStart: week.weekStart }, now, claims(week)) : [];
      return now && back.length ? withHeldHours(now, back) : null;
    });
  }
  return kept;
}

const dropsHours = (week: AvailabilityWeekDoc, before: ReadonlyMap<string, AvailabilityWeekDoc>) => {
  const stored = before.get(week._id) ?? (week.weekStart ? before.get(availabilityDocId(null)) : undefined);
  return stored !== undefined && droppedHours(stored, week).length > 0;
};

/** Hours (by weekday) `before` has and `after` does not. */
function droppedHours(before: AvailabilityWeekDoc, after: AvailabilityWeekDoc) {
  return before.days.flatMap((day) => {
    const kept = new Set(after.days.find((d) => d.weekday === day.weekday)?.times.map((s) => s.time) ?? []);
    return day.times.filter((s) => !kept.has(s.time)).map((s) => ({ weekday: day.weekday, time: s.time }));
  });
}

/**
 * Schedule weeks are written as sent: their rules are all in the document (`parseScheduleDocs`), and
 * CouchDB's revision check answers a stale one `conflict`, which the device merges class by class
 * (`mergeSchedule`) and sends again. Once any is stored the gym's status is derived again before the
 * answer (go-live-service.ts), exactly as after the online calls: a device that hears `ok` and then
 * asks for the profile sees the status its timetable calls for.
 */
export async function writeSchedules(deps: Deps, gymId: string, weeks: readonly ScheduleWeekDoc[]): Promise<BulkRow[]> {
  const written = await tenantDb<ScheduleWeekDoc>(deps.couch, 'gym', gymId).bulk({ docs: [...weeks] });
  if (written.some((result) => result.rev)) await applyGoLive(deps, 'gym', gymId);
  return written.map((result) =>
    result.rev
      ? { ok: true, id: result.id, rev: result.rev }
      : { id: result.id, error: result.error ?? 'unknown_error', reason: result.reason ?? '' },
  );
}
