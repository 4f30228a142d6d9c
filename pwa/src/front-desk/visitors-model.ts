/**
 * The gym's visitors (§2 "Visitors", §3 "Visitor"), derived from the day passes the gym holds
 * locally, so the page works offline. Private sessions are not in the gym's data yet: none show.
 */
import { MAX_VISITOR_ITEMS } from '@mastr/rules/constants.ts';
import type { DayPassDoc } from '@mastr/rules/documents.ts';
import { byStartDescending } from '@mastr/rules/pass-listing.ts';

export interface Visitor {
  _id: string;
  userName: string;
  email: string;
  dayPasses: { _id: string; date: string }[];
  privateSessions: { _id: string; date: string }[];
}

export function visitorsOf(passes: readonly DayPassDoc[]): Visitor[] {
  const byMember = new Map<string, DayPassDoc[]>();
  for (const pass of passes) {
    if (pass.cancelled) continue;
    byMember.set(pass.memberId, [...(byMember.get(pass.memberId) ?? []), pass]);
  }
  const visitors = [...byMember.entries()].map(([memberId, own]) => {
    const newest = [...own].sort(byStartDescending((p: DayPassDoc) => p.dayDateStart));
    return {
      _id: memberId,
      userName: newest[0].clientName,
      email: newest[0].clientEmail ?? '',
      dayPasses: newest.slice(0, MAX_VISITOR_ITEMS).map((p) => ({ _id: p.passId, date: p.dayDateStart })),
      privateSessions: [],
    };
  });
  // Most recent visitors first.
  return visitors.sort(byStartDescending((v: Visitor) => v.dayPasses[0]?.date ?? null));
}

/** Case-insensitive match on name or email; an empty search shows everyone. */
export function searchVisitors(visitors: readonly Visitor[], query: string): Visitor[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...visitors];
  return visitors.filter((v) => v.userName.toLowerCase().includes(q) || v.email.toLowerCase().includes(q));
}
