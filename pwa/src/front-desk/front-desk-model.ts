/**
 * The front desk's view of the gym's local data (pure; the pages stay thin). The server decides
 * every check-in on arrival: a counted one onto its pass, any other as a `check-in-outcome`
 * document (design/sync.md, rules/check-in-decisions.ts); until that arrives, a check-in recorded
 * on this device already counts for the control, so staff never check a member in twice.
 */
import { format } from 'date-fns';
import { canCheckInAgain, type PassKind } from '@mastr/rules/check-in.ts';
import { ENTRY_CODE_ALPHABET, ENTRY_CODE_LENGTH } from '@mastr/rules/constants.ts';
import { TZDate } from '@date-fns/tz';
import { DATE_FORMATS, UK_TIME_ZONE, ukDateKey, ukNow } from '@mastr/rules/dates.ts';
import { checkInId, type PassDoc } from '@mastr/rules/doc-ids.ts';
import { checkInDecisions, type CheckInDecision } from '@mastr/rules/check-in-decisions.ts';
import type { CheckInDoc, CheckInOutcomeDoc } from '@mastr/rules/documents.ts';
import type { FrontDeskWindow } from '../data/index.ts';
import { byStartAscending, passDay, type PassDay } from '@mastr/rules/pass-listing.ts';
import { REFUSALS } from '@mastr/rules/refusals.ts';

export interface PassView {
  id: string;
  passId: string;
  kind: PassKind;
  /** idCode as shown: upper-case. */
  entryCode: string;
  clientName: string;
  passType: string;
  /** What the member paid, in pence (0 for a pass sold without payment). */
  pricePence: number;
  start: string | null;
  day: PassDay | null;
  /** Latest check-in that counts (server-counted or recorded here and not yet decided). */
  checkedInAt: string | null;
  /** True while that check-in waits for the server. */
  checkInPending: boolean;
  canCheckIn: boolean;
  /** What the server said about a check-in that did not count, if that is the latest news. */
  note: string | null;
}

/** Instant as HH:mm on a UK wall clock. */
export function ukTime(iso: string): string {
  return format(ukNow(new Date(iso)), DATE_FORMATS.time);
}

const startOf = (pass: PassDoc) => (pass.type === 'day-pass' ? pass.dayDateStart : pass.dateAndTimeStart);

/** A check-in that counts; `checkInId` null when only its time is known. */
interface Counted {
  checkInId: string | null;
  at: string;
}

function serverCounted(pass: PassDoc): Counted[] {
  const counted: Counted[] = (pass.countedCheckIns ?? []).map((c) => ({ checkInId: c.checkInId, at: c.at }));
  const latest =
    pass.type === 'day-pass'
      ? pass.checkIns?.latest_check_in
      : pass.checkedIn?.checkedInState
        ? pass.checkedIn.check_in_time
        : null;
  // Older passes carry only the latest time, without the record it came from.
  if (latest && !counted.some((c) => c.at === latest)) counted.push({ checkInId: null, at: latest });
  return counted;
}

function latestOf<T extends { at: string }>(items: T[]): T | null {
  return items.reduce<T | null>((best, item) => (!best || item.at > best.at ? item : best), null);
}

/** A check-in and the server's decision on it (null: not decided yet, pending). */
export interface CheckInRecord {
  checkIn: CheckInDoc;
  outcome: CheckInDecision | null;
}

/** Pairs each check-in with the decision its pass or its outcome document holds. */
export function joinOutcomes(
  checkIns: readonly CheckInDoc[],
  passes: readonly PassDoc[],
  outcomes: readonly CheckInOutcomeDoc[],
): CheckInRecord[] {
  const decisions = checkInDecisions(passes, outcomes);
  return checkIns.map((checkIn) => ({ checkIn, outcome: decisions.get(checkIn._id) ?? null }));
}

/**
 * `records` are this device's own check-ins still in its journal, with the decisions that have
 * arrived; `outcomes` the server's outcome documents (duplicates and refusals, from every device).
 * Either may hold other passes' too: the pass's own are picked (pass them grouped by pass for speed).
 */
export function passView(
  pass: PassDoc,
  records: readonly CheckInRecord[],
  outcomes: readonly CheckInOutcomeDoc[],
  now: Date,
): PassView {
  const mine = records.filter((r) => r.checkIn.passId === pass.passId);
  const asCounted = ({ checkIn }: CheckInRecord): Counted => ({ checkInId: checkIn._id, at: checkIn.checkedInAt });
  const counted: Counted[] = [
    ...serverCounted(pass),
    ...mine.filter((r) => r.outcome?.outcome === 'counted').map(asCounted),
  ];
  const pending: Counted[] = mine.filter((r) => !r.outcome).map(asCounted);
  const latestCounted = latestOf(counted);
  const latest = latestOf([...counted, ...pending]);
  return {
    id: pass._id,
    passId: pass.passId,
    kind: pass.type,
    entryCode: pass.idCode.toUpperCase(),
    clientName: pass.clientName,
    passType: pass.type === 'day-pass' ? pass.passType : 'Mastr Class',
    pricePence: pass.pricePence,
    start: startOf(pass),
    day: passDay(startOf(pass), pass.expired, now),
    checkedInAt: latest?.at ?? null,
    checkInPending: !!latest && pending.includes(latest),
    canCheckIn: canCheckInAgain(pass.type, latest?.at ?? null, now),
    note: noteFor(
      outcomes.filter((o) => o.passId === pass.passId),
      latestCounted,
      latest,
    ),
  };
}

