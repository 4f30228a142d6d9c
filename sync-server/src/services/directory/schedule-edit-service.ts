import type { GymTimetable } from '@mastr/rules/api/directory.ts';
import { GYM_WEEKDAYS } from '@mastr/rules/constants.ts';
import { scheduleDocId } from '@mastr/rules/doc-ids.ts';
import type { ClassItem, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import {
  PAST_DAY_REFUSAL,
  changesPastDays,
  classRefusal,
  emptyDefaultSchedule,
  scheduleWeekStart,
  weekFromDefault,
  withClassAdded,
  withClassRemoved,
  type ClassFields,
  type ScheduleWeek,
} from '@mastr/rules/schedule.ts';
import { ensureTenantDatabase } from '../../couch/stores/tenant-databases.ts';
import { newId } from '../../couch/ids.ts';
import type { DocWrite } from '../../couch/doc-write.ts';
import type { Deps } from '../../deps.ts';
import { gymTimetableView } from './gym-timetable-views.ts';

export type ScheduleEditOutcome =
  { outcome: 'saved'; timetable: GymTimetable } | { outcome: 'unknown-day' } | { outcome: 'refused'; message: string };

/**
 * The weekday a `{weekdayId}` names: a day id of the default schedule, or — for a gym whose default
 * did not exist when its page read the timetable — the `{gymId}-{weekday}` id the timetable gives then.
 */
function weekdayOf(defaultDoc: ScheduleWeekDoc, gymId: string, weekdayId: string): number | null {
  const day = defaultDoc.days.find((d) => d._id === weekdayId);
  if (day) return day.weekday;
  return GYM_WEEKDAYS.find(({ weekday }) => `${gymId}-${weekday}` === weekdayId)?.weekday ?? null;
}

/** Why an online edit is refused when the week it makes breaks the schedule-week rules (a full day). */
const WEEK_RULES_REFUSAL = 'That week would break the timetable rules (at most 64 classes a day).';

/**
 * One edit of one week of a gym's schedule. `write` is the schedule-week entry of the device-write
 * registry (sync/device-writes.ts `onlineDocWriter`, decision 185): the week is held to the rules a
 * device's week meets and written by the same writer, revision-guarded (a device's synced write
 * meanwhile is re-read and the edit made again on it, never overwritten), and the writer derives
 * the gym's status again (its first class can take it live, deleting its last one takes it off).
 * The default is created first when missing (weeks copy it and the days are known by its ids); a
 * week without its own document starts from a copy of the default (design/decisions.md 7). `edit`
 * answers the new document, or null when nothing changes. Past days are this path's own refusal
 * (design/sync.md "Schedules").
 */
async function editSchedule(
  deps: Deps,
  gymId: string,
  week: ScheduleWeek,
  weekdayId: string,
  write: DocWrite<ScheduleWeekDoc>,
  edit: (doc: ScheduleWeekDoc, weekday: number) => ScheduleWeekDoc | null,
): Promise<ScheduleEditOutcome> {
  const now = deps.now();
  await ensureTenantDatabase(deps.couch, 'gym', gymId);
  const created = await write(scheduleDocId(null), (current) =>
    current ? null : emptyDefaultSchedule(gymId, now, newId),
  );
  if (!('doc' in created) || !created.doc) throw new Error(`The default schedule of gym ${gymId} was refused.`);
  const base = created.doc;
  const weekday = weekdayOf(base, gymId, weekdayId);
  if (weekday === null) return { outcome: 'unknown-day' };
  const weekStart = scheduleWeekStart(week, now);
  let pastDayTouched = false;
  const written = await write(scheduleDocId(weekStart), (current) => {
    const doc = current ?? (weekStart ? weekFromDefault(base, weekStart, now) : base);
    const next = edit(doc, weekday);
    pastDayTouched = next !== null && changesPastDays(doc, next, ukDateKey(now));
    return pastDayTouched ? null : next;
  });
  if (pastDayTouched) return { outcome: 'refused', message: PAST_DAY_REFUSAL };
  if (written.outcome === 'refused') return { outcome: 'refused', message: WEEK_RULES_REFUSAL };
  return { outcome: 'saved', timetable: await gymTimetableView(deps.couch, gymId, now) };
}

/** Adds a class to a weekday of the default, current or next week, after `classRefusal`. */
export function addScheduleClass(
  deps: Deps,
  gymId: string,
  week: ScheduleWeek,
  weekdayId: string,
  fields: ClassFields,
  write: DocWrite<ScheduleWeekDoc>,
): Promise<ScheduleEditOutcome> {
  const refusal = classRefusal(fields);
  if (refusal) return Promise.resolve({ outcome: 'refused', message: refusal });
  const item: ClassItem = { _id: newId(), ...fields, location: fields.location.trim() };
  return editSchedule(deps, gymId, week, weekdayId, write, (doc, weekday) =>
    withClassAdded(doc, weekday, item, deps.now()),
  );
}

/** Deletes a class of that week by its id (an absent class changes nothing). */
export function removeScheduleClass(
  deps: Deps,
  gymId: string,
  week: ScheduleWeek,
  weekdayId: string,
  classId: string,
  write: DocWrite<ScheduleWeekDoc>,
): Promise<ScheduleEditOutcome> {
  return editSchedule(deps, gymId, week, weekdayId, write, (doc) => withClassRemoved(doc, classId, deps.now()));
}
