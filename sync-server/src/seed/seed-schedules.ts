import { GYM_WEEKDAYS, KIDS_CLASS_DISCIPLINES, type ClassDiscipline } from '@mastr/rules/constants.ts';
import { scheduleDocId } from '@mastr/rules/doc-ids.ts';
import type { ClassItem, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { CLASS_START_SLOTS } from '@mastr/rules/time-of-day.ts';
import type { Couch } from '../couch/couch.ts';
import { tenantDbName } from '../couch/databases.ts';
import { createIfMissing } from './create-if-missing.ts';
import { ukGymWeekStart } from './demo-calendar.ts';
import { DEMO_GYMS } from './demo-data.ts';
import { demoId } from './demo-ids.ts';
import { DEMO_TIMETABLES, type TimetableRow } from './demo-timetables.ts';

const KIDS = new Set<ClassDiscipline>(KIDS_CLASS_DISCIPLINES);

function seconds(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 3600 + m * 60;
}

function classItem(gymId: string, weekKey: string, index: number, row: TimetableRow): ClassItem {
  const [, start, end, discipline, difficulty, location] = row;
  const startTime = seconds(start);
  if (!CLASS_START_SLOTS.includes(startTime)) throw new Error(`Demo class starts off the 30-minute grid: ${start}`);
  return {
    _id: demoId(`class:${gymId}:${weekKey}:${index}`),
    discipline,
    difficulty,
    startTime,
    endTime: seconds(end),
    location,
    kidsClass: KIDS.has(discipline),
  };
}

function scheduleDoc(
  gymId: string,
  weekStart: string | null,
  rows: readonly TimetableRow[],
  now: Date,
): ScheduleWeekDoc {
  const weekKey = weekStart ?? 'default';
  const items = rows.map((row, index) => ({ day: row[0], item: classItem(gymId, weekKey, index, row) }));
  return {
    _id: scheduleDocId(weekStart),
    type: 'schedule-week',
    gymId,
    weekStart,
    days: GYM_WEEKDAYS.map(({ weekday, abbreviation }) => ({
      _id: demoId(`schedule-day:${gymId}:${weekKey}:${weekday}`),
      weekday,
      abbreviation,
      classes: items
        .filter((i) => i.day === abbreviation)
        .map((i) => i.item)
        .sort((a, b) => a.startTime - b.startTime),
    })),
    updatedAt: now.toISOString(),
  };
}

/** Next week differs a little from the default so the week switcher shows something: an extra Saturday open mat. */
function withExtraOpenMat(rows: readonly TimetableRow[]): TimetableRow[] {
  const location = rows.find((r) => r[3] === 'Open Mat')?.[5] ?? rows[0][5];
  return [...rows, ['Sat', '14:00', '16:00', 'Open Mat', 'Any', location]];
}

/**
 * Each demo gym's default timetable plus its own current and next UK weeks. The week documents are
 * written only together with a new default: on a later start the weeks then follow whatever
 * default the gym has edited meanwhile, as real weeks without a document of their own do.
 */
export async function seedDemoSchedules(couch: Couch, now: Date): Promise<number> {
  let created = 0;
  for (const gym of DEMO_GYMS) {
    const rows = DEMO_TIMETABLES[gym.profileId];
    const db = couch.use<ScheduleWeekDoc>(tenantDbName('gym', gym.profileId));
    if (!(await createIfMissing(db, scheduleDoc(gym.profileId, null, rows, now)))) continue;
    created += 1;
    const weeks = [
      scheduleDoc(gym.profileId, ukGymWeekStart(now), rows, now),
      scheduleDoc(gym.profileId, ukGymWeekStart(now, 1), withExtraOpenMat(rows), now),
    ];
    for (const week of weeks) if (await createIfMissing(db, week)) created += 1;
  }
  return created;
}
