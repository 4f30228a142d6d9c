import type { GymTimetable } from '@mastr/rules/api/directory.ts';
import { GYM_WEEKDAYS } from '@mastr/rules/constants.ts';
import { scheduleDocId } from '@mastr/rules/doc-ids.ts';
import type { ClassItem, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { gymWeekStart } from '@mastr/rules/timetable.ts';
import type { Couch } from '../../couch/couch.ts';
import { scheduleWeeks } from '../../couch/stores/schedule-weeks-store.ts';

const classView = (c: ClassItem): ClassItem => ({
  _id: c._id,
  discipline: c.discipline,
  difficulty: c.difficulty,
  startTime: c.startTime,
  endTime: c.endTime,
  location: c.location,
  kidsClass: c.kidsClass,
});

function classesOf(doc: ScheduleWeekDoc | undefined, weekday: number): ClassItem[] {
  const classes = doc?.days.find((d) => d.weekday === weekday)?.classes ?? [];
  return classes.map(classView).sort((a, b) => a.startTime - b.startTime);
}

/**
 * A gym's timetable (§3 "Schedule weekday"): Monday to Sunday, each with the default, current-week
 * and next-week classes; a week without its own document follows the default. A gym that never
 * wrote a schedule has seven empty days. `scheduleDoc` finds a schedule document by id (undefined
 * when there is none); what it may be asked for is `timetableDocIds(now)`.
 */
export function timetableFrom(
  gymId: string,
  scheduleDoc: (id: string) => ScheduleWeekDoc | undefined,
  now: Date,
): GymTimetable {
  const currentWeekStart = gymWeekStart(now);
  const nextWeekStart = gymWeekStart(now, 1);
  const [defaultDoc, currentDoc, nextDoc] = timetableDocIds(now).map(scheduleDoc);
  const schedule = GYM_WEEKDAYS.map(({ weekday, abbreviation }) => ({
    // Days are known by the default week's day ids; a gym without a default gets ids from the weekday.
    _id: defaultDoc?.days.find((d) => d.weekday === weekday)?._id ?? `${gymId}-${weekday}`,
    weekday,
    abbreviation,
    defaultClasses: classesOf(defaultDoc, weekday),
    currentWeekClasses: classesOf(currentDoc ?? defaultDoc, weekday),
    nextWeekClasses: classesOf(nextDoc ?? defaultDoc, weekday),
  }));
  return { schedule, currentWeekStart, nextWeekStart };
}

/** The schedule weeks a timetable at `now` reads: the default, the current and the next week. */
function timetableWeeks(now: Date): (string | null)[] {
  return [null, gymWeekStart(now), gymWeekStart(now, 1)];
}

/** Their document ids. */
function timetableDocIds(now: Date): string[] {
  return timetableWeeks(now).map(scheduleDocId);
}

/** A gym's public timetable, read from its database (or seven empty days when it has none yet). */
export async function gymTimetableView(couch: Couch, gymId: string, now: Date): Promise<GymTimetable> {
  const docs = await scheduleWeeks(couch, gymId, timetableWeeks(now));
  return timetableFrom(gymId, (id) => docs.get(id), now);
}
