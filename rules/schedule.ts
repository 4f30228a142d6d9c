import { CLASS_TEXT_MAX_LENGTH } from './class-fields.ts';
import { CLASS_DISCIPLINES, DIFFICULTIES, GYM_WEEKDAYS, KIDS_CLASS_DISCIPLINES } from './constants.ts';
import { scheduleDocId } from './doc-ids.ts';
import type { ClassFields } from './class-fields.ts';
import type { ClassItem, ScheduleWeekDoc } from './documents.ts';
import { CLASS_START_SLOTS, END_OF_DAY, isMorning } from './time-of-day.ts';
import { gymWeekDate, gymWeekStart } from './timetable.ts';

/**
 * Editing a gym's timetable (§2 "Gym schedule", §5 "class creation", §9): the rules the page, the
 * server's calls and the sync gateway's write rules share. Times are seconds from midnight.
 */

/** The three schedules a gym edits, as the call paths name them (§7). */
export const SCHEDULE_WEEKS = ['default', 'currentWeek', 'nextWeek'] as const;
export type ScheduleWeek = (typeof SCHEDULE_WEEKS)[number];

/** A class end lies on the same 30-minute grid as starts, up to midnight (86400, shown 00:00). */
const HALF_HOUR = 1800;
const LOCATION_MAX_LENGTH = CLASS_TEXT_MAX_LENGTH;

export const PLEASE_SELECT_START = 'Please Select A Start Time';

/** The start times a morning (before 12:00) or evening (from 12:00) class may take. */
export function classStartOptions(period: 'am' | 'pm'): number[] {
  return CLASS_START_SLOTS.filter((t) => isMorning(t) === (period === 'am'));
}

/** The end times offered once a start is chosen: every half hour after it up to midnight; none before. */
export function classEndOptions(startTime: number | null | undefined): number[] {
  if (startTime == null || !CLASS_START_SLOTS.includes(startTime)) return [];
  const out: number[] = [];
  for (let t = startTime + HALF_HOUR; t <= END_OF_DAY; t += HALF_HOUR) out.push(t);
  return out;
}

const DISCIPLINES = new Set<string>(CLASS_DISCIPLINES);
const KIDS_DISCIPLINES = new Set<string>(KIDS_CLASS_DISCIPLINES);
const DIFFICULTY_SET = new Set<string>(DIFFICULTIES);

/** Whether a discipline is a kids' one (a class's `kidsClass` follows its discipline). */
export const isKidsDiscipline = (discipline: string) => KIDS_DISCIPLINES.has(discipline);

/** The class fields a gym chooses (§7 "Gym schedule" body, without the id). */
export type { ClassFields };

/**
 * Why a class cannot be on the timetable, or null when it can: a start off the 30-minute grid
 * 04:30–22:00, an end not after the start (or off the grid, past midnight), an unknown discipline or
 * difficulty, `kidsClass` not matching the discipline, or a blank or over-long location.
 */
export function classRefusal(item: ClassFields): string | null {
  if (!Number.isInteger(item.startTime) || !CLASS_START_SLOTS.includes(item.startTime))
    return 'A class starts on the half hour from 04:30 to 22:00.';
  if (!Number.isInteger(item.endTime) || item.endTime <= item.startTime) return 'A class must end after it starts.';
  if (item.endTime > END_OF_DAY || item.endTime % HALF_HOUR !== 0) return 'A class ends on the half hour, by midnight.';
  if (typeof item.discipline !== 'string' || !(DISCIPLINES.has(item.discipline) || isKidsDiscipline(item.discipline)))
    return 'Unknown discipline.';
  if (typeof item.kidsClass !== 'boolean' || item.kidsClass !== isKidsDiscipline(item.discipline))
    return 'Kids classes are the kids disciplines.';
  if (typeof item.difficulty !== 'string' || !DIFFICULTY_SET.has(item.difficulty)) return 'Unknown difficulty.';
  if (typeof item.location !== 'string' || !item.location.trim() || item.location.length > LOCATION_MAX_LENGTH)
    return 'A class needs a location.';
  return null;
}

