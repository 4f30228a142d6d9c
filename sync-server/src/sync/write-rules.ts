import { CLASS_FIELD_NAMES } from '@mastr/rules/class-fields.ts';
import { coachWeekStart, coachWeekdayOf } from '@mastr/rules/coach-week.ts';
import { COACH_WEEKDAYS, GYM_WEEKDAYS } from '@mastr/rules/constants.ts';
import { isCalendarDate } from '@mastr/rules/dates.ts';
import { availabilityDocId, isNestedId, parseCheckInId, scheduleDocId } from '@mastr/rules/doc-ids.ts';
import {
  CHECK_IN_FIELDS,
  type AvailabilityWeekDoc,
  type CheckInDoc,
  type ClassItem,
  type ScheduleWeekDoc,
  type TimeSlot,
} from '@mastr/rules/documents.ts';
import { classRefusal } from '@mastr/rules/schedule.ts';
import { gymWeekStart, gymWeekdayOf } from '@mastr/rules/timetable.ts';
import { HOURLY_SLOTS } from '@mastr/rules/time-of-day.ts';
import type { NewCheckIn } from '../services/passes/index.ts';

/**
 * What a device may write through `_bulk_docs` (design/sync.md "Writes and who decides"), as
 * shape checks. Each parser returns the documents ready for the server's own write, or null when
 * any document is outside the rules: the gateway then refuses the whole batch (403) and writes
 * nothing. Rules that depend on the stored state (the pass, the hours slot claims hold) are the
 * services' business and come back as per-document outcomes, never as a refused batch.
 */

/** A device's clock may run ahead a little; a check-in further in the future is taken as "now". */
const MAX_CLOCK_AHEAD_MS = 5 * 60 * 1000;

/**
 * The server's clock minus the device's reading sent with a push (`DEVICE_CLOCK_HEADER`) is how wrong
 * the device's clock is, and check-ins recorded offline on that clock are moved by as much, so the
 * 60-minute rule holds on the server's clock (design/faults.md "Device clock"). This assumes the
 * clock was as wrong when the check-in was made as when it is sent (a clock set right while
 * offline, between the two, is not seen).
 */
/** Differences below this (network transit, ordinary drift) leave records exactly as sent. */
const CLOCK_TOLERANCE_MS = 2 * 60 * 1000;

/** How far the server's clock is ahead of the device's (0 when the header is absent, not an instant, or close enough). */
export function deviceClockOffsetMs(header: unknown, now: Date): number {
  if (!isInstant(header)) return 0;
  const offset = now.getTime() - Date.parse(header);
  return Math.abs(offset) < CLOCK_TOLERANCE_MS ? 0 : offset;
}

/**
 * Most documents one `_bulk_docs` call may carry: RxDB pushes a coach's writes 100 at a time and the
 * front desk's check-in sender sends 100 at a time, so this only stops a flood.
 */
export const MAX_BULK_DOCS = 500;

/**
 * The weeks a coach's device may write (design/decisions.md 27): next week is the furthest the PWA
 * offers, one more allows for a device clock running ahead; a year back lets an edit made offline
 * long ago still sync (a refused document would hold up every later push of that device).
 */
const WEEKS_AHEAD = 2;
const WEEKS_BACK = 52;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
/** A CouchDB revision as CouchDB (or the embedded server) wrote it: `{generation}-{hash}`. */
const REVISION = /^[1-9]\d{0,15}-[0-9A-Za-z]{1,64}$/;
/**
 * Which way a document arrived: a device's `_bulk_docs`, or an online `/api` call whose service built
 * it. Both are held to the same rules (sync/device-writes.ts, decision 184); the few a path decides
 * are declared per path, as the check-in's methods below.
 */
export type WritePath = 'device' | 'online';

/**
 * The `method` each path may set on a check-in (decision 184): a device says how its front desk saw
 * the pass (a tap on the list, a typed entry code, a scanned QR); only the server's online call
 * writes 'online', so a record tells truthfully which way it came and no device can pass its own
 * record off as the server's.
 */
export const CHECK_IN_METHODS = {
  device: ['tap', 'code', 'qr'],
  online: ['online'],
} as const satisfies Record<WritePath, readonly CheckInDoc['method'][]>;
/** Longest device name a check-in may carry. */
const MAX_DEVICE_ID_LENGTH = 100;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const onlyKeys = (value: Fields, allowed: readonly string[]) => Object.keys(value).every((k) => allowed.includes(k));
/** An ISO instant in UTC on a real calendar day (`Date.parse` rolls '2026-02-30T…' over into March). */
const isInstant = (value: unknown): value is string =>
  typeof value === 'string' &&
  ISO_INSTANT.test(value) &&
  isCalendarDate(value.slice(0, 10)) &&
  Number.isFinite(Date.parse(value));
