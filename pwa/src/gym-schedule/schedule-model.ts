/**
 * The gym's Schedule page as data (§2 "Schedule", §4): the Default Schedule and the current and next
 * weeks, each weekday's morning (start before 12:00) and evening classes, and the edits the page makes
 * to the device's copy (rules/schedule.ts judges every class, as the server does).
 */
import { GYM_WEEKDAYS } from '@mastr/rules/constants.ts';
import { scheduleDocId } from '@mastr/rules/doc-ids.ts';
import type { ClassItem, ScheduleWeekDoc } from '@mastr/rules/documents.ts';
import { formatWallClock, ukDateKey } from '@mastr/rules/dates.ts';
import {
  PAST_DAY_REFUSAL,
  changesPastDays,
  classRefusal,
  dayClasses,
  emptyDefaultSchedule,
  scheduleWeekStart,
  weekFromDefault,
  withClassAdded,
  withClassRemoved,
  withClassReplaced,
  type ClassFields,
  type ScheduleWeek,
} from '@mastr/rules/schedule.ts';
import { isExpiredDay, splitAmPm } from '@mastr/rules/timetable.ts';

const WEEK_TITLES: Record<ScheduleWeek, string> = {
  default: 'Default Schedule',
  currentWeek: 'Availability for the Current Week',
  nextWeek: 'Availability for Next Week',
};

export interface ScheduleDayView {
  weekday: number;
  abbreviation: string;
  am: ClassItem[];
  pm: ClassItem[];
  /** A current-week day before today: shown, not editable. */
  expired: boolean;
}

export interface ScheduleWeekView {
  week: ScheduleWeek;
  title: string;
  weekStart: string | null;
  days: ScheduleDayView[];
  /**
   * What the gym must know about how this schedule relates to the others (issue 24: deleting a
   * default class left it in weeks already edited, and the page said nothing): the default feeds
   * every week not yet edited; a week shows the default until edited, then keeps its own classes.
   */
  note: string;
}

/**
 * One rule, said wherever it matters: a change to the default (add, edit, delete) reaches every week
 * not yet edited and never a week already edited (design/decisions.md 7, 64 and 67).
 */
export const SCHEDULE_NOTES = {
  default:
    'Members see these classes in every week you have not edited. A week you have already edited keeps its own classes: adding, changing or deleting a class here does not change that week.',
  followsDefault: 'This week follows your Default Schedule until you change it.',
  ownWeek: 'You have edited this week: it keeps its own classes, whatever you change in the Default Schedule.',
  defaultDelete:
    'It goes from every week that follows your Default Schedule. Weeks you have already edited are not changed: delete it there too if it should go from them.',
  defaultChange:
    'The change reaches every week that follows your Default Schedule. Weeks you have already edited are not changed: edit the class there too if it should change in them.',
} as const;

/**
 * Why an edit vanished: the server refused a pending week and the device dropped it (design/sync.md
 * "Schedules"). §8's text for a failed schedule request, and which schedule it was.
 */
export function refusalMessage(weekId: string, views: readonly ScheduleWeekView[]): string {
  const view = views.find((v) => scheduleDocId(v.weekStart) === weekId);
  const monday = weekId.startsWith('schedule:week:') ? weekId.slice('schedule:week:'.length) : null;
  const which =
    view?.title ?? (monday ? `the week of ${formatWallClock(`${monday}T00:00:00`, 'd MMMM yyyy')}` : 'your schedule');
  return `Send Request Failed: the server did not accept your changes to ${which}, so they were removed from this device.`;
}

const find = (docs: readonly ScheduleWeekDoc[], weekStart: string | null) =>
  docs.find((d) => d._id === scheduleDocId(weekStart));

