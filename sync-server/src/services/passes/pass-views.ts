import type { DayPassView, MastrPassView } from '@mastr/rules/api/front-desk.ts';
import type { PassDoc } from '@mastr/rules/doc-ids.ts';
import type { DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { ukDateKey } from '@mastr/rules/dates.ts';
import { byStartAscending, byStartDescending, passDayOn } from '@mastr/rules/pass-listing.ts';
import type { Couch } from '../../couch/couch.ts';
import { passesIn } from '../../couch/stores/passes-store.ts';

/**
 * The §3 pass views and the lists they make (rules/pass-listing.ts decides today, upcoming and
 * past): what the front desk's online calls and GET /api/me answer. The list builders are pure and
 * take only the fields they use, so a cached projection of a gym's passes (`passFacts`) serves them.
 */

/** What the day-pass views and lists read of a day pass. */
export type DayPassFacts = Pick<
  DayPassDoc,
  | '_id'
  | 'type'
  | 'passId'
  | 'passType'
  | 'dayDateStart'
  | 'clientName'
  | 'clientEmail'
  | 'memberId'
  | 'gymId'
  | 'gymName'
  | 'idCode'
  | 'expired'
  | 'cancelled'
  | 'checkIns'
>;

/** What the Mastr-pass views and lists read of a Mastr class pass. */
export type MastrPassFacts = Pick<
  MastrPassDoc,
  | '_id'
  | 'type'
  | 'passId'
  | 'clientName'
  | 'memberId'
  | 'gymId'
  | 'gymName'
  | 'dateAndTimeStart'
  | 'idCode'
  | 'expired'
  | 'checkedIn'
  | 'cancelledClass'
  | 'createdAt'
>;

export type PassFacts = DayPassFacts | MastrPassFacts;

/**
 * The facts of a pass document (entry token, price, email of Mastr passes and the server's
 * check-in bookkeeping left behind), or null for any other document.
 */
export function passFacts(doc: { type?: unknown }): PassFacts | null {
  if (doc.type === 'day-pass') {
    const p = doc as DayPassDoc;
    return {
      _id: p._id,
      type: p.type,
      passId: p.passId,
      passType: p.passType,
      dayDateStart: p.dayDateStart,
      clientName: p.clientName,
      clientEmail: p.clientEmail,
      memberId: p.memberId,
      gymId: p.gymId,
      gymName: p.gymName,
      idCode: p.idCode,
      expired: p.expired,
      cancelled: p.cancelled,
      checkIns: p.checkIns,
    };
  }
  if (doc.type === 'mastr-pass') {
    const p = doc as MastrPassDoc;
    // A Mastr pass its member cancelled (decision 70) is in no list, the gym's or the member's: it
    // holds no seat and opens no door. Its document stays, as the record the cancellation decided on.
    if (p.cancelled) return null;
    return {
      _id: p._id,
      type: p.type,
      passId: p.passId,
      clientName: p.clientName,
      memberId: p.memberId,
      gymId: p.gymId,
      gymName: p.gymName,
      dateAndTimeStart: p.dateAndTimeStart,
      idCode: p.idCode,
      expired: p.expired,
      checkedIn: p.checkedIn,
      cancelledClass: p.cancelledClass ?? null,
      createdAt: p.createdAt,
    };
  }
  return null;
}

/** A day pass in the §3 shape. */
export function dayPassView(pass: DayPassFacts): DayPassView {
  return {
    _id: pass.passId,
    passType: pass.passType,
    dayDateStart: pass.dayDateStart,
    clientName: pass.clientName,
    idCode: pass.idCode,
    gymName: pass.gymName,
    expired: pass.expired,
    checkIns: { all_check_ins: [...pass.checkIns.all_check_ins], latest_check_in: pass.checkIns.latest_check_in },
  };
}

/** A Mastr class pass in the §3 shape. */
export function mastrPassView(pass: MastrPassFacts): MastrPassView {
  return {
    _id: pass.passId,
    clientName: pass.clientName,
    dateAndTimeStart: pass.dateAndTimeStart,
    idCode: pass.idCode,
    gymName: pass.gymName,
    expired: pass.expired,
    checkedIn: { ...pass.checkedIn },
    cancelledClass: pass.cancelledClass?.classDateAndTime ?? null,
  };
}

// ---- lists (pure) -----------------------------------------------------------------------------

const dayStart = (p: DayPassFacts) => p.dayDateStart;
const classStart = (p: MastrPassFacts) => p.dateAndTimeStart;

/** Day passes for today and later (UK), soonest first, cancelled ones left out. */
export function upcomingDayPassList<T extends DayPassFacts>(passes: readonly T[], now: Date): T[] {
  const today = ukDateKey(now);
  return passes
    .filter((p) => !p.cancelled && passDayOn(p.dayDateStart, p.expired, today) !== 'past')
    .sort(byStartAscending(dayStart));
}

/** Day passes of earlier days (or expired today), newest first, at most `cap`; cancelled ones left out. */
export function expiredDayPassList<T extends DayPassFacts>(passes: readonly T[], now: Date, cap: number): T[] {
  const today = ukDateKey(now);
  return passes
    .filter((p) => !p.cancelled && passDayOn(p.dayDateStart, p.expired, today) === 'past')
    .sort(byStartDescending(dayStart))
    .slice(0, cap);
}

/** Mastr passes booked into a class today or later (UK), soonest first. */
export function upcomingMastrPassList<T extends MastrPassFacts>(passes: readonly T[], now: Date): T[] {
  const today = ukDateKey(now);
  return passes
    .filter((p) => p.dateAndTimeStart !== null && passDayOn(p.dateAndTimeStart, p.expired, today) !== 'past')
    .sort(byStartAscending(classStart));
}

/** Mastr passes not booked into a class yet (and not expired), oldest purchase first. */
export function unassignedMastrPassList<T extends MastrPassFacts>(passes: readonly T[]): T[] {
  return passes
    .filter((p) => p.dateAndTimeStart === null && !p.expired)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.passId.localeCompare(b.passId));
}

