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
import { ensureDatabase } from '../../couch/couch.ts';
import { tenantDbName } from '../../couch/databases.ts';
import { newId } from '../../couch/ids.ts';
import { tenantDb, updateDoc } from '../../couch/tenant-docs.ts';
import type { Deps } from '../../deps.ts';
import { applyGoLive } from '../accounts/index.ts';
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

/**
 * One edit of one week of a gym's schedule, revision-guarded (a device's synced write meanwhile is
 * re-read, never overwritten). The default is created first when missing (weeks copy it and the days
 * are known by its ids); a week without its own document starts from a copy of the default
 * (design/decisions.md 7). `edit` answers the new document, or null when nothing changes. The gym's
 * status is then derived again (go-live-service.ts): its first class can take it live, deleting its
 * last one takes it off.
 */
async function editSchedule(
  deps: Deps,
  gymId: string,
  week: ScheduleWeek,
  weekdayId: string,
  edit: (doc: ScheduleWeekDoc, weekday: number) => ScheduleWeekDoc | null,
): Promise<ScheduleEditOutcome> {
  const now = deps.now();
  await ensureDatabase(deps.couch, tenantDbName('gym', gymId));
  const db = tenantDb<ScheduleWeekDoc>(deps.couch, 'gym', gymId);
  const base = (await updateDoc(db, scheduleDocId(null), (current) =>
    current ? null : emptyDefaultSchedule(gymId, now, newId),
  ))!;
  const weekday = weekdayOf(base, gymId, weekdayId);
  if (weekday === null) return { outcome: 'unknown-day' };
  const weekStart = scheduleWeekStart(week, now);
  let pastDayTouched = false;
  await updateDoc(db, scheduleDocId(weekStart), (current) => {
    const doc = current ?? (weekStart ? weekFromDefault(base, weekStart, now) : base);
    const next = edit(doc, weekday);
    pastDayTouched = next !== null && changesPastDays(doc, next, ukDateKey(now));
    return pastDayTouched ? null : next;
  });
  if (pastDayTouched) return { outcome: 'refused', message: PAST_DAY_REFUSAL };
  await applyGoLive(deps, 'gym', gymId);
  return { outcome: 'saved', timetable: await gymTimetableView(deps.couch, gymId, now) };
}

/** Adds a class to a weekday of the default, current or next week, after `classRefusal`. */
export function addScheduleClass(
  deps: Deps,
  gymId: string,
  week: ScheduleWeek,
  weekdayId: string,
  fields: ClassFields,
): Promise<ScheduleEditOutcome> {
  const refusal = classRefusal(fields);
  if (refusal) return Promise.resolve({ outcome: 'refused', message: refusal });
  const item: ClassItem = { _id: newId(), ...fields, location: fields.location.trim() };
  return editSchedule(deps, gymId, week, weekdayId, (doc, weekday) => withClassAdded(doc, weekday, item, deps.now()));
}

/** Deletes a class of that week by its id (an absent class changes nothing). */
export function removeScheduleClass(
  deps: Deps,
  gymId: string,
  week: ScheduleWeek,
  weekdayId: string,
  classId: string,
): Promise<ScheduleEditOutcome> {
  return editSchedule(deps, gymId, week, weekdayId, (doc) => withClassRemoved(doc, classId, deps.now()));
}