/** The Monday a schedule week starts on (null for the default). */
export function scheduleWeekStart(week: ScheduleWeek, now: Date = new Date()): string | null {
  return week === 'default' ? null : gymWeekStart(now, week === 'nextWeek' ? 1 : 0);
}

/**
 * An empty default schedule: seven days with the ids `newId` gives. Days are known by the default's
 * day ids (the `{weekdayId}` of the calls).
 */
export function emptyDefaultSchedule(gymId: string, now: Date, newId: () => string): ScheduleWeekDoc {
  return {
    _id: scheduleDocId(null),
    type: 'schedule-week',
    gymId,
    weekStart: null,
    days: GYM_WEEKDAYS.map(({ weekday, abbreviation }) => ({ _id: newId(), weekday, abbreviation, classes: [] })),
    updatedAt: now.toISOString(),
  };
}

/**
 * Week roll-over (design/decisions.md 7): a week without a document of its own follows the default,
 * and the first edit of it starts from a copy of the default — the default's day and class ids kept,
 * so two devices that both start the same week offline hold the same classes under the same ids and
 * their edits merge class by class (`mergeSchedule`).
 */
export function weekFromDefault(base: ScheduleWeekDoc, weekStart: string, now: Date): ScheduleWeekDoc {
  return {
    _id: scheduleDocId(weekStart),
    type: 'schedule-week',
    gymId: base.gymId,
    weekStart,
    days: withAllDays(base.days).map((d) => ({ ...d, classes: d.classes.map((c) => ({ ...c })) })),
    updatedAt: now.toISOString(),
  };
}

type Day = ScheduleWeekDoc['days'][number];

/** Every gym weekday present, Monday first (a day the document lacks has no classes). */
function withAllDays(days: readonly Day[]): Day[] {
  return GYM_WEEKDAYS.map(
    ({ weekday, abbreviation }) =>
      days.find((d) => d.weekday === weekday) ?? { _id: `day-${weekday}`, weekday, abbreviation, classes: [] },
  );
}

const byStart = (a: ClassItem, b: ClassItem) => a.startTime - b.startTime || (a._id < b._id ? -1 : 1);

export const PAST_DAY_REFUSAL = 'That day has passed: its classes can no longer change.';

/**
 * Whether an edit of a dated week changes a day that has passed (a UK date before `today`): past
 * days are history (§2 greys them out), so a class can be neither added to nor removed from them.
 * The default schedule has no dates; today is still open.
 */
export function changesPastDays(before: ScheduleWeekDoc, after: ScheduleWeekDoc, today: string): boolean {
  const { weekStart } = after;
  if (weekStart === null) return false;
  const ids = (doc: ScheduleWeekDoc, weekday: number) =>
    JSON.stringify(
      dayClasses(doc, weekday).map((c) => [
        c._id,
        c.startTime,
        c.endTime,
        c.discipline,
        c.difficulty,
        c.location,
        c.kidsClass,
      ]),
    );
  return GYM_WEEKDAYS.some(
    ({ weekday }) => gymWeekDate(weekStart, weekday) < today && ids(before, weekday) !== ids(after, weekday),
  );
}

/** The week with a class added to a weekday (classes kept in start order). */
export function withClassAdded(doc: ScheduleWeekDoc, weekday: number, item: ClassItem, now: Date): ScheduleWeekDoc {
  return {
    ...doc,
    days: withAllDays(doc.days).map((d) =>
      d.weekday === weekday ? { ...d, classes: [...d.classes, item].sort(byStart) } : d,
    ),
    updatedAt: now.toISOString(),
  };
}

/** The week without that class (null when no day holds it: nothing to change). */
export function withClassRemoved(doc: ScheduleWeekDoc, classId: string, now: Date): ScheduleWeekDoc | null {
  if (!doc.days.some((d) => d.classes.some((c) => c._id === classId))) return null;
  return {
    ...doc,
    days: doc.days.map((d) => ({ ...d, classes: d.classes.filter((c) => c._id !== classId) })),
    updatedAt: now.toISOString(),
  };
}

