/**
 * A gym's visitors (§2 "Visitors", §3 "Visitor", §9 "visitors up to 7 day passes … each, newest
 * first"), derived from the day passes the gym holds: the front desk derives them from its offline
 * copy, GET /api/me/gyms from the gym's database; private sessions (bookings the gym holds) count too.
 */
import type { Visitor } from './api/me.ts';
import { MAX_VISITOR_ITEMS } from './constants.ts';
import type { BookingDoc, DayPassDoc } from './documents.ts';
import { byStartDescending } from './pass-listing.ts';

/** What a day pass tells about its visitor. */
export type VisitorPass = Pick<
  DayPassDoc,
  'passId' | 'memberId' | 'clientName' | 'clientEmail' | 'dayDateStart' | 'cancelled'
>;

/** What a private session at the gym tells about its member. */
export type VisitorSession = Pick<
  BookingDoc,
  'bookingId' | 'userProfile_id' | 'clientName' | 'startTime' | 'cancelled'
>;

/** A visit of either kind, on one time line ('YYYY-MM-DDT…' wall clocks sort as text). */
interface Visit {
  memberId: string;
  name: string;
  email: string | null;
  at: string;
  item: { _id: string; date: string };
  kind: 'dayPasses' | 'privateSessions';
}

const newestFirst = byStartDescending((v: Visit) => v.at);

/**
 * Each member with a pass or a private session at the gym once (cancelled ones left out), named as
 * on their newest visit, with their newest 7 day passes and newest 7 private sessions; the most
 * recent visitor first. The email comes from their newest pass ('' with private sessions only: a
 * booking carries no email). `limit` keeps only the first visitors.
 */
export function visitorsOf(
  passes: readonly VisitorPass[],
  limit = Infinity,
  sessions: readonly VisitorSession[] = [],
): Visitor[] {
  const byMember = new Map<string, { own: Visit[]; newest: string }>();
  const add = (visit: Visit) => {
    const member = byMember.get(visit.memberId);
    if (!member) byMember.set(visit.memberId, { own: [visit], newest: visit.at });
    else {
      member.own.push(visit);
      if (visit.at > member.newest) member.newest = visit.at;
    }
  };
  for (const p of passes) {
    if (p.cancelled) continue;
    const item = { _id: p.passId, date: p.dayDateStart };
    add({
      memberId: p.memberId,
      name: p.clientName,
      email: p.clientEmail ?? '',
      at: p.dayDateStart,
      item,
      kind: 'dayPasses',
    });
  }
  for (const s of sessions) {
    if (s.cancelled) continue;
    const item = { _id: s.bookingId, date: s.startTime };
    add({
      memberId: s.userProfile_id,
      name: s.clientName,
      email: null,
      at: s.startTime,
      item,
      kind: 'privateSessions',
    });
  }
  // Most recent visitors first; only those kept are built (a busy gym has thousands).
  return [...byMember.entries()]
    .sort(byStartDescending(([, member]) => member.newest))
    .slice(0, limit)
    .map(([memberId, { own }]): Visitor => {
      const newest = own.sort(newestFirst);
      const of = (kind: Visit['kind']) =>
        newest
          .filter((v) => v.kind === kind)
          .slice(0, MAX_VISITOR_ITEMS)
          .map((v) => v.item);
      return {
        _id: memberId,
        userName: newest[0].name,
        email: newest.find((v) => v.email !== null)?.email ?? '',
        dayPasses: of('dayPasses'),
        privateSessions: of('privateSessions'),
      };
    });
}
