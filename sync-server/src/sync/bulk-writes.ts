import { keepsLockedSlots } from '@mastr/rules/availability-merge.ts';
import type { AvailabilityWeekDoc, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import type { Deps } from '../deps.ts';
import { applyGoLive } from '../services/accounts/go-live-service.ts';
import { recordCheckIns, type NewCheckIn } from '../services/passes/check-in-service.ts';
import { fetchDocs, tenantDb } from '../couch/tenant-docs.ts';
import { hasLockedSlots } from './write-rules.ts';

/** One row of a CouchDB `_bulk_docs` answer, as RxDB's replication reads it. */
export type BulkRow = { ok: true; id: string; rev: string } | { id: string; error: string; reason: string };

const LOCKED_SLOT_REASON = "A booked or requested slot is the server's: it cannot be removed or changed from a device.";

/**
 * Check-ins go through the check-in authority, which stores them as sent and its decisions as
 * separate outcome documents; every record is accepted (a duplicate or refused one is kept for
 * audit), so each row is ok with the record's stored rev.
 */
export async function writeCheckIns(deps: Deps, gymId: string, checkIns: readonly NewCheckIn[]): Promise<BulkRow[]> {
  const decided = await recordCheckIns(deps, gymId, checkIns);
  return decided.map(({ checkIn }) => ({ ok: true, id: checkIn._id, rev: checkIn._rev }));
}

/**
 * Availability documents are written as sent, except that one which would remove or alter a
 * booked/requested slot of the stored revision is answered `conflict` (RxDB then fetches the
 * server's state and merges, keeping the locked slots). CouchDB's own revision check makes this
 * race-free: a document written meanwhile by the server fails as a conflict too.
 * Returns null when a new document claims a locked slot (only the server sets those): hostile.
 */
export async function writeAvailability(
  deps: Deps,
  coachId: string,
  weeks: readonly AvailabilityWeekDoc[],
): Promise<BulkRow[] | null> {
  const db = tenantDb<AvailabilityWeekDoc>(deps.couch, 'coach', coachId);
  const current = await fetchDocs(
    db,
    weeks.map((w) => w._id),
  );
  const rows = new Map<string, BulkRow>();
  const toWrite: AvailabilityWeekDoc[] = [];
  for (const week of weeks) {
    const stored = current.get(week._id);
    if (!stored) {
      if (hasLockedSlots(week)) return null;
      toWrite.push(week);
    } else if (week._rev === stored._rev && !keepsLockedSlots(stored, week)) {
      rows.set(week._id, { id: week._id, error: 'conflict', reason: LOCKED_SLOT_REASON });
    } else {
      toWrite.push(week); // a stale or missing _rev is CouchDB's conflict to report
    }
  }
  const written = toWrite.length ? await db.bulk({ docs: toWrite }) : [];
  for (const result of written) {
    rows.set(
      result.id,
      result.rev
        ? { ok: true, id: result.id, rev: result.rev }
        : { id: result.id, error: result.error ?? 'unknown_error', reason: result.reason ?? '' },
    );
  }
  return weeks.map((w) => rows.get(w._id)!);
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
