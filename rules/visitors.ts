/**
 * A gym's visitors (§2 "Visitors", §3 "Visitor", §9 "visitors up to 7 day passes … each, newest
 * first"), derived from the day passes the gym holds: the front desk derives them from its offline
 * copy, GET /api/me/gyms from the gym's database. Private sessions join them with bookings (issue 12).
 */
import type { Visitor } from './api/me.ts';
import { MAX_VISITOR_ITEMS } from './constants.ts';
import type { DayPassDoc } from './documents.ts';
import { byStartDescending } from './pass-listing.ts';

/** What a day pass tells about its visitor. */
export type VisitorPass = Pick<
  DayPassDoc,
  'passId' | 'memberId' | 'clientName' | 'clientEmail' | 'dayDateStart' | 'cancelled'
>;

const newestFirst = byStartDescending((p: VisitorPass) => p.dayDateStart);

/**
 * Each member with a pass at the gym once (cancelled passes left out), named as on their newest
 * pass, with their newest 7 day passes; the most recent visitor first. `limit` keeps only the
 * first visitors.
 */
export function visitorsOf(passes: readonly VisitorPass[], limit = Infinity): Visitor[] {
  const byMember = new Map<string, { own: VisitorPass[]; newest: string }>();
  for (const pass of passes) {
    if (pass.cancelled) continue;
    const member = byMember.get(pass.memberId);
    if (!member) byMember.set(pass.memberId, { own: [pass], newest: pass.dayDateStart });
    else {
      member.own.push(pass);
      if (pass.dayDateStart > member.newest) member.newest = pass.dayDateStart;
    }
  }
  // Most recent visitors first; only those kept are built (a busy gym has thousands).
  return [...byMember.entries()]
    .sort(byStartDescending(([, member]) => member.newest))
    .slice(0, limit)
    .map(([memberId, { own }]): Visitor => {
      const newest = own.sort(newestFirst);
      return {
        _id: memberId,
        userName: newest[0].clientName,
        email: newest[0].clientEmail ?? '',
        dayPasses: newest.slice(0, MAX_VISITOR_ITEMS).map((p) => ({ _id: p.passId, date: p.dayDateStart })),
      };
    });
}