/** Mastr passes whose class lies before today (or expired), newest class first, at most `cap`. */
function pastMastrPassList<T extends MastrPassFacts>(passes: readonly T[], now: Date, cap: number): T[] {
  const today = ukDateKey(now);
  return passes
    .filter((p) => p.dateAndTimeStart !== null && passDayOn(p.dateAndTimeStart, p.expired, today) === 'past')
    .sort(byStartDescending(classStart))
    .slice(0, cap);
}

/**
 * Every Mastr pass of a gym: booked into a class today or later (soonest first), then unassigned
 * (oldest purchase first), then past (newest first, at most `pastCap`).
 */
export function allMastrPassList<T extends MastrPassFacts>(passes: readonly T[], now: Date, pastCap: number): T[] {
  return [
    ...upcomingMastrPassList(passes, now),
    ...unassignedMastrPassList(passes),
    ...pastMastrPassList(passes, now, pastCap),
  ];
}

// ---- the front desk's online calls ------------------------------------------------------------

function passesOfKind<T extends PassDoc>(couch: Couch, gymId: string, kind: T['type']): Promise<T[]> {
  return passesIn<T>(couch, 'gym', gymId, kind);
}

/**
 * The gym's day passes for today and later (UK), soonest first, cancelled ones left out: what the
 * front desk's day-pass pages list (`upcomingDayPassesInformation`).
 */
export async function upcomingDayPasses(couch: Couch, gymId: string, now: Date): Promise<DayPassView[]> {
  const passes = await passesOfKind<DayPassDoc>(couch, gymId, 'day-pass');
  return upcomingDayPassList(passes, now).map(dayPassView);
}

/** The gym's Mastr class passes with a class today or later (UK), soonest first (`mastrPasses`). */
export async function upcomingMastrPasses(couch: Couch, gymId: string, now: Date): Promise<MastrPassView[]> {
  const passes = (await passesOfKind<MastrPassDoc>(couch, gymId, 'mastr-pass')).filter((p) => !p.cancelled);
  return upcomingMastrPassList(passes, now).map(mastrPassView);
}