/** RxDB sends `_deleted: false` on every document; a device may never delete. */
const notDeleting = (doc: Fields) => doc._deleted === undefined || doc._deleted === false;
const revOk = (doc: Fields) => doc._rev === undefined || (typeof doc._rev === 'string' && REVISION.test(doc._rev));
const uniqueIds = (docs: readonly { _id: string }[]) => new Set(docs.map((d) => d._id)).size === docs.length;

/** The documents of a `_bulk_docs` body, or null when the body is anything else (e.g. `new_edits`). */
export function bulkDocsOf(payload: unknown): unknown[] | null {
  if (!isObject(payload) || !onlyKeys(payload, ['docs']) || !Array.isArray(payload.docs)) return null;
  return payload.docs.length <= MAX_BULK_DOCS ? payload.docs : null;
}

const CHECK_IN_KEYS = [...CHECK_IN_FIELDS, '_rev', '_deleted'];

/**
 * A front desk writes new `check-in` records of its own gym, nothing else: no outcome field or
 * `check-in-outcome` document (the server decides), no other type, no deletes. A stored `_rev` is ignored: a record already stored is
 * answered with its current state, never changed. The online check-in's record meets the same
 * rules with the online path's `methods`.
 */
export function parseCheckIns(
  docs: readonly unknown[],
  gymId: string,
  now: Date,
  /** From `deviceClockOffsetMs`: added to each `checkedInAt` (the device's clock) to put it on the server's. */
  clockOffsetMs = 0,
  methods: readonly CheckInDoc['method'][] = CHECK_IN_METHODS.device,
): NewCheckIn[] | null {
  const parsed: NewCheckIn[] = [];
  for (const doc of docs) {
    if (!isObject(doc) || !onlyKeys(doc, CHECK_IN_KEYS) || !notDeleting(doc) || !revOk(doc)) return null;
    const { _id, passId, passKind, checkedInAt, method, deviceId } = doc;
    const id = typeof _id === 'string' ? parseCheckInId(_id) : null;
    if (
      doc.type !== 'check-in' ||
      !id ||
      id.passId !== passId ||
      doc.gymId !== gymId ||
      (passKind !== 'day-pass' && passKind !== 'mastr-pass') ||
      !isInstant(checkedInAt) ||
      !methods.includes(method as CheckInDoc['method']) ||
      typeof deviceId !== 'string' ||
      deviceId.length === 0 ||
      deviceId.length > MAX_DEVICE_ID_LENGTH
    ) {
      return null;
    }
    const onServerClock = Date.parse(checkedInAt) + clockOffsetMs;
    const tooFarAhead = onServerClock > now.getTime() + MAX_CLOCK_AHEAD_MS;
    parsed.push({
      _id: _id as string,
      type: 'check-in',
      passId: passId as string,
      passKind,
      gymId,
      checkedInAt: tooFarAhead
        ? now.toISOString()
        : clockOffsetMs
          ? new Date(onServerClock).toISOString()
          : checkedInAt,
      method: method as NewCheckIn['method'],
      deviceId,
    });
  }
  return uniqueIds(parsed) ? parsed : null;
}

const WEEK_KEYS = ['_id', '_rev', '_deleted', 'type', 'coachId', 'weekStart', 'days', 'updatedAt'];
const DAY_KEYS = ['_id', 'weekday', 'abbreviation', 'times'];
/** `booked`/`requested` only from a device that kept a copy written before decision 120: ignored, dropped on write. */
const SLOT_KEYS = ['_id', 'time', 'booked', 'requested'];
const optionalFlag = (value: unknown) => value === undefined || typeof value === 'boolean';

/** A real Sunday ('2026-02-29' is none, though `Date.parse` reads it as Sunday 1 March) within the weeks a device may write. */
function isWritableWeek(weekStart: string, now: Date): boolean {
  return (
    isCalendarDate(weekStart) &&
    coachWeekdayOf(weekStart) === 0 &&
    weekStart >= coachWeekStart(now, -WEEKS_BACK) &&
    weekStart <= coachWeekStart(now, WEEKS_AHEAD)
  );
}

function isSlot(value: unknown): value is TimeSlot {
  return (
    isObject(value) &&
    onlyKeys(value, SLOT_KEYS) &&
    isNestedId(value._id) &&
    typeof value.time === 'number' &&
    HOURLY_SLOTS.includes(value.time) &&
    optionalFlag(value.booked) &&
    optionalFlag(value.requested)
  );
}

/**
 * Seven days, Sunday (0) to Saturday (6) each once, with hourly slots 04:00-22:00 each at most once a
 * day (so at most 19), days and slots with ids of bounded length and characters.
 */
function isWeekDays(value: unknown): value is AvailabilityWeekDoc['days'] {
  if (!Array.isArray(value) || value.length !== COACH_WEEKDAYS.length) return false;
  const seen = new Set<number>();
  for (const day of value) {
    if (!isObject(day) || !onlyKeys(day, DAY_KEYS) || !isNestedId(day._id) || !Array.isArray(day.times)) return false;
    const known = COACH_WEEKDAYS.find((d) => d.weekday === day.weekday);
    if (!known || known.abbreviation !== day.abbreviation || seen.has(known.weekday)) return false;
    seen.add(known.weekday);
    if (!day.times.every(isSlot) || new Set(day.times.map((s) => s.time)).size !== day.times.length) return false;
  }
  return true;
}

