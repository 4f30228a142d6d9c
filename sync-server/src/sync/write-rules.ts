import { coachWeekdayOf } from '@mastr/rules/coach-week.ts';
import { COACH_WEEKDAYS } from '@mastr/rules/constants.ts';
import { availabilityDocId, parseCheckInId } from '@mastr/rules/doc-ids.ts';
import { CHECK_IN_FIELDS, type AvailabilityWeekDoc, type TimeSlot } from '@mastr/rules/documents.ts';
import { HOURLY_SLOTS } from '@mastr/rules/time-of-day.ts';
import type { NewCheckIn } from '../services/passes/check-in-service.ts';

/**
 * What a device may write through `_bulk_docs` (design/sync.md "Writes and who decides"), as
 * shape checks. Each parser returns the documents ready for the server's own write, or null when
 * any document is outside the rules: the gateway then refuses the whole batch (403) and writes
 * nothing. Rules that depend on the stored state (the pass, the slots the server locked) are the
 * services' business and come back as per-document outcomes, never as a refused batch.
 */

/** A device's clock may run ahead a little; a check-in further in the future is taken as "now". */
const MAX_CLOCK_AHEAD_MS = 5 * 60 * 1000;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;
const DEVICE_METHODS = ['tap', 'code', 'qr'] as const;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const onlyKeys = (value: Fields, allowed: readonly string[]) => Object.keys(value).every((k) => allowed.includes(k));
const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && ISO_INSTANT.test(value) && Number.isFinite(Date.parse(value));
/** RxDB sends `_deleted: false` on every document; a device may never delete. */
const notDeleting = (doc: Fields) => doc._deleted === undefined || doc._deleted === false;
const revOk = (doc: Fields) => doc._rev === undefined || typeof doc._rev === 'string';
const uniqueIds = (docs: readonly { _id: string }[]) => new Set(docs.map((d) => d._id)).size === docs.length;

/** The documents of a `_bulk_docs` body, or null when the body is anything else (e.g. `new_edits`). */
export function bulkDocsOf(payload: unknown): unknown[] | null {
  if (!isObject(payload) || !onlyKeys(payload, ['docs']) || !Array.isArray(payload.docs)) return null;
  return payload.docs;
}

const CHECK_IN_KEYS = [...CHECK_IN_FIELDS, '_rev', '_deleted'];

/**
 * A front desk writes new `check-in` records of its own gym, nothing else: no outcome field or
 * `check-in-outcome` document (the server decides), no other type, no deletes. A stored `_rev` is ignored: a record already stored is
 * answered with its current state, never changed.
 */
export function parseCheckIns(docs: readonly unknown[], gymId: string, now: Date): NewCheckIn[] | null {
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
      !DEVICE_METHODS.includes(method as (typeof DEVICE_METHODS)[number]) ||
      typeof deviceId !== 'string' ||
      deviceId.length === 0 ||
      deviceId.length > 100
    ) {
      return null;
    }
    const tooFarAhead = Date.parse(checkedInAt) > now.getTime() + MAX_CLOCK_AHEAD_MS;
    parsed.push({
      _id: _id as string,
      type: 'check-in',
      passId: passId as string,
      passKind,
      gymId,
      checkedInAt: tooFarAhead ? now.toISOString() : checkedInAt,
      method: method as NewCheckIn['method'],
      deviceId,
    });
  }
  return uniqueIds(parsed) ? parsed : null;
}

const WEEK_KEYS = ['_id', '_rev', '_deleted', 'type', 'coachId', 'weekStart', 'days', 'updatedAt'];
const DAY_KEYS = ['_id', 'weekday', 'abbreviation', 'times'];
const SLOT_KEYS = ['_id', 'time', 'booked', 'requested'];

function isSunday(weekStart: string): boolean {
  return (
    DATE_KEY.test(weekStart) && !Number.isNaN(Date.parse(`${weekStart}T00:00:00Z`)) && coachWeekdayOf(weekStart) === 0
  );
}

function isSlot(value: unknown): value is TimeSlot {
  return (
    isObject(value) &&
    onlyKeys(value, SLOT_KEYS) &&
    typeof value._id === 'string' &&
    value._id.length > 0 &&
    typeof value.time === 'number' &&
    HOURLY_SLOTS.includes(value.time) &&
    typeof value.booked === 'boolean' &&
    typeof value.requested === 'boolean'
  );
}

/** Seven days, Sunday (0) to Saturday (6) each once, with hourly slots 04:00-22:00 each at most once a day. */
function isWeekDays(value: unknown): value is AvailabilityWeekDoc['days'] {
  if (!Array.isArray(value) || value.length !== COACH_WEEKDAYS.length) return false;
  const seen = new Set<number>();
  for (const day of value) {
    if (!isObject(day) || !onlyKeys(day, DAY_KEYS) || typeof day._id !== 'string' || !Array.isArray(day.times))
      return false;
    const known = COACH_WEEKDAYS.find((d) => d.weekday === day.weekday);
    if (!known || known.abbreviation !== day.abbreviation || seen.has(known.weekday)) return false;
    seen.add(known.weekday);
    if (!day.times.every(isSlot) || new Set(day.times.map((s) => s.time)).size !== day.times.length) return false;
  }
  return true;
}

/** A coach writes only their own `availability-week` documents (the default or a week from its Sunday). */
export function parseAvailabilityDocs(docs: readonly unknown[], coachId: string): AvailabilityWeekDoc[] | null {
  const parsed: AvailabilityWeekDoc[] = [];
  for (const doc of docs) {
    if (!isObject(doc) || !onlyKeys(doc, WEEK_KEYS) || !notDeleting(doc) || !revOk(doc)) return null;
    const { weekStart } = doc;
    if (
      doc.type !== 'availability-week' ||
      doc.coachId !== coachId ||
      !(weekStart === null || (typeof weekStart === 'string' && isSunday(weekStart))) ||
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

/** Whether a document claims any booked or requested slot (only the server sets those flags). */
export function hasLockedSlots(week: AvailabilityWeekDoc): boolean {
  return week.days.some((day) => day.times.some((slot) => slot.booked || slot.requested));
}
