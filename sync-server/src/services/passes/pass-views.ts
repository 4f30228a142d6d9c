import type { DayPassView, MastrPassView } from '@mastr/rules/api/front-desk.ts';
import { passDocPrefix, type PassDoc } from '@mastr/rules/doc-ids.ts';
import type { DayPassDoc, MastrPassDoc } from '@mastr/rules/documents.ts';
import { byStartAscending, passDay } from '@mastr/rules/pass-listing.ts';
import type { Couch } from '../../couch/couch.ts';
import { docsWithPrefix, tenantDb } from '../../couch/tenant-docs.ts';

/** A day pass in the §3 shape the gym's online calls answer with. */
function dayPassView(pass: DayPassDoc): DayPassView {
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
function mastrPassView(pass: MastrPassDoc): MastrPassView {
  return {
    _id: pass.passId,
    clientName: pass.clientName,
    dateAndTimeStart: pass.dateAndTimeStart,
    idCode: pass.idCode,
    gymName: pass.gymName,
    expired: pass.expired,
    checkedIn: { ...pass.checkedIn },
  };
}

async function passesOfKind<T extends PassDoc>(couch: Couch, gymId: string, kind: T['type']): Promise<T[]> {
  return docsWithPrefix(tenantDb<T>(couch, 'gym', gymId), passDocPrefix(kind));
}

/**
 * The gym's day passes for today and later (UK), soonest first, cancelled ones left out: what the
 * front desk's day-pass pages list (`upcomingDayPassesInformation`).
 */
export async function upcomingDayPasses(couch: Couch, gymId: string, now: Date): Promise<DayPassView[]> {
  const passes = await passesOfKind<DayPassDoc>(couch, gymId, 'day-pass');
  return passes
    .filter((p) => !p.cancelled && passDay(p.dayDateStart, p.expired, now) !== 'past')
    .sort(byStartAscending((p) => p.dayDateStart))
    .map(dayPassView);
}

/** The gym's Mastr class passes with a class today or later (UK), soonest first (`mastrPasses`). */
export async function upcomingMastrPasses(couch: Couch, gymId: string, now: Date): Promise<MastrPassView[]> {
  const passes = await passesOfKind<MastrPassDoc>(couch, gymId, 'mastr-pass');
  return passes
    .filter((p) => p.dateAndTimeStart !== null && passDay(p.dateAndTimeStart, p.expired, now) !== 'past')
    .sort(byStartAscending((p) => p.dateAndTimeStart))
    .map(mastrPassView);
}