/**
 * The server's answer on a check-in that did not count: a duplicate of the check-in that counts
 * now, or a refusal that is the pass's latest check-in. Derived from the passes and outcome
 * documents every device pulls, so every tablet shows the same (a device holds no other device's
 * check-in records, decision 198: an outcome document carries its record's time).
 */
function noteFor(
  outcomes: readonly CheckInOutcomeDoc[],
  latestCounted: Counted | null,
  latest: Counted | null,
): string | null {
  if (latestCounted && outcomes.some((o) => o.outcome === 'duplicate' && o.duplicateOf === latestCounted.checkInId))
    return `Duplicate — already checked in at ${ukTime(latestCounted.at)}`;
  // The pass's latest check-in, whatever became of it. Outcome documents written before decision
  // 198 carry no record time: their decision's time stands in.
  const newest = latestOf<{ at: string; refused?: CheckInOutcomeDoc }>([
    ...(latest ? [latest] : []),
    ...outcomes.map((o) => ({ at: o.checkedInAt ?? o.resolvedAt, refused: o.outcome === 'refused' ? o : undefined })),
  ]);
  if (newest?.refused) return `Not checked in — ${newest.refused.reason ?? 'refused by the server'}`;
  return null;
}

/**
 * What the front desk reads from the device's copy: only passes that can be on today's or the
 * upcoming lists (a pass starting today or later; an unassigned Mastr pass is on neither), today's
 * check-ins (a pass is checked in on its day only) and the outcomes decided today (a check-in is
 * decided after it is recorded), instead of the gym's whole history.
 */
export function frontDeskWindow(now: Date): FrontDeskWindow {
  const today = ukDateKey(now);
  const [year, month, day] = today.split('-').map(Number);
  const startOfToday = new Date(new TZDate(year, month - 1, day, UK_TIME_ZONE).getTime()).toISOString();
  return { fromDate: today, since: startOfToday };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

export interface FrontDeskLists {
  today: PassView[];
  upcoming: PassView[];
  mastrToday: PassView[];
  mastrUpcoming: PassView[];
}

export function frontDeskLists(
  passes: readonly PassDoc[],
  checkIns: readonly CheckInDoc[],
  outcomes: readonly CheckInOutcomeDoc[],
  now: Date,
): FrontDeskLists {
  // Grouped once: the lists are recomputed after every tap, over thousands of passes.
  const recordsByPass = groupBy(joinOutcomes(checkIns, passes, outcomes), (r) => r.checkIn.passId);
  const outcomesByPass = groupBy(outcomes, (o) => o.passId);
  const views = passes
    .filter((p) => !p.cancelled)
    .map((p) => passView(p, recordsByPass.get(p.passId) ?? [], outcomesByPass.get(p.passId) ?? [], now))
    .sort(byStartAscending((v: PassView) => v.start));
  const of = (kind: PassKind, day: PassDay) => views.filter((v) => v.kind === kind && v.day === day);
  return {
    today: of('day-pass', 'today'),
    upcoming: of('day-pass', 'upcoming'),
    mastrToday: of('mastr-pass', 'today'),
    mastrUpcoming: of('mastr-pass', 'upcoming'),
  };
}

const CODE_PATTERN = new RegExp(`^[${ENTRY_CODE_ALPHABET}]{${ENTRY_CODE_LENGTH}}$`);

export type CodeLookup = { found: PassView } | { error: string };

export const CODE_ERRORS = {
  shape: `An entry code has ${ENTRY_CODE_LENGTH} letters and digits.`,
  unknown: 'No pass for today has this entry code.',
  opening: 'The front desk is still opening.',
} as const;

/**
 * Finds today's pass for a typed entry code (any case, spaces ignored). `lists` is null while the
 * device's copy is still opening: its lists are empty then, and 'no pass' would be untrue.
 */
export function findTodayPassByCode(lists: FrontDeskLists | null, typed: string): CodeLookup {
  if (!lists) return { error: CODE_ERRORS.opening };
  const code = typed.replace(/\s+/g, '').toUpperCase();
  if (!CODE_PATTERN.test(code)) return { error: CODE_ERRORS.shape };
  const today = [...lists.today, ...lists.mastrToday].find((v) => v.entryCode === code);
  if (today) return { found: today };
  const later = [...lists.upcoming, ...lists.mastrUpcoming].some((v) => v.entryCode === code);
  return { error: later ? REFUSALS.otherDay : CODE_ERRORS.unknown };
}

/** Why a pass cannot be checked in right now (null: it can). */
export function checkInBlocker(view: PassView): string | null {
  if (view.day !== 'today') return REFUSALS.otherDay;
  if (view.canCheckIn) return null;
  return view.kind === 'mastr-pass'
    ? `Already checked in at ${ukTime(view.checkedInAt!)}.`
    : `Already checked in at ${ukTime(view.checkedInAt!)}. A day pass can be checked in again 60 minutes after its latest check-in.`;
}

/** The append-only record a front desk writes (design/sync.md "Check-ins"). */
export function newCheckIn(
  view: PassView,
  context: { gymId: string; deviceId: string; method: CheckInDoc['method']; now: Date; random: string },
): CheckInDoc {
  return {
    _id: checkInId(view.passId, context.random),
    type: 'check-in',
    passId: view.passId,
    passKind: view.kind,
    gymId: context.gymId,
    checkedInAt: context.now.toISOString(),
    method: context.method,
    deviceId: context.deviceId,
  };
}
