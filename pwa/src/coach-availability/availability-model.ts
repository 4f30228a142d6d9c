/**
 * The coach's availability page as pure data (§2 "Availability", §4): the Default, Current Week
 * and Next Week sections built from the replicated `availability-week` documents, and the edits
 * (add or remove an hourly slot) as new whole documents the page writes locally. Booked and
 * requested hours are held by the server's slot claims (replicated to the device, the only record
 * of them: design/sync.md) and are never removed here; days before today are history and stay as
 * they are.
 */
import { coachWeekDate, coachWeekStart, isPastCoachDay } from '@mastr/rules/coach-week.ts';
import { withoutSlotFlags } from '@mastr/rules/availability-merge.ts';
import { availabilityDocId } from '@mastr/rules/doc-ids.ts';
import { COACH_WEEKDAYS } from '@mastr/rules/constants.ts';
import { claimedSlot, claimsByHour, slotState, type ClaimsByHour, type SlotState } from '@mastr/rules/coach-slots.ts';
import type { AvailabilityWeekDoc, SlotClaimDoc, TimeSlot } from '@mastr/rules/documents.ts';
import { formatTimeOfDay, HOURLY_SLOTS } from '@mastr/rules/time-of-day.ts';
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';

type Day = AvailabilityWeekDoc['days'][number];

type WeekKey = 'default' | 'current' | 'next';

export interface WeekRef {
  key: WeekKey;
  title: string;
  /** The Sunday starting the week; null for the default. */
  weekStart: string | null;
}

export type { SlotState };

export interface SlotView {
  time: number;
  label: string;
  state: SlotState;
  removable: boolean;
}

export interface DayView {
  weekday: number;
  abbreviation: string;
  /** 'YYYY-MM-DD' of the day; null in the default week. */
  date: string | null;
  past: boolean;
  slots: SlotView[];
  /** Hours still free to add (none on a past day). */
  addable: { time: number; label: string }[];
}

export interface WeekView extends WeekRef {
  /** True while the week has no document of its own and shows the default. */
  followsDefault: boolean;
  days: DayView[];
}

export interface EditContext {
  coachId: string;
  now: Date;
  /** A fresh 24-hex id for new days and slots. */
  newId: () => string;
}

export type EditRefusal = 'past-day' | 'locked' | 'taken' | 'off-grid' | 'not-found';
export type EditResult = { ok: true; doc: AvailabilityWeekDoc } | { ok: false; reason: EditRefusal };

const DEFAULT_WEEK: WeekRef = { key: 'default', title: 'Default', weekStart: null };

/** The three sections, dated from today in the UK. */
export function coachWeeks(now: Date): WeekRef[] {
  return [
    DEFAULT_WEEK,
    { key: 'current', title: 'Current Week', weekStart: coachWeekStart(now) },
    { key: 'next', title: 'Next Week', weekStart: coachWeekStart(now, 1) },
  ];
}

/** Whether a slot claim holds the hour of a dated week (the default week has no claims). */
function isHeld(ref: WeekRef, weekday: number, time: number, claims: readonly SlotClaimDoc[]): boolean {
  if (!ref.weekStart) return false;
  const held = claimedSlot(weekday, time, claimsByHour(claims, ref.weekStart));
  return held.booked || held.requested;
}

function ownDoc(ref: WeekRef, docs: readonly AvailabilityWeekDoc[]): AvailabilityWeekDoc | undefined {
  const id = availabilityDocId(ref.weekStart);
  return docs.find((doc) => doc._id === id);
}

function isPast(ref: WeekRef, weekday: number, now: Date): boolean {
  return ref.weekStart !== null && isPastCoachDay(ref.weekStart, weekday, now);
}

/** Days in Sunday-to-Saturday order, whatever the document holds; a missing day has no slots. */
function daysOf(
  doc: AvailabilityWeekDoc | undefined,
): { weekday: number; abbreviation: string; times: readonly TimeSlot[] }[] {
  return COACH_WEEKDAYS.map(({ weekday, abbreviation }) => {
    const day = doc?.days.find((d) => d.weekday === weekday);
    return { weekday, abbreviation, times: day ? [...day.times].sort((a, b) => a.time - b.time) : [] };
  });
}

/**
 * A week's section as shown: its own document, or else the default's slots. A dated week's hours
 * read as their slot claims say (`claimedSlot`; the documents carry no flags): an hour a paid
 * session holds is booked even if the coach offered it only after a gym request booked it.
 */
export function weekView(
  ref: WeekRef,
  docs: readonly AvailabilityWeekDoc[],
  now: Date,
  claims: readonly SlotClaimDoc[] = [],
): WeekView {
  const own = ownDoc(ref, docs);
  const followsDefault = !own && ref.weekStart !== null;
  const claimed: ClaimsByHour = ref.weekStart ? claimsByHour(claims, ref.weekStart) : new Map();
  // A week that follows the default shows what its first edit would copy: the default's hours, all free.
  const shown = own ?? ownDoc(DEFAULT_WEEK, docs);
  return {
    ...ref,
    followsDefault,
    days: daysOf(shown).map(({ weekday, abbreviation, times }) => {
      const past = isPast(ref, weekday, now);
      const slots = times.map((slot) => {
        const state = slotState(claimedSlot(weekday, slot.time, claimed));
        return { time: slot.time, label: formatTimeOfDay(slot.time), state, removable: !past && state === 'free' };
      });
      const taken = new Set(times.map((slot) => slot.time));
      return {
        weekday,
        abbreviation,
        date: ref.weekStart ? coachWeekDate(ref.weekStart, weekday) : null,
        past,
        slots,
        addable: past
          ? []
          : HOURLY_SLOTS.filter((time) => !taken.has(time)).map((time) => ({ time, label: formatTimeOfDay(time) })),
      };
    }),
  };
}

