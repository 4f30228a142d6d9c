/**
 * What the member's Day Passes and Mastr Class tabs list (§2, §4), from the passes replicated into
 * their tenant database: today's and upcoming passes, soonest first, each with its entry code.
 */
import { DATE_FORMATS, formatWallClock } from '@mastr/rules/dates.ts';
import type { DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { byStartAscending, passDay } from '@mastr/rules/pass-listing.ts';
import { cancelledClassNotice } from './mastr-assign-model.ts';

export interface EntryCode {
  /** The idCode as the member reads it out (upper-case). */
  text: string;
  /** The server-signed token the QR code carries, which a front desk verifies offline. */
  token: string;
}

export interface MemberDayPass {
  id: string;
  /** What the cancel call names. */
  passId: string;
  gymName: string;
  /** The pass's UK day 'YYYY-MM-DD', which the refund rule reckons from. */
  day: string;
  /** 'EEEE do LLLL yyyy'. */
  date: string;
  passType: string;
  today: boolean;
  code: EntryCode;
}

export interface MemberMastrPass {
  id: string;
  passId: string;
  gymName: string;
  /** Set while unassigned because the gym cancelled the class it was booked into. */
  notice: string | null;
  /** Null until the member books the pass into a class. */
  booked: { date: string; time: string; today: boolean } | null;
  /** The booked class's UK start 'YYYY-MM-DDTHH:mm:ss' (the refund rule reckons from it), or null. */
  classStart: string | null;
  code: EntryCode;
}

export interface MemberPasses {
  dayPasses: MemberDayPass[];
  mastrPasses: MemberMastrPass[];
}

const codeOf = (pass: { idCode: string; entryToken: string }): EntryCode => ({
  text: pass.idCode.toUpperCase(),
  token: pass.entryToken,
});

/** Today's or upcoming, never cancelled; `passDay` already drops expired and past ones. */
function listedDay(start: string | null, expired: boolean, now: Date): 'today' | 'upcoming' | null {
  const day = passDay(start, expired, now);
  return day === 'today' || day === 'upcoming' ? day : null;
}

export function memberDayPasses(docs: readonly DayPassDoc[], now: Date): MemberDayPass[] {
  return docs
    .filter((pass) => !pass.cancelled && listedDay(pass.dayDateStart, pass.expired, now))
    .sort(byStartAscending((pass) => pass.dayDateStart))
    .map((pass) => ({
      id: pass._id,
      passId: pass.passId,
      gymName: pass.gymName,
      day: pass.dayDateStart.slice(0, 10),
      date: formatWallClock(pass.dayDateStart, DATE_FORMATS.long),
      passType: pass.passType,
      today: listedDay(pass.dayDateStart, pass.expired, now) === 'today',
      code: codeOf(pass),
    }));
}

/**
 * Booked Mastr passes (today's and upcoming, soonest first), then the ones not yet booked into a
 * class, oldest purchase first — the member sees every pass they still have to use, never a
 * cancelled one.
 */
export function memberMastrPasses(all: readonly MastrPassDoc[], now: Date): MemberMastrPass[] {
  // A pass the member cancelled (decision 70) is gone from the list, as a cancelled day pass is.
  const docs = all.filter((pass) => !pass.cancelled);
  const booked = docs
    .filter((pass) => pass.dateAndTimeStart !== null && listedDay(pass.dateAndTimeStart, pass.expired, now))
    .sort(byStartAscending((pass) => pass.dateAndTimeStart));
  const unbooked = docs
    .filter((pass) => pass.dateAndTimeStart === null && !pass.expired)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return [...booked, ...unbooked].map((pass) => ({
    id: pass._id,
    passId: pass.passId,
    gymName: pass.gymName,
    notice: pass.dateAndTimeStart ? null : cancelledClassNotice(pass.cancelledClass?.classDateAndTime),
    booked: pass.dateAndTimeStart
      ? {
          date: formatWallClock(pass.dateAndTimeStart, DATE_FORMATS.long),
          time: formatWallClock(pass.dateAndTimeStart, DATE_FORMATS.time),
          today: listedDay(pass.dateAndTimeStart, pass.expired, now) === 'today',
        }
      : null,
    classStart: pass.dateAndTimeStart,
    code: codeOf(pass),
  }));
}

export function memberPasses(
  dayPassDocs: readonly DayPassDoc[],
  mastrPassDocs: readonly MastrPassDoc[],
  now: Date,
): MemberPasses {
  return { dayPasses: memberDayPasses(dayPassDocs, now), mastrPasses: memberMastrPasses(mastrPassDocs, now) };
}