/**
 * A coach writes only their own `availability-week` documents: the default, or a week from its Sunday
 * within a year back and two weeks ahead of `now`.
 */
export function parseAvailabilityDocs(
  docs: readonly unknown[],
  coachId: string,
  now: Date,
): AvailabilityWeekDoc[] | null {
  const parsed: AvailabilityWeekDoc[] = [];
  for (const doc of docs) {
    if (!isObject(doc) || !onlyKeys(doc, WEEK_KEYS) || !notDeleting(doc) || !revOk(doc)) return null;
    const { weekStart } = doc;
    if (
      doc.type !== 'availability-week' ||
      doc.coachId !== coachId ||
      !(weekStart === null || (typeof weekStart === 'string' && isWritableWeek(weekStart, now))) ||
      doc._id !== availabilityDocId(weekStart) ||
      !isWeekDays(doc.days) ||
      !isInstant(doc.updatedAt)
    ) {
      return null;
    }
    const { _deleted, ...week } = doc;
    parsed.push(week as unknown as AvailabilityWeekDoc);
  }
  return uniqueIds(parsed) ? parsed : null;
}

const SCHEDULE_KEYS = ['_id', '_rev', '_deleted', 'type', 'gymId', 'weekStart', 'days', 'updatedAt'];
const SCHEDULE_DAY_KEYS = ['_id', 'weekday', 'abbreviation', 'classes'];
const CLASS_KEYS: readonly string[] = ['_id', ...CLASS_FIELD_NAMES];
/** Far more classes than a day holds (36 starts), but bounded. */
const MAX_CLASSES_PER_DAY = 64;

/** A real Monday within the weeks a gym's device may write (a year back, two weeks ahead). */
function isWritableGymWeek(weekStart: string, now: Date): boolean {
  return (
    isCalendarDate(weekStart) &&
    gymWeekdayOf(weekStart) === 1 &&
    weekStart >= gymWeekStart(now, -WEEKS_BACK) &&
    weekStart <= gymWeekStart(now, WEEKS_AHEAD)
  );
}

/** A class the timetable allows (`classRefusal`: 30-minute grid, end after start, known discipline and difficulty). */
function isClass(value: unknown): value is ClassItem {
  return (
    isObject(value) &&
    onlyKeys(value, CLASS_KEYS) &&
    isNestedId(value._id) &&
    classRefusal(value as unknown as ClassItem) === null
  );
}

/** Seven days, Monday (1) to Sunday (7) each once, each class valid, class ids unique in the week. */
function isScheduleDays(value: unknown): value is ScheduleWeekDoc['days'] {
  if (!Array.isArray(value) || value.length !== GYM_WEEKDAYS.length) return false;
  const seen = new Set<number>();
  const classIds = new Set<string>();
  for (const day of value) {
    if (!isObject(day) || !onlyKeys(day, SCHEDULE_DAY_KEYS) || !isNestedId(day._id) || !Array.isArray(day.classes))
      return false;
    const known = GYM_WEEKDAYS.find((d) => d.weekday === day.weekday);
    if (!known || known.abbreviation !== day.abbreviation || seen.has(known.weekday)) return false;
    seen.add(known.weekday);
    if (day.classes.length > MAX_CLASSES_PER_DAY || !day.classes.every(isClass)) return false;
    for (const c of day.classes as ClassItem[]) {
      if (classIds.has(c._id)) return false;
      classIds.add(c._id);
    }
  }
  return true;
}

/**
 * A gym's device (front desk or a manager's phone) writes, besides check-ins, only its own
 * `schedule-week` documents: the default, or a week from its Monday within a year back and two weeks
 * ahead of `now`, every class one the timetable allows. No deletes.
 */
export function parseScheduleDocs(docs: readonly unknown[], gymId: string, now: Date): ScheduleWeekDoc[] | null {
  const parsed: ScheduleWeekDoc[] = [];
  for (const doc of docs) {
    if (!isObject(doc) || !onlyKeys(doc, SCHEDULE_KEYS) || !notDeleting(doc) || !revOk(doc)) return null;
    const { weekStart } = doc;
    if (
      doc.type !== 'schedule-week' ||
      doc.gymId !== gymId ||
      !(weekStart === null || (typeof weekStart === 'string' && isWritableGymWeek(weekStart, now))) ||
      doc._id !== scheduleDocId(weekStart) ||
      !isScheduleDays(doc.days) ||
      !isInstant(doc.updatedAt)
    ) {
      return null;
    }
    const { _deleted, ...week } = doc;
    parsed.push(week as unknown as ScheduleWeekDoc);
  }
  return parsed.length && uniqueIds(parsed) ? parsed : null;
}
