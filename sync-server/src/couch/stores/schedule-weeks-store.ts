import { scheduleDocId } from '@mastr/rules/doc-ids.ts';
import type { ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import type { Couch } from '../couch.ts';
import { fetchDocs, getDoc, tenantDb } from '../tenant-docs.ts';

/**
 * A gym's timetable weeks in the gym's database: the default (`schedule:default`) and the dated
 * weeks with a document of their own. Written by the registry's one writer (sync/device-writes.ts,
 * decision 184), whichever way an edit comes; read by the directory (the public timetable) and the
 * accounts domain (a gym's go-live status asks for a default schedule).
 */

const weeksDb = (couch: Couch, gymId: string) => tenantDb<ScheduleWeekDoc>(couch, 'gym', gymId);

/** The weeks (null: the default) that have a document, by document id, in one read. */
export function scheduleWeeks(couch: Couch, gymId: string, weekStarts: readonly (string | null)[]) {
  return fetchDocs(weeksDb(couch, gymId), weekStarts.map(scheduleDocId));
}

/** The gym's default schedule, or null (a gym whose database does not exist yet has none). */
export function defaultSchedule(couch: Couch, gymId: string) {
  return getDoc(weeksDb(couch, gymId), scheduleDocId(null));
}