/** The three schedules as the page shows them; a week without its own document shows the default. */
export function scheduleView(docs: readonly ScheduleWeekDoc[], now: Date): ScheduleWeekView[] {
  const today = ukDateKey(now);
  const defaultDoc = find(docs, null);
  return (['default', 'currentWeek', 'nextWeek'] as const).map((week) => {
    const weekStart = scheduleWeekStart(week, now);
    const own = weekStart ? find(docs, weekStart) : undefined;
    const doc = weekStart ? (own ?? defaultDoc) : defaultDoc;
    return {
      week,
      title: WEEK_TITLES[week],
      weekStart,
      note: !weekStart ? SCHEDULE_NOTES.default : own ? SCHEDULE_NOTES.ownWeek : SCHEDULE_NOTES.followsDefault,
      days: GYM_WEEKDAYS.map(({ weekday, abbreviation }) => ({
        weekday,
        abbreviation,
        ...splitAmPm(dayClasses(doc, weekday)),
        expired: week === 'currentWeek' && weekStart !== null && isExpiredDay('currentWeek', weekStart, weekday, today),
      })),
    };
  });
}

export interface EditContext {
  gymId: string;
  now: Date;
  newId(): string;
}

export type ScheduleEdit = { ok: true; doc: ScheduleWeekDoc } | { ok: false; message: string };

/** The document an edit of `week` starts from: its own, else a copy of the default (decisions.md 7). */
function editableWeek(docs: readonly ScheduleWeekDoc[], week: ScheduleWeek, ctx: EditContext): ScheduleWeekDoc {
  const weekStart = scheduleWeekStart(week, ctx.now);
  const defaultDoc = find(docs, null) ?? emptyDefaultSchedule(ctx.gymId, ctx.now, ctx.newId);
  if (!weekStart) return defaultDoc;
  return find(docs, weekStart) ?? weekFromDefault(defaultDoc, weekStart, ctx.now);
}

/** The fields as stored (location trimmed), or why the rules refuse them: one judge for add and edit. */
function judged(fields: ClassFields): { ok: true; fields: ClassFields } | { ok: false; message: string } {
  const item = { ...fields, location: fields.location.trim() };
  const refusal = classRefusal(item);
  return refusal ? { ok: false, message: refusal } : { ok: true, fields: item };
}

/** Adds a class to a weekday of a week, or says why it cannot be added. */
export function addClass(
  docs: readonly ScheduleWeekDoc[],
  week: ScheduleWeek,
  weekday: number,
  fields: ClassFields,
  ctx: EditContext,
): ScheduleEdit {
  const item = judged(fields);
  if (!item.ok) return item;
  const before = editableWeek(docs, week, ctx);
  return notInThePast(before, withClassAdded(before, weekday, { _id: ctx.newId(), ...item.fields }, ctx.now), ctx);
}

/**
 * Changes a class of a week in place (issue 24), judged as an added one: it keeps its id and day.
 * Editing the default changes every week that follows it, not a week already edited (that week
 * holds its own copy of the class, as for a delete: SCHEDULE_NOTES.defaultChange).
 */
export function editClass(
  docs: readonly ScheduleWeekDoc[],
  week: ScheduleWeek,
  classId: string,
  fields: ClassFields,
  ctx: EditContext,
): ScheduleEdit {
  const item = judged(fields);
  if (!item.ok) return item;
  const before = editableWeek(docs, week, ctx);
  const doc = withClassReplaced(before, { _id: classId, ...item.fields }, ctx.now);
  return doc ? notInThePast(before, doc, ctx) : { ok: false, message: GONE };
}

const GONE = 'That class is no longer on the schedule.';

/** The server refuses a change to a day that has passed (a page left open past midnight could try). */
function notInThePast(before: ScheduleWeekDoc, after: ScheduleWeekDoc, ctx: EditContext): ScheduleEdit {
  return changesPastDays(before, after, ukDateKey(ctx.now))
    ? { ok: false, message: PAST_DAY_REFUSAL }
    : { ok: true, doc: after };
}

/** Deletes a class of a week (by id), or says it is no longer there. */
export function deleteClass(
  docs: readonly ScheduleWeekDoc[],
  week: ScheduleWeek,
  classId: string,
  ctx: EditContext,
): ScheduleEdit {
  const before = editableWeek(docs, week, ctx);
  const doc = withClassRemoved(before, classId, ctx.now);
  return doc ? notInThePast(before, doc, ctx) : { ok: false, message: GONE };
}