/**
 * The week with a class changed in place (issue 24): the same id on the same day, with the fields
 * given, classes kept in start order; null when no day holds it. The id stays, so the class stays
 * the same one wherever it is known by it: the merge of two devices' edits (`mergeSchedule`) and
 * the copies of it that weeks made from the default hold.
 */
export function withClassReplaced(doc: ScheduleWeekDoc, item: ClassItem, now: Date): ScheduleWeekDoc | null {
  if (!doc.days.some((d) => d.classes.some((c) => c._id === item._id))) return null;
  return {
    ...doc,
    days: doc.days.map((d) =>
      d.classes.some((c) => c._id === item._id)
        ? { ...d, classes: d.classes.map((c) => (c._id === item._id ? { ...item } : c)).sort(byStart) }
        : d,
    ),
    updatedAt: now.toISOString(),
  };
}

const sameClass = (a: ClassItem, b: ClassItem) =>
  a.discipline === b.discipline &&
  a.difficulty === b.difficulty &&
  a.startTime === b.startTime &&
  a.endTime === b.endTime &&
  a.location === b.location &&
  a.kidsClass === b.kidsClass;

function classMap(doc: ScheduleWeekDoc | undefined): Map<string, { weekday: number; item: ClassItem }> {
  const map = new Map<string, { weekday: number; item: ClassItem }>();
  for (const d of doc?.days ?? []) for (const item of d.classes) map.set(item._id, { weekday: d.weekday, item });
  return map;
}

/**
 * Merges a device's offline edit of a schedule week with the server's newer copy, class by class
 * (design/sync.md "Schedules"), from the copy the device last had from the server (`base`; absent
 * when both sides created the document):
 * - a class added on either side is kept (both devices' additions survive);
 * - a class deleted on either side stays deleted, even if the other side changed it (delete wins:
 *   the person who deleted it meant it gone);
 * - a class both sides still hold takes the device's fields if the device changed it (an edit on the
 *   page keeps the class's id), else the server's: of two edits of one class the later arrival wins;
 * - with no base nothing counts as deleted: the union of both, the device's fields on a shared id.
 * Day ids, `_id`, `gymId` and `weekStart` are the server's; `updatedAt` is the later of the two.
 */
export function mergeSchedule(
  server: ScheduleWeekDoc,
  device: ScheduleWeekDoc,
  base?: ScheduleWeekDoc,
): ScheduleWeekDoc {
  const [onServer, onDevice, inBase] = [classMap(server), classMap(device), classMap(base)];
  const kept: { weekday: number; item: ClassItem }[] = [];
  for (const id of new Set([...onServer.keys(), ...onDevice.keys()])) {
    const s = onServer.get(id);
    const d = onDevice.get(id);
    const b = inBase.get(id);
    if (s && d) {
      const deviceChanged = !b || !sameClass(d.item, b.item) || d.weekday !== b.weekday;
      kept.push(deviceChanged ? d : s);
    } else if (!b || !base) {
      kept.push((s ?? d)!); // added on one side (or no base to tell a deletion)
    }
    // Otherwise the class was in the base and one side deleted it: it stays deleted.
  }
  const days = withAllDays(server.days).map((day) => ({
    ...day,
    classes: kept
      .filter((k) => k.weekday === day.weekday)
      .map((k) => k.item)
      .sort(byStart),
  }));
  return {
    ...server,
    days,
    updatedAt: device.updatedAt > server.updatedAt ? device.updatedAt : server.updatedAt,
  };
}

/** Morning and evening classes of one weekday of a week (§4: AM is a start before 12:00). */
export function dayClasses(doc: ScheduleWeekDoc | undefined, weekday: number): ClassItem[] {
  return [...(doc?.days.find((d) => d.weekday === weekday)?.classes ?? [])].sort(byStart);
}