/**
 * The document an edit starts from: the week's own, or (first edit of a week that follows the
 * default) a copy of the default under the week's id with fresh ids. Written without the flags a
 * copy from before decision 120 may still carry.
 */
function editableDoc(ref: WeekRef, docs: readonly AvailabilityWeekDoc[], ctx: EditContext): AvailabilityWeekDoc {
  const own = ownDoc(ref, docs);
  if (own) {
    // All seven days present, so an edit of a day the document lacks has somewhere to go.
    const days = daysOf(own).map((day): Day => ({
      ...day,
      _id: own.days.find((d) => d.weekday === day.weekday)?._id ?? ctx.newId(),
      times: [...day.times],
    }));
    return withoutSlotFlags({ ...own, days });
  }
  return {
    _id: availabilityDocId(ref.weekStart),
    type: 'availability-week',
    coachId: ctx.coachId,
    weekStart: ref.weekStart,
    days: daysOf(ownDoc(DEFAULT_WEEK, docs)).map(({ weekday, abbreviation, times }): Day => ({
      _id: ctx.newId(),
      weekday,
      abbreviation,
      times: times.map((slot) => ({ _id: ctx.newId(), time: slot.time })),
    })),
    updatedAt: ctx.now.toISOString(),
  };
}

function withDayTimes(doc: AvailabilityWeekDoc, weekday: number, times: TimeSlot[], now: Date): AvailabilityWeekDoc {
  return {
    ...doc,
    days: doc.days.map((day) => (day.weekday === weekday ? { ...day, times } : day)),
    updatedAt: now.toISOString(),
  };
}

function timesOn(doc: AvailabilityWeekDoc, weekday: number): TimeSlot[] {
  return doc.days.find((day) => day.weekday === weekday)?.times ?? [];
}

/** Adds an hourly slot to one day of a week, creating the week's own document if it follows the default. */
export function addSlot(
  ref: WeekRef,
  docs: readonly AvailabilityWeekDoc[],
  weekday: number,
  time: number,
  ctx: EditContext,
): EditResult {
  if (!HOURLY_SLOTS.includes(time)) return { ok: false, reason: 'off-grid' };
  if (isPast(ref, weekday, ctx.now)) return { ok: false, reason: 'past-day' };
  const doc = editableDoc(ref, docs, ctx);
  const times = timesOn(doc, weekday);
  if (times.some((slot) => slot.time === time)) return { ok: false, reason: 'taken' };
  const added: TimeSlot = { _id: ctx.newId(), time };
  return {
    ok: true,
    doc: withDayTimes(
      doc,
      weekday,
      [...times, added].sort((a, b) => a.time - b.time),
      ctx.now,
    ),
  };
}

/** Removes a free slot; an hour a slot claim holds (booked or requested) stays. */
export function removeSlot(
  ref: WeekRef,
  docs: readonly AvailabilityWeekDoc[],
  weekday: number,
  time: number,
  ctx: EditContext,
  claims: readonly SlotClaimDoc[] = [],
): EditResult {
  if (isPast(ref, weekday, ctx.now)) return { ok: false, reason: 'past-day' };
  const doc = editableDoc(ref, docs, ctx);
  const times = timesOn(doc, weekday);
  const slot = times.find((s) => s.time === time);
  if (!slot) return { ok: false, reason: 'not-found' };
  if (isHeld(ref, weekday, time, claims)) return { ok: false, reason: 'locked' };
  return {
    ok: true,
    doc: withDayTimes(
      doc,
      weekday,
      times.filter((s) => s !== slot),
      ctx.now,
    ),
  };
}

/**
 * The confirmation after an edit was saved on the device (issue 15): what changed, where, and that
 * it reaches the server by itself.
 */
export function savedEditText(
  change: 'added' | 'removed',
  week: Pick<WeekRef, 'title'>,
  weekday: number,
  time: number,
): string {
  const day = COACH_WEEKDAYS.find((d) => d.weekday === weekday)?.abbreviation ?? '';
  return `Saved: ${formatTimeOfDay(time)} ${change} on ${day}, ${week.title}. It syncs by itself when online.`;
}

/** What the page says of a week whose edits the server refused. */
export function refusalMessage(weekId: string, weeks: readonly WeekRef[]): string {
  const weekStart = weekId.startsWith('availability:week:') ? weekId.slice('availability:week:'.length) : null;
  const which =
    weeks.find((week) => week.weekStart === weekStart)?.title ??
    (weekStart ? `the week of ${formatWallClock(weekStart, DATE_FORMATS.dayMonth)}` : 'Default');
  return `Send Request Failed: the server did not accept your changes to ${which}, so they were removed from this device.`;
}
